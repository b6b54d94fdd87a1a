/// What computing lengths needs to know about the reading environment.
///
/// https://www.w3.org/TR/css-values-4/#viewport-relative-lengths
public struct ValueContext: Sendable, Hashable {
    /// The viewport (page area) in CSS px, for `vw`, `vh`, `vmin`, `vmax`.
    public var viewportWidth: Double
    public var viewportHeight: Double
    /// The font size `rem` refers to while the root element itself is computed (and the
    /// root's font size when no root style is passed): the initial font size.
    public var rootFontSize: Double
    /// The size of `font-size: medium`, which keywords scale from (the reader's preferred
    /// size; 16px by default).
    public var mediumFontSize: Double
    /// `ex` and `ch` in em, until font metrics are known (CSS allows 0.5em for both).
    public var exPerEm: Double
    public var chPerEm: Double

    public init(
        viewportWidth: Double, viewportHeight: Double, rootFontSize: Double = 16,
        mediumFontSize: Double = 16, exPerEm: Double = 0.5, chPerEm: Double = 0.5
    ) {
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.rootFontSize = rootFontSize
        self.mediumFontSize = mediumFontSize
        self.exPerEm = exPerEm
        self.chPerEm = chPerEm
    }
}

/// Turns lengths into CSS px for one element: its font size, the root's, the viewport.
struct LengthResolver {
    var fontSize: Double
    var rootFontSize: Double
    var context: ValueContext

    /// The number in px; percentages are not lengths here and resolve to 0 (callers that
    /// accept percentages handle them before calling).
    func px(_ value: Double, _ unit: LengthUnit) -> Double {
        switch unit {
        case .px: value
        case .pt, .pc, .inch, .cm, .mm, .q: value * (unit.pixelsPerUnit ?? 1)
        case .em: value * fontSize
        case .rem: value * rootFontSize
        case .ex: value * fontSize * context.exPerEm
        case .ch: value * fontSize * context.chPerEm
        case .vw: value * context.viewportWidth / 100
        case .vh: value * context.viewportHeight / 100
        case .vmin: value * Swift.min(context.viewportWidth, context.viewportHeight) / 100
        case .vmax: value * Swift.max(context.viewportWidth, context.viewportHeight) / 100
        case .percent: 0
        }
    }

    /// A length that cannot hold a percentage, in px.
    func px(_ length: Length) -> Double {
        switch length {
        case .dimension(let value, let unit): px(value, unit)
        case .calc(let calc): calc.evaluate(percentBasis: 0, lengths: self)
        }
    }

    /// A length-percentage as far as it can be computed without the containing block.
    func lengthPercentage(_ length: Length) -> LengthPercentage {
        switch length {
        case .dimension(let value, .percent):
            return .percent(value)
        case .dimension(let value, let unit):
            return .px(px(value, unit))
        case .calc(let calc):
            guard calc.containsPercent else { return .px(calc.evaluate(percentBasis: 0, lengths: self)) }
            if calc.containsComparison { return .expression(calc.resolvingLengths(self)) }
            // A linear expression is px + k%: read both off two evaluations.
            let base = calc.evaluate(percentBasis: 0, lengths: self)
            let withHundred = calc.evaluate(percentBasis: 100, lengths: self)
            return .mixed(px: base, percent: withHundred - base)
        }
    }
}
