import FolioStyle
import FolioText

/// One block formatting context's flow while it is being filled: where the next content
/// goes along the block axis, what has been placed (units to break between, the items they
/// draw, anchors), and the floats content must go around. Layouters add to it; when it is
/// done it becomes an immutable `Fragment` (or, for the chapter's own column, a
/// `ChapterFlow`). Coordinates are flow coordinates (see `FlowMapping`): `y` is the block
/// axis, `x` the inline axis.
struct Column {
    /// The block-axis position reached, and what waits to be placed there.
    var cursor = FlowCursor()
    /// Lines, images and other unbreakable pieces, in block order.
    var units: [FlowUnit] = []
    /// What the units draw; a reserved slot (nil) keeps a box's background below its content.
    var placed: [PlacedItem?] = []
    /// Element ids and the unit each starts at.
    var anchors: [String: Int] = [:]
    /// Table headers to repeat on the pages their bodies run onto.
    var repeatedHeaders: [RepeatedHeader] = []
    /// The floats beside the content being placed.
    var exclusions = ExclusionArea()
    /// An outside list marker waiting for its item's first line.
    var pendingMarker: ParagraphLayout?
    /// The boxes laid out in it, over its units.
    var tree = FragmentTree()

    /// A fresh column that goes on from `offset` in the chapter's text.
    init(textOffset offset: Int = 0) {
        cursor.lastOffset = offset
    }

    /// The block-axis end of what has been placed (the pending margin is after it).
    var blockEnd: Double {
        get { cursor.blockEnd }
        set { cursor.blockEnd = newValue }
    }

    /// Places the pending margin: content is about to be drawn at `blockEnd`.
    mutating func flushMargin() {
        cursor.flushMargin()
    }

    /// Adds a unit from `top` to `bottom` (already placed: `blockEnd` is at or after `bottom`).
    @discardableResult
    mutating func addUnit(top: Double, bottom: Double, start: Int? = nil, end: Int? = nil, text: String = "",
                          breakBefore: BreakClass = .normal) -> Int {
        units.append(cursor.unit(top: top, bottom: bottom, start: start, end: end, text: text, breakBefore: breakBefore))
        return units.count - 1
    }

    /// Adds an item drawn with units `first...last`; returns its slot.
    @discardableResult
    mutating func place(_ item: FrameItem, first: Int, last: Int) -> Int {
        placed.append(PlacedItem(item: item, firstUnit: first, lastUnit: max(first, last)))
        return placed.count - 1
    }

    /// Reserves a slot so a box's background paints below the content placed after it.
    mutating func reserveSlot() -> Int {
        placed.append(nil)
        return placed.count - 1
    }

    /// Registers an element id at the next unit, unless it is known already.
    mutating func anchor(_ id: String?) {
        if let id, anchors[id] == nil { anchors[id] = units.count }
    }
}

/// The block-axis state of a column: the position reached, the margins collapsing there, and
/// what the next unit inherits (the top of boxes opened before it, a keep).
struct FlowCursor {
    /// The block-axis end of what has been placed; the pending margin is after it.
    var blockEnd = 0.0
    var margins = MarginCollapser()
    /// Boxes opened and waiting for their top (margins collapsing through them).
    var openTops: [Int] = []
    var boxTops: [Int: Double] = [:]
    /// The highest box top opened since the last unit: where a page starting with the next unit starts.
    var pendingBreakTop: Double?
    /// The position before the margins of the next unit, for a page after a forced break.
    var pendingForcedTop: Double?
    /// A keep the next unit inherits (a drop cap keeps its first line).
    var pendingKeep = BreakClass.normal
    /// The chapter text offset reached, for units with no text of their own.
    var lastOffset = 0

    /// Places the pending margin: content is about to be drawn at `blockEnd`.
    mutating func flushMargin() {
        if pendingForcedTop == nil { pendingForcedTop = blockEnd }
        blockEnd += margins.take()
        for box in openTops { boxTops[box] = blockEnd }
        if !openTops.isEmpty { notePageTop(blockEnd) }
        openTops.removeAll()
    }

    mutating func notePageTop(_ top: Double) {
        pendingBreakTop = min(pendingBreakTop ?? top, top)
    }

    /// The unit from `top` to `bottom`, taking the pending page top and break.
    mutating func unit(top: Double, bottom: Double, start: Int?, end: Int?, text: String, breakBefore: BreakClass) -> FlowUnit {
        let start = start ?? lastOffset
        let end = max(start, end ?? start)
        lastOffset = max(lastOffset, end)
        let breakTop = min(pendingBreakTop ?? top, top)
        let unit = FlowUnit(top: top, bottom: bottom, breakTop: breakTop, forcedTop: min(pendingForcedTop ?? breakTop, breakTop),
                            breakBefore: max(pendingKeep, breakBefore), start: start, end: end, text: text, endsBlock: false)
        pendingBreakTop = nil
        pendingForcedTop = nil
        pendingKeep = .normal
        return unit
    }
}
