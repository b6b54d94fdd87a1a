import FolioStyle
import FolioText

/// A cell's content laid out on its own, from the top-left corner of its content box,
/// waiting to be moved into its row.
struct CellFragment {
    /// The units the content made (their text and offsets become the row's).
    var units: [FlowUnit]
    /// What they draw; unit indices count in `units`.
    var items: [PlacedItem]
    /// Ids of elements inside the cell and the unit (in `units`) each starts at.
    var anchors: [(id: String, unit: Int)]
    /// The content's height, the last child's bottom margin included.
    var height: Double
    /// The first line's baseline, if the cell has a line of text.
    var baseline: Double?

    var isEmpty: Bool { units.isEmpty && items.isEmpty }
}

/// Table cells: their content laid out apart from the chapter's column, measured for column
/// widths, and wrapped inside words rather than overflowing a narrow column.
/// https://www.w3.org/TR/CSS2/tables.html#auto-table-layout
extension ChapterBuilder {
    /// Lays out a cell's content at `width` and takes it back out of the chapter.
    func layOutCell(_ cell: TableGrid.Cell, width: Double, squeezed: Bool) -> CellFragment {
        tableState.cellDepth += 1
        if squeezed { tableState.squeezedDepth += 1 }
        defer {
            tableState.cellDepth -= 1
            if squeezed { tableState.squeezedDepth -= 1 }
        }
        return layOutFragment(ids: elementIDs(in: cell), measuring: false) { layoutCellContent(cell, x: 0, width: width) }
    }

    /// A cell's min-content and max-content widths (of its content box): its paragraphs and
    /// nested tables report theirs (`prepareCellParagraph`), block images their width.
    /// `width` is what boxes and images inside are laid out against meanwhile.
    func measureCell(_ cell: TableGrid.Cell, width: Double) -> (minimum: Double, maximum: Double) {
        let saved = tableState.measure
        let container = cell.content == nil ? cell.node.index : -2 - cell.node.index
        tableState.measure = IntrinsicMeasure(cell: cell.node.index, container: container)
        let fragment = layOutFragment(ids: elementIDs(in: cell), measuring: true) { layoutCellContent(cell, x: 0, width: width) }
        var measure = tableState.measure ?? IntrinsicMeasure(cell: cell.node.index, container: container)
        tableState.measure = saved
        for placed in fragment.items {
            if case .image(let image) = placed.item { measure.add(minContent: image.rect.maxX, maxContent: image.rect.maxX) }
        }
        return (measure.minContent, measure.maxContent)
    }

    func layoutCellContent(_ cell: TableGrid.Cell, x: Double, width: Double) {
        guard let content = cell.content else {
            layoutChildren(of: cell.node, x: x, width: width)
            return
        }
        var paragraph = PendingParagraph(block: cell.node, x: x, width: width)
        for node in content { addContent(node, to: &paragraph, decoration: nil, link: nil) }
        flushParagraph(&paragraph)
    }

    /// Lays out what `content` places as a column of its own starting at y = 0 and takes it
    /// back out: the builder is left as it was, but for the text offset reached (kept unless
    /// `measuring`). `ids` are the element ids `content` may register as anchors.
    func layOutFragment(ids: [String], measuring: Bool, _ content: () -> Void) -> CellFragment {
        let saved = (y: y, margins: margins, openTops: openTops, boxTops: boxTops, breakTop: pendingBreakTop,
                     forcedTop: pendingForcedTop, breakClass: pendingBreak, marker: pendingMarker, offset: lastOffset, floats: floats)
        let firstUnit = units.count, firstSlot = placed.count
        let fresh = ids.filter { anchors[$0] == nil }
        y = 0
        margins = MarginCollapser()
        openTops = []
        boxTops = [:]
        pendingBreakTop = nil
        pendingForcedTop = nil
        pendingBreak = .normal
        pendingMarker = nil
        floats = []

        content()

        let height = y + margins.take()
        let made = Array(units[firstUnit...])
        var items: [PlacedItem] = []
        for case var item? in placed[firstSlot...] {
            item.firstUnit -= firstUnit
            item.lastUnit -= firstUnit
            items.append(item)
        }
        units.removeSubrange(firstUnit...)
        placed.removeSubrange(firstSlot...)
        // A table inside the fragment (a cell, a float) is not cut by pages: no header to repeat.
        repeatedHeaders.removeAll { $0.units.lowerBound >= firstUnit }
        var found: [(id: String, unit: Int)] = []
        for id in fresh {
            if let unit = anchors.removeValue(forKey: id) { found.append((id, unit - firstUnit)) }
        }
        y = saved.y
        margins = saved.margins
        openTops = saved.openTops
        boxTops = saved.boxTops
        pendingBreakTop = saved.breakTop
        pendingForcedTop = saved.forcedTop
        pendingBreak = saved.breakClass
        pendingMarker = saved.marker
        floats = saved.floats
        if measuring { lastOffset = saved.offset }
        return CellFragment(units: made, items: items, anchors: found, height: height, baseline: firstBaseline(items))
    }

    /// The baseline of the topmost text.
    private func firstBaseline(_ items: [PlacedItem]) -> Double? {
        var best: (top: Double, baseline: Double)?
        for placed in items {
            guard case .text(let origin, let run) = placed.item else { continue }
            if best.map({ origin.y < $0.top }) ?? true { best = (origin.y, origin.y + run.baseline) }
        }
        return best?.baseline
    }

    /// The ids of the elements inside a cell.
    func elementIDs(in cell: TableGrid.Cell) -> [String] {
        var ids: [String] = []
        var stack = cell.content ?? document.children(of: cell.node)
        while let node = stack.popLast() {
            if node.kind == .element, let id = node.source?.attribute("id") { ids.append(id) }
            var child = node.firstChild
            while child >= 0 {
                stack.append(document.nodes[Int(child)])
                child = document.nodes[Int(child)].nextSibling
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
        if let measure = tableState.measure {
            let widths = intrinsicWidths(input)
            let contribution = self.contribution(of: paragraph.block, minContent: widths.minContent,
                                                 maxContent: widths.maxContent, in: measure)
            tableState.measure?.add(minContent: contribution.minimum, maxContent: contribution.maximum)
            return false
        }
        input.items = input.items.map { item in
            guard case .text(let text, let shared, let source) = item else { return item }
            return .text(text, style: wrappingInCell(shared), source: source)
        }
        return true
    }

    private func wrappingInCell(_ shared: SharedStyle) -> SharedStyle {
        let squeezed = tableState.squeezedDepth > 0
        let key = ObjectIdentifier(shared)
        if !squeezed, let known = tableState.wrapping[key] { return known }
        var style = shared.style
        style.text.overflowWrap = .anywhere
        // Text directly in a cell (or an anonymous cell's row or table) carries that box's
        // style: its `vertical-align` places the cell's content, not the text on its line.
        if style.box.display == .table || isTablePart(style.box.display) { style.box.verticalAlign = .keyword(.baseline) }
        if squeezed {
            switch style.text.whiteSpace {
            case .nowrap: style.text.whiteSpace = .normal
            case .pre: style.text.whiteSpace = .preWrap
            case .normal, .preWrap, .preLine, .breakSpaces: break
            }
        }
        let wrapped = style == shared.style ? shared : interner.intern(style)
        if !squeezed { tableState.wrapping[key] = wrapped }
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
            current = document.nodes[Int(current.parent)]
        }
        return (low, max(low, high))
    }
}
