import FolioStyle
import FolioText
import FolioXML

/// Block boxes: margins, borders, padding, backgrounds, breaks, and their children.
/// https://www.w3.org/TR/CSS2/visuren.html#block-formatting
extension ChapterBuilder {
    /// Whether a node takes part in block layout (as opposed to a line's content).
    func isBlockLevel(_ node: StyledNode) -> Bool {
        let box = node.computed.box
        if box.float != .none || box.position == .absolute || box.position == .fixed { return box.display != .none }
        switch box.display {
        case .block, .listItem, .table, .inlineTable, .tableRowGroup, .tableHeaderGroup, .tableFooterGroup, .tableRow, .tableCell,
             .tableCaption, .tableColumn, .tableColumnGroup:
            return true
        case .inline, .inlineBlock, .ruby, .rubyText, .contents, .none:
            return false
        }
    }

    /// Lays out a block-level box whose containing block starts at `x` and is `width` wide.
    func layoutBlock(_ node: StyledNode, x: Double, width: Double) {
        if node.computed.box.display == .table || node.computed.box.display == .inlineTable {
            layoutTable(node, x: x, width: width)
            return
        }
        let node = snappedToCells(node, basis: width)
        let style = node.computed
        if style.box.float != .none && !tableState.isActive {
            layoutFloat(node, x: x, width: width)
            return
        }
        if isTablePart(style.box.display) {
            layoutMisparentedTablePart(node, x: x, width: width)
            return
        }
        if isReplaced(node) {
            requestBreak(style.box.breakBefore)
            layoutBlockImage(node, x: x, width: width)
            requestBreak(style.box.breakAfter)
            return
        }
        let metrics = BoxMetrics(style, available: width, minimumContent: minimumContentWidth(of: node), keepsBorders: usesCells)
        layoutBox(node, x: x, metrics: metrics) { builder, contentX, contentWidth in
            builder.layoutChildren(of: node, x: contentX, width: contentWidth)
        }
    }

    /// Stacks a box with `metrics` at `x`: its break rules, collapsing margins, borders and
    /// background around what `content` places inside its content box.
    func layoutBox(_ node: StyledNode, x: Double, metrics: BoxMetrics,
                   content: (ChapterBuilder, _ x: Double, _ width: Double) -> Void) {
        let style = node.computed
        requestBreak(style.box.breakBefore)
        if let id = node.source?.attribute("id"), node.kind == .element, anchors[id] == nil { anchors[id] = units.count }
        let avoidInside = style.box.breakInside != .auto
        clearFloats(style.box.clear)
        let firstUnit = units.count

        margins.add(metrics.margin.top)
        let key = Int(node.index)
        let slot = reserveSlot()
        let topEdge = metrics.border.top + metrics.padding.top
        var top: Double
        if topEdge > 0 {
            flushMargin()
            top = y
            notePageTop(top)
            y += topEdge
        } else {
            openTops.append(key)
            top = .nan
        }

        content(self, x + metrics.contentX, metrics.contentWidth)

        if let resolved = boxTops.removeValue(forKey: key) { top = resolved }
        openTops.removeAll { $0 == key }
        if top.isNaN { top = y }
        // A fixed height or min-height holds the box open; content taller than it still
        // pushes what follows down (nothing is drawn over).
        var contentHeight = y - top - topEdge
        if let minimum = verticalLength(style.box.height) ?? verticalLength(style.box.minHeight), minimum > contentHeight {
            if units.count == firstUnit || !margins.isEmpty { flushMargin() }
            y += minimum - max(0, contentHeight)
            contentHeight = minimum
        }
        let bottomEdge = metrics.border.bottom + metrics.padding.bottom
        if bottomEdge > 0 {
            flushMargin()
            y += bottomEdge
        }
        let bottom = y
        margins.add(metrics.margin.bottom)

        let lastUnit: Int
        if units.count == firstUnit {
            // Nothing inside: the box itself is the unit (an `hr`, an empty bordered box).
            guard bottom > top else {
                requestBreak(style.box.breakAfter)
                placed[slot] = nil
                return
            }
            lastUnit = addUnit(top: top, bottom: bottom)
        } else {
            lastUnit = units.count - 1
            units[lastUnit].bottom = max(units[lastUnit].bottom, bottom)
            units[lastUnit].endsBlock = true
            if avoidInside {
                for k in (firstUnit + 1)..<units.count { units[k].breakBefore = max(units[k].breakBefore, .avoid) }
            }
        }
        let rect = Rect(x: x + metrics.borderX, y: top, width: metrics.borderWidth, height: bottom - top)
        placed[slot] = paint(style, rect: rect, firstUnit: firstUnit, lastUnit: lastUnit)
        if let border = border(style, rect: rect) { place(.border(border), first: firstUnit, last: lastUnit) }
        requestBreak(style.box.breakAfter)
    }

    /// The narrowest a nested box's content gets before its indentation gives way.
    var minimumContentWidth: Double { context.page.contentWidth * 0.5 }

    /// The same for a block: four fifths of the page for the page's own boxes (`html` and
    /// `body`), whose side margins stand beside the reader's page margin — a book's
    /// `body { margin: 0 15em 0 6em }`, meant for a desktop window, leaves a phone a column of
    /// a few words; reading systems keep the page to the reader's margin.
    func minimumContentWidth(of node: StyledNode) -> Double {
        let isPageBox = node.kind == .element && (node.source.map {
            $0.isElement("body", namespace: Namespace.xhtml) || $0.isElement("html", namespace: Namespace.xhtml)
        } ?? false)
        return isPageBox ? context.page.contentWidth * 0.8 : minimumContentWidth
    }

    /// A fixed vertical length in px (percentages of an unknown height are `auto`).
    func verticalLength(_ value: LengthPercentageOrAuto) -> Double? {
        if case .length(let l) = value, let px = l.fixed { return px }
        return nil
    }

    /// The background colour of a box, if it has one.
    func paint(_ style: ComputedStyle, rect: Rect, firstUnit: Int, lastUnit: Int) -> PlacedItem? {
        let color = style.resolve(style.background.color)
        guard color.alpha > 0, rect.width > 0, rect.height > 0 else { return nil }
        return PlacedItem(item: .fill(rect, color), firstUnit: firstUnit, lastUnit: lastUnit)
    }

    func border(_ style: ComputedStyle, rect: Rect) -> BorderItem? {
        let b = style.border
        guard b.width.top > 0 || b.width.right > 0 || b.width.bottom > 0 || b.width.left > 0 else { return nil }
        let colors = Edges(top: style.resolve(b.color.top), right: style.resolve(b.color.right),
                           bottom: style.resolve(b.color.bottom), left: style.resolve(b.color.left))
        let r = b.radius
        let radii = [r.topLeft, r.topRight, r.bottomRight, r.bottomLeft].map { $0.horizontal.resolve(against: rect.width) }
        return BorderItem(rect: rect, widths: b.width, styles: b.style, colors: colors, radii: radii)
    }

    /// Lays out the children of a block container: runs of inline-level content become
    /// paragraphs, block-level children stack between them.
    func layoutChildren(of node: StyledNode, x: Double, width: Double) {
        var paragraph = PendingParagraph(block: node, x: x, width: width)
        // A block's text decoration reaches the text of its in-flow descendants.
        let outer = blockDecoration
        blockDecoration = PropagatedDecoration(node.computed, inside: outer)
        defer { blockDecoration = outer }
        if let fallback = node.text, node.kind == .element {
            // MathML is not typeset: a `math` box shows its text (alttext, an annotation, its tokens).
            paragraph.addText(fallback, style: decorated(node.style, blockDecoration), node: -1)
        }
        var child = node.firstChild
        while child >= 0 {
            let n = document.nodes[Int(child)]
            addContent(n, to: &paragraph, decoration: blockDecoration, link: nil)
            child = n.nextSibling
        }
        flushParagraph(&paragraph)
    }
}
