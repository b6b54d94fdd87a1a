import FolioStyle

/// A paragraph's lines as the inline layouter returns them: for each line its block size,
/// its text and locator range, how welcome a page break before it is, and what it draws.
/// Items are in the containing block's inline coordinates and, along the block axis, from
/// their own line's top: where the stack goes is the block flow's to decide
/// (`Column.stack`), which is what lets a paragraph be set apart from the column it ends up in.
struct LineStack {
    struct Line {
        var height: Double
        /// The chapter text offsets the line covers; nil when it holds no text of the chapter's.
        var start: Int?
        var end: Int?
        /// The line's text in reading order (see `InlineLayouter.lineText`).
        var text: String
        /// Orphans and widows: the first and last lines of a paragraph hold together.
        var breakBefore: BreakClass
        /// The end of its items in `items`: a line draws those from the previous line's end.
        var itemsEnd: Int
    }

    var lines: [Line] = []
    /// What the lines draw, line after line in drawing order, each with the block offset from
    /// its line's top that its own `y` counts from (an atomic inline's items from the atomic's
    /// top, a run's link box from the run's baseline).
    var items: [(item: FrameItem, offset: Double)] = []

    mutating func add(_ item: FrameItem, offset: Double = 0) {
        items.append((item, offset))
    }
}

extension Column {
    /// Stacks a paragraph's lines from the block position reached, each a unit; the last ends
    /// the block.
    mutating func stack(_ stack: LineStack) {
        var itemsStart = 0
        for line in stack.lines {
            let top = blockEnd
            let unit = addUnit(top: top, bottom: top + line.height, start: line.start, end: line.end, text: line.text,
                               breakBefore: line.breakBefore)
            for (item, offset) in stack.items[itemsStart..<line.itemsEnd] {
                place(item.moved(dx: 0, dy: top + offset), first: unit, last: unit)
            }
            itemsStart = line.itemsEnd
            blockEnd = top + line.height
        }
        if let last = units.indices.last { units[last].endsBlock = true }
    }
}
