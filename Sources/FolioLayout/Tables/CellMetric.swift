import FolioStyle

/// Tables under the cell metric (terminal pages), where a border is a box-drawing line one
/// cell thick: every drawn border takes a whole column (or row), paddings, spacing, column
/// widths and row heights are whole cells, and the table starts on a whole column. Text and
/// borders then never share a cell, and two neighbouring cells draw the line between them in
/// the same column, joined (`┬`, `┼`) rather than doubled. Bordered boxes are snapped the
/// same way, so a box's text never shares a cell with its line.
enum CellMetric {
    /// The size of a terminal cell in CSS px (as `MediaEnvironment.terminal` sizes one).
    static let cell = (width: 8.0, height: 16.0)

    /// Whether a border edge of `width` in `kind` is drawn (a width, and a style that shows).
    static func draws(_ width: Double, _ kind: BorderStyle) -> Bool {
        width > 0 && kind != .none && kind != .hidden
    }

    /// Whether any edge of the box's border is drawn.
    static func drawsBorder(_ style: ComputedStyle) -> Bool {
        let b = style.border
        return draws(b.width.top, b.style.top) || draws(b.width.right, b.style.right) || draws(b.width.bottom, b.style.bottom)
            || draws(b.width.left, b.style.left)
    }

    /// Whether the box's border draws a line at its left or right edge.
    static func drawsSides(_ style: ComputedStyle) -> Bool {
        draws(style.border.width.left, style.border.style.left) || draws(style.border.width.right, style.border.style.right)
    }

    /// A box's style with its drawn borders one cell wide and its paddings and border
    /// spacing whole cells (percentages resolved against `basis`; paddings of half a cell
    /// round down).
    static func snapped(_ style: ComputedStyle, basis: Double) -> ComputedStyle {
        var out = style
        let b = style.border, p = style.box.padding
        func line(_ width: Double, _ kind: BorderStyle, _ size: Double) -> Double { draws(width, kind) ? size : 0 }
        out.border.width = Edges(top: line(b.width.top, b.style.top, cell.height), right: line(b.width.right, b.style.right, cell.width),
                                 bottom: line(b.width.bottom, b.style.bottom, cell.height), left: line(b.width.left, b.style.left, cell.width))
        // Half a cell or less of padding is none: a terminal row is as tall as a line of text.
        func whole(_ value: LengthPercentage, _ size: Double) -> LengthPercentage {
            .px((max(0, value.resolve(against: basis)) / size - 0.5 - 1e-6).rounded(.up) * size)
        }
        out.box.padding = Edges(top: whole(p.top, cell.height), right: whole(p.right, cell.width),
                                bottom: whole(p.bottom, cell.height), left: whole(p.left, cell.width))
        out.rareInherited.borderSpacing.horizontal = Self.whole(style.rareInherited.borderSpacing.horizontal, cell.width)
        out.rareInherited.borderSpacing.vertical = Self.whole(style.rareInherited.borderSpacing.vertical, cell.height)
        return out
    }

    /// `value` rounded to the nearest multiple of `size`.
    static func whole(_ value: Double, _ size: Double) -> Double {
        value.isFinite ? (value / size).rounded() * size : 0
    }

    /// Whether a table's columns need a column of space between them in cells: the table
    /// keeps them apart by a few px (the UA's 1 px of padding on each side of a cell and 2 px
    /// of spacing, or the book's own), which round to no column, and draws no line between
    /// them. Text browsers put a space there too; without it "10" and "dinners" in
    /// neighbouring cells read as "10dinners". Only in a table as wide as its content asks
    /// (`width: auto`): one given a width (a budget set at 45 % to stand beside another) would
    /// pay for the spaces by wrapping its text.
    static func keepsColumnsApart(_ grid: TableGrid, table: ComputedStyle, snapped: ComputedStyle, basis: Double) -> Bool {
        guard grid.columnCount > 1, case .auto = table.box.width,
              snapped.rareInherited.borderCollapse == .collapse || snapped.rareInherited.borderSpacing.horizontal == 0 else {
            return false
        }
        // Columns and column groups draw lines between columns too, in a collapsed table.
        let columns = grid.columns.flatMap { [$0.node?.computed, $0.group?.computed] }.compactMap { $0 }
        guard !columns.contains(where: drawsSides), !grid.cells.contains(where: { drawsSides($0.style) }) else { return false }
        return table.rareInherited.borderCollapse == .separate && table.rareInherited.borderSpacing.horizontal > 0
            || grid.cells.contains { $0.style.box.padding.left.resolve(against: basis) > 0 || $0.style.box.padding.right.resolve(against: basis) > 0 }
    }

    /// A table's left edge on a whole column: the nearest one, or the one before when the
    /// nearest would push a table `width` wide past `limit`.
    static func snappedLeft(_ left: Double, width: Double, limit: Double) -> Double {
        let nearest = whole(left, cell.width)
        return nearest + width > limit + 0.01 ? (left / cell.width).rounded(.down) * cell.width : nearest
    }

    /// Column widths in whole columns, adding up to at most the whole columns of their sum:
    /// each rounded down (at least one column), then the columns left over given to those
    /// that lost the most (the leftmost on a tie).
    static func wholeColumns(_ widths: [Double]) -> [Double] {
        guard !widths.isEmpty else { return widths }
        let unit = cell.width
        let total = Int((widths.reduce(0, +) / unit + 1e-6).rounded(.down))
        var columns = widths.map { max(1, Int(($0 / unit + 1e-6).rounded(.down))) }
        let remainder = widths.indices.map { widths[$0] / unit - Double(columns[$0]) }
        let order = widths.indices.sorted { remainder[$0] != remainder[$1] ? remainder[$0] > remainder[$1] : $0 < $1 }
        var spare = total - columns.reduce(0, +)
        var k = 0
        while spare > 0 {
            columns[order[k % order.count]] += 1
            spare -= 1
            k += 1
        }
        return columns.map { Double($0) * unit }
    }
}

extension ChapterLayout {
    /// The node with its style snapped to cells (`CellMetric.snapped`) when the cell metric
    /// is in use and the box draws a border; otherwise the node as it is.
    func snappedToCells(_ node: StyledNode, basis: Double) -> StyledNode {
        cellSnapped(node, basis: basis) ?? node
    }

    /// The node snapped to cells, or nil when it stays as it is: a caller laying out the node
    /// itself then copies nothing (a node copied retains six of its fields).
    func cellSnapped(_ node: StyledNode, basis: Double) -> StyledNode? {
        guard usesCells, CellMetric.drawsBorder(node.computed) else { return nil }
        let snapped = CellMetric.snapped(node.computed, basis: basis)
        guard snapped != node.computed else { return nil }
        var out = node
        out.style = interner.intern(snapped)
        return out
    }

    /// The table's style for the cell metric, after snapping its cells' styles in `grid`:
    /// borders one cell wide, paddings and `border-spacing` rounded to whole cells. A
    /// separated table whose spacing rounds to nothing in either direction collapses its
    /// borders, since a terminal cannot draw two lines in one cell.
    func snapTableToCells(_ grid: inout TableGrid, style: ComputedStyle, width: Double) -> ComputedStyle {
        var table = CellMetric.snapped(style, basis: width)
        let spacing = table.rareInherited.borderSpacing
        if spacing.horizontal == 0 || spacing.vertical == 0 { table.rareInherited.borderCollapse = .collapse }
        let keepsColumnsApart = CellMetric.keepsColumnsApart(grid, table: style, snapped: table, basis: width)
        for k in grid.cells.indices {
            var snapped = CellMetric.snapped(grid.cells[k].style, basis: width)
            let cell = grid.cells[k]
            if keepsColumnsApart && cell.column + cell.columnSpan < grid.columnCount && snapped.box.padding.right.resolve(against: width) == 0 {
                snapped.box.padding.right = .px(CellMetric.cell.width)
            }
            if snapped != grid.cells[k].style { grid.cells[k].node.style = interner.intern(snapped) }
        }
        return table
    }
}
