import FolioStyle
import FolioText

/// A paragraph's set lines as a `LineStack`: their runs, images and links, their text and
/// locators, orphans and widows, an outside list marker beside the first.
extension InlineLayouter {
    /// The lines of `layout`, set in `paragraph` (whose inline start is `paragraph.x`), with
    /// `marker` hanging beside the first.
    func lineStack(_ layout: ParagraphLayout, paragraph: PendingParagraph, style: ComputedStyle, marker: ParagraphLayout?) -> LineStack {
        let scalars = Array(layout.text.unicodeScalars)
        var stack = LineStack()
        stack.lines.reserveCapacity(layout.lines.count)
        var atomicsBefore = 0
        let count = layout.lines.count
        let orphans = max(1, style.text.orphans), widows = max(1, style.text.widows)
        for (k, line) in layout.lines.enumerated() {
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
            if let marker, k == 0 {
                text = chapter.markers.markerText(marker) + text
                for item in chapter.markers.markerItems(marker, beside: line, x: paragraph.x) { stack.add(item, offset: line.baseline) }
            }
            stack.add(.line(Rect(x: paragraph.x + line.setting.left, y: 0, width: line.setting.room, height: line.height), line.setting))
            for run in line.runs {
                stack.add(.text(origin: Point(x: paragraph.x, y: 0), run: run))
                if let source = run.source, let href = paragraph.links[source.node] {
                    let rect = Rect(x: paragraph.x + run.x, y: -run.size, width: run.width, height: run.size * 1.25)
                    stack.add(.link(rect, href: href), offset: run.baseline)
                }
            }
            for atomic in line.atomics where paragraph.atomics.indices.contains(atomic.id) {
                let x = paragraph.x + atomic.x
                switch paragraph.atomics[atomic.id] {
                case .image(var image):
                    image.rect = Rect(x: x, y: 0, width: atomic.width, height: atomic.height)
                    stack.add(.image(image), offset: atomic.y)
                case .block(let items, _):
                    for item in items { stack.add(item.moved(dx: x, dy: 0), offset: atomic.y) }
                case .ruby(let ruby):
                    for run in ruby.base.runs {
                        stack.add(.text(origin: Point(x: x + ruby.baseOrigin.x, y: ruby.baseOrigin.y), run: run), offset: atomic.y)
                    }
                    for run in ruby.annotation?.runs ?? [] {
                        stack.add(.text(origin: Point(x: x + ruby.annotationOrigin.x, y: ruby.annotationOrigin.y), run: run), offset: atomic.y)
                    }
                }
            }
            // Orphans: the first lines stay together; widows: so do the last ones.
            let breakBefore: BreakClass = k > 0 && (k < orphans || count - k < widows) ? .avoid : .normal
            stack.lines.append(LineStack.Line(height: line.height, start: start, end: end, text: text, breakBefore: breakBefore,
                                              itemsEnd: stack.items.count))
        }
        return stack
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
