import FolioStyle
import FolioText

/// Boxes laid out apart at their shrink-to-fit width (floats, inline-blocks), and the
/// measures that takes: how far content reaches, its min-content width.
/// https://www.w3.org/TR/CSS2/visudet.html#float-width
extension BlockLayouter {
    /// How far right text and images reach: the width content needs (shrink-to-fit).
    static func contentExtent(_ items: [PlacedItem]) -> Double {
        items.reduce(0.0) { widest, placed in
            switch placed.item {
            case .text(let origin, let run): max(widest, origin.x + run.x + run.width)
            case .image(let image): max(widest, image.rect.maxX)
            default: widest
            }
        }
    }

    /// How far right anything drawn reaches, boxes included.
    static func extent(_ items: [PlacedItem]) -> Double {
        items.reduce(0.0) { widest, placed in span(of: placed.item).map { max(widest, $0.high) } ?? widest }
    }

    /// Where an item draws across the inline axis: boxes, images and text; nil for what draws
    /// nothing there (links, line settings).
    static func span(of item: FrameItem) -> (low: Double, high: Double)? {
        switch item {
        case .fill(let rect, _): (rect.x, rect.maxX)
        case .border(let border): (border.rect.x, border.rect.maxX)
        case .image(let image): (image.rect.x, image.rect.maxX)
        case .text(let origin, let run): (origin.x + run.x, origin.x + run.x + run.width)
        case .link, .line: nil
        }
    }

    /// The node with its `auto` margins at 0, as a float's and an inline-block's are: they do
    /// not centre it (https://www.w3.org/TR/CSS2/visudet.html#float-width,
    /// https://www.w3.org/TR/CSS2/visudet.html#inlineblock-width).
    func withoutAutoMargins(_ node: StyledNode) -> StyledNode {
        let margin = node.computed.box.margin
        func zeroed(_ value: LengthPercentageOrAuto) -> LengthPercentageOrAuto { value == .auto ? .zero : value }
        let used = Edges(top: zeroed(margin.top), right: zeroed(margin.right), bottom: zeroed(margin.bottom), left: zeroed(margin.left))
        guard used != margin else { return node }
        var style = node.computed
        style.box.margin = used
        var out = node
        out.style = chapter.interner.intern(style)
        return out
    }

    /// Shrink-to-fit boxes inside this many others take the width they are given: each level
    /// lays its content out three times (to measure it, for its min-content width, then for
    /// real), so nesting must not multiply the work without bound (floats in inline-blocks in
    /// floats… in a hostile or broken document).
    static let shrinkToFitDepth = 3

    /// A box laid out apart at its shrink-to-fit width (its content's, at most `width`).
    func shrinkWrapped(_ node: StyledNode, width: Double) -> Fragment {
        let style = node.computed
        var boxWidth = width
        var inside = chapter.column.constraints
        inside.shrinkDepth += 1
        if case .auto = style.box.width, inside.shrinkDepth <= Self.shrinkToFitDepth {
            let metrics = BoxMetrics(style, available: width)
            let measured = measuredExtent(node, width: width, inside: inside)
            boxWidth = min(width, measured.extent + metrics.margin.right + metrics.border.right + metrics.padding.right + 1)
            // CSS 2.1 §10.3.9: min(max(min-content, available), max-content). Where the room is
            // narrower than the longest word, the box takes that word's width (overflowing its
            // container) rather than cutting the word; only a word wider than the page is cut.
            // Content that took one line at most was not broken: its longest word is no wider
            // than the line, which the box holds already (a link marker, a drop cap's letter).
            let outer = metrics.margin.left + metrics.margin.right + metrics.border.left + metrics.border.right
                + metrics.padding.left + metrics.padding.right
            if boxWidth < chapter.context.page.contentWidth && !measured.oneLine {
                let minContent = min(minContentWidth(of: node, width: width, inside: inside) + outer, chapter.context.page.contentWidth)
                boxWidth = max(boxWidth, minContent)
            }
        }
        return chapter.fragment(ids: anchorIDs(in: node), measuring: false, constraints: inside) {
            layoutBox(node, x: 0, metrics: BoxMetrics(style, available: boxWidth)) { layoutChildren(of: node, x: $0, width: $1) }
        }
    }

    /// How far a box's content reaches laid out at `width`, and whether it made one unit (a
    /// line, an image) at most: measured once per box, width and measuring mode (a box inside
    /// nested shrink-to-fit boxes is asked again by each).
    private func measuredExtent(_ node: StyledNode, width: Double, inside: LayoutConstraints) -> (extent: Double, oneLine: Bool) {
        let key = inside.measureKey(node.index, width: width, kind: 0)
        let lines = inside.measureKey(node.index, width: width, kind: 2)
        if let known = chapter.memo.measured[key], let count = chapter.memo.measured[lines] { return (known, count <= 1) }
        let style = node.computed
        let trial = chapter.fragment(ids: [], measuring: true, constraints: inside) {
            layoutBox(node, x: 0, metrics: BoxMetrics(style, available: width)) { layoutChildren(of: node, x: $0, width: $1) }
        }
        let extent = BlockLayouter.contentExtent(trial.items)
        chapter.memo.measured[key] = extent
        chapter.memo.measured[lines] = Double(trial.units.count)
        return (extent, trial.units.count <= 1)
    }

    /// The min-content width of a node's content (its longest word, widest image), measured as
    /// table cells are; once per box, width and measuring mode.
    func minContentWidth(of node: StyledNode, width: Double, inside: LayoutConstraints) -> Double {
        let key = inside.measureKey(node.index, width: width, kind: 1)
        if let known = chapter.memo.measured[key] { return known }
        let value = chapter.intrinsicWidths(cell: node.index, container: node.index, ids: [], under: inside) {
            layoutChildren(of: node, x: 0, width: width)
        }.minimum
        chapter.memo.measured[key] = value
        return value
    }

    /// The ids of elements inside a node, for anchors in floats and cells.
    func anchorIDs(in node: StyledNode) -> [String] {
        guard let source = node.source else { return [] }
        return ([source] + source.descendants()).compactMap { $0.isElement ? $0.attribute("id") : nil }
    }
}
