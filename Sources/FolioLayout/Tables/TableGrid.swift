import FolioStyle

/// A table's parts placed in grid slots: its captions, columns, row groups, rows and cells,
/// built from display values, with anonymous rows and cells wrapping what is missing, and
/// `colspan`/`rowspan` taking slots.
/// https://www.w3.org/TR/CSS2/tables.html#anonymous-boxes ·
/// https://html.spec.whatwg.org/multipage/tables.html#forming-a-table
struct TableGrid {
    struct Cell {
        /// The cell's node; for an anonymous cell, a copy of the node whose children it wraps,
        /// with the anonymous cell's style.
        var node: StyledNode
        /// An anonymous cell's content (a run of its parent's children); nil for a real cell.
        var content: [StyledNode]?
        var row: Int
        var column: Int
        var rowSpan: Int
        var columnSpan: Int

        var style: ComputedStyle { node.computed }
        var rows: Range<Int> { row..<(row + rowSpan) }
        var columns: Range<Int> { column..<(column + columnSpan) }
    }

    struct Row {
        /// The row's node; nil for an anonymous row.
        var node: StyledNode?
        var group: Int
    }

    struct Group {
        /// The row group's node; nil for rows directly in the table.
        var node: StyledNode?
        var rows: Range<Int>
        var isHeader: Bool { node?.computed.box.display == .tableHeaderGroup }
    }

    struct Column {
        var node: StyledNode?
        var group: StyledNode?
    }

    var captions: [StyledNode] = []
    var groups: [Group] = []
    var rows: [Row] = []
    /// Columns declared by `col`/`colgroup` (possibly fewer than `columnCount`).
    var columns: [Column] = []
    /// In document order: row by row, cell by cell.
    var cells: [Cell] = []
    var columnCount = 0
    var rowCount: Int { rows.count }

    /// The column element of a column, if one declares it.
    func column(_ index: Int) -> Column? {
        columns.indices.contains(index) ? columns[index] : nil
    }
}

/// Builds a `TableGrid` from a table's children.
struct TableGridBuilder {
    let document: StyledDocument
    let interner: StyleInterner
    private(set) var grid = TableGrid()
    /// The rows of the group being gathered, each with its cells not yet placed.
    private var pendingRows: [(node: StyledNode?, cells: [TableGrid.Cell])] = []
    private var pendingGroup: StyledNode?

    init(document: StyledDocument, interner: StyleInterner) {
        self.document = document
        self.interner = interner
    }

    /// The grid of a table whose children are `children`; `table` is the table's node (for
    /// anonymous parts' inherited style).
    static func build(_ children: [StyledNode], table: StyledNode, document: StyledDocument, interner: StyleInterner) -> TableGrid {
        var builder = TableGridBuilder(document: document, interner: interner)
        builder.addTableChildren(children, table: table)
        return builder.grid
    }

    private mutating func addTableChildren(_ children: [StyledNode], table: StyledNode) {
        var loose: [StyledNode] = []
        func flushLoose(_ builder: inout TableGridBuilder) {
            guard !loose.isEmpty else { return }
            builder.addRow(nil, content: loose, parent: table)
            loose.removeAll()
        }
        for child in children where child.computed.box.display != .none {
            switch child.computed.box.display {
            case .tableCaption:
                flushLoose(&self)
                grid.captions.append(child)
            case .tableColumnGroup:
                flushLoose(&self)
                addColumnGroup(child)
            case .tableColumn:
                flushLoose(&self)
                addColumns(child, group: nil)
            case .tableRowGroup, .tableHeaderGroup, .tableFooterGroup:
                flushLoose(&self)
                closeGroup()
                pendingGroup = child
                addRows(of: child)
                closeGroup()
            case .tableRow:
                flushLoose(&self)
                addRow(child, content: document.children(of: child), parent: child)
            default:
                if !isBlank(child) || !loose.isEmpty { loose.append(child) }
            }
        }
        flushLoose(&self)
        closeGroup()
        grid.columnCount = max(grid.columnCount, grid.columns.count)
    }

    /// A row group's rows: runs of other children become anonymous rows.
    private mutating func addRows(of group: StyledNode) {
        var loose: [StyledNode] = []
        for child in document.children(of: group) where child.computed.box.display != .none {
            if child.computed.box.display == .tableRow {
                if !loose.isEmpty { addRow(nil, content: loose, parent: group) }
                loose.removeAll()
                addRow(child, content: document.children(of: child), parent: child)
            } else if !isBlank(child) || !loose.isEmpty {
                loose.append(child)
            }
        }
        if !loose.isEmpty { addRow(nil, content: loose, parent: group) }
    }

    /// A row's cells: table-cell children, and runs of anything else in anonymous cells.
    private mutating func addRow(_ row: StyledNode?, content: [StyledNode], parent: StyledNode) {
        var cells: [TableGrid.Cell] = []
        var loose: [StyledNode] = []
        func flushLoose() {
            while let last = loose.last, isBlank(last) { loose.removeLast() }
            guard !loose.isEmpty else { return }
            var node = parent
            node.style = interner.intern(Self.anonymousStyle(inside: parent.computed, display: .tableCell))
            // A key of its own for layout's open boxes, never a real node's.
            node.index = -2 - parent.index
            cells.append(TableGrid.Cell(node: node, content: loose, row: 0, column: 0, rowSpan: 1, columnSpan: 1))
            loose.removeAll()
        }
        for child in content where child.computed.box.display != .none {
            switch child.computed.box.display {
            case .tableCell:
                flushLoose()
                let element = child.source
                let columnSpan = Self.span(element?.attribute("colspan"), default: 1, range: 1...1000)
                let rowSpan = Self.span(element?.attribute("rowspan"), default: 1, range: 0...65534)
                cells.append(TableGrid.Cell(node: child, content: nil, row: 0, column: 0, rowSpan: rowSpan, columnSpan: columnSpan))
            case .tableColumn, .tableColumnGroup:
                // Columns hold no content: out of place in a row, they are dropped.
                continue
            default:
                if !isBlank(child) || !loose.isEmpty { loose.append(child) }
            }
        }
        flushLoose()
        pendingRows.append((row, cells))
    }

    /// Places the gathered rows' cells in slots; a `rowspan` never reaches past its group.
    private mutating func closeGroup() {
        defer { pendingRows.removeAll(); pendingGroup = nil }
        guard !pendingRows.isEmpty else { return }
        let first = grid.rows.count
        let count = pendingRows.count
        let groupIndex = grid.groups.count
        grid.groups.append(TableGrid.Group(node: pendingGroup, rows: first..<(first + count)))
        // Rows still taken by cells above, per column.
        var taken: [Int] = []
        for (k, row) in pendingRows.enumerated() {
            grid.rows.append(TableGrid.Row(node: row.node, group: groupIndex))
            var column = 0
            for var cell in row.cells {
                while column < taken.count && taken[column] > 0 { column += 1 }
                let left = count - k
                cell.rowSpan = cell.rowSpan == 0 ? left : min(cell.rowSpan, left)
                cell.row = first + k
                // Bounded, so that a hostile table cannot ask for millions of slots; cells past
                // the limit share the last column.
                column = min(column, Self.maxColumns - 1)
                cell.column = column
                cell.columnSpan = min(cell.columnSpan, Self.maxColumns - column)
                if taken.count < column + cell.columnSpan { taken += Array(filled: 0, count: column + cell.columnSpan - taken.count) }
                for c in cell.columns { taken[c] = max(taken[c], cell.rowSpan) }
                column += cell.columnSpan
                grid.columnCount = max(grid.columnCount, column)
                grid.cells.append(cell)
            }
            for c in taken.indices where taken[c] > 0 { taken[c] -= 1 }
        }
    }

    private mutating func addColumnGroup(_ group: StyledNode) {
        let columns = document.children(of: group).filter { $0.computed.box.display == .tableColumn }
        if columns.isEmpty {
            let span = Self.span(group.source?.attribute("span"), default: 1, range: 1...1000)
            grid.columns += Array(filled: TableGrid.Column(node: nil, group: group), count: min(span, Self.maxColumns - grid.columns.count))
        }
        for column in columns { addColumns(column, group: group) }
    }

    private mutating func addColumns(_ column: StyledNode, group: StyledNode?) {
        let span = Self.span(column.source?.attribute("span"), default: 1, range: 1...1000)
        grid.columns += Array(filled: TableGrid.Column(node: column, group: group), count: min(span, Self.maxColumns - grid.columns.count))
    }

    /// White space between table parts, which makes no anonymous cell.
    private func isBlank(_ node: StyledNode) -> Bool {
        guard node.kind == .text else { return false }
        return (node.text ?? "").unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}" }
    }

    /// The most columns a table has (HTML's limit on one `colspan`).
    static let maxColumns = 1000

    static func span(_ value: String?, default fallback: Int, range: ClosedRange<Int>) -> Int {
        guard let value else { return fallback }
        let digits = value.drop { $0 == " " || $0 == "\t" || $0 == "\n" }.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(digits) else { return fallback }
        return min(max(number, range.lowerBound), range.upperBound)
    }

    /// An anonymous box's style: the inherited properties of its parent, the rest initial.
    static func anonymousStyle(inside parent: ComputedStyle, display: Display) -> ComputedStyle {
        var style = ComputedStyle.initial
        style.font = parent.font
        style.text = parent.text
        style.rareInherited = parent.rareInherited
        style.box.display = display
        return style
    }
}
