import FolioStyle

/// Where a text item came from, so that lines can map back to the document for locators:
/// a node (its index in the document tree) and the Unicode-scalar offset in that node's
/// text at which the item's text starts.
public struct TextSource: Hashable, Sendable {
    public var node: Int
    public var offset: Int

    public init(node: Int, offset: Int = 0) {
        self.node = node
        self.offset = offset
    }
}

/// One piece of a paragraph's inline content, in document order.
///
/// Block layout flattens a block container's inline descendants into these: text with the
/// style of its element, atomic inlines (images, inline-blocks) already sized, and `<br>`.
/// Decorations (`text-decoration`) are read from each text item's own style: the caller
/// propagates an ancestor's decoration lines onto the items inside it.
/// https://www.w3.org/TR/css-inline-3/#inline-formatting
public enum InlineItem: Sendable {
    /// Text as it stands in the document (white space not yet processed).
    case text(String, style: SharedStyle, source: TextSource)
    /// A box that lays out as one unbreakable glyph: `baseline` is the distance from its top
    /// to its baseline (the bottom margin edge for an image). `id` is the caller's.
    case atomic(width: Double, height: Double, baseline: Double, style: SharedStyle, id: Int)
    /// A forced line break (`<br>`).
    case forcedBreak
}

/// Everything the paragraph setter needs to lay out one block's inline content.
public struct ParagraphInput: Sendable {
    public var items: [InlineItem]
    /// The block container's style: `text-align`, `text-align-last`, `text-indent`,
    /// `direction`, `line-height` and the strut's font.
    public var blockStyle: ComputedStyle {
        didSet { Self.applySetting(&blockStyle) }
    }
    /// The block's language (BCP 47), for hyphenation, line breaking and shaping; nil if unknown.
    public var language: String?
    /// A heading's text (`h1`–`h6`): the reader's automatic hyphenation leaves it whole.
    public var isHeading: Bool

    public init(items: [InlineItem], blockStyle: ComputedStyle, language: String? = nil, isHeading: Bool = false) {
        self.items = items
        self.blockStyle = blockStyle
        Self.applySetting(&self.blockStyle)
        self.language = language
        self.isHeading = isHeading
    }

    /// The block's style as lines are set with it: `text-justify: none` disables
    /// justification (CSS Text 3 §7.4), so a block it applies to sets its `justify` lines as
    /// start-aligned ones, ragged, in every part of the setter alike.
    /// Changed in place, and only when it applies: a style returned as it came is a copy of
    /// it, some 500 instructions, for every paragraph.
    static func applySetting(_ style: inout ComputedStyle) {
        guard style.rareInherited.textJustify == .none,
              style.text.align == .justify || style.text.alignLast == .justify else { return }
        if style.text.align == .justify { style.text.align = .start }
        if style.text.alignLast == .justify { style.text.alignLast = .start }
    }
}

extension ParagraphInput {
    /// Where the paragraph-text offset `offset` (as `ParagraphLayout.text` counts) comes from:
    /// the index of its item, and its Unicode-scalar offset in that item's text (0 for atomic
    /// inlines and breaks); nil past the end. For restyling part of a paragraph (`::first-line`).
    public func itemPosition(ofParagraphOffset offset: Int) -> (item: Int, offset: Int)? {
        let collected = CollectedText(items)
        guard offset >= 0, offset < collected.item.count else { return nil }
        return (collected.item[offset], collected.sourceOffset[offset])
    }
}
