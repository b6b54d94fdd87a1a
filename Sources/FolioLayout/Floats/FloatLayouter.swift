import FolioStyle
import FolioText

/// Floats: a box taken out of the flow to the left or right of its containing block, the
/// following lines set beside it, `clear` moving content below it.
/// https://www.w3.org/TR/CSS2/visuren.html#floats
struct FloatLayouter {
    let chapter: ChapterLayout

    /// - Parameter besideLastLine: the float came among the words of the paragraph just set: it
    ///   goes beside its last line when there is room there.
    func layoutFloat(_ node: StyledNode, x: Double, width: Double, besideLastLine: Bool = false) {
        let node = chapter.blocks.withoutAutoMargins(chapter.snappedToCells(node, basis: width))
        let style = node.computed
        let besideLine = besideLastLine ? chapter.column.exclusions.lastLine : nil
        let fragment = ReplacedLayouter.isReplaced(node)
            ? chapter.fragment(ids: chapter.blocks.anchorIDs(in: node), measuring: false, constraints: chapter.column.constraints) { chapter.replaced.layoutBlockImage(node, x: 0, width: width) }
            : chapter.blocks.shrinkWrapped(node, width: width)
        guard !fragment.isEmpty else { return }
        // A float with a width takes it, drawn or not (a spacer, a frame whose background
        // image is not shown); else what its content reaches.
        var used = BlockLayouter.extent(fragment.items)
        if case .length = style.box.width {
            let metrics = BoxMetrics(style, available: width)
            used = max(used, metrics.borderX + metrics.borderWidth)
        }
        var marginRight = 0.0
        if case .length(let l) = style.box.margin.right { marginRight = max(0, l.resolve(against: width)) }
        let floatWidth = min(width, used + (ReplacedLayouter.isReplaced(node) ? 0 : marginRight))
        // A right float goes beside the line it came in when that line leaves it room (a left
        // one cannot: the line's text starts at the left); else below earlier floats when there
        // is no room beside them.
        var start = chapter.column.blockEnd
        if let line = besideLine, style.box.float == .right {
            let band = floatBand(top: line.top, x: x, width: width) ?? (x, width)
            if band.x + band.width - floatWidth >= line.right { start = line.top }
        }
        let room = freeBand(from: start, x: x, width: width, minimum: floatWidth)
        let top = room.top
        let left = style.box.float == .left ? room.x : room.x + room.width - floatWidth
        // A relatively positioned float leaves its room where it was placed and is drawn moved.
        let moved = chapter.positioned.start(node, containingWidth: width)
        let first = chapter.column.units.count
        let box = chapter.column.tree.open(.float, node: node.index, style: nil, first: first)
        let keep = chapter.column.cursor.pendingKeep
        chapter.column.insert(fragment, dx: left, dy: top, keep: keep, under: box)
        chapter.column.cursor.pendingKeep = .normal
        chapter.column.exclusions.add(FloatArea(side: style.box.float, left: left, right: left + floatWidth, top: top, bottom: top + fragment.height))
        chapter.column.tree.close(box, end: chapter.column.units.count, rect: Rect(x: left, y: top, width: floatWidth, height: fragment.height))
        chapter.positioned.finish(moved)
    }

    /// The part of a containing block (`x`, `width`) left free by the floats at `top` (down to
    /// `top + height`), or nil when no float is there.
    func floatBand(top: Double, height: Double = 0, x: Double, width: Double) -> (x: Double, width: Double)? {
        var low = x, high = x + width
        var found = false
        for area in chapter.column.exclusions.areas where area.top <= top + max(0.01, height - 0.01) && area.bottom > top + 0.01 {
            found = true
            if area.side == .left { low = max(low, area.right) } else { high = min(high, area.left) }
        }
        return found ? (low, max(1, high - low)) : nil
    }

    /// The first place at or below `top` where at least `minimum` px of the containing block are
    /// free of floats, and the free band there. Floats above the content placed so far are
    /// forgotten.
    func freeBand(from top: Double, height: Double = 0, x: Double, width: Double, minimum: Double) -> (top: Double, x: Double, width: Double) {
        let reached = min(chapter.column.blockEnd, top)
        chapter.column.exclusions.forget(endingBy: reached)
        var top = top
        while let band = floatBand(top: top, height: height, x: x, width: width), band.width < minimum,
              let next = chapter.column.exclusions.areas.filter({ $0.top <= top + max(0.01, height - 0.01) && $0.bottom > top + 0.01 }).map(\.bottom).min() {
            top = next
        }
        let band = floatBand(top: top, height: height, x: x, width: width) ?? (x, width)
        return (top, band.x, band.width)
    }

    /// The room of each line of a paragraph whose first line is at `top` in a containing block
    /// (`x`, `width`): beside the floats it meets, below them where too little is left for a
    /// few words. A line wider than its band is set in it all the same.
    func lineBands(top: Double, x: Double, width: Double) -> (_ lineTop: Double, _ height: Double) -> LineBand {
        let minimum = FloatLayouter.minimumLineRoom(width)
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
        guard clear != .none, !chapter.column.exclusions.isEmpty else { return }
        let bottom = chapter.column.exclusions.areas.filter { clear == .both || (clear == .left) == ($0.side == .left) }.map(\.bottom).max() ?? chapter.column.blockEnd
        if bottom > chapter.column.blockEnd + chapter.column.cursor.margins.value {
            chapter.column.flushMargin()
            chapter.column.blockEnd = max(chapter.column.blockEnd, bottom)
        }
    }
}
