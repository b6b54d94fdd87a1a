import FolioCore
import FolioStyle
import FolioText

/// Cuts a chapter's column into pages: each page takes as many units as fit, breaking at
/// the last welcome break before the page is full (an avoided break only when no welcome one
/// fits); forced breaks always start a page; a unit taller than a page is cut at page height.
/// https://www.w3.org/TR/css-break-3/#breaking-rules
public enum Paginator {
    /// At most this many pages per chapter (a 32 MB chapter of plain text is about 21,000
    /// phone pages): past it the chapter's remaining content is not paginated, and a warning
    /// says from which character on the text is not shown.
    public static let maxPagesPerChapter = 50_000
    /// At most this many backgrounds and borders drawn per chapter (a box spanning many pages
    /// repeats its borders on each): past it further backgrounds and borders are not drawn,
    /// with a warning; text, images and links always are.
    public static let maxDecorationsPerChapter = 1_000_000

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

    static func slices(_ flow: ChapterFlow, height pageHeight: Double, limit: Int = maxPagesPerChapter) -> [Slice] {
        let units = flow.units
        var slices: [Slice] = []
        var i = 0
        var top = 0.0
        let epsilon = 0.01
        var cuts = 0
        let blankEnd = blankTail(flow)
        while i < units.count && slices.count < limit {
            // Empty blocks at the chapter's end (`<p></p>`, `<p>&#160;</p>`) do not start a page.
            if i >= blankEnd, !slices.isEmpty {
                slices[slices.count - 1].last = units.count - 1
                break
            }
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

    /// Where the chapter's blank ending starts: the units after it show nothing (white space
    /// at most: no visible text, image, background or border starts in them). Read from the
    /// end: an item is looked at only when it starts after the last unit known to show, so
    /// that the text of most runs is never read.
    static func blankTail(_ flow: ChapterFlow) -> Int {
        let count = flow.units.count
        // The last unit an item shows something in, found among the items from the last.
        var shown = -1
        for index in flow.slots.indices.reversed() {
            // Read in place (see `pages`): only an item that can move `shown` is looked at.
            guard let first = flow.slots[index]?.firstUnit, first > shown, first < count else { continue }
            // What the item is, not where: read as it was made.
            switch flow.slots[index]?.local {
            case .text(_, let run)?:
                if !run.text.allSatisfy(\.isWhitespace) { shown = first }
            case .image?, .fill?, .border?:
                shown = first
            case .link?, .line?, nil:
                break
            }
        }
        // A later unit with text of its own that is not white space.
        var end = count
        while end - 1 > shown, flow.units[end - 1].text.allSatisfy(\.isWhitespace) { end -= 1 }
        return end
    }

    /// The pages of a chapter laid out for `page`.
    ///
    /// Past `maxPagesPerChapter` or `maxDecorationsPerChapter`, what is left out is reported to
    /// `diagnostics`.
    public static func pages(_ flow: ChapterFlow, page: PageGeometry, spineIndex: Int, href: String,
                             diagnostics: Diagnostics? = nil, pageLimit: Int = maxPagesPerChapter) -> [Page] {
        let slices = slices(flow, height: page.contentHeight, limit: pageLimit)
        guard !slices.isEmpty else { return [] }
        if let last = slices.last, slices.count >= pageLimit, last.last + 1 < flow.units.count || flow.units[last.last].bottom > last.bottom {
            let shown = flow.units[last.last].end
            diagnostics?.warn("layout.too-many-pages", "\(href) needs more than \(pageLimit) pages at this page size; "
                              + "Folio shows its first \(pageLimit): the text after character \(shown) of \(flow.textLength) is not shown",
                              severity: .error, at: href)
        }
        var decorations = 0
        var pageOfUnit = [Int](filled: 0, count: flow.units.count)
        for (k, slice) in slices.enumerated() {
            for u in slice.first...slice.last { pageOfUnit[u] = max(pageOfUnit[u], k) }
        }
        // A unit cut over several pages belongs to all of them.
        var firstPageOfUnit = [Int](filled: 0, count: flow.units.count)
        for (k, slice) in slices.enumerated().reversed() {
            for u in slice.first...slice.last { firstPageOfUnit[u] = k }
        }
        let mapping = FlowMapping(page: page)
        var items = [[FrameItem]](filled: [], count: slices.count)
        // The text runs each page shows of the units cut over it (by unit), for its text.
        var cutRuns = [[Int: [PositionedRun]]](filled: [:], count: slices.count)
        // The pages that repeat each table header.
        var repeatingPages = [[Int]](filled: [], count: flow.repeatedHeaders.count)
        for (k, slice) in slices.enumerated() {
            if let h = slice.header { repeatingPages[h].append(k) }
        }
        // Pages follow each other down the flow: the pages an item of a unit cut over many
        // shows on are found by bisection, not by asking each (items × pages).
        let ordered = zip(slices, slices.dropFirst()).allSatisfy { $0.top <= $1.top && $0.bottom <= $1.bottom }
        for index in flow.slots.indices {
            // The units are read where the item lies: an optional item copied out of the array
            // goes through value witnesses, some 170 instructions, for every item of a chapter.
            guard let firstUnit = flow.slots[index]?.firstUnit, let lastUnit = flow.slots[index]?.lastUnit else { continue }
            let from = firstPageOfUnit[firstUnit], to = pageOfUnit[min(lastUnit, flow.units.count - 1)]
            // The item is read where the box it was made in had it, with how far that box
            // moved since: the page's window is moved instead of the item (moved once, to the page).
            guard from <= to, let item = flow.slots[index]?.local, let moved = flow.slots[index]?.offset else { continue }
            var pages = from..<(to + 1)
            if ordered, to - from > 8 {
                let (low, high) = extent(item.moved(dx: moved.x, dy: moved.y))
                var a = from, b = to + 1
                while a < b {
                    let m = (a + b) / 2
                    if slices[m].bottom > low { b = m } else { a = m + 1 }
                }
                var end = a
                while end <= to && slices[end].top < high { end += 1 }
                pages = a..<max(a, end)
            }
            for k in pages {
                let slice = slices[k]
                // An item of units cut over several pages (a table row taller than a page) goes
                // only on the pages it shows on: every page holding every line of such a row
                // took memory in proportion to pages × lines.
                let (top, bottom) = (slice.top - moved.y, slice.bottom - moved.y)
                if from < to, !shows(item, top: top, bottom: bottom) { continue }
                let shift = slice.header.map { flow.repeatedHeaders[$0].height } ?? 0
                if let mapped = clip(item, top: top, bottom: bottom).map({ mapping.physical($0, windowStart: top, shift: shift, inlineShift: moved.x) }) {
                    if mapped.isDecoration {
                        decorations += 1
                        if decorations > maxDecorationsPerChapter {
                            if decorations == maxDecorationsPerChapter + 1 {
                                diagnostics?.warn("layout.too-many-boxes", "\(href) draws more than \(maxDecorationsPerChapter) backgrounds and borders; "
                                                  + "from page \(k + 1) on, further ones are left out (the text and images are all shown)", at: href)
                            }
                            continue
                        }
                    }
                    items[k].append(mapped)
                    if case .text(_, let run) = mapped, firstUnit == lastUnit, isCut(flow.units[firstUnit], slice) {
                        cutRuns[k][firstUnit, default: []].append(run)
                    }
                }
            }
            // A header row's backgrounds, borders and text again at the top of those pages, in
            // their painting order.
            if let h = flow.repeatedHeaders.firstIndex(where: { $0.units.contains(firstUnit) && $0.units.contains(lastUnit) }),
               !repeatingPages[h].isEmpty,
               let header = clip(item, top: flow.repeatedHeaders[h].top - moved.y, bottom: flow.repeatedHeaders[h].bottom - moved.y)
                .map({ mapping.physical($0, windowStart: flow.repeatedHeaders[h].top - moved.y, shift: 0, inlineShift: moved.x) }) {
                for k in repeatingPages[h] { items[k].append(header) }
            }
        }
        return slices.enumerated().map { k, slice in
            let shown = flow.units[slice.first...slice.last]
            let start = shown.map(\.start).min() ?? 0
            let end = shown.map(\.end).max() ?? start
            return Page(spineIndex: spineIndex, href: href, indexInChapter: k,
                        start: Locator(spineIndex: spineIndex, offset: start), end: Locator(spineIndex: spineIndex, offset: end),
                        frame: Frame(width: page.width, height: page.height, background: flow.background, items: items[k]),
                        text: text(of: shown, slice: slice, cutRuns: cutRuns[k]), firstUnit: slice.first)
        }
    }

    /// Whether a unit is cut by the slice's window: a box or line taller than a page, laid out
    /// whole, of which the page shows a part.
    static func isCut(_ unit: FlowUnit, _ slice: Slice) -> Bool {
        unit.top < slice.top || unit.bottom > slice.bottom
    }

    /// The text a page shows of a unit cut over it: the runs it draws of it, in order, a space
    /// where one run does not continue the text of the one before (a line's end at a space),
    /// none where it does (a line broken after a hyphen or inside a word). Not the unit's
    /// whole text: a box cut over 2,000 pages held all its text on each.
    static func text(of runs: [PositionedRun]) -> String {
        var out = ""
        var end: Int?
        for run in runs {
            if let end, run.textRange.lowerBound != end, !out.isEmpty, out.last != " " { out += " " }
            end = run.textRange.upperBound
            out += run.text
        }
        return out
    }

    /// The units' text, a line break after each paragraph; of a unit the slice cuts, the text
    /// of its runs on the page (`cutRuns`, by unit), nothing when it shows none there.
    static func text(of units: ArraySlice<FlowUnit>, slice: Slice, cutRuns: [Int: [PositionedRun]]) -> String {
        var out = ""
        for (u, unit) in zip(units.indices, units) {
            if isCut(unit, slice) {
                out += text(of: cutRuns[u] ?? [])
            } else {
                out += unit.text
            }
            if unit.endsBlock {
                while out.last == " " { out.removeLast() }
                if !out.isEmpty && out.last != "\n" { out += "\n" }
            }
        }
        return out
    }

    /// How far into a window an item must reach to be in it. Items are placed by the sum of
    /// their boxes' offsets (`PlacedItem.offset`), and the pages' edges come from the units, moved
    /// level by level: an item that ends where a page starts may reach into it by the last bits
    /// of a double, and is not on that page.
    static let overlap = 1e-6

    /// Whether an item of the column shows in the window from `top` to `bottom` along the
    /// block axis (text by its glyphs' extent around the baseline).
    static func shows(_ item: FrameItem, top: Double, bottom: Double) -> Bool {
        let (low, high) = extent(item)
        return high > top + overlap && low < bottom - overlap
    }

    /// An item's extent along the block axis (text by its glyphs' extent around the baseline).
    static func extent(_ item: FrameItem) -> (low: Double, high: Double) {
        let low: Double, high: Double
        switch item {
        case .text(let origin, let run):
            let baseline = origin.y + run.baseline
            low = baseline - run.size
            high = baseline + run.size / 2
        case .fill(let rect, _), .link(let rect, _), .line(let rect, _):
            low = rect.y
            high = rect.maxY
        case .border(let border):
            low = border.rect.y
            high = border.rect.maxY
        case .image(let image):
            low = image.rect.y
            high = image.rect.maxY
        }
        return (low, high)
    }

    /// An item of the column cut to the window from `top` to `bottom` along the block axis
    /// (nil when nothing of it is left); still in flow coordinates.
    static func clip(_ item: FrameItem, top: Double, bottom: Double) -> FrameItem? {
        func cut(_ r: Rect) -> Rect? {
            let y0 = max(r.y, top), y1 = min(r.maxY, bottom)
            guard y1 > y0 + overlap else { return nil }
            return Rect(x: r.x, y: y0, width: r.width, height: y1 - y0)
        }
        switch item {
        case .fill(let rect, let color):
            return cut(rect).map { FrameItem.fill($0, color) }
        case .border(var border):
            let original = border.rect
            guard let rect = cut(original) else { return nil }
            if original.y < top - 0.01 { border.widths.top = 0 }
            if original.maxY > bottom + 0.01 { border.widths.bottom = 0 }
            border.rect = rect
            return FrameItem.border(border)
        case .text, .image, .link, .line:
            return item
        }
    }
}

extension FrameItem {
    /// Backgrounds, rules and borders: what a page can do without when a chapter draws too many.
    var isDecoration: Bool {
        switch self {
        case .fill, .border: true
        case .text, .image, .link, .line: false
        }
    }
}
