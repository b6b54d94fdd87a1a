import FolioStyle
import FolioText
import FolioXML

/// Lays out block-level boxes in the column: margins collapsing, borders, padding,
/// backgrounds and breaks around their children, which are blocks or paragraphs.
/// https://www.w3.org/TR/CSS2/visuren.html#block-formatting
struct BlockLayouter {
    let chapter: ChapterLayout

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
            let moved = chapter.positioned.start(node, containingWidth: width)
            chapter.tables.layoutTable(node, x: x, width: width)
            chapter.positioned.finish(moved)
            return
        }
        if let snapped = chapter.cellSnapped(node, basis: width) {
            layoutSnappedBlock(snapped, x: x, width: width)
        } else {
            layoutSnappedBlock(node, x: x, width: width)
        }
    }

    /// `layoutBlock` for a node whose style is snapped to cells already (or needs not be).
    private func layoutSnappedBlock(_ node: StyledNode, x: Double, width: Double) {
        // The style is read in place (`StyledNode.computed`): a copy retains its seven parts.
        if node.computed.box.float != .none && !chapter.column.constraints.isInCell {
            // A float is moved where it is placed (it may be placed later, beside a line).
            chapter.floats.layoutFloat(node, x: x, width: width)
            return
        }
        let moved = chapter.positioned.start(node, containingWidth: width)
        defer { chapter.positioned.finish(moved) }
        if TableLayouter.isTablePart(node.computed.box.display) {
            chapter.tables.layoutMisparentedTablePart(node, x: x, width: width)
            return
        }
        if ReplacedLayouter.isReplaced(node) {
            let box = chapter.column.tree.open(.image, node: node.index, style: node.computed, first: chapter.column.units.count)
            chapter.replaced.layoutBlockImage(node, x: x, width: width)
            chapter.column.tree.close(box, end: chapter.column.units.count)
            return
        }
        let metrics = BoxMetrics(node.computed, available: width, minimumContent: minimumContentWidth(of: node), keepsBorders: chapter.usesCells)
        layoutBox(node, x: x, metrics: metrics) { contentX, contentWidth in
            layoutChildren(of: node, x: contentX, width: contentWidth)
        }
    }

    /// Stacks a box with `metrics` at `x`: its break rules, collapsing margins, borders and
    /// background around what `content` places inside its content box.
    func layoutBox(_ node: StyledNode, x: Double, metrics: BoxMetrics,
                   content: (_ x: Double, _ width: Double) -> Void) {
        // The style is read where it lies (`StyledNode.computed`): a copy costs some 500 instructions.
        let box = chapter.column.tree.open(.block, node: node.index, style: node.computed, first: chapter.column.units.count)
        if node.kind == .element { chapter.column.anchor(node.source?.attribute("id")) }
        chapter.floats.clearFloats(node.computed.box.clear)
        let firstUnit = chapter.column.units.count

        // In cells, padding with no border drawn beside it is space like a margin, and
        // collapses with the margins around it (`ChapterLayout.blockSpace`).
        let padsLikeMargins = (top: chapter.usesCells && metrics.border.top == 0, bottom: chapter.usesCells && metrics.border.bottom == 0)
        chapter.column.cursor.margins.add(chapter.blockSpace(metrics.margin.top))
        if padsLikeMargins.top { chapter.column.cursor.margins.add(chapter.blockSpace(metrics.padding.top)) }
        let key = Int(node.index)
        let slot = chapter.column.reserveSlot()
        let topEdge = metrics.border.top + (padsLikeMargins.top ? 0 : metrics.padding.top)
        var top: Double
        if topEdge > 0 {
            chapter.column.flushMargin()
            top = chapter.column.blockEnd
            chapter.column.cursor.notePageTop(top)
            chapter.column.blockEnd += topEdge
        } else {
            chapter.column.cursor.openTops.append(key)
            top = .nan
        }

        // The content is laid out in its own coordinates, then placed in the box.
        let origin = Point(x: x + metrics.contentX, y: chapter.column.blockEnd)
        let frame = chapter.column.enterBox(at: origin)
        content(0, metrics.contentWidth)
        chapter.column.leaveBox(frame)

        if let resolved = chapter.column.cursor.takeTop(of: key) { top = resolved }
        chapter.column.cursor.openTops.removeAll { $0 == key }
        if top.isNaN { top = chapter.column.blockEnd }
        // A fixed height or min-height holds the box open; content taller than it still
        // pushes what follows down (nothing is drawn over).
        var contentHeight = chapter.column.blockEnd - top - topEdge
        if let minimum = Self.verticalLength(node.computed.box.height) ?? Self.verticalLength(node.computed.box.minHeight), minimum > contentHeight {
            if chapter.column.units.count == firstUnit || !chapter.column.cursor.margins.isEmpty { chapter.column.flushMargin() }
            chapter.column.blockEnd += minimum - max(0, contentHeight)
            contentHeight = minimum
        }
        let bottomEdge = metrics.border.bottom + (padsLikeMargins.bottom ? 0 : metrics.padding.bottom)
        if bottomEdge > 0 {
            chapter.column.flushMargin()
            chapter.column.blockEnd += bottomEdge
        }
        let bottom = chapter.column.blockEnd
        if padsLikeMargins.bottom { chapter.column.cursor.margins.add(chapter.blockSpace(metrics.padding.bottom)) }
        chapter.column.cursor.margins.add(chapter.blockSpace(metrics.margin.bottom))

        let lastUnit: Int
        if chapter.column.units.count == firstUnit {
            // Nothing inside: the box itself is the unit (an `hr`, an empty bordered box).
            guard bottom > top else {
                chapter.column.placed[slot] = nil
                chapter.column.tree.close(box, end: chapter.column.units.count)
                return
            }
            lastUnit = chapter.column.addUnit(top: top, bottom: bottom)
        } else {
            lastUnit = chapter.column.units.count - 1
            chapter.column.units[lastUnit].bottom = max(chapter.column.units[lastUnit].bottom, bottom)
            chapter.column.units[lastUnit].endsBlock = true
        }
        let rect = Rect(x: x + metrics.borderX, y: top, width: metrics.borderWidth, height: bottom - top)
        chapter.column.placed[slot] = Self.paint(node.computed, rect: rect, firstUnit: firstUnit, lastUnit: lastUnit)
        if let border = Self.border(node.computed, rect: rect) { chapter.column.place(.border(border), first: firstUnit, last: lastUnit) }
        chapter.column.tree.close(box, end: chapter.column.units.count, rect: rect)
    }

    /// The narrowest a nested box's content gets before its indentation gives way.
    var minimumContentWidth: Double { chapter.context.page.contentWidth * 0.5 }

    /// The same for a block: four fifths of the page for the page's own boxes (`html` and
    /// `body`), whose side margins stand beside the reader's page margin — a book's
    /// `body { margin: 0 15em 0 6em }`, meant for a desktop window, leaves a phone a column of
    /// a few words; reading systems keep the page to the reader's margin.
    func minimumContentWidth(of node: StyledNode) -> Double {
        let isPageBox = node.kind == .element && (node.source.map {
            $0.isElement("body", namespace: Namespace.xhtml) || $0.isElement("html", namespace: Namespace.xhtml)
        } ?? false)
        return isPageBox ? chapter.context.page.contentWidth * 0.8 : minimumContentWidth
    }

    /// A fixed vertical length in px (percentages of an unknown height are `auto`).
    static func verticalLength(_ value: LengthPercentageOrAuto) -> Double? {
        if case .length(let l) = value, let px = l.fixed { return px }
        return nil
    }

    /// The background colour of a box, if it has one.
    static func paint(_ style: ComputedStyle, rect: Rect, firstUnit: Int, lastUnit: Int) -> PlacedItem? {
        let color = style.resolve(style.background.color)
        guard color.alpha > 0, rect.width > 0, rect.height > 0 else { return nil }
        return PlacedItem(item: .fill(rect, color), firstUnit: firstUnit, lastUnit: lastUnit)
    }

    static func border(_ style: ComputedStyle, rect: Rect) -> BorderItem? {
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
        if let embedded = chapter.replaced.embeddedDocument(node, width: width) {
            // An iframe's document, its first page scaled into the box.
            chapter.column.flushMargin()
            let top = chapter.column.blockEnd
            let offset = node.source.map { chapter.offsets.offset(ofElement: Int($0.index)) }
            let unit = chapter.column.addUnit(top: top, bottom: top + embedded.height, start: offset, end: offset, text: embedded.text)
            for item in embedded.items { chapter.column.place(item.moved(dx: x, dy: top), first: unit, last: unit) }
            chapter.column.blockEnd = top + embedded.height
            return
        }
        var paragraph = PendingParagraph(block: node, x: x, width: width)
        // A block's text decoration reaches the text of its in-flow descendants.
        let outer = chapter.column.constraints.decoration
        let decoration = PropagatedDecoration(node.computed, inside: outer, block: true)
        chapter.column.constraints.decoration = decoration
        defer { chapter.column.constraints.decoration = outer }
        let inlines = chapter.inlines
        if case .pseudo = node.kind, let text = node.text {
            // A generated box (`::before` as an inline-block) holds its generated text.
            paragraph.addText(text, style: node.style, node: -1)
        }
        if let formula = chapter.math.formula(node, width: width) {
            chapter.math.add(formula, of: node, to: &paragraph)
        } else if let fallback = chapter.math.text(node), node.kind == .element {
            // A formula that cannot be drawn shows its text: alttext, an annotation, its tokens.
            paragraph.addText(fallback, style: inlines.decorated(node.style, decoration), node: -1)
        }
        // The children are read where they lie: a copy of a node retains six of its fields.
        chapter.document.nodes.withUnsafeBufferPointer { nodes in
            var child = node.firstChild
            while child >= 0 {
                inlines.addContent(nodes[Int(child)], to: &paragraph, decoration: decoration, link: nil)
                child = nodes[Int(child)].nextSibling
            }
        }
        inlines.flushParagraph(&paragraph)
    }
}
