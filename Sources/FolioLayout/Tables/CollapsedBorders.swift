import FolioStyle

/// The borders of a table in the collapsing border model: every grid line segment gets the
/// one border that wins among those of the cells, rows, row groups, columns, column groups
/// and table that meet there.
/// https://www.w3.org/TR/CSS2/tables.html#border-conflict-resolution
struct CollapsedBorders {
    /// One candidate border (or the winner) of a grid line segment.
    struct Edge: Hashable {
        var width: Double
        var style: BorderStyle
        var color: RGBA
        var origin: Origin

        static let none = Edge(width: 0, style: .none, color: .black, origin: .table)
    }

    /// Where a border comes from; on a tie, the later case wins.
    enum Origin: Int, Comparable {
        case table, columnGroup, column, rowGroup, row, cell
        static func < (a: Origin, b: Origin) -> Bool { a.rawValue < b.rawValue }
    }

    enum Side { case top, right, bottom, left }

    let rows: Int
    let columns: Int
    /// `horizontal[r][c]`: the line above row `r` (the table's bottom for `r == rows`) over column `c`.
    private(set) var horizontal: [[Edge]]
    /// `vertical[r][c]`: the line left of column `c` (the table's right for `c == columns`) beside row `r`.
    private(set) var vertical: [[Edge]]

    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        horizontal = Array(filled: Array(filled: .none, count: columns), count: rows + 1)
        vertical = Array(filled: Array(filled: .none, count: columns + 1), count: rows)
    }

    /// Resolves the borders of a grid.
    init(_ grid: TableGrid, table: borrowing ComputedStyle) {
        self.init(rows: grid.rowCount, columns: grid.columnCount)
        let allRows = 0..<rows, allColumns = 0..<columns
        // Lowest origin first: an equal border replaces one only from a higher origin, so
        // between two cells the one nearer the top left keeps a tie.
        offerBox(table, origin: .table, rows: allRows, columns: allColumns)
        var k = 0
        while k < min(grid.columns.count, columns) {
            if let group = grid.columns[k].group {
                var end = k + 1
                while end < min(grid.columns.count, columns), grid.columns[end].group?.index == group.index { end += 1 }
                offerBox(group.computed, origin: .columnGroup, rows: allRows, columns: k..<end)
            }
            if let column = grid.columns[k].node { offerBox(column.computed, origin: .column, rows: allRows, columns: k..<(k + 1)) }
            k += 1
        }
        for group in grid.groups {
            if let node = group.node { offerBox(node.computed, origin: .rowGroup, rows: group.rows, columns: allColumns) }
        }
        for (r, row) in grid.rows.enumerated() {
            if let node = row.node { offerBox(node.computed, origin: .row, rows: r..<(r + 1), columns: allColumns) }
        }
        for cell in grid.cells {
            offerBox(cell.style, origin: .cell, rows: cell.rows, columns: cell.columns)
        }
    }

    /// A box's four borders offered to the grid lines around `rows` × `columns`.
    mutating func offerBox(_ style: ComputedStyle, origin: Origin, rows: Range<Int>, columns: Range<Int>) {
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let top = Self.edge(style, .top, origin), bottom = Self.edge(style, .bottom, origin)
        let left = Self.edge(style, .left, origin), right = Self.edge(style, .right, origin)
        for c in columns where c < self.columns {
            offer(top, at: &horizontal[rows.lowerBound][c])
            offer(bottom, at: &horizontal[min(rows.upperBound, self.rows)][c])
        }
        for r in rows where r < self.rows {
            offer(left, at: &vertical[r][columns.lowerBound])
            offer(right, at: &vertical[r][min(columns.upperBound, self.columns)])
        }
    }

    private func offer(_ candidate: Edge, at slot: inout Edge) {
        if Self.wins(candidate, over: slot) { slot = candidate }
    }

    /// CSS 2.1 §17.6.2.1: `hidden` wins; then the wider; then the style (double, solid,
    /// dashed, dotted, ridge, outset, groove, inset); then the origin (cell over row over row
    /// group over column over column group over table). On a full tie the first offered stays.
    static func wins(_ a: Edge, over b: Edge) -> Bool {
        if b.style == .hidden { return false }
        if a.style == .hidden { return true }
        if a.width != b.width { return a.width > b.width }
        if a.style != b.style { return rank(a.style) > rank(b.style) }
        return a.origin > b.origin
    }

    static func rank(_ style: BorderStyle) -> Int {
        switch style {
        case .double: 9
        case .solid: 8
        case .dashed: 7
        case .dotted: 6
        case .ridge: 5
        case .outset: 4
        case .groove: 3
        case .inset: 2
        case .none: 0
        case .hidden: 10
        }
    }

    static func edge(_ style: ComputedStyle, _ side: Side, _ origin: Origin) -> Edge {
        let b = style.border
        let width: Double, kind: BorderStyle, color: CSSColor
        switch side {
        case .top: (width, kind, color) = (b.width.top, b.style.top, b.color.top)
        case .right: (width, kind, color) = (b.width.right, b.style.right, b.color.right)
        case .bottom: (width, kind, color) = (b.width.bottom, b.style.bottom, b.color.bottom)
        case .left: (width, kind, color) = (b.width.left, b.style.left, b.color.left)
        }
        return Edge(width: kind == .hidden ? 0 : width, style: kind, color: style.resolve(color), origin: origin)
    }

    /// Every drawn border one cell thick: `height` for the lines between rows, `width` for
    /// those between columns (after conflict resolution, which compares the real widths).
    mutating func snapToCells(width: Double, height: Double) {
        func snapped(_ edge: Edge, _ size: Double) -> Edge {
            var edge = edge
            if edge.width > 0 { edge.width = size }
            return edge
        }
        for r in horizontal.indices { horizontal[r] = horizontal[r].map { snapped($0, height) } }
        for r in vertical.indices { vertical[r] = vertical[r].map { snapped($0, width) } }
    }

    // MARK: Reading the winners

    /// The widest winner along one side of a cell (a spanning cell meets several segments).
    func edge(of cell: TableGrid.Cell, _ side: Side) -> Edge {
        var segments: [Edge] = []
        switch side {
        case .top: segments = cell.columns.filter { $0 < columns }.map { horizontal[cell.row][$0] }
        case .bottom: segments = cell.columns.filter { $0 < columns }.map { horizontal[min(cell.rows.upperBound, rows)][$0] }
        case .left: segments = cell.rows.filter { $0 < rows }.map { vertical[$0][cell.column] }
        case .right: segments = cell.rows.filter { $0 < rows }.map { vertical[$0][min(cell.columns.upperBound, columns)] }
        }
        return segments.max { $0.width < $1.width } ?? .none
    }

    /// The widest border on the table's outer edge, for the half that lies outside the grid.
    func outer(_ side: Side) -> Double {
        switch side {
        case .top: horizontal.first?.map(\.width).max() ?? 0
        case .bottom: horizontal.last?.map(\.width).max() ?? 0
        case .left: vertical.map { $0.first?.width ?? 0 }.max() ?? 0
        case .right: vertical.map { $0.last?.width ?? 0 }.max() ?? 0
        }
    }

    /// Half of each side's border: what a cell's content is inset by.
    func halves(of cell: TableGrid.Cell) -> Edges<Double> {
        Edges(top: edge(of: cell, .top).width / 2, right: edge(of: cell, .right).width / 2,
              bottom: edge(of: cell, .bottom).width / 2, left: edge(of: cell, .left).width / 2)
    }

    /// The border a cell draws: over its box grown by half of each border, so that two
    /// neighbours draw the same line in the same place.
    func border(of cell: TableGrid.Cell, box: Rect) -> BorderItem? {
        let top = edge(of: cell, .top), right = edge(of: cell, .right), bottom = edge(of: cell, .bottom), left = edge(of: cell, .left)
        guard top.width > 0 || right.width > 0 || bottom.width > 0 || left.width > 0 else { return nil }
        let rect = Rect(x: box.x - left.width / 2, y: box.y - top.width / 2,
                        width: box.width + (left.width + right.width) / 2, height: box.height + (top.width + bottom.width) / 2)
        return BorderItem(rect: rect, widths: Edges(top: top.width, right: right.width, bottom: bottom.width, left: left.width),
                          styles: Edges(top: top.style, right: right.style, bottom: bottom.style, left: left.style),
                          colors: Edges(top: top.color, right: right.color, bottom: bottom.color, left: left.color))
    }
}
