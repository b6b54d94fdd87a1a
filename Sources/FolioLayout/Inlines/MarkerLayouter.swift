import FolioStyle
import FolioText

/// List markers: inside markers are the first text of the item's first line; outside ones
/// hang in the margin on that line's baseline.
/// https://www.w3.org/TR/css-lists-3/#list-style-position-property
struct MarkerLayouter {
    let chapter: ChapterLayout

    func addMarker(_ node: StyledNode, to paragraph: inout PendingParagraph) {
        let style = node.computed
        guard let text = node.text ?? (node.image != nil ? "•" : nil), !text.isEmpty else { return }
        if style.rareInherited.listStylePosition == .inside {
            paragraph.addText(text, style: node.style, node: -1)
            return
        }
        var block = style
        block.text.whiteSpace = .pre
        block.text.indent = .zero
        block.text.align = .left
        let input = ParagraphInput(items: [.text(text, style: node.style, source: TextSource(node: -1))], blockStyle: block)
        let layout = chapter.setter.setParagraph(input, width: 10_000)
        chapter.column.pendingMarker = layout.lines.isEmpty ? nil : layout
    }

    func markerText(_ marker: ParagraphLayout) -> String {
        let text = marker.text.trimmingSuffix(" ")
        return text.isEmpty ? "" : text + " "
    }

    /// Places an outside marker so that it ends half an em before the line's start.
    func placeMarker(_ marker: ParagraphLayout, beside line: LineBox, top: Double, x: Double, unit: Int) {
        guard let markerLine = marker.lines.first else { return }
        let size = markerLine.runs.first?.size ?? 16
        let originX = x + line.x - size * 0.5 - (markerLine.x + markerLine.width)
        let originY = top + line.baseline - markerLine.baseline
        for run in markerLine.runs {
            chapter.column.place(.text(origin: Point(x: max(originX, x - size * 4 - markerLine.width), y: originY), run: run), first: unit, last: unit)
        }
    }
}

extension String {
    func trimmingSuffix(_ character: Character) -> String {
        var s = Substring(self)
        while s.last == character { s = s.dropLast() }
        return String(s)
    }
}
