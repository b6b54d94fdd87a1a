import FolioStyle
import FolioText

/// Stacking a paragraph's lines in the column as units: their runs, images and links placed,
/// their text and locators recorded, orphans and widows marked.
extension InlineLayouter {
    func emitLines(_ layout: ParagraphLayout, paragraph: PendingParagraph) {
        let scalars = layout.scalars
        var atomicsBefore = 0
        let count = layout.lines.count
        // Read where the style lies: a whole style passed on is copied.
        let orphans = max(1, paragraph.block.computed.text.orphans), widows = max(1, paragraph.block.computed.text.widows)
        for (k, line) in layout.lines.enumerated() {
            let top = chapter.column.blockEnd
            let first = chapter.column.units.count
            var text = lineText(scalars, line: line, atomics: paragraph.atomics, atomicsBefore: &atomicsBefore)
            var start: Int?, end: Int?
            var sourced = line.runs
            for atomic in line.atomics where paragraph.atomics.indices.contains(atomic.id) {
                if case .ruby(let ruby) = paragraph.atomics[atomic.id] { sourced += ruby.base.runs + (ruby.annotation?.runs ?? []) }
            }
            for run in sourced {
                guard let source = run.source, source.node >= 0, !run.sourceRange.isEmpty else { continue }
                let a = chapter.offsets.offset(node: source.node, offsetInNode: run.sourceRange.lowerBound)
                let b = chapter.offsets.offset(node: source.node, offsetInNode: run.sourceRange.upperBound)
                start = min(start ?? a, a)
                end = max(end ?? b, b)
            }
            if let marker = chapter.column.pendingMarker, k == 0 {
                chapter.column.pendingMarker = nil
                text = chapter.markers.markerText(marker) + text
                chapter.markers.placeMarker(marker, beside: line, top: top, x: paragraph.x, unit: first)
            }
            // Orphans: the first lines stay together; widows: so do the last ones.
            let breakBefore: BreakClass = k > 0 && (k < orphans || count - k < widows) ? .avoid : .normal
            chapter.column.addUnit(top: top, bottom: top + line.height, start: start, end: end, text: text, breakBefore: breakBefore)
            let box = Rect(x: paragraph.x + line.setting.left, y: top, width: line.setting.room, height: line.height)
            chapter.column.place(.line(box, line.setting), first: first, last: first)
            for run in line.runs {
                // Text of a relatively positioned inline element is drawn moved, its line unmoved.
                let shift = paragraph.shifts.flatMap { shifts in run.source.flatMap { shifts.text[$0.node] } }
                let origin = Point(x: paragraph.x + (shift?.dx ?? 0), y: top + (shift?.dy ?? 0))
                chapter.column.place(.text(origin: origin, run: run), first: first, last: first)
                if let source = run.source, let href = paragraph.links[source.node] {
                    let rect = Rect(x: origin.x + run.x, y: origin.y + run.baseline - run.size, width: run.width, height: run.size * 1.25)
                    chapter.column.place(.link(rect, href: href), first: first, last: first)
                }
            }
            for atomic in line.atomics where paragraph.atomics.indices.contains(atomic.id) {
                let shift = paragraph.shifts?.atomics[atomic.id]
                let x = paragraph.x + atomic.x + (shift?.dx ?? 0), y = top + atomic.y + (shift?.dy ?? 0)
                switch paragraph.atomics[atomic.id] {
                case .image(var image):
                    image.rect = Rect(x: x, y: y, width: atomic.width, height: atomic.height)
                    chapter.column.place(.image(image), first: first, last: first)
                case .block(let items, _):
                    for item in items {
                        chapter.column.place(item.moved(dx: x, dy: y), first: first, last: first)
                    }
                case .ruby(let ruby):
                    for run in ruby.base.runs {
                        chapter.column.place(.text(origin: Point(x: x + ruby.baseOrigin.x, y: y + ruby.baseOrigin.y), run: run), first: first, last: first)
                    }
                    for run in ruby.annotation?.runs ?? [] {
                        chapter.column.place(.text(origin: Point(x: x + ruby.annotationOrigin.x, y: y + ruby.annotationOrigin.y), run: run), first: first, last: first)
                    }
                }
            }
            chapter.column.blockEnd = top + line.height
        }
        if let last = chapter.column.units.indices.last { chapter.column.units[last].endsBlock = true }
    }

    /// A line's text in reading order: atomic inlines dropped, forced breaks as newlines,
    /// soft hyphens removed.
    func lineText(_ scalars: [Unicode.Scalar], line: LineBox, atomics: [AtomicContent], atomicsBefore: inout Int) -> String {
        let range = line.textRange.clamped(to: 0..<scalars.count)
        var text = ""
        // Runs of plain scalars are encoded at once; the three kinds above are replaced.
        var run = range.lowerBound
        for i in range {
            let scalar = scalars[i]
            guard scalar == "\u{FFFC}" || scalar == "\u{AD}" || scalar == "\u{2028}" else { continue }
            if i > run { text += String(scalars: scalars[run..<i]) }
            run = i + 1
            switch scalar {
            case "\u{FFFC}":
                // Lines follow each other in text order, so atomics are met in order.
                if atomics.indices.contains(atomicsBefore) { text += atomics[atomicsBefore].text }
                atomicsBefore += 1
            case "\u{2028}": text += "\n"
            default: break
            }
        }
        if range.upperBound > run { text += String(scalars: scalars[run..<range.upperBound]) }
        return text
    }
}
