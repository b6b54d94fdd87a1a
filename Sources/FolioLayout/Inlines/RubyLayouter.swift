import FolioStyle
import FolioText

/// Ruby: the base set on the line as one box, its annotation (`rt`) centred above it in a
/// smaller size. Page text gives the annotation in parentheses after the base.
/// https://www.w3.org/TR/css-ruby-1/#ruby-layout
struct RubyLayouter {
    let chapter: ChapterLayout

    func addRuby(_ node: StyledNode, to paragraph: inout PendingParagraph, decoration: PropagatedDecoration?) {
        // Each run of base content and the `rt` after it make a pair (`<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>`).
        var base = PendingParagraph(block: node, x: 0, width: 100_000)
        var child = node.firstChild
        while child >= 0 {
            let n = chapter.document.nodes[Int(child)]
            child = n.nextSibling
            guard n.computed.box.display != .none else { continue }
            if n.kind == .element && (n.computed.box.display == .rubyText || n.source?.localName == "rt") {
                var annotation = PendingParagraph(block: n, x: 0, width: 100_000)
                var inner = n.firstChild
                while inner >= 0 {
                    let m = chapter.document.nodes[Int(inner)]
                    chapter.inlines.addContent(m, to: &annotation, decoration: decoration, link: nil)
                    inner = m.nextSibling
                }
                addRubyPair(node, base: base, annotation: annotation, to: &paragraph)
                base.reset()
            } else {
                chapter.inlines.addContent(n, to: &base, decoration: decoration, link: nil)
            }
        }
        if base.hasContent { addRubyPair(node, base: base, annotation: nil, to: &paragraph) }
    }

    private func addRubyPair(_ node: StyledNode, base: PendingParagraph, annotation: PendingParagraph?, to paragraph: inout PendingParagraph) {
        // A base or annotation holding boxes of its own (a ruby inside a ruby, an image, an
        // inline-block), links or floats cannot be set as the one line a ruby draws: its
        // content goes on the line as ordinary text, the annotation in parentheses after it.
        let parts = [base] + (annotation.map { [$0] } ?? [])
        if parts.contains(where: { !$0.atomics.isEmpty || !$0.links.isEmpty || !$0.floats.isEmpty }) {
            chapter.warn("layout.ruby-flattened", "a ruby whose base or annotation holds an inline box, a link "
                         + "or a float is set as ordinary text, its annotation in parentheses", about: node.source)
            paragraph.append(base)
            if let annotation, annotation.hasContent {
                paragraph.addText("(", style: node.style, node: -1)
                paragraph.append(annotation)
                paragraph.addText(")", style: node.style, node: -1)
            }
            return
        }
        guard base.hasContent else {
            // An annotation without a base is shown as ordinary text.
            if let annotation, annotation.hasContent {
                paragraph.items.append(contentsOf: annotation.items)
                paragraph.hasContent = true
            }
            return
        }
        var lineStyle = node.computed
        lineStyle.text.whiteSpace = .nowrap
        lineStyle.text.indent = .zero
        lineStyle.text.align = .left
        func setLine(_ gathered: PendingParagraph, style: ComputedStyle) -> (LineBox, String)? {
            let input = ParagraphInput(items: gathered.items, blockStyle: style, language: chapter.inlines.language(of: node))
            let layout = chapter.setter.setParagraph(input, width: 100_000)
            guard let line = layout.lines.first else { return nil }
            return (line, String(String.UnicodeScalarView(layout.scalars.filter { $0 != "\u{FFFC}" })))
        }
        guard let (baseLine, baseText) = setLine(base, style: lineStyle) else { return }
        var annotationLine: (LineBox, String)?
        if let annotation, annotation.hasContent {
            var style = annotation.block.computed
            style.text.whiteSpace = .nowrap
            style.text.indent = .zero
            style.text.align = .left
            annotationLine = setLine(annotation, style: style)
        }
        let annotationWidth = annotationLine?.0.width ?? 0
        let width = max(baseLine.width, annotationWidth)
        let annotationHeight = annotationLine?.0.height ?? 0
        let ruby = Ruby(base: baseLine, annotation: annotationLine?.0, width: width,
                        baseOrigin: Point(x: (width - baseLine.width) / 2 - baseLine.x, y: annotationHeight),
                        annotationOrigin: Point(x: (width - annotationWidth) / 2 - (annotationLine?.0.x ?? 0), y: 0),
                        text: baseText + (annotationLine.map { "(\($0.1))" } ?? ""))
        let id = paragraph.atomics.count
        paragraph.atomics.append(.ruby(ruby))
        paragraph.items.append(.atomic(width: width, height: annotationHeight + baseLine.height,
                                       baseline: annotationHeight + baseLine.baseline, style: node.style, id: id))
        paragraph.hasContent = true
    }
}
