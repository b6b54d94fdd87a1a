import FolioStyle

/// Cuts a chapter's column into pages: each page takes as many units as fit, breaking at
/// the last welcome break before the page is full (an avoided break only when no welcome one
/// fits); forced breaks always start a page; a unit taller than a page is cut at page height.
/// https://www.w3.org/TR/css-break-3/#breaking-rules
public enum Paginator {
    /// A page's share of the column: units `first...last` shown from `top` to `bottom`.
    struct Slice {
        var first: Int
        var last: Int
        var top: Double
        var bottom: Double
        /// The table header shown above the units (a page starting in a table's body).
        var header: Int?
    }

    /// The most pages one unit is cut over. A taller unit comes only from absurd lengths
    /// (`line-height: 1e300`): it shows its first pages, then its last, instead of taking
    /// unbounded time and memory (and, past 2^53 px, never reaching its bottom at all).
    static let maximumCuts = 1000

    static func slices(_ flow: ChapterFlow, height pageHeight: Double) -> [Slice] {
        let units = flow.units
        var slices: [Slice] = []
        var i = 0
        var top = 0.0
        let epsilon = 0.01
        var cuts = 0
        while i < units.count {
            // A page that starts in a table's body (not at its first row) repeats its header.
            let header = flow.repeatedHeaders.lastIndex { $0.body.contains(i) && i > $0.body.lowerBound }
            let height = pageHeight - (header.map { flow.repeatedHeaders[$0].height } ?? 0)
            var j = i
            while j < units.count {
                if j > i && units[j].breakBefore == .forced { break }
                if units[j].bottom > top + height + epsilon { break }
                j += 1
            }
            if j == i {
                // Taller than what is left of a page: cut it at the page's bottom.
                slices.append(Slice(first: i, last: i, top: top, bottom: top + height, header: header))
                cuts += 1
                top = cuts < maximumCuts ? top + height : max(top + height, units[i].bottom - height)
                continue
            }
            var end = j
            if j < units.count && units[j].breakBefore != .forced {
                let welcome = stride(from: j, to: i, by: -1).first { units[$0].breakBefore == .normal }
                end = welcome ?? j
            }
            // Floats make units overlap: the page ends at the lowest of its units.
            let bottom = units[i..<end].reduce(top) { max($0, $1.bottom) }
            slices.append(Slice(first: i, last: end - 1, top: top, bottom: bottom, header: header))
            if end < units.count {
                top = units[end].breakBefore == .forced ? units[end].forcedTop : units[end].breakTop
                top = max(top, min(units[end].top, slices[slices.count - 1].bottom))
            }
            i = end
            cuts = 0
        }
        return slices
    }

    /// The pages of a chapter laid out for `page`.
    public static func pages(_ flow: ChapterFlow, page: PageGeometry, spineIndex: Int, href: String) -> [Page] {
        let slices = slices(flow, height: page.contentHeight)
        guard !slices.isEmpty else { return [] }
        var pageOfUnit = [Int](repeating: 0, count: flow.units.count)
        for (k, slice) in slices.enumerated() {
            for u in slice.first...slice.last { pageOfUnit[u] = max(pageOfUnit[u], k) }
        }
        // A unit cut over several pages belongs to all of them.
        var firstPageOfUnit = [Int](repeating: 0, count: flow.units.count)
        for (k, slice) in slices.enumerated().reversed() {
            for u in slice.first...slice.last { firstPageOfUnit[u] = k }
        }
        var items = [[FrameItem]](repeating: [], count: slices.count)
        // The pages that repeat each table header.
        var repeatingPages = [[Int]](repeating: [], count: flow.repeatedHeaders.count)
        for (k, slice) in slices.enumerated() {
            if let h = slice.header { repeatingPages[h].append(k) }
        }
        for placed in flow.placed {
            let from = firstPageOfUnit[placed.firstUnit], to = pageOfUnit[min(placed.lastUnit, flow.units.count - 1)]
            guard from <= to else { continue }
            for k in from...to {
                let slice = slices[k]
                let shift = slice.header.map { flow.repeatedHeaders[$0].height } ?? 0
                if let item = clip(placed.item, top: slice.top, bottom: slice.bottom, dx: page.margins.left,
                                   dy: page.margins.top - slice.top + shift) {
                    items[k].append(item)
                }
            }
            // A header row's backgrounds, borders and text again at the top of those pages, in
            // their painting order.
            if let h = flow.repeatedHeaders.firstIndex(where: { $0.units.contains(placed.firstUnit) && $0.units.contains(placed.lastUnit) }),
               !repeatingPages[h].isEmpty,
               let item = clip(placed.item, top: flow.repeatedHeaders[h].top, bottom: flow.repeatedHeaders[h].bottom,
                               dx: page.margins.left, dy: page.margins.top - flow.repeatedHeaders[h].top) {
                for k in repeatingPages[h] { items[k].append(item) }
            }
        }
        return slices.enumerated().map { k, slice in
            let shown = flow.units[slice.first...slice.last]
            let start = shown.map(\.start).min() ?? 0
            let end = shown.map(\.end).max() ?? start
            return Page(spineIndex: spineIndex, href: href, indexInChapter: k,
                        start: Locator(spineIndex: spineIndex, offset: start), end: Locator(spineIndex: spineIndex, offset: end),
                        frame: Frame(width: page.width, height: page.height, background: flow.background, items: items[k]),
                        text: text(of: shown), firstUnit: slice.first)
        }
    }

    /// The units' text, a line break after each paragraph.
    static func text(of units: ArraySlice<FlowUnit>) -> String {
        var out = ""
        for unit in units {
            out += unit.text
            if unit.endsBlock {
                while out.last == " " { out.removeLast() }
                if !out.isEmpty && out.last != "\n" { out += "\n" }
            }
        }
        return out
    }

    /// An item moved onto its page, boxes cut at the page's top and bottom edges (nil when
    /// nothing of it is left).
    static func clip(_ item: FrameItem, top: Double, bottom: Double, dx: Double, dy: Double) -> FrameItem? {
        func cut(_ r: Rect) -> Rect? {
            let y0 = max(r.y, top), y1 = min(r.maxY, bottom)
            guard y1 > y0 else { return nil }
            return Rect(x: r.x, y: y0, width: r.width, height: y1 - y0)
        }
        switch item {
        case .fill(let rect, let color):
            return cut(rect).map { FrameItem.fill($0, color).moved(dx: dx, dy: dy) }
        case .border(var border):
            let original = border.rect
            guard let rect = cut(original) else { return nil }
            if original.y < top - 0.01 { border.widths.top = 0 }
            if original.maxY > bottom + 0.01 { border.widths.bottom = 0 }
            border.rect = rect
            return FrameItem.border(border).moved(dx: dx, dy: dy)
        case .text, .image, .link:
            return item.moved(dx: dx, dy: dy)
        }
    }
}
