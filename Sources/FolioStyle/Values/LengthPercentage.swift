/// A computed `<length-percentage>`: px where they can be known, percentages kept for
/// the containing block layout will supply.
///
/// https://www.w3.org/TR/css-values-4/#mixed-percentages
public enum LengthPercentage: Sendable, Hashable {
    case px(Double)
    case percent(Double)
    /// `calc(px + percent%)`, the computed form of any linear calc() with a percentage.
    case mixed(px: Double, percent: Double)
    /// A calc() with a percentage inside `min()`/`max()`/`clamp()`; its lengths are px.
    case expression(Calc)

    public static let zero = LengthPercentage.px(0)

    /// The used value in px against a percentage basis (usually the containing block width).
    public func resolve(against basis: Double) -> Double {
        switch self {
        case .px(let value): value
        case .percent(let value): value * basis / 100
        case .mixed(let px, let percent): px + percent * basis / 100
        case .expression(let calc):
            calc.evaluate(percentBasis: basis, lengths: LengthResolver(fontSize: 0, rootFontSize: 0, context: ValueContext(viewportWidth: 0, viewportHeight: 0)))
        }
    }

    /// The px value when no percentage is involved.
    public var fixed: Double? {
        if case .px(let value) = self { return value }
        return nil
    }

    /// `100% - self`, for positions measured from the right or bottom edge.
    var complement: LengthPercentage {
        switch self {
        case .px(let value): .mixed(px: -value, percent: 100)
        case .percent(let value): .percent(100 - value)
        case .mixed(let px, let percent): .mixed(px: -px, percent: 100 - percent)
        case .expression(let calc): .expression(.difference(.dimension(100, .percent), calc))
        }
    }

    /// Negative values clamped to zero, for properties that forbid them (calc() can still
    /// produce them).
    var clampedNonNegative: LengthPercentage {
        switch self {
        case .px(let value): .px(Swift.max(0, value))
        case .percent(let value): .percent(Swift.max(0, value))
        case .mixed(let px, let percent) where px >= 0 && percent >= 0: self
        case .mixed, .expression: .expression(.max([.dimension(0, .px), calc]))
        }
    }

    var calc: Calc {
        switch self {
        case .px(let value): .dimension(value, .px)
        case .percent(let value): .dimension(value, .percent)
        case .mixed(let px, let percent): .sum(.dimension(px, .px), .dimension(percent, .percent))
        case .expression(let calc): calc
        }
    }
}

extension LengthPercentage: CustomStringConvertible {
    public var description: String {
        switch self {
        case .px(let value): cssNumber(value) + "px"
        case .percent(let value): cssNumber(value) + "%"
        case .mixed(let px, let percent):
            px < 0
                ? "calc(\(cssNumber(percent))% - \(cssNumber(-px))px)"
                : "calc(\(cssNumber(percent))% + \(cssNumber(px))px)"
        case .expression(let calc): "calc(\(calc))"
        }
    }
}

/// A computed `<length-percentage> | auto` (margins, widths, offsets).
public enum LengthPercentageOrAuto: Sendable, Hashable, CustomStringConvertible {
    case auto
    case length(LengthPercentage)

    public static let zero = LengthPercentageOrAuto.length(.zero)

    public var description: String {
        switch self {
        case .auto: "auto"
        case .length(let length): length.description
        }
    }
}

/// A computed `<length-percentage> | none` (`max-width`, `max-height`).
public enum LengthPercentageOrNone: Sendable, Hashable, CustomStringConvertible {
    case none
    case length(LengthPercentage)

    public var description: String {
        switch self {
        case .none: "none"
        case .length(let length): length.description
        }
    }
}
