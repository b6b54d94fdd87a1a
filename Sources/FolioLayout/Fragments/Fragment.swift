/// A box laid out in a column of its own — a table cell, a float, an inline-block — as an
/// immutable value: its units and items in its own flow coordinates (block-start at 0), the
/// anchors inside it, its size along the block axis and its first baseline. The layouter that
/// asked for it places it in its parent's column, moving its coordinates there.
struct Fragment {
    /// The units the content made (a table row takes their text and offsets).
    var units: [FlowUnit]
    /// What they draw; unit indices count in `units`.
    var items: [PlacedItem]
    /// Ids of elements inside and the unit (in `units`) each starts at.
    var anchors: [(id: String, unit: Int)]
    /// The content's block size, the last child's end margin included.
    var height: Double
    /// The first line's baseline, if the content has a line of text.
    var baseline: Double?
    /// The boxes inside, over `units`.
    var boxes: [BoxFragment]

    var isEmpty: Bool { units.isEmpty && items.isEmpty }

    /// The finished column as a fragment; `ids` are the anchors that belong to it (the rest
    /// are left in `leftover`, numbered in the parent's column from `firstUnit`).
    init(_ column: Column, ids: [String], leftover: inout [String: Int], firstUnit: Int) {
        var column = column
        let height = column.blockEnd + column.cursor.margins.take()
        units = column.units
        items = column.placed.compactMap { $0 }
        var found: [(id: String, unit: Int)] = []
        for id in ids {
            if let unit = column.anchors.removeValue(forKey: id) { found.append((id, unit)) }
        }
        for (id, unit) in column.anchors { leftover[id] = firstUnit + unit }
        anchors = found
        self.height = height
        baseline = Self.firstBaseline(items)
        boxes = column.tree.boxes
    }

    /// The baseline of the topmost text.
    private static func firstBaseline(_ items: [PlacedItem]) -> Double? {
        var best: (top: Double, baseline: Double)?
        for placed in items {
            guard case .text(let origin, let run) = placed.item else { continue }
            if best.map({ origin.y < $0.top }) ?? true { best = (origin.y, origin.y + run.baseline) }
        }
        return best?.baseline
    }
}

extension ChapterLayout {
    /// Lays out what `content` places in a column of its own (block-start at 0), under
    /// `constraints`, and returns it as a fragment; the parent's column is left as it was, but
    /// for the text offset reached (kept unless `measuring`). `ids` are the element ids
    /// `content` may register as anchors; others it registers stay with the parent.
    func fragment(ids: [String], measuring: Bool, constraints: LayoutConstraints, _ content: () -> Void) -> Fragment {
        var parent = Column(textOffset: column.cursor.lastOffset, constraints: constraints)
        swap(&parent, &column)
        let fresh = ids.filter { parent.anchors[$0] == nil }
        content()
        var leftover: [String: Int] = [:]
        // A table inside the fragment (a cell, a float) is not cut by pages: no header to repeat.
        let made = Fragment(column, ids: fresh, leftover: &leftover, firstUnit: parent.units.count)
        let reached = column.cursor.lastOffset
        swap(&parent, &column)
        // The parent's anchors did not change while it was swapped out: one it knew stays.
        for (id, unit) in leftover where column.anchors[id] == nil { column.anchors[id] = unit }
        if !measuring { column.cursor.lastOffset = reached }
        return made
    }

    /// The min-content and max-content widths of what `content` lays out, measured in a column
    /// of its own under `constraints` and a collector of its own for `cell` (its content lying
    /// in `container`): paragraphs and nested tables report theirs, block images their right
    /// edge. Used for table cells and shrink-to-fit boxes alike.
    func intrinsicWidths(cell: Int32, container: Int32, ids: [String], under constraints: LayoutConstraints,
                         _ content: () -> Void) -> (minimum: Double, maximum: Double) {
        let measure = IntrinsicMeasure(cell: cell, container: container)
        var measuring = constraints
        measuring.measure = measure
        let laid = fragment(ids: ids, measuring: true, constraints: measuring, content)
        for placed in laid.items {
            if case .image(let image) = placed.item { measure.add(minContent: image.rect.maxX, maxContent: image.rect.maxX) }
        }
        return (measure.minContent, measure.maxContent)
    }
}

extension Column {
    /// Adds a fragment's units, items, anchors and boxes, its origin at (`dx`, `dy`) in this
    /// column, its boxes under `parent`; each unit keeps at least `keep` before it. Returns the
    /// index of its first unit.
    @discardableResult
    mutating func insert(_ fragment: Fragment, dx: Double, dy: Double, keep: BreakClass, under parent: Int?) -> Int {
        let first = units.count
        tree.graft(fragment.boxes, under: parent, firstUnit: first, dx: dx, dy: dy)
        for var unit in fragment.units {
            unit.top += dy
            unit.bottom += dy
            unit.breakTop += dy
            unit.forcedTop += dy
            unit.breakBefore = max(unit.breakBefore, keep)
            cursor.lastOffset = max(cursor.lastOffset, unit.end)
            units.append(unit)
        }
        for var item in fragment.items {
            item.move(dx: dx, dy: dy)
            item.firstUnit += first
            item.lastUnit += first
            placed.append(item)
        }
        for anchor in fragment.anchors where anchors[anchor.id] == nil { anchors[anchor.id] = first + anchor.unit }
        return first
    }
}
