import FolioStyle
import FolioText

/// A float's place in the column: the lines beside it are shortened until its bottom.
struct FloatArea {
    var side: FloatMode
    var left: Double
    var right: Double
    var top: Double
    var bottom: Double
}

/// Floats: a box taken out of the flow to the left or right of its containing block, the
/// following lines set beside it, `clear` moving content below it.
/// https://www.w3.org/TR/CSS2/visuren.html#floats
extension ChapterBuilder {
    /// - Parameter besideLastLine: the float came among the words of the paragraph just set: it
    ///   goes beside its last line when there is room there.
    func layoutFloat(_ node: StyledNode, x: Double, width: Double, besideLastLine: Bool = false) {
        let node = withoutAutoMargins(snappedToCells(node, basis: width))
        let style = node.computed
        let besideLine = besideLastLine ? lastLine : nil
        defer { lastLine = besideLine ?? lastLine }
        let fragment = isReplaced(node)
            ? layOutFragment(ids: anchorIDs(in: node), measuring: false) { layoutBlockImage(node, x: 0, width: width) }
            : shrinkWrapped(node, width: width)
        guard !fragment.isEmpty else { return }
        // A float with a width takes it, drawn or not (a spacer, a frame whose background
        // image is not shown); else what its content reaches.
        var used = Self.extent(fragment.items)
        if case .length = style.box.width {
            let metrics = BoxMetrics(style, available: width)
            used = max(used, metrics.borderX + metrics.borderWidth)
        }
        var marginRight = 0.0
        if case .length(let l) = style.box.margin.right { marginRight = max(0, l.resolve(against: width)) }
        let floatWidth = min(width, used + (isReplaced(node) ? 0 : marginRight))
        // A right float goes beside the line it came in when that line leaves it room (a left
        // one cannot: the line's text starts at the left); else below earlier floats when there
        // is no room beside them.
        var start = y
        if let line = besideLine, style.box.float == .right {
            let band = floatBand(top: line.top, x: x, width: width) ?? (x, width)
            if band.x + band.width - floatWidth >= line.right { start = line.top }
        }
        let room = freeBand(from: start, x: x, width: width, minimum: floatWidth)
        let top = room.top
        let left = style.box.float == .left ? room.x : room.x + room.width - floatWidth
        let first = units.count
        for var unit in fragment.units {
            unit.top += top
            unit.bottom += top
            unit.breakTop += top
            unit.forcedTop += top
            unit.breakBefore = max(unit.breakBefore, pendingBreak)
            lastOffset = max(lastOffset, unit.end)
            units.append(unit)
        }
        pendingBreak = .normal
        for var placed in fragment.items {
            placed.item = placed.item.moved(dx: left, dy: top)
            placed.firstUnit += first
            placed.lastUnit += first
            self.placed.append(placed)
        }
        for anchor in fragment.anchors where anchors[anchor.id] == nil { anchors[anchor.id] = first + anchor.unit }
        floats.append(FloatArea(side: style.box.float, left: left, right: left + floatWidth, top: top, bottom: top + fragment.height))
    }

    /// The part of a containing block (`x`, `width`) left free by the floats at `top` (down to
    /// `top + height`), or nil when no float is there.
    func floatBand(top: Double, height: Double = 0, x: Double, width: Double) -> (x: Double, width: Double)? {
        var low = x, high = x + width
        var found = false
        for area in floats where area.top <= top + max(0.01, height - 0.01) && area.bottom > top + 0.01 {
            found = true
            if area.side == .left { low = max(low, area.right) } else { high = min(high, area.left) }
        }
        return found ? (low, max(1, high - low)) : nil
    }

    /// The first place at or below `top` where at least `minimum` px of the containing block are
    /// free of floats, and the free band there. Floats above the content placed so far are
    /// forgotten.
    func freeBand(from top: Double, height: Double = 0, x: Double, width: Double, minimum: Double) -> (top: Double, x: Double, width: Double) {
        floats.removeAll { $0.bottom <= min(y, top) }
        var top = top
        while let band = floatBand(top: top, height: height, x: x, width: width), band.width < minimum,
              let next = floats.filter({ $0.top <= top + max(0.01, height - 0.01) && $0.bottom > top + 0.01 }).map(\.bottom).min() {
            top = next
        }
        let band = floatBand(top: top, height: height, x: x, width: width) ?? (x, width)
        return (top, band.x, band.width)
    }

    /// The room of each line of a paragraph whose first line is at `top` in a containing block
    /// (`x`, `width`): beside the floats it meets, below them where too little is left for a
    /// few words. A line wider than its band is set in it all the same.
    func lineBands(top: Double, x: Double, width: Double) -> (_ lineTop: Double, _ height: Double) -> LineBand {
        let minimum = Self.minimumLineRoom(width)
        return { [self] lineTop, height in
            let wanted = top + lineTop
            let room = freeBand(from: wanted, height: height, x: x, width: width, minimum: minimum)
            return LineBand(inset: room.x - x, width: room.width, skip: room.top - wanted)
        }
    }

    /// The least room beside floats worth setting a line in (a few words); a line with less
    /// goes below them.
    static func minimumLineRoom(_ width: Double) -> Double { min(width, 4 * 16) }

    /// Moves below the floats that `clear` names.
    func clearFloats(_ clear: Clear) {
        guard clear != .none, !floats.isEmpty else { return }
        let bottom = floats.filter { clear == .both || (clear == .left) == ($0.side == .left) }.map(\.bottom).max() ?? y
        if bottom > y + margins.value {
            flushMargin()
            y = max(y, bottom)
        }
    }

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
        items.reduce(0.0) { widest, placed in
            switch placed.item {
            case .fill(let rect, _): max(widest, rect.maxX)
            case .border(let border): max(widest, border.rect.maxX)
            case .image(let image): max(widest, image.rect.maxX)
            case .text(let origin, let run): max(widest, origin.x + run.x + run.width)
            case .link: widest
            }
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
        out.style = interner.intern(style)
        return out
    }

    /// A box laid out apart at its shrink-to-fit width (its content's, at most `width`).
    func shrinkWrapped(_ node: StyledNode, width: Double) -> CellFragment {
        let style = node.computed
        var boxWidth = width
        if case .auto = style.box.width {
            let trial = layOutFragment(ids: [], measuring: true) {
                layoutBox(node, x: 0, metrics: BoxMetrics(style, available: width)) { $0.layoutChildren(of: node, x: $1, width: $2) }
            }
            let metrics = BoxMetrics(style, available: width)
            boxWidth = min(width, Self.contentExtent(trial.items) + metrics.margin.right + metrics.border.right + metrics.padding.right + 1)
            // CSS 2.1 §10.3.9: min(max(min-content, available), max-content). Where the room is
            // narrower than the longest word, the box takes that word's width (overflowing its
            // container) rather than cutting the word; only a word wider than the page is cut.
            let outer = metrics.margin.left + metrics.margin.right + metrics.border.left + metrics.border.right
                + metrics.padding.left + metrics.padding.right
            if boxWidth < context.page.contentWidth {
                let minContent = min(minContentWidth(of: node, width: width) + outer, context.page.contentWidth)
                boxWidth = max(boxWidth, minContent)
            }
        }
        return layOutFragment(ids: anchorIDs(in: node), measuring: false) {
            layoutBox(node, x: 0, metrics: BoxMetrics(style, available: boxWidth)) { $0.layoutChildren(of: node, x: $1, width: $2) }
        }
    }

    /// The min-content width of a node's content (its longest word, widest image), measured as
    /// table cells are.
    func minContentWidth(of node: StyledNode, width: Double) -> Double {
        let saved = tableState.measure
        tableState.measure = IntrinsicMeasure(cell: node.index, container: node.index)
        let fragment = layOutFragment(ids: [], measuring: true) { layoutChildren(of: node, x: 0, width: width) }
        var measure = tableState.measure ?? IntrinsicMeasure(cell: node.index, container: node.index)
        tableState.measure = saved
        for placed in fragment.items {
            if case .image(let image) = placed.item { measure.add(minContent: image.rect.maxX, maxContent: image.rect.maxX) }
        }
        return measure.minContent
    }

    /// The ids of elements inside a node, for anchors in floats and cells.
    func anchorIDs(in node: StyledNode) -> [String] {
        guard let source = node.source else { return [] }
        return ([source] + source.descendants()).compactMap { $0.isElement ? $0.attribute("id") : nil }
    }
}
