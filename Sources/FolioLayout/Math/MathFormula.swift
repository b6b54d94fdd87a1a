import FolioStyle
import FolioText
import FolioXML

/// What a formula's layout depends on besides its markup.
struct MathKey: Hashable {
    var node: Int32
    var size: Double
    var color: RGBA
    var rtl: Bool
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
        let rtl = style.text.direction == .rtl
        let key = MathKey(node: source.index, size: style.font.size, color: style.text.color, rtl: rtl)
        let box: MathBox, text: String
        if let known = chapter.styles.formulas[key] {
            (box, text) = known
        } else {
            var environment = MathEnvironment(size: style.font.size, color: style.text.color, displayStyle: false)
            environment.rtl = rtl
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
        let formula = MathFormula(items: frame.items, width: box.width * scale, height: box.height * scale, baseline: box.ascent * scale, text: text)
        return decorated(formula, style: style, width: width)
    }

    /// The formula inside the `math` element's padding, border and background (MathML Core:
    /// the math element is a box like any other), as an inline-block's are drawn.
    /// https://w3c.github.io/mathml-core/#the-top-level-math-element
    private func decorated(_ formula: MathFormula, style: borrowing ComputedStyle, width: Double) -> MathFormula {
        let metrics = BoxMetrics(style, available: width)
        let left = metrics.border.left + metrics.padding.left, right = metrics.border.right + metrics.padding.right
        let top = metrics.border.top + metrics.padding.top, bottom = metrics.border.bottom + metrics.padding.bottom
        let color = style.resolve(style.background.color)
        guard left + right + top + bottom > 0 || color.alpha > 0 else { return formula }
        var decorated = formula
        decorated.width += left + right
        decorated.height += top + bottom
        decorated.baseline += top
        let rect = Rect(x: 0, y: 0, width: decorated.width, height: decorated.height)
        var items: [FrameItem] = []
        if let fill = BlockLayouter.paint(style, rect: rect, firstUnit: 0, lastUnit: 0) { items.append(fill.item) }
        if let border = BlockLayouter.border(style, rect: rect) { items.append(.border(border)) }
        decorated.items = items + formula.items.map { $0.moved(dx: left, dy: top) }
        return decorated
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
