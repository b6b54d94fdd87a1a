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
    /// The floats beside the content being placed.
    var exclusions = ExclusionArea()
    /// An outside list marker waiting for its item's first line.
    var pendingMarker: ParagraphLayout?
    /// The boxes laid out in it, over its units.
    var tree = FragmentTree()
    /// What its content is laid out under besides its width.
    var constraints = LayoutConstraints()

    /// A fresh column that goes on from `offset` in the chapter's text.
    init(textOffset offset: Int = 0, constraints: LayoutConstraints = LayoutConstraints()) {
        cursor.lastOffset = offset
        self.constraints = constraints
    }

    /// Where this column starts in its formatting context's column (a block box's content is
    /// laid out in its own coordinates; a formatting context's own column starts at 0).
    var origin: Point { exclusions.origin }

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
    /// The tops those boxes got, until they close (one per box, at most one per open box).
    var boxTops: [(box: Int, top: Double)] = []
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
        for box in openTops { boxTops.append((box, blockEnd)) }
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

extension FlowCursor {
    /// The top a box got, taken out (the box closes).
    mutating func takeTop(of box: Int) -> Double? {
        guard let k = boxTops.lastIndex(where: { $0.box == box }) else { return nil }
        return boxTops.remove(at: k).top
    }

    /// Moves what is pending, and the box tops from `firstTop` on, `dy` along the block axis.
    @inline(__always)
    mutating func move(dy: Double, boxTopsFrom firstTop: Int) {
        blockEnd += dy
        for k in firstTop..<boxTops.count { boxTops[k].top += dy }
        pendingBreakTop = pendingBreakTop.map { $0 + dy }
        pendingForcedTop = pendingForcedTop.map { $0 + dy }
    }
}

extension Column {
    /// Where a block box's content started being laid out in its own coordinates: what the
    /// column held then, where the box's content starts in the column, and what `leaveBox`
    /// gives back.
    struct BoxFrame {
        let offset: Point
        let units: Int, placed: Int, boxes: Int, headers: Int, boxTops: Int
        let origin: Point
    }

    /// Goes on in a block box's content, which starts at `offset` (the content box's inline
    /// start, and block-start where the flow has reached): what is laid out next is in the
    /// box's own coordinates, and the flow goes on there — the margins collapsing, the boxes
    /// waiting for their top, a keep, the text offset, a list marker waiting for its line, and
    /// the formatting context's floats. The box's content is the fragment of the column laid
    /// out until `leaveBox`, which places it.
    mutating func enterBox(at offset: Point) -> BoxFrame {
        let frame = BoxFrame(offset: offset, units: units.count, placed: placed.count, boxes: tree.boxes.count,
                             headers: tree.repeatedHeaders.count, boxTops: cursor.boxTops.count, origin: exclusions.origin)
        // What is pending goes on in the box; the box tops already known stay where they are.
        cursor.move(dy: -offset.y, boxTopsFrom: frame.boxTops)
        exclusions.origin = Point(x: frame.origin.x + offset.x, y: frame.origin.y + offset.y)
        return frame
    }

    /// Places the box content laid out since `frame` at its offset, and takes the flow back
    /// into this column's coordinates.
    mutating func leaveBox(_ frame: BoxFrame) {
        let (dx, dy) = (frame.offset.x, frame.offset.y)
        // In place, through pointers: this runs for every item at every level of boxes.
        units.withUnsafeMutableBufferPointer { units in
            guard let base = units.baseAddress else { return }
            for k in frame.units..<units.count { (base + k).pointee.move(dy: dy) }
        }
        placed.withUnsafeMutableBufferPointer { placed in
            guard let base = placed.baseAddress else { return }
            for k in frame.placed..<placed.count { (base + k).pointee?.move(dx: dx, dy: dy) }
        }
        tree.move(frame.boxes..<tree.boxes.count, dx: dx, dy: dy)
        tree.moveHeaders(from: frame.headers, dy: dy)
        cursor.move(dy: dy, boxTopsFrom: frame.boxTops)
        exclusions.origin = frame.origin
    }
}

extension FlowUnit {
    /// The unit moved `dy` along the block axis.
    mutating func move(dy: Double) {
        top += dy
        bottom += dy
        breakTop += dy
        forcedTop += dy
    }
}
