import FolioStyle

/// A table's horizontal plan: its grid, border model, each cell's insets and the column
/// widths, before anything is placed.
/// https://www.w3.org/TR/CSS2/tables.html#model
struct TablePlan {
    var grid: TableGrid
    /// The border model: the resolved borders when they collapse, else `border-spacing`.
    var borders: TableBorders
    /// The table's margins (`auto` as 0).
    var margin: Edges<Double>
    /// The table box's border and padding; in the collapsing model, half of its outer
    /// borders (which lie inside the box, around the grid).
    var frame: Edges<Double>
    /// Each cell's padding plus its border (its own, or half the collapsed one), by index in `grid.cells`.
    var insets: [Edges<Double>]
    var columns: TableColumnWidths.Result
    /// The table's `width` (of its border box), when it has a fixed one.
    var fixedWidth: Double?
    /// Laid out with the cell metric: rows are whole rows (columns, borders and paddings are
    /// whole cells already).
    var inCells = false

    var collapse: CollapsedBorders? { borders.collapse }
    var spacing: BorderSpacing { borders.spacing }

    /// The columns and the spacing around them.
    var gridWidth: Double {
        let widths = columns.widths
        guard !widths.isEmpty else { return 0 }
        return widths.reduce(0, +) + spacing.horizontal * Double(widths.count + 1)
    }

    var borderBoxWidth: Double { gridWidth + frame.left + frame.right }

    /// The table's min-content and max-content widths, margins included.
    var intrinsic: (minimum: Double, maximum: Double) {
        let extras = frame.left + frame.right + margin.left + margin.right
        var low = columns.minimum + extras, high = columns.maximum + extras
        if let fixedWidth {
            low = max(low, fixedWidth + margin.left + margin.right)
            high = low
        }
        return (low, max(low, high))
    }
}

extension TableLayouter {
    /// Plans a table in a containing block `width` wide: cells are measured (automatic
    /// layout) or the first row read (`table-layout: fixed` with a `width`), then the columns
    /// get their widths, together at least `captionMinimum` (a border-box width: the
    /// captions' longest word, CSS 2.1 §17.5.2.2's CAPMIN).
    func planTable(_ grid: TableGrid, style: ComputedStyle, width: Double, captionMinimum: Double = 0) -> TablePlan {
        var collapse = style.rareInherited.borderCollapse == .collapse ? CollapsedBorders(grid, table: style) : nil
        if chapter.usesCells { collapse?.snapToCells(width: CellMetric.cell.width, height: CellMetric.cell.height) }
        var spacing = style.rareInherited.borderSpacing
        if collapse != nil || grid.columnCount == 0 {
            spacing.horizontal = 0
            spacing.vertical = 0
        }
        let frame: Edges<Double>
        if let collapse {
            frame = Edges(top: collapse.outer(.top) / 2, right: collapse.outer(.right) / 2,
                          bottom: collapse.outer(.bottom) / 2, left: collapse.outer(.left) / 2)
        } else {
            let b = style.border.width, p = style.box.padding
            func pad(_ v: LengthPercentage) -> Double { max(0, v.resolve(against: width)) }
            frame = Edges(top: b.top + pad(p.top), right: b.right + pad(p.right), bottom: b.bottom + pad(p.bottom), left: b.left + pad(p.left))
        }
        func fixedMargin(_ value: LengthPercentageOrAuto) -> Double {
            if case .length(let l) = value { return l.resolve(against: width) }
            return 0
        }
        let m = style.box.margin
        let margin = Edges(top: fixedMargin(m.top), right: fixedMargin(m.right), bottom: fixedMargin(m.bottom), left: fixedMargin(m.left))
        let available = max(0, width - max(0, margin.left) - max(0, margin.right) - frame.left - frame.right)
        var tableWidth: Double?, fixedWidth: Double?
        if case .length(let l) = style.box.width {
            let w = l.resolve(against: width)
            let box = style.box.boxSizing == .borderBox ? w : w + frame.left + frame.right
            tableWidth = max(0, box - frame.left - frame.right)
            if l.fixed != nil { fixedWidth = max(box, frame.left + frame.right) }
        }

        let insets = grid.cells.map { cellInsets($0, collapse: collapse, available: available) }
        let columnWidths = grid.columns.prefix(grid.columnCount).map { column -> TableColumnWidths.Specified in
            guard let style = column.node?.computed else { return .auto }
            return specifiedWidth(style, insets: Edges(all: 0), basis: available)
        }
        var result: TableColumnWidths.Result
        if style.box.tableLayout == .fixed, let tableWidth {
            let firstRow = grid.cells.indices.filter { grid.cells[$0].row == 0 }.map { k in
                TableColumnWidths.Request(columns: grid.cells[k].columns, minimum: 0, maximum: 0,
                                          specified: specifiedWidth(grid.cells[k].style, insets: insets[k], basis: available))
            }
            result = TableColumnWidths.fixed(count: grid.columnCount, firstRow: firstRow, columns: columnWidths,
                                             gap: spacing.horizontal, available: available, tableWidth: tableWidth)
        } else {
            let requests = grid.cells.indices.map { k in
                let cell = grid.cells[k], inset = insets[k]
                let measured = chapter.cells.measureCell(cell, width: available)
                let sides = inset.left + inset.right
                return TableColumnWidths.Request(columns: cell.columns, minimum: measured.minimum + sides, maximum: measured.maximum + sides,
                                                 specified: specifiedWidth(cell.style, insets: inset, basis: available))
            }
            result = TableColumnWidths.automatic(count: grid.columnCount, requests: requests, columns: columnWidths,
                                                 gap: spacing.horizontal, available: available, tableWidth: tableWidth,
                                                 atLeast: captionMinimum - frame.left - frame.right)
        }
        if chapter.usesCells { result.widths = CellMetric.wholeColumns(result.widths) }
        return TablePlan(grid: grid, borders: TableBorders(collapse: collapse, spacing: spacing), margin: margin, frame: frame,
                         insets: insets, columns: result, fixedWidth: fixedWidth, inCells: chapter.usesCells)
    }

    /// A cell's padding plus its border: its own in the separated model, half the resolved
    /// one in the collapsing model (the other half belongs to its neighbour).
    func cellInsets(_ cell: TableGrid.Cell, collapse: CollapsedBorders?, available: Double) -> Edges<Double> {
        let style = cell.style
        let p = style.box.padding
        func pad(_ v: LengthPercentage) -> Double { max(0, v.resolve(against: available)) }
        let border = collapse?.halves(of: cell) ?? style.border.width
        return Edges(top: border.top + pad(p.top), right: border.right + pad(p.right),
                     bottom: border.bottom + pad(p.bottom), left: border.left + pad(p.left))
    }

    /// A cell's or column's `width` as the column algorithms take it: a border-box width in
    /// px, or a percentage of the table.
    func specifiedWidth(_ style: ComputedStyle, insets: Edges<Double>, basis: Double) -> TableColumnWidths.Specified {
        guard case .length(let length) = style.box.width else { return .auto }
        if case .percent(let p) = length { return .percent(p) }
        let w = length.resolve(against: basis)
        return .px(style.box.boxSizing == .borderBox ? w : w + insets.left + insets.right)
    }
}

/// A table's border model: the resolved borders when the table uses the collapsing model, and
/// `border-spacing` (0 in the collapsing model).
struct TableBorders {
    var collapse: CollapsedBorders?
    var spacing: BorderSpacing
}
