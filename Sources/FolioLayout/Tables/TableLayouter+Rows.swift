import FolioStyle

/// Table rows: cells laid out at their columns' widths, rows as tall as their tallest cell,
/// cells aligned in them; each row becomes one unit of the flow, with its cells' text in
/// reading order and their content, backgrounds and borders as its items.
/// https://www.w3.org/TR/CSS2/tables.html#height-layout
extension TableLayouter {
    /// Lays out a planned table's rows in the table box's content box, which starts at `x`;
    /// `tableHeight` is the table's `height` (of that content box).
    func layoutRows(_ plan: TablePlan, x: Double, tableHeight: Double?) {
        chapter.column.flushMargin()
        let grid = plan.grid, cells = grid.cells
        guard grid.rowCount > 0, grid.columnCount > 0 else { return }
        var geometry = TableGeometry(plan, x: x)
        let fragments = cells.indices.map { k in
            let width = geometry.span(cells[k]).width - plan.insets[k].left - plan.insets[k].right
            return chapter.cells.layOutCell(cells[k], width: max(1, width), squeezed: plan.columns.squeezed)
        }
        let needs = cells.indices.map { need(of: cells[$0], fragment: fragments[$0], insets: plan.insets[$0]) }
        let minimums = grid.rows.map { row in row.node.flatMap { BlockLayouter.verticalLength($0.computed.box.height) } ?? 0 }
        geometry.placeRows(needs: needs, minimums: minimums, top: chapter.column.blockEnd, tableHeight: tableHeight)
        let origins = cells.indices.map { k in
            let box = geometry.box(cells[k])
            return Point(x: box.x + plan.insets[k].left, y: box.y + plan.insets[k].top + geometry.shift(k, needs[k]))
        }
        let rows = emitRows(plan, fragments: fragments, origins: origins, geometry: geometry)
        chapter.column.blockEnd = geometry.bottom
        paintCells(plan, fragments: fragments, origins: origins, geometry: geometry, rows: rows)
        noteRepeatedHeader(grid, rows: rows)
    }

    /// Records the table's leading header group for pages the body runs onto, when it is a
    /// header worth repeating: rows of its own, under a third of a page tall.
    private func noteRepeatedHeader(_ grid: TableGrid, rows: [RowUnits]) {
        guard let first = grid.rows.first, grid.groups[first.group].isHeader else { return }
        let headerRows = grid.groups[first.group].rows
        guard headerRows.upperBound < rows.count,
              let headerFirst = rows[headerRows.lowerBound].units.first, let headerLast = rows[headerRows.upperBound - 1].units.last,
              let bodyFirst = rows[headerRows.upperBound].units.first, let bodyLast = rows.last?.units.last else { return }
        let top = chapter.column.units[headerFirst].top, bottom = chapter.column.units[headerLast].bottom
        guard bottom - top > 0, bottom - top < chapter.context.page.contentHeight / 3 else { return }
        chapter.column.repeatedHeaders.append(RepeatedHeader(units: headerFirst...headerLast, top: top, bottom: bottom, body: bodyFirst...bodyLast))
    }

    /// What a cell's content asks of its rows: its height (at least its `height`) and baseline.
    private func need(of cell: TableGrid.Cell, fragment: Fragment, insets: Edges<Double>) -> TableGeometry.Need {
        var content = fragment.height
        if let height = BlockLayouter.verticalLength(cell.style.box.height) {
            content = max(content, cell.style.box.boxSizing == .borderBox ? height - insets.top - insets.bottom : height)
        }
        return TableGeometry.Need(height: insets.top + content + insets.bottom, baseline: insets.top + (fragment.baseline ?? content),
                                  alignment: TableGeometry.Alignment(cell.style))
    }

    /// Places the cells' backgrounds, then their borders, then their content (CSS 2.1
    /// §17.5.1: borders over every background), each with the units of the rows it spans.
    private func paintCells(_ plan: TablePlan, fragments: [Fragment], origins: [Point], geometry: TableGeometry, rows: [RowUnits]) {
        let cells = plan.grid.cells
        func hidden(_ k: Int) -> Bool {
            plan.collapse == nil && cells[k].style.rareInherited.emptyCells == .hide && fragments[k].isEmpty
        }
        func first(_ cell: TableGrid.Cell) -> Int { rows[cell.row].units[0] }
        func last(_ cell: TableGrid.Cell) -> Int { rows[cell.rows.upperBound - 1].units.last ?? first(cell) }
        for (k, cell) in cells.enumerated() {
            var rect = geometry.box(cell)
            if plan.inCells {
                // Not under the cells of its borders: a box-drawing line keeps the page colour.
                let inset = plan.collapse?.halves(of: cell) ?? cell.style.border.width
                rect = Rect(x: rect.x + inset.left, y: rect.y + inset.top, width: max(0, rect.width - inset.left - inset.right),
                            height: max(0, rect.height - inset.top - inset.bottom))
            }
            for color in backgroundLayers(cell, in: plan.grid, showCell: !hidden(k)) {
                chapter.column.place(.fill(rect, color), first: first(cell), last: last(cell))
            }
        }
        for (k, cell) in cells.enumerated() {
            let box = geometry.box(cell)
            let border = plan.collapse.map { $0.border(of: cell, box: box) } ?? (hidden(k) ? nil : BlockLayouter.border(cell.style, rect: box))
            if let border { chapter.column.place(.border(border), first: first(cell), last: last(cell)) }
        }
        for (k, cell) in cells.enumerated() {
            let fragment = fragments[k], origin = origins[k]
            // Each item goes with the row (and band) its unit starts in.
            func unit(at index: Int) -> Int {
                guard fragment.units.indices.contains(index) else { return last(cell) }
                let top = fragment.units[index].top + origin.y
                return rows[geometry.row(at: top, in: cell)].unit(at: top)
            }
            for item in fragment.items {
                chapter.column.place(item.item.moved(dx: origin.x, dy: origin.y), first: unit(at: item.firstUnit), last: unit(at: item.lastUnit))
            }
            if cell.content == nil, let id = cell.node.source?.attribute("id"), chapter.column.anchors[id] == nil { chapter.column.anchors[id] = first(cell) }
            for anchor in fragment.anchors where chapter.column.anchors[anchor.id] == nil { chapter.column.anchors[anchor.id] = unit(at: anchor.unit) }
        }
    }

    /// A row's units: one, or one per band of a row taller than a page.
    struct RowUnits {
        var tops: [Double]
        var units: [Int]

        /// The band holding what starts at `y`: the last whose top is at or above it (the tops
        /// ascend: by bisection).
        func band(at y: Double) -> Int {
            var low = 0, high = tops.count
            while low < high {
                let mid = (low + high) / 2
                if tops[mid] <= y + 0.01 { low = mid + 1 } else { high = mid }
            }
            return max(0, low - 1)
        }

        func unit(at y: Double) -> Int { units[band(at: y)] }
    }

    /// Adds each row's units: their cells' text and offsets, and the breaks between them.
    private func emitRows(_ plan: TablePlan, fragments: [Fragment], origins: [Point], geometry: TableGeometry) -> [RowUnits] {
        let grid = plan.grid
        var covered = [Bool](repeating: false, count: grid.rowCount)
        var cellsOfRow = [[Int]](repeating: [], count: grid.rowCount)
        for (k, cell) in grid.cells.enumerated() {
            cellsOfRow[cell.row].append(k)
            for r in cell.rows.dropFirst() { covered[r] = true }
        }
        var rows: [RowUnits] = []
        var groupBox: Int?
        for (r, row) in grid.rows.enumerated() {
            let group = grid.groups[row.group]
            let opensGroup = group.rows.lowerBound == r, closesGroup = group.rows.upperBound - 1 == r
            if opensGroup { groupBox = chapter.column.tree.open(.rowGroup, node: group.node?.index ?? -1, style: group.node?.computed, first: chapter.column.units.count) }
            let rowBox = chapter.column.tree.open(.row, node: row.node?.index ?? -1, style: row.node?.computed, first: chapter.column.units.count)
            // Kept together: rows a cell spans, a group that avoids breaks inside, the header and the first row after it.
            var breakBefore = BreakClass.normal
            if covered[r] || (!opensGroup && group.node.map { $0.computed.box.breakInside != .auto } ?? false)
                || (opensGroup && r > 0 && grid.groups[grid.rows[r - 1].group].isHeader) {
                breakBefore = .avoid
            }
            var top = geometry.rowTop[r], bottom = geometry.rowTop[r] + geometry.heights[r]
            if let collapse = plan.collapse {
                // Collapsed borders straddle the grid lines: a row's unit holds both halves.
                top -= (collapse.horizontal[r].map(\.width).max() ?? 0) / 2
                bottom += (collapse.horizontal[r + 1].map(\.width).max() ?? 0) / 2
            }
            let pieces = cellsOfRow[r].flatMap { k in fragments[k].units.map { (top: $0.top + origins[k].y, bottom: $0.bottom + origins[k].y) } }
            var bands = RowUnits(tops: RowBands.tops(of: pieces, from: top, to: bottom, pageHeight: chapter.context.page.contentHeight), units: [])
            // Each cell's units by band, found once (not once per band: a row cut over hundreds
            // of pages has as many bands).
            var byBand: [[(cell: Int, unit: FlowUnit)]] = Array(repeating: [], count: bands.tops.count)
            for k in cellsOfRow[r] {
                for unit in fragments[k].units {
                    byBand[bands.tops.count == 1 ? 0 : bands.band(at: unit.top + origins[k].y)].append((k, unit))
                }
            }
            for (b, bandTop) in bands.tops.enumerated() {
                let bandBottom = b + 1 < bands.tops.count ? bands.tops[b + 1] : bottom
                let content = rowText(byBand[b])
                var start = content.start
                if start == nil, let element = row.node?.source ?? cellsOfRow[r].first.flatMap({ grid.cells[$0].node.source }) {
                    start = chapter.offsets.offset(ofElement: Int(element.index))
                }
                let unit = chapter.column.addUnit(top: bandTop, bottom: bandBottom, start: start, end: content.end, text: content.text,
                                   breakBefore: b == 0 ? breakBefore : .normal)
                chapter.column.units[unit].endsBlock = true
                bands.units.append(unit)
            }
            rows.append(bands)
            if let id = row.node?.source?.attribute("id"), chapter.column.anchors[id] == nil { chapter.column.anchors[id] = bands.units[0] }
            if opensGroup, let id = group.node?.source?.attribute("id"), chapter.column.anchors[id] == nil { chapter.column.anchors[id] = bands.units[0] }
            chapter.column.tree.close(rowBox, end: chapter.column.units.count)
            if closesGroup, let box = groupBox { chapter.column.tree.close(box, end: chapter.column.units.count) }
        }
        return rows
    }

    /// The scalars that make a `Character` a newline (`Character.isNewline`).
    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// A row's text, one line: its cells' text in order (of the units given, by cell in the
    /// row's order), separated by tabs, and the offsets it spans.
    private func rowText(_ units: [(cell: Int, unit: FlowUnit)]) -> (text: String, start: Int?, end: Int?) {
        var texts: [String] = []
        var start: Int?, end: Int?
        var i = 0
        while i < units.count {
            let k = units[i].cell
            var text = ""
            while i < units.count, units[i].cell == k {
                let unit = units[i].unit
                i += 1
                // A row is one line of page text: line breaks inside a cell become spaces. Most
                // units are one line already: those are added whole, not character by character.
                if !unit.text.unicodeScalars.contains(where: Self.isNewline) {
                    text += unit.text
                } else {
                    for character in unit.text {
                        if character.isNewline {
                            if let last = text.last, !last.isWhitespace { text.append(" ") }
                        } else {
                            text.append(character)
                        }
                    }
                }
                if unit.endsBlock, let last = text.last, !last.isWhitespace { text += " " }
                start = min(start ?? unit.start, unit.start)
                end = max(end ?? unit.end, unit.end)
            }
            while let last = text.last, last.isWhitespace { text.removeLast() }
            if !text.isEmpty { texts.append(text) }
        }
        return (texts.joined(separator: "\t"), start, end)
    }

    /// The backgrounds under a cell, bottom first: column group, column, row group, row,
    /// cell (CSS 2.1 §17.5.1); layers under an opaque one are left out.
    private func backgroundLayers(_ cell: TableGrid.Cell, in grid: TableGrid, showCell: Bool) -> [RGBA] {
        var layers: [ComputedStyle] = []
        if let column = grid.column(cell.column) {
            if let group = column.group { layers.append(group.computed) }
            if let node = column.node { layers.append(node.computed) }
        }
        let row = grid.rows[cell.row]
        if let group = grid.groups[row.group].node { layers.append(group.computed) }
        if let node = row.node { layers.append(node.computed) }
        if showCell { layers.append(cell.style) }
        let colors = layers.map { $0.resolve($0.background.color) }.filter { $0.alpha > 0 }
        let opaque = colors.lastIndex { $0.alpha >= 1 } ?? 0
        return Array(colors[min(opaque, colors.count)...])
    }
}
