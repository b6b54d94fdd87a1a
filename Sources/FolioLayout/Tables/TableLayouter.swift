import FolioStyle

/// Tables: the table wrapper box (margins, breaks, captions) around the table box and its
/// rows, each row one unit of the flow.
/// https://www.w3.org/TR/CSS2/tables.html
struct TableLayouter {
    let chapter: ChapterLayout

    /// Lays out a table element (or an inline table, as a block) in a containing block.
    func layoutTable(_ node: StyledNode, x: Double, width: Double) {
        layoutTable(node, children: chapter.document.children(of: node), container: nil, x: x, width: width)
    }

    /// Whether a display value is one of a table's parts, which outside a table get an
    /// anonymous table around them.
    static func isTablePart(_ display: Display) -> Bool {
        switch display {
        case .tableRowGroup, .tableHeaderGroup, .tableFooterGroup, .tableRow, .tableCell, .tableCaption, .tableColumn, .tableColumnGroup:
            true
        case .block, .inline, .inlineBlock, .listItem, .none, .table, .inlineTable, .ruby, .rubyText, .contents:
            false
        }
    }

    /// A table part outside a table: it and its consecutive table-part siblings are laid out
    /// as one anonymous table (CSS 2.1 §17.2.1, rule 3); the siblings are then skipped.
    func layoutMisparentedTablePart(_ node: StyledNode, x: Double, width: Double) {
        // The run's later parts were laid out with its first (which may come again: measured, then laid out).
        if let run = chapter.memo.anonymousRuns[node.parent], node.index > run.first, node.index <= run.last { return }
        var parts: [StyledNode] = [], blanks: [StyledNode] = []
        var index = node.index
        let end = chapter.column.constraints.anonymousCellEnds[node.parent] ?? .max
        while index >= 0 && index <= end {
            let sibling = chapter.document.nodes[Int(index)]
            index = sibling.nextSibling
            if sibling.kind == .text {
                guard (sibling.text ?? "").allSatisfy(\.isWhitespace) else { break }
                blanks.append(sibling)
            } else if sibling.computed.box.display == .none {
                continue
            } else if sibling.kind == .element, TableLayouter.isTablePart(sibling.computed.box.display) {
                parts += blanks
                parts.append(sibling)
                blanks.removeAll()
            } else {
                break
            }
        }
        guard let last = parts.last else { return }
        chapter.memo.anonymousRuns[node.parent] = (node.index, last.index)
        guard node.parent >= 0 else { return }
        let parent = chapter.document.nodes[Int(node.parent)]
        var table = parent
        table.style = chapter.interner.intern(TableGridBuilder.anonymousStyle(inside: parent.computed, display: .table))
        // A key of its own for the open boxes, never a real node's.
        table.index = Int32.min + node.index
        layoutTable(table, children: parts, container: parent, x: x, width: width)
    }

    /// Lays out a table whose children are `children`; `container` is the parent of an
    /// anonymous table's parts.
    func layoutTable(_ node: StyledNode, children: [StyledNode], container: StyledNode?, x: Double, width: Double) {
        var grid = TableGridBuilder.build(children, table: node, document: chapter.document, interner: chapter.interner)
        var style = node.computed
        if chapter.usesCells { style = chapter.snapTableToCells(&grid, style: style, width: width) }
        let captionMinimum = captionMinimumWidth(grid, width: width)
        let plan = planTable(grid, style: style, width: width, captionMinimum: captionMinimum)
        if let measure = chapter.column.constraints.measure {
            // Inside a cell being measured: the table reports its widths and places nothing.
            let parent = container ?? (node.parent >= 0 ? chapter.document.nodes[Int(node.parent)] : nil)
            var widths = plan.intrinsic
            widths.minimum = max(widths.minimum, captionMinimum + plan.margin.left + plan.margin.right)
            widths.maximum = max(widths.maximum, widths.minimum)
            if let parent { widths = chapter.cells.contribution(of: parent, minContent: widths.minimum, maxContent: widths.maximum, in: measure) }
            measure.add(minContent: widths.minimum, maxContent: widths.maximum)
            return
        }
        if plan.columns.squeezed, !chapter.usesCells {
            chapter.warn("layout.box-narrowed", "a table is narrowed below its narrowest (\(Int(plan.intrinsic.minimum.rounded())) px) "
                         + "to fit the page: its cells wrap inside words", about: node.source ?? container?.source)
        }

        // The wrapper box holds the table's margins and breaks, around captions and table box.
        var wrapperStyle = style
        wrapperStyle.box.width = .auto
        wrapperStyle.box.minWidth = .auto
        wrapperStyle.box.maxWidth = .none
        wrapperStyle.box.boxSizing = .contentBox
        wrapperStyle.border.width = Edges(all: 0)
        wrapperStyle.box.padding = Edges(all: .zero)
        let wrapper = BoxMetrics(wrapperStyle, available: width, shrinkToFit: max(plan.borderBoxWidth, captionMinimum))
        var left = x + wrapper.contentX
        let boxWidth = wrapper.contentWidth
        if chapter.usesCells {
            // On a whole column of the terminal: snapped where the page's column has it.
            let inline = chapter.column.origin.x
            left = CellMetric.snappedLeft(left + inline, width: boxWidth, limit: x + width + inline) - inline
        }

        let wrapperBox = chapter.column.tree.open(.tableWrapper, node: node.index, style: style, first: chapter.column.units.count)
        if node.index >= 0, let id = node.source?.attribute("id"), chapter.column.anchors[id] == nil { chapter.column.anchors[id] = chapter.column.units.count }
        chapter.column.cursor.margins.add(chapter.blockSpace(wrapper.margin.top))
        let captions = grid.captions.filter { $0.computed.rareInherited.captionSide == .top }
        for caption in captions { layoutCaption(caption, x: left, width: boxWidth) }
        let rowsStart = chapter.column.units.count

        var boxStyle = style
        boxStyle.box.margin = Edges(all: .zero)
        boxStyle.box.width = .auto
        boxStyle.box.height = .auto
        boxStyle.box.minHeight = .auto
        boxStyle.box.boxSizing = .contentBox
        boxStyle.box.breakBefore = .auto
        boxStyle.box.breakAfter = .auto
        if plan.collapse != nil {
            // Collapsed borders are drawn by the cells; the table's padding does not apply.
            boxStyle.border.width = Edges(all: 0)
            boxStyle.box.padding = Edges(all: .zero)
        }
        var box = node
        box.style = chapter.interner.intern(boxStyle)
        var tableHeight: Double?
        if let height = BlockLayouter.verticalLength(style.box.height) {
            tableHeight = style.box.boxSizing == .borderBox ? height - plan.frame.top - plan.frame.bottom : height
        }
        chapter.blocks.layoutBox(box, x: left, metrics: BoxMetrics(boxStyle, available: boxWidth)) { contentX, _ in
            layoutRows(plan, x: contentX, tableHeight: tableHeight)
        }
        // The outermost table's cells are set: what measuring kept for them and they did not take goes.
        if !chapter.column.constraints.isInCell { chapter.memo.cellParagraphs.measured.removeAll() }
        if !captions.isEmpty && chapter.column.units.count > rowsStart { chapter.column.units[rowsStart].breakBefore = max(chapter.column.units[rowsStart].breakBefore, .avoid) }

        let bottomStart = chapter.column.units.count
        for caption in grid.captions where caption.computed.rareInherited.captionSide == .bottom {
            layoutCaption(caption, x: left, width: boxWidth)
        }
        if bottomStart > rowsStart && chapter.column.units.count > bottomStart {
            chapter.column.units[bottomStart].breakBefore = max(chapter.column.units[bottomStart].breakBefore, .avoid)
        }
        chapter.column.cursor.margins.add(chapter.blockSpace(wrapper.margin.bottom))
        chapter.column.tree.close(wrapperBox, end: chapter.column.units.count)
    }

    /// The narrowest the table box may be for its captions: their longest word (or widest
    /// image) with their margins, borders and padding. A table of no rows but a caption, or
    /// of narrow columns, is as wide as that, not a pixel.
    private func captionMinimumWidth(_ grid: TableGrid, width: Double) -> Double {
        grid.captions.reduce(0.0) { widest, caption in
            let metrics = BoxMetrics(caption.computed, available: width)
            let sides = metrics.margin.left + metrics.margin.right + metrics.border.left + metrics.border.right
                + metrics.padding.left + metrics.padding.right
            return max(widest, chapter.blocks.minContentWidth(of: caption, width: width, inside: chapter.column.constraints) + sides)
        }
    }

    /// A caption: a block as wide as the table box, above or below it.
    private func layoutCaption(_ caption: StyledNode, x: Double, width: Double) {
        chapter.blocks.layoutBox(caption, x: x, metrics: BoxMetrics(caption.computed, available: width)) { x, width in
            chapter.blocks.layoutChildren(of: caption, x: x, width: width)
        }
    }
}
