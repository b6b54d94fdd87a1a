import FolioStyle
import FolioText
import FolioXML

/// What a formula's layout depends on besides its markup.
struct MathKey: Hashable {
    var node: Int32
    var size: Double
    var color: RGBA
}

/// A `math` element of a chapter laid out as a formula: its items from its top-left corner,
/// its size and baseline, scaled down to the room it has (a formula is one unbreakable
/// piece: wider than the column or taller than the page, it is shown whole and smaller).
struct MathFormula {
    var items: [FrameItem]
    var width: Double
    var height: Double
    var baseline: Double
    /// Its page text (`FormulaLayouter.text`).
    var text: String
}

/// The chapter's `math` elements: laid out by `MathLayouter` into atomic inlines, or written
/// as text where they are not drawn.
struct FormulaLayouter {
    let chapter: ChapterLayout

    /// `node` as a formula no wider than `width`; nil when it is no `math` element, in cells
    /// (where its text stands for it), without a math font, or when it draws nothing.
    func formula(_ node: StyledNode, width: Double) -> MathFormula? {
        guard !chapter.usesCells, node.kind == .element, let source = node.source, source.localName == "math",
              source.namespaceURI == Namespace.mathml else { return nil }
        if chapter.styles.mathFont == nil { chapter.styles.mathFont = .some(chapter.context.inline.fonts.mathFont()) }
        guard let font = chapter.styles.mathFont ?? nil else { return nil }
        let style = node.computed
        // A formula in a table cell or an inline-block is laid out again each time its box is
        // measured: its layout is kept per element, size and colour.
        let key = MathKey(node: source.index, size: style.font.size, color: style.text.color)
        let box: MathBox, text: String
        if let known = chapter.styles.formulas[key] {
            (box, text) = known
        } else {
            let environment = MathEnvironment(baseSize: style.font.size, size: style.font.size, color: style.text.color, displayStyle: false)
            box = MathLayouter(font: font, fonts: chapter.context.inline.fonts, shaper: chapter.context.inline.shaper, cache: chapter.styles.mathCache)
                .layout(math: source, environment: environment)
            text = self.text(node) ?? ""
            chapter.styles.formulas[key] = (box, text)
        }
        guard box.width > 0, box.height > 0, !box.items.isEmpty else { return nil }
        var frame = Frame(width: box.width, height: box.height, background: .white, items: box.frameItems())
        let scale = min(1, width / box.width, chapter.context.page.contentHeight / box.height)
        if scale < 1 {
            frame = frame.scaled(by: scale)
            if scale < 0.6 {
                chapter.warn("layout.math-scaled", "a formula \(Int(box.width)) px wide is shown at \(Int(scale * 100)) % to fit the page", about: source)
            }
        }
        return MathFormula(items: frame.items, width: box.width * scale, height: box.height * scale, baseline: box.ascent * scale, text: text)
    }

    /// A formula's text, for cells (where it is not drawn) and for page text: written in
    /// characters (`MathLinearText`: `x = (a + b)²`) where it can be, else
    /// `StyledDocument.mathText` (the alttext, an annotation, or its tokens). Other nodes' own text.
    func text(_ node: StyledNode) -> String? {
        guard node.kind == .element, let source = node.source, source.localName == "math",
              source.namespaceURI == Namespace.mathml else { return node.text }
        return MathLinearText.text(source) ?? chapter.document.mathText(node)
    }

    /// Adds a formula to a paragraph as one atomic inline standing on its baseline; its text is
    /// the page text.
    func add(_ formula: MathFormula, of node: StyledNode, to paragraph: inout PendingParagraph) {
        let id = paragraph.atomics.count
        paragraph.atomics.append(.block(items: formula.items, text: formula.text))
        paragraph.items.append(.atomic(width: formula.width, height: formula.height, baseline: formula.baseline, style: node.style, id: id))
        paragraph.hasContent = true
    }
}
