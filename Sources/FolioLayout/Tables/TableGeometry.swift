import FolioStyle

/// Where a planned table's columns and rows fall in the chapter's column, and where each
/// cell's content sits in its box.
/// https://www.w3.org/TR/CSS2/tables.html#height-layout
struct TableGeometry {
    /// How a cell's content sits in its row: `vertical-align` on a cell.
    enum Alignment {
        case top, middle, bottom, baseline

        init(_ style: borrowing ComputedStyle) {
            switch style.box.verticalAlign {
            case .keyword(.top), .keyword(.textTop): self = .top
            case .keyword(.middle): self = .middle
            case .keyword(.bottom), .keyword(.textBottom): self = .bottom
            case .keyword(.baseline), .keyword(.sub), .keyword(.super), .length: self = .baseline
            }
        }
    }

    /// What a cell's laid-out content asks of its rows.
    struct Need {
        /// The cell box's height: its content (or its `height`) and insets.
        var height: Double
        /// The first line's baseline (the content's bottom without one), from the box's top.
        var baseline: Double
        var alignment: Alignment
    }

    /// The plan the geometry places.
    let plan: TablePlan
    var cells: [TableGrid.Cell] { plan.grid.cells }
    var widths: [Double] { plan.columns.widths }
    /// Each column's left edge.
    private(set) var columnX: [Double] = []
    /// Each row's top and height, and where baseline-aligned cells put their first baseline.
    private(set) var rowTop: [Double] = []
    private(set) var heights: [Double] = []
    private(set) var rowBaseline: [Double] = []
    /// The bottom of the grid: its last row, the spacing below and half the collapsed border.
    private(set) var bottom = 0.0
    private var spacing: BorderSpacing { plan.spacing }
    /// In the collapsing model, half the outer borders lie inside the table box, around the grid.
    private var around: Edges<Double> { plan.collapse != nil ? plan.frame : Edges(all: 0) }
    /// The row height rows are whole multiples of (the cell metric's), or nil.
    private var rowUnit: Double? { plan.inCells ? CellMetric.cell.height : nil }

    /// The columns of `plan`, from the table box's content edge `x`.
    init(_ plan: TablePlan, x: Double) {
        self.plan = plan
        var cursor = x + around.left + spacing.horizontal
        for w in widths {
            columnX.append(cursor)
            cursor += w + spacing.horizontal
        }
    }

    /// A cell's left edge and width: its columns and the spacing between them.
    func span(_ cell: TableGrid.Cell) -> (x: Double, width: Double) {
        let last = min(cell.columns.upperBound, widths.count) - 1
        return (columnX[cell.column], columnX[last] + widths[last] - columnX[cell.column])
    }

    /// A cell's box: its border box in the separated model, between grid lines when collapsing.
    func box(_ cell: TableGrid.Cell) -> Rect {
        let (x, width) = span(cell)
        let last = cell.rows.upperBound - 1
        return Rect(x: x, y: rowTop[cell.row], width: width, height: rowTop[last] + heights[last] - rowTop[cell.row])
    }

    /// The row of a cell that `y` falls in.
    func row(at y: Double, in cell: TableGrid.Cell) -> Int {
        var r = cell.row
        while r + 1 < cell.rows.upperBound && rowTop[r + 1] <= y + 0.01 { r += 1 }
        return r
    }

    /// Sizes the rows and places them from `top`: each row is as tall as its `height`
    /// (`minimums`) and its cells (baseline-aligned ones lowered to the row's baseline); cells
    /// spanning rows grow them in proportion; a taller table `height` grows every row alike.
    mutating func placeRows(needs: [Need], minimums: [Double], top: Double, tableHeight: Double?) {
        let vs = spacing.vertical
        heights = minimums
        rowBaseline = Array(filled: 0, count: minimums.count)
        for (k, cell) in cells.enumerated() where needs[k].alignment == .baseline {
            rowBaseline[cell.row] = max(rowBaseline[cell.row], needs[k].baseline)
        }
        for (k, cell) in cells.enumerated() where cell.rowSpan == 1 {
            heights[cell.row] = max(heights[cell.row], needs[k].height + lowering(k, needs[k]))
        }
        for k in cells.indices.filter({ cells[$0].rowSpan > 1 }).sorted(by: { cells[$0].rowSpan < cells[$1].rowSpan }) {
            let rows = cells[k].rows
            let wanted = needs[k].height + lowering(k, needs[k]) - vs * Double(rows.count - 1)
            TableColumnWidths.spread(wanted, over: rows, into: &heights, weights: heights)
        }
        if let tableHeight, !heights.isEmpty {
            let total = heights.reduce(0, +) + vs * Double(heights.count + 1) + around.top + around.bottom
            if tableHeight > total { heights = heights.map { $0 + (tableHeight - total) / Double(heights.count) } }
        }
        if let rowUnit { heights = heights.map { (max(0, $0) / rowUnit - 1e-6).rounded(.up) * rowUnit } }
        rowTop = []
        var cursor = top + around.top + vs
        for h in heights {
            rowTop.append(cursor)
            cursor += h + vs
        }
        bottom = cursor + around.bottom
    }

    /// How far cell `k`'s content moves down in its box.
    func shift(_ k: Int, _ need: Need) -> Double {
        let free = box(cells[k]).height - need.height
        let shift: Double
        switch need.alignment {
        case .top: shift = 0
        case .middle: shift = max(0, free / 2)
        case .bottom: shift = max(0, free)
        case .baseline: shift = lowering(k, need)
        }
        // Whole rows in the cell metric, so that the content stays on the rows between borders.
        guard let rowUnit else { return shift }
        return (shift / rowUnit + 1e-6).rounded(.down) * rowUnit
    }

    /// How far a baseline-aligned cell moves down to its row's baseline.
    private func lowering(_ k: Int, _ need: Need) -> Double {
        need.alignment == .baseline ? max(0, rowBaseline[cells[k].row] - need.baseline) : 0
    }
}
