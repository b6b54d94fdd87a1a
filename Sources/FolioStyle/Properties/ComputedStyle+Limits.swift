/// Clamping computed values to `StyleLimits`.
extension ComputedStyle {
    /// Clamps this style's values to `StyleLimits`; returns the CSS names of the
    /// properties that were out of range (empty when none was).
    mutating func clampToLimits() -> [String] {
        var names: [String] = []
        func check<T: Equatable>(_ name: String, _ value: inout T, _ clamp: (T) -> T) {
            let clamped = clamp(value)
            if clamped != value {
                value = clamped
                names.append(name)
            }
        }
        let h = StyleLimits.length, v = StyleLimits.verticalLength
        check("font-size", &font.size) { Swift.max(0, StyleLimits.clamp($0, StyleLimits.fontSize)) }
        check("line-height", &font.lineHeight) {
            switch $0 {
            case .normal: .normal
            case .number(let n): .number(Swift.max(0, StyleLimits.clamp(n, StyleLimits.lineHeightNumber)))
            case .px(let px): .px(Swift.max(0, StyleLimits.clamp(px, v)))
            }
        }
        check("text-indent", &text.indent) { $0.clamped(h) }
        check("letter-spacing", &text.letterSpacing) { StyleLimits.clamp($0, StyleLimits.spacing) }
        check("word-spacing", &text.wordSpacing) { $0.clamped(StyleLimits.spacing) }
        if box != Self.initial.box {
            check("width", &box.width) { $0.clamped(h) }
            check("min-width", &box.minWidth) { $0.clamped(h) }
            check("max-width", &box.maxWidth) { $0.clamped(h) }
            check("height", &box.height) { $0.clamped(v) }
            check("min-height", &box.minHeight) { $0.clamped(v) }
            check("max-height", &box.maxHeight) { $0.clamped(v) }
            check("margin-top", &box.margin.top) { $0.clamped(v) }
            check("margin-bottom", &box.margin.bottom) { $0.clamped(v) }
            check("margin-left", &box.margin.left) { $0.clamped(h) }
            check("margin-right", &box.margin.right) { $0.clamped(h) }
            check("padding-top", &box.padding.top) { $0.clamped(v) }
            check("padding-bottom", &box.padding.bottom) { $0.clamped(v) }
            check("padding-left", &box.padding.left) { $0.clamped(h) }
            check("padding-right", &box.padding.right) { $0.clamped(h) }
            check("top", &box.inset.top) { $0.clamped(v) }
            check("bottom", &box.inset.bottom) { $0.clamped(v) }
            check("left", &box.inset.left) { $0.clamped(h) }
            check("right", &box.inset.right) { $0.clamped(h) }
            check("vertical-align", &box.verticalAlign) {
                if case .length(let length) = $0 { return .length(length.clamped(v)) }
                return $0
            }
            check("column-width", &box.columnWidth) { $0.map { StyleLimits.clamp($0, h) } }
        }
        if !border.isIdentical(to: Self.initial.border) {
            let limit = StyleLimits.borderWidth
            let widths = border.width
            let clamped = Edges(top: StyleLimits.clamp(widths.top, limit), right: StyleLimits.clamp(widths.right, limit),
                                bottom: StyleLimits.clamp(widths.bottom, limit), left: StyleLimits.clamp(widths.left, limit))
            if clamped != widths {
                border.width = clamped
                names.append("border-width")
            }
        }
        if !rareInherited.isIdentical(to: Self.initial.rareInherited) {
            let spacing = rareInherited.borderSpacing
            let limit = StyleLimits.borderSpacing
            let clamped = BorderSpacing(horizontal: StyleLimits.clamp(spacing.horizontal, limit), vertical: StyleLimits.clamp(spacing.vertical, limit))
            if clamped != spacing {
                rareInherited.borderSpacing = clamped
                names.append("border-spacing")
            }
        }
        return names
    }
}

extension LengthPercentage {
    /// Within ±`limit` px and ±`StyleLimits.percent` %. An expression is wrapped in a
    /// `clamp()` only when it can leave that range.
    func clamped(_ limit: Double) -> LengthPercentage {
        let percent = StyleLimits.percent
        switch self {
        case .px(let value): return .px(StyleLimits.clamp(value, limit))
        case .percent(let value): return .percent(StyleLimits.clamp(value, percent))
        case .mixed(let px, let pct): return .mixed(px: StyleLimits.clamp(px, limit), percent: StyleLimits.clamp(pct, percent))
        case .expression(let calc):
            // Percentages of at most a `limit`-wide box: beyond that the value is out of range anyway.
            let samples = [0, limit].map { resolve(against: $0) }
            guard samples.contains(where: { !$0.isFinite || abs($0) > limit }) else { return self }
            return .expression(.clamp(.dimension(-limit, .px), calc, .dimension(limit, .px)))
        }
    }
}

extension LengthPercentageOrAuto {
    func clamped(_ limit: Double) -> LengthPercentageOrAuto {
        switch self {
        case .auto: .auto
        case .length(let length): .length(length.clamped(limit))
        }
    }
}

extension LengthPercentageOrNone {
    func clamped(_ limit: Double) -> LengthPercentageOrNone {
        switch self {
        case .none: .none
        case .length(let length): .length(length.clamped(limit))
        }
    }
}
