import FolioStyle

/// A chapter laid out in one column of unbounded height, before the paginator cuts it into
/// pages: the units it may break between and the items they draw.
///
/// Coordinates are CSS px from the column's top-left corner (the page's content box).
/// https://www.w3.org/TR/css-break-3/#possible-breaks
public struct ChapterFlow: Sendable {
    /// The column's width (the page's content width).
    public var width: Double
    /// Lines, images and other unbreakable pieces, top to bottom.
    public var units: [FlowUnit]
    /// What the units draw, in drawing order: each item belongs to a range of units, so the
    /// pages showing those units show it (boxes spanning pages are cut at the page edges).
    /// These are the column's slots as layout left them, some empty (a box that reserved one
    /// for a background it did not have): the chapter's largest array is not copied again,
    /// with nothing in it changed, at the moment memory peaks.
    var slots: [PlacedItem?]
    /// The items of `slots`.
    var placed: some Sequence<PlacedItem> { slots.lazy.compactMap { $0 } }
    /// Element ids and the unit where each starts, for `#fragment` links.
    public var anchors: [String: Int]
    /// The document's text offsets, which locators count in.
    public var offsets: TextOffsets
    /// The number of characters of the document's text (the end of its last locator).
    public var textLength: Int { offsets.length }
    /// The page colour: the root's background, else the body's, else white.
    public var background: RGBA
    /// Table headers shown again at the top of each page a table's body runs onto.
    var repeatedHeaders: [RepeatedHeader] = []
    /// The boxes over the units: each with its containing block, its units and its break
    /// properties (the units' `breakBefore` come from them, see `BreakOpportunities`).
    var boxes: [BoxFragment] = []
}

/// A table's header rows (`thead`), which a page starting inside the table's body shows above
/// it, as print does (CSS 2.1 §17.2: header groups repeat at page breaks).
/// https://www.w3.org/TR/CSS2/tables.html#table-display
struct RepeatedHeader: Sendable {
    /// The header rows' units, and the band of the column they take.
    var units: ClosedRange<Int>
    var top: Double
    var bottom: Double
    /// The body's units: a page that starts at one of them gets the header.
    var body: ClosedRange<Int>

    var height: Double { bottom - top }
}

/// One unbreakable piece of a chapter: a line, an image, a table row, an empty box.
public struct FlowUnit: Sendable {
    /// Its top and bottom; `bottom` includes borders and padding of boxes that close after it.
    public var top: Double
    public var bottom: Double
    /// Where a page that starts with this unit starts.
    public var pageTop: PageTop
    /// How welcome a page break before this unit is.
    public var breakBefore: BreakClass
    /// The chapter text offsets (see `Locator`) the unit covers.
    public var start: Int
    public var end: Int
    /// Its text in reading order (soft-wrapped lines keep their trailing space, hyphenated
    /// ones join the next line's word).
    public var text: String
    /// The last unit of a paragraph or block: page text puts a line break after it.
    public var endsBlock: Bool

    public init(top: Double, bottom: Double, breakTop: Double, forcedTop: Double, breakBefore: BreakClass, start: Int, end: Int,
                text: String, endsBlock: Bool) {
        self.top = top
        self.bottom = bottom
        pageTop = PageTop(normal: breakTop, forced: forcedTop)
        self.breakBefore = breakBefore
        self.start = start
        self.end = end
        self.text = text
        self.endsBlock = endsBlock
    }

    /// Where a page that starts with this unit starts: the top of boxes that open just before
    /// it, so their borders and padding move with it (their margins are truncated).
    public var breakTop: Double {
        get { pageTop.normal }
        set { pageTop.normal = newValue }
    }

    /// Where the page starts instead when the break before this unit is forced: margins
    /// after a forced break are kept.
    public var forcedTop: Double {
        get { pageTop.forced }
        set { pageTop.forced = newValue }
    }
}

/// Where a page starting with a unit starts: after an ordinary break (boxes opening just before
/// the unit keep their borders and padding, their margins are truncated) and after a forced
/// one (margins kept).
public struct PageTop: Sendable, Hashable {
    public var normal: Double
    public var forced: Double
}

/// A page break's standing between two units, weakest to strongest.
/// https://www.w3.org/TR/css-break-3/#break-between
public enum BreakClass: Int, Sendable, Comparable {
    /// Allowed.
    case normal
    /// Allowed only when no better break fits (`break-*: avoid`, orphans, widows, a heading).
    case avoid
    /// Required (`break-before/after: page|left|right`).
    case forced

    public static func < (a: BreakClass, b: BreakClass) -> Bool { a.rawValue < b.rawValue }
}

/// An item of the column with the units it belongs to.
///
/// An item is made in the coordinates of the box whose content it is part of; as that box and
/// the boxes around it are placed in their parents (`Column.leaveBox`), their offsets add up
/// in `offset` and are applied once, when the item is read, instead of moving the item at
/// every level of boxes.
struct PlacedItem: Sendable {
    /// The item where the box it was made in had it.
    private(set) var local: FrameItem
    // The units, kept in 32 bits so that the offset costs 8 bytes an item, not 16: a chapter
    // of 2^31 units (lines) would take hundreds of gigabytes before it got there.
    private var first: Int32
    private var last: Int32
    /// How far that box has been moved since.
    private(set) var offset = Point(x: 0, y: 0)

    init(item: FrameItem, firstUnit: Int, lastUnit: Int) {
        local = item
        first = Int32(clamping: firstUnit)
        last = Int32(clamping: lastUnit)
    }

    var firstUnit: Int {
        get { Int(first) }
        set { first = Int32(clamping: newValue) }
    }

    var lastUnit: Int {
        get { Int(last) }
        set { last = Int32(clamping: newValue) }
    }

    /// The item where the column has it.
    var item: FrameItem {
        get { offset.x == 0 && offset.y == 0 ? local : local.moved(dx: offset.x, dy: offset.y) }
        set {
            local = newValue
            offset = Point(x: 0, y: 0)
        }
    }

    /// Moves the item by (`dx`, `dy`) with the box it belongs to.
    mutating func move(dx: Double, dy: Double) {
        offset.x += dx
        offset.y += dy
    }
}
