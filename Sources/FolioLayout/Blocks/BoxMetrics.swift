import FolioStyle

/// A block box's used horizontal geometry and its vertical edges, in px.
/// https://www.w3.org/TR/CSS2/visudet.html#blockwidth
struct BoxMetrics {
    var margin: Edges<Double>
    var border: Edges<Double>
    var padding: Edges<Double>
    /// The content box's width and its left edge, relative to the containing block's left edge.
    var contentWidth: Double
    var contentX: Double

    /// The border box's left edge and width, relative to the containing block.
    var borderX: Double { contentX - padding.left - border.left }
    var borderWidth: Double { contentWidth + padding.left + padding.right + border.left + border.right }

    /// Resolves `style` in a containing block `available` px wide. A box that would be wider
    /// than its containing block is narrowed (then its margins shrunk), so content never
    /// overflows the page.
    /// `minimumContent` keeps deeply nested boxes readable: their padding and margins give way
    /// before the content gets narrower than that, and their borders too unless `keepsBorders`
    /// (under the cell metric, where a border is a whole cell drawn as a line).
    init(_ style: borrowing ComputedStyle, available: Double, shrinkToFit: Double? = nil, minimumContent: Double = 0, keepsBorders: Bool = false) {
        func length(_ value: LengthPercentage) -> Double { max(0, value.resolve(against: available)) }
        func marginValue(_ value: LengthPercentageOrAuto) -> Double? {
            if case .length(let l) = value { return l.resolve(against: available) }
            return nil
        }
        let b = style.border
        border = Edges(top: b.width.top, right: b.width.right, bottom: b.width.bottom, left: b.width.left)
        let p = style.box.padding
        padding = Edges(top: length(p.top), right: length(p.right), bottom: length(p.bottom), left: length(p.left))
        let m = style.box.margin
        var left = marginValue(m.left), right = marginValue(m.right)
        let top = marginValue(m.top) ?? 0, bottom = marginValue(m.bottom) ?? 0
        let extras = border.left + border.right + padding.left + padding.right

        var width: Double?
        if case .length(let l) = style.box.width {
            var w = l.resolve(against: available)
            if style.box.boxSizing == .borderBox { w -= extras }
            width = max(0, w)
        } else if let shrinkToFit {
            width = min(shrinkToFit, max(0, available - (left ?? 0) - (right ?? 0) - extras))
        }
        if var w = width {
            if case .length(let l) = style.box.maxWidth {
                var limit = l.resolve(against: available)
                if style.box.boxSizing == .borderBox { limit -= extras }
                w = min(w, max(0, limit))
            }
            if case .length(let l) = style.box.minWidth {
                var limit = l.resolve(against: available)
                if style.box.boxSizing == .borderBox { limit -= extras }
                w = max(w, limit)
            }
            width = w
        }
        var used: Double
        if let width {
            used = width
            let free = available - used - extras - (left ?? 0) - (right ?? 0)
            switch (left, right) {
            case (nil, nil): left = max(0, free / 2); right = max(0, free / 2)
            case (nil, _): left = max(0, free)
            case (_, nil): right = max(0, free)
            default: break
            }
        } else {
            used = available - extras - (left ?? 0) - (right ?? 0)
            if case .length(let l) = style.box.maxWidth {
                var limit = l.resolve(against: available)
                if style.box.boxSizing == .borderBox { limit -= extras }
                if used > limit { used = max(0, limit) }
            }
        }
        var marginLeft = left ?? 0, marginRight = right ?? 0
        // Never wider than the containing block: narrow the content, then the margins.
        if used + extras + marginLeft + marginRight > available + 0.01 {
            used = max(0, available - extras - max(0, marginLeft) - max(0, marginRight))
            let over = used + extras + marginLeft + marginRight - available
            if over > 0.01 {
                let scale = max(0, (marginLeft + marginRight - over) / max(0.01, marginLeft + marginRight))
                marginLeft *= scale
                marginRight *= scale
                if used + extras > available { used = max(0, available - extras) }
            }
        }
        // Only boxes whose width comes from their containing block: a set width is the author's.
        let floor = width == nil ? min(minimumContent, available) : 0
        if used < floor {
            // Give the missing width back from the left and right gaps, in proportion.
            var gaps = [marginLeft, border.left, padding.left, padding.right, border.right, marginRight].map { max(0, $0) }
            let yielding = keepsBorders ? [0, 2, 3, 5] : Array(gaps.indices)
            let total = yielding.reduce(0) { $0 + gaps[$1] }
            let scale = total > 0 ? max(0, (total - (floor - used)) / total) : 1
            for k in yielding { gaps[k] *= scale }
            (marginLeft, padding.left, padding.right, marginRight) = (gaps[0], gaps[2], gaps[3], gaps[5])
            border.left = gaps[1]
            border.right = gaps[4]
            used = available - gaps.reduce(0, +)
        }
        margin = Edges(top: top, right: marginRight, bottom: bottom, left: marginLeft)
        contentWidth = max(0, used)
        contentX = marginLeft + border.left + padding.left
    }
}
