import FolioStyle

/// A float's place in the column: the lines beside it are shortened until its bottom.
struct FloatArea {
    var side: FloatMode
    var left: Double
    var right: Double
    var top: Double
    var bottom: Double

    func moved(dx: Double, dy: Double) -> FloatArea {
        FloatArea(side: side, left: left + dx, right: right + dx, top: top + dy, bottom: bottom + dy)
    }
}

/// The floats of a block formatting context, which the lines and blocks of every box in it
/// must avoid, seen from the column being filled. They are kept in the coordinates of the
/// formatting context's own column; `origin` is where the column being filled (a block box's
/// content, in its own coordinates) starts in it, and what goes in and out is in the column's
/// coordinates.
/// https://www.w3.org/TR/CSS2/visuren.html#floats
struct ExclusionArea {
    private var floats: [FloatArea] = []
    /// Where the column seeing the floats starts in the formatting context's column.
    var origin = Point(x: 0, y: 0)

    var isEmpty: Bool { floats.isEmpty }

    /// Adds a float placed at `area` in the column.
    mutating func add(_ area: FloatArea) {
        floats.append(area.moved(dx: origin.x, dy: origin.y))
    }

    /// The floats where the column sees them.
    var areas: [FloatArea] {
        origin.x == 0 && origin.y == 0 ? floats : floats.map { $0.moved(dx: -origin.x, dy: -origin.y) }
    }

    /// Forgets the floats that end at or above `y` in the column.
    mutating func forget(endingBy y: Double) {
        let y = y + origin.y
        floats.removeAll { $0.bottom <= y }
    }

    /// Where the last line set in the formatting context starts along the block axis and ends
    /// along the inline axis, in the formatting context's coordinates: a float that came among
    /// its words goes beside it, and may be placed from another box's content.
    private var lastLineEnd: (top: Double, right: Double)?

    /// The last line set, where the column sees it.
    var lastLine: (top: Double, right: Double)? {
        get { lastLineEnd.map { (top: $0.top - origin.y, right: $0.right - origin.x) } }
        set { lastLineEnd = newValue.map { (top: $0.top + origin.y, right: $0.right + origin.x) } }
    }
}
