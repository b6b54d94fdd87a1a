/// Column widths of a table, by the automatic or the fixed table layout algorithm.
/// https://www.w3.org/TR/CSS2/tables.html#width-layout
enum TableColumnWidths {
    /// A specified width: of a column, or of a cell's border box.
    enum Specified: Hashable {
        case auto
        case px(Double)
        /// Of the table's content width.
        case percent(Double)
    }

    /// What a cell asks of the columns it spans; widths include its padding and borders.
    struct Request: Hashable {
        var columns: Range<Int>
        var minimum: Double
        var maximum: Double
        var specified: Specified = .auto
    }

    struct Result: Hashable {
        /// Each column's used width.
        var widths: [Double]
        /// The table is narrower than its min-content: cells must wrap inside words.
        var squeezed: Bool
        /// The table's min-content and max-content widths (columns and spacing; its own
        /// `width` not counted).
        var minimum: Double
        var maximum: Double
    }

    /// The automatic algorithm (CSS 2.1 §17.5.2.2, as browsers refine it): each column
    /// ranges from its cells' widest min-content to their widest max-content (a cell or column
    /// `width` fixes the latter); spanning cells widen the columns they span. The table takes
    /// its max-content width (or its `width`) within `available`; between the two a column
    /// gets its minimum plus a share of the room in proportion to how much more it wants, so
    /// the longer column grows more. Below the min-content width columns shrink in proportion
    /// and the result is `squeezed`.
    ///
    /// `gap` is the horizontal `border-spacing` (between columns and at both ends).
    static func automatic(count n: Int, requests: [Request], columns: [Specified], gap: Double,
                          available: Double, tableWidth: Double?, atLeast: Double = 0) -> Result {
        guard n > 0 else { return Result(widths: [], squeezed: false, minimum: 0, maximum: 0) }
        let outer = gap * Double(n + 1)
        let base = max(0, (tableWidth ?? available) - outer)
        var minimum = [Double](filled: 0, count: n), maximum = minimum
        var fixed = [Double?](filled: nil, count: n)
        func px(_ specified: Specified) -> Double? {
            switch specified {
            case .auto: nil
            case .px(let w): max(0, w)
            case .percent(let p): max(0, p * base / 100)
            }
        }
        for (c, specified) in columns.prefix(n).enumerated() {
            if let w = px(specified) { fixed[c] = max(fixed[c] ?? 0, w) }
        }
        for request in requests where request.columns.count == 1 && request.columns.lowerBound < n {
            let c = request.columns.lowerBound
            minimum[c] = max(minimum[c], request.minimum)
            maximum[c] = max(maximum[c], request.maximum)
            if let w = px(request.specified) { fixed[c] = max(fixed[c] ?? 0, w) }
        }
        for c in 0..<n {
            // A fixed column keeps its width (content wraps), never below its min-content.
            maximum[c] = max(minimum[c], fixed[c] ?? maximum[c])
        }
        let spanning = requests.filter { $0.columns.count > 1 }.sorted { $0.columns.count < $1.columns.count }
        for request in spanning {
            let columns = request.columns.clamped(to: 0..<n)
            guard !columns.isEmpty else { continue }
            let inner = gap * Double(columns.count - 1)
            let wanted = px(request.specified).map { max(request.minimum, $0) } ?? request.maximum
            let weights = maximum
            spread(request.minimum - inner, over: columns, into: &minimum, weights: weights)
            spread(wanted - inner, over: columns, into: &maximum, weights: weights)
            for c in columns { maximum[c] = max(maximum[c], minimum[c]) }
        }

        let sumMin = minimum.reduce(0, +), sumMax = maximum.reduce(0, +)
        var target = tableWidth.map { max($0, sumMin + outer) } ?? (sumMax + outer)
        target = min(max(target, atLeast), max(0, available))
        let content = max(0, target - outer)
        var widths = minimum
        if content >= sumMax {
            let auto = (0..<n).filter { fixed[$0] == nil }
            let receivers = auto.isEmpty ? Array(0..<n) : auto
            let others = (0..<n).filter { fixed[$0] != nil && !auto.isEmpty }.reduce(0) { $0 + maximum[$1] }
            widths = maximum
            spread(content - others, over: receivers, into: &widths, weights: maximum)
        } else if content >= sumMin {
            let ratio = sumMax > sumMin ? (content - sumMin) / (sumMax - sumMin) : 0
            widths = (0..<n).map { minimum[$0] + (maximum[$0] - minimum[$0]) * ratio }
        } else {
            widths = squeezed(minimum, into: content)
        }
        return Result(widths: widths, squeezed: content < sumMin - 0.01, minimum: max(sumMin + outer, atLeast),
                      maximum: max(sumMax + outer, atLeast))
    }

    /// The fixed algorithm (CSS 2.1 §17.5.2.1): widths come from the columns, else from the
    /// first row's cells; the other columns share what is left equally. Content never
    /// widens a column. A table wider than `available` shrinks in proportion (`squeezed`).
    static func fixed(count n: Int, firstRow: [Request], columns: [Specified], gap: Double,
                      available: Double, tableWidth: Double) -> Result {
        guard n > 0 else { return Result(widths: [], squeezed: false, minimum: tableWidth, maximum: tableWidth) }
        let outer = gap * Double(n + 1)
        let base = max(0, tableWidth - outer)
        var widths = [Double?](filled: nil, count: n)
        func px(_ specified: Specified) -> Double? {
            switch specified {
            case .auto: nil
            case .px(let w): max(0, w)
            case .percent(let p): max(0, p * base / 100)
            }
        }
        for (c, specified) in columns.prefix(n).enumerated() { widths[c] = px(specified) }
        for request in firstRow {
            let spanned = request.columns.clamped(to: 0..<n)
            guard !spanned.isEmpty, let w = px(request.specified) else { continue }
            let each = max(0, w - gap * Double(spanned.count - 1)) / Double(spanned.count)
            for c in spanned where widths[c] == nil { widths[c] = each }
        }
        let assigned = widths.compactMap { $0 }.reduce(0, +)
        let free = widths.filter { $0 == nil }.count
        let table = max(tableWidth, assigned + outer)
        let rest = max(0, table - outer - assigned)
        var used = widths.map { $0 ?? rest / Double(max(1, free)) }
        if free == 0, assigned < table - outer {
            spread(table - outer, over: Array(0..<n), into: &used, weights: used)
        }
        var squeezed = false
        if table > available + 0.01 {
            let scale = max(0, available - outer) / max(0.01, table - outer)
            used = used.map { $0 * scale }
            squeezed = true
        }
        let width = min(table, max(available, 0))
        return Result(widths: used, squeezed: squeezed, minimum: width, maximum: width)
    }

    /// Columns below their min-content, to fit `content`: the widest give first, down to a
    /// common width, so that narrow columns (numbers, short words) keep their words whole and
    /// only the longest words are cut.
    static func squeezed(_ minimum: [Double], into content: Double) -> [Double] {
        guard content > 0, !minimum.isEmpty else { return minimum.map { _ in 0 } }
        // The level L with Σ min(minimum, L) = content: raise it past the columns it leaves whole.
        let sorted = minimum.sorted()
        var whole = 0.0
        var level = content / Double(sorted.count)
        for (k, width) in sorted.enumerated() {
            let capped = (content - whole) / Double(sorted.count - k)
            if width <= capped {
                whole += width
                level = capped
            } else {
                level = capped
                break
            }
        }
        return minimum.map { min($0, level) }
    }

    /// Grows `widths[columns]` so that they add up to `total`, in proportion to `weights`
    /// (equally when those are all zero).
    static func spread<C: Collection>(_ total: Double, over columns: C, into widths: inout [Double], weights: [Double]) where C.Element == Int {
        let current = columns.reduce(0) { $0 + widths[$1] }
        guard total > current + 0.001, !columns.isEmpty else { return }
        let extra = total - current
        let weightSum = columns.reduce(0) { $0 + weights[$1] }
        for c in columns {
            widths[c] += weightSum > 0 ? extra * weights[c] / weightSum : extra / Double(columns.count)
        }
    }
}
