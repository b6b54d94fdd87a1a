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
        chapter.column.tree.repeatHeader(RepeatedHeader(units: headerFirst...headerLast, top: top, bottom: bottom, body: bodyFirst...bodyLast))
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

    /// A row's units: one, or one per band of a tall row (`RowBands`).
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
        var covered = [Bool](filled: false, count: grid.rowCount)
        var cellsOfRow = [[Int]](filled: [], count: grid.rowCount)
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
            // A cell's text is read after the start of the cells before it (a label centred
            // beside a long cell comes first), so it goes no higher than the band they start in.
            var byBand: [[(cell: Int, unit: FlowUnit)]] = Array(filled: [], count: bands.tops.count)
            var earlierStart = 0
            for k in cellsOfRow[r] {
                var start: Int?
                for unit in fragments[k].units {
                    let band = bands.tops.count == 1 ? 0 : bands.band(at: unit.top + origins[k].y)
                    if start == nil { start = band }
                    byBand[max(band, earlierStart)].append((k, unit))
                }
                earlierStart = max(earlierStart, start ?? 0)
            }
            let contents = byBand.map(rowText)
            // A band without text (a row's padding and borders) is at the text before it, or
            // the first band at the row's first text; a row without any at its element.
            var elementStart: Int?
            if contents.allSatisfy({ $0.start == nil }), let element = row.node?.source ?? cellsOfRow[r].first.flatMap({ grid.cells[$0].node.source }) {
                elementStart = chapter.offsets.offset(ofElement: Int(element.index))
            }
            var previousEnd = contents.first { $0.start != nil }?.start ?? elementStart
            for (b, bandTop) in bands.tops.enumerated() {
                let bandBottom = b + 1 < bands.tops.count ? bands.tops[b + 1] : bottom
                let content = contents[b]
                let start = content.start ?? previousEnd
                previousEnd = content.end ?? previousEnd
                // A band that ends inside its cells' paragraphs runs on into the next in page text.
                let endsBlock = b + 1 == bands.tops.count || Self.endsParagraphs(byBand[b])
                var text = content.text
                // Its last line's trailing space, which the row's text trims, stays (a line
                // broken after a hyphen or inside a formula has none).
                if !endsBlock, let end = text.last, !end.isWhitespace, byBand[b].last?.unit.text.last?.isWhitespace == true { text += " " }
                let unit = chapter.column.addUnit(top: bandTop, bottom: bandBottom, start: start, end: content.end ?? start, text: text,
                                   breakBefore: b == 0 ? breakBefore : Self.breakClass(at: bandTop, cells: cellsOfRow[r], fragments: fragments, origins: origins))
                chapter.column.units[unit].endsBlock = endsBlock
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

    /// How welcome a break inside a row is at `y` (between lines of its cells): avoided when a
    /// cell's line just below asks so (orphans, widows, a kept-together block), when no cell
    /// has a line below (only padding and borders would go on), or when a cell starts below it
    /// while a later cell of the row has begun above (a label centred beside a long cell: the
    /// page would read the long cell's first lines before it); welcome otherwise. A forced
    /// break inside a cell does not force one inside the row.
    static func breakClass(at y: Double, cells: [Int], fragments: [Fragment], origins: [Point]) -> BreakClass {
        var linesBelow = false
        var laterStarted = false
        for k in cells.reversed() {
            let units = fragments[k].units
            guard let first = units.first else { continue }
            let started = first.top + origins[k].y < y - 0.01
            if !started && laterStarted { return .avoid }
            laterStarted = laterStarted || started
        }
        for k in cells {
            let units = fragments[k].units, local = y - origins[k].y
            // The cell's first unit at or below the cut (its units go down the cell).
            var low = 0, high = units.count
            while low < high {
                let mid = (low + high) / 2
                if units[mid].top < local - 0.01 { low = mid + 1 } else { high = mid }
            }
            // Above a cell's first line is no break inside it, nor below its last.
            if low > 0, low < units.count, units[low].breakBefore == .avoid { return .avoid }
            linesBelow = linesBelow || low < units.count
        }
        return linesBelow ? .normal : .avoid
    }

    /// Whether each cell with units in a band (given in the row's order) ends a paragraph or
    /// block at the band's foot.
    static func endsParagraphs(_ units: [(cell: Int, unit: FlowUnit)]) -> Bool {
        var ends = true
        for (k, entry) in units.enumerated() where k + 1 == units.count || units[k + 1].cell != entry.cell {
            ends = ends && entry.unit.endsBlock
        }
        return ends
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
