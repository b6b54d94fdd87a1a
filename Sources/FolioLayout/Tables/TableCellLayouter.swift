import FolioStyle
import FolioText

/// Table cells: their content laid out apart from the chapter's column, measured for column
/// widths, and wrapped inside words rather than overflowing a narrow column.
/// https://www.w3.org/TR/CSS2/tables.html#auto-table-layout
struct TableCellLayouter {
    let chapter: ChapterLayout

    /// Lays out a cell's content at `width` and takes it back out of the chapter.
    func layOutCell(_ cell: TableGrid.Cell, width: Double, squeezed: Bool) -> Fragment {
        var inside = chapter.column.constraints
        inside.cellDepth += 1
        if squeezed { inside.squeezedDepth += 1 }
        return chapter.fragment(ids: elementIDs(in: cell), measuring: false, constraints: inside) { layoutCellContent(cell, x: 0, width: width) }
    }

    /// A cell's min-content and max-content widths (of its content box): its paragraphs and
    /// nested tables report theirs (`prepareCellParagraph`), block images their width.
    /// `width` is what boxes and images inside are laid out against meanwhile.
    func measureCell(_ cell: TableGrid.Cell, width: Double) -> (minimum: Double, maximum: Double) {
        let container = cell.content == nil ? cell.node.index : -2 - cell.node.index
        return chapter.intrinsicWidths(cell: cell.node.index, container: container, ids: elementIDs(in: cell),
                                       under: chapter.column.constraints) { layoutCellContent(cell, x: 0, width: width) }
    }

    func layoutCellContent(_ cell: TableGrid.Cell, x: Double, width: Double) {
        guard let content = cell.content else {
            chapter.blocks.layoutChildren(of: cell.node, x: x, width: width)
            return
        }
        let parent = content.first?.parent ?? -1
        let outer = chapter.column.constraints.anonymousCellEnds[parent]
        chapter.column.constraints.anonymousCellEnds[parent] = content.last?.index
        defer { chapter.column.constraints.anonymousCellEnds[parent] = outer }
        var paragraph = PendingParagraph(block: cell.node, x: x, width: width)
        for node in content { chapter.inlines.addContent(node, to: &paragraph, decoration: nil, link: nil) }
        chapter.inlines.flushParagraph(&paragraph)
    }

    /// The ids of the elements inside a cell.
    func elementIDs(in cell: TableGrid.Cell) -> [String] {
        var ids: [String] = []
        // Nodes by their index: a copy of a node retains six of its fields.
        let nodes = chapter.document.nodes
        var stack = (cell.content ?? chapter.document.children(of: cell.node)).map(\.index)
        while let index = stack.popLast() {
            let node = Int(index)
            if nodes[node].kind == .element, let id = nodes[node].source?.attribute("id") { ids.append(id) }
            var child = nodes[node].firstChild
            while child >= 0 {
                stack.append(child)
                child = nodes[Int(child)].nextSibling
            }
        }
        return ids
    }

    // MARK: Paragraphs in cells

    /// Called for every paragraph while table layout is active. While a cell is measured,
    /// records the paragraph's intrinsic widths and returns false (it is not set). Otherwise
    /// lets the text break inside words when a word is wider than the column (and, in a
    /// table squeezed below its min-content, `nowrap` and `pre` text wrap too), and keeps
    /// the cell's `vertical-align` off its text.
    func prepareCellParagraph(_ input: inout ParagraphInput, paragraph: PendingParagraph) -> Bool {
        if let measure = chapter.column.constraints.measure {
            // Measured as it will be set, where that does not change its widths (emergency
            // breaks are not counted, `vertical-align` places lines): the setting then
            // starts from this shaping. A squeezed table's cells wrap `nowrap` text, which does.
            var measured = input
            if chapter.column.constraints.squeezedDepth == 0 { wrapInCell(&measured) }
            let widths = chapter.setter.intrinsicWidths(measured)
            let contribution = self.contribution(of: paragraph.block, minContent: widths.minContent,
                                                 maxContent: widths.maxContent, in: measure)
            measure.add(minContent: contribution.minimum, maxContent: contribution.maximum)
            return false
        }
        wrapInCell(&input)
        return true
    }

    private func wrapInCell(_ input: inout ParagraphInput) {
        input.items = input.items.map { item in
            guard case .text(let text, let shared, let source) = item else { return item }
            return .text(text, style: wrappingInCell(shared), source: source)
        }
    }

    private func wrappingInCell(_ shared: SharedStyle) -> SharedStyle {
        let squeezed = chapter.column.constraints.squeezedDepth > 0
        let key = ObjectIdentifier(shared)
        if !squeezed, let known = chapter.memo.cellParagraphs.wrapping[key] { return known }
        var style = shared.style
        style.text.overflowWrap = .anywhere
        // Text directly in a cell (or an anonymous cell's row or table) carries that box's
        // style: its `vertical-align` places the cell's content, not the text on its line.
        if style.box.display == .table || TableLayouter.isTablePart(style.box.display) { style.box.verticalAlign = .keyword(.baseline) }
        if squeezed {
            switch style.text.whiteSpace {
            case .nowrap: style.text.whiteSpace = .normal
            case .pre: style.text.whiteSpace = .preWrap
            case .normal, .preWrap, .preLine, .breakSpaces: break
            }
        }
        let wrapped = style == shared.style ? shared : chapter.interner.intern(style)
        if !squeezed { chapter.memo.cellParagraphs.wrapping[key] = wrapped }
        return wrapped
    }

    /// Widths of content inside `node` as the measured cell sees them: every box between
    /// adds its padding, borders and fixed margins, and a box with a fixed `width` has that
    /// width whatever its content. https://www.w3.org/TR/css-sizing-3/#intrinsic-contribution
    func contribution(of node: StyledNode, minContent: Double, maxContent: Double,
                      in measure: IntrinsicMeasure) -> (minimum: Double, maximum: Double) {
        var low = minContent, high = maxContent
        var current = node
        while current.index != measure.cell && current.index != measure.container && current.index >= 0 {
            let style = current.computed
            let b = style.border.width, p = style.box.padding
            let extras = b.left + b.right + max(0, p.left.resolve(against: 0)) + max(0, p.right.resolve(against: 0))
            if case .length(let length) = style.box.width, let w = length.fixed {
                let content = style.box.boxSizing == .borderBox ? max(0, w - extras) : w
                low = content
                high = content
            }
            var margins = 0.0
            if case .length(let m) = style.box.margin.left { margins += max(0, m.resolve(against: 0)) }
            if case .length(let m) = style.box.margin.right { margins += max(0, m.resolve(against: 0)) }
            low += extras + margins
            high += extras + margins
            guard current.parent >= 0 else { break }
            current = chapter.document.nodes[Int(current.parent)]
        }
        return (low, max(low, high))
    }
}
