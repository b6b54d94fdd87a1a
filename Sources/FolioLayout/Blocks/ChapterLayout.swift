import FolioCore
import FolioStyle
import FolioText
import FolioXML

/// One content document being laid out into a `ChapterFlow`: what its layouters share — the
/// styled document, the layout context, the text offsets, the style caches — and the column
/// they fill. The layouters themselves (`BlockLayouter`, `InlineLayouter`, `FloatLayouter`,
/// `TableLayouter`, `ReplacedLayouter`, …) are small values made for each call.
public final class ChapterLayout {
    let document: StyledDocument
    let path: String
    let context: LayoutContext
    let offsets: TextOffsets
    let styles = StyleCaches()
    /// What layout works out once and reuses: measured boxes, cells' paragraphs, table parts.
    let memo = LayoutMemo()
    /// The column being filled, with the constraints its content is laid out under: the
    /// chapter's own, or a fragment's while one is laid out apart.
    var column = Column()

    public init(document: StyledDocument, path: String, context: LayoutContext) {
        self.document = document
        self.path = path
        self.context = context
        offsets = TextOffsets(tree: document.tree)
    }

    // The layouters, each a value over this chapter.
    var blocks: BlockLayouter { BlockLayouter(chapter: self) }
    var inlines: InlineLayouter { InlineLayouter(chapter: self) }
    var floats: FloatLayouter { FloatLayouter(chapter: self) }
    var tables: TableLayouter { TableLayouter(chapter: self) }
    var cells: TableCellLayouter { TableCellLayouter(chapter: self) }
    var replaced: ReplacedLayouter { ReplacedLayouter(chapter: self) }
    var markers: MarkerLayouter { MarkerLayouter(chapter: self) }
    var firstLetters: FirstLetterLayouter { FirstLetterLayouter(chapter: self) }
    var rubies: RubyLayouter { RubyLayouter(chapter: self) }
    var smallCaps: SmallCaps { SmallCaps(chapter: self) }
    var math: FormulaLayouter { FormulaLayouter(chapter: self) }
    var positioned: RelativePositioner { RelativePositioner(chapter: self) }
    /// The paragraph setter; in table cells it sets paragraphs from their measuring.
    var setter: ParagraphSetter {
        ParagraphSetter(context: context.inline, memo: column.constraints.isInCell ? memo.cellParagraphs.measured : nil)
    }
    var interner: StyleInterner { styles.interner }
    var usesCells: Bool { context.inline.metric == .cells }

    /// Vertical space between blocks (a margin, or padding with no border): as given, but in
    /// cells at most one row, so that spacing set in ems for print (a heading's 3 em above)
    /// costs a terminal no more than a blank line, and collapsed with its neighbours at most
    /// one blank row between any two blocks.
    func blockSpace(_ value: Double) -> Double {
        usesCells ? min(value, CellMetric.cell.height) : value
    }

    /// Records a warning about `element`: at its line in the document and at its text offset,
    /// so that a paginating command can name the page it is on.
    func warn(_ code: String, _ message: String, severity: Severity = .warning, about element: XMLNode?) {
        context.diagnostics.warn(code, message, severity: severity, at: element?.location ?? path,
                                 offset: element.map { offsets.offset(ofElement: Int($0.index)) })
    }

    /// Lays out the document.
    public func build() -> ChapterFlow {
        let width = context.page.contentWidth
        if let root = document.root, root.computed.box.display != .none {
            if document.tree.wasRecovered { recoveryNotice(root, width: width) }
            blocks.layoutBlock(root, x: 0, width: width)
        }
        floats.clearFloats(.both)
        if let ending = column.units.indices.last { column.units[ending].endsBlock = true }
        BreakOpportunities.resolve(&column.units, tree: column.tree)
        fillPageIfImageOnly()
        return ChapterFlow(width: width, units: column.units, slots: column.placed, anchors: column.anchors,
                           offsets: offsets, background: pageBackground(), repeatedHeaders: column.tree.repeatedHeaders,
                           boxes: column.tree.boxes)
    }

    /// The line a chapter whose markup is not well-formed starts with, in italics: the reader is
    /// told that what follows is what the HTML parser recovered, as the warning tells the
    /// publisher.
    static let recoveryNoticeText = "This chapter is not well-formed XHTML; it is shown as recovered HTML."

    private func recoveryNotice(_ root: StyledNode, width: Double) {
        var style = root.computed
        style.font.style = .italic
        style.font.size *= 0.85
        style.text.align = .start
        var notice = PendingParagraph(block: root, x: 0, width: width)
        notice.addText(Self.recoveryNoticeText, style: interner.intern(style), node: -1)
        inlines.flushParagraph(&notice)
    }

    /// A chapter that is one image and no text (a cover, a plate) shows the image as large
    /// as the page allows, centred.
    private func fillPageIfImageOnly() {
        let placed = column.placed, units = column.units
        let images = placed.indices.filter { k in
            if case .image = placed[k]?.item { return true }
            return false
        }
        guard images.count == 1, let k = images.first, case .image(var image)? = placed[k]?.item,
              units.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) else { return }
        let page = context.page
        image.rect = page.filling(width: image.rect.width, height: image.rect.height)
        let first = units[0]
        column.tree.collapse(to: 1)
        column.units = [FlowUnit(top: 0, bottom: page.contentHeight, breakTop: 0, forcedTop: 0, breakBefore: .normal,
                                 start: first.start, end: units.map(\.end).max() ?? first.end, text: "", endsBlock: true)]
        column.placed = placed.compactMap { item -> PlacedItem? in
            guard let item else { return nil }
            switch item.item {
            case .image: return PlacedItem(item: .image(image), firstUnit: 0, lastUnit: 0)
            case .link(_, let href): return PlacedItem(item: .link(image.rect, href: href), firstUnit: 0, lastUnit: 0)
            default: return nil
            }
        }
    }

    /// The page colour: the root's background, else the body's, else white.
    private func pageBackground() -> RGBA {
        guard let root = document.root else { return .white }
        let rootColor = root.computed.resolve(root.computed.background.color)
        if rootColor.alpha > 0 { return rootColor.over(.white) }
        for child in document.children(of: root) where child.source?.localName == "body" {
            let color = child.computed.resolve(child.computed.background.color)
            if color.alpha > 0 { return color.over(.white) }
        }
        return .white
    }
}

/// Styles made during layout, interned so that equal ones are shared, and answers worked out
/// once per style or link.
final class StyleCaches {
    let interner = StyleInterner()
    /// Link targets resolved so far, by `href` as written (a specification links to the same
    /// few chapters thousands of times).
    var resolvedLinks: [String: String?] = [:]
    /// Small-caps styles met so far, with the styles their text is drawn in (`SmallCaps`).
    var smallCaps: [ObjectIdentifier: (style: SharedStyle, styles: (SharedStyle, SharedStyle)?)] = [:]
    /// The CSS of the document's `<style>` elements, gathered for its first inline SVG drawing
    /// (`ReplacedLayouter.withDocumentStyles`) and kept for the others.
    var documentCSS: String?
    /// The math font, looked up for the chapter's first formula (`.some(nil)`: there is none).
    var mathFont: MathFont??
    /// Formulas laid out so far (`ChapterLayout.formula`).
    var formulas: [MathKey: (box: MathBox, text: String)] = [:]
    let mathCache = MathCache()
}

extension RGBA {
    /// This colour composited over an opaque one.
    func over(_ base: RGBA) -> RGBA {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * alpha + Double(b) * (1 - alpha)).rounded()) }
        return RGBA(red: mix(red, base.red), green: mix(green, base.green), blue: mix(blue, base.blue))
    }
}
