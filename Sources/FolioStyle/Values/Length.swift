/// A unit of a `<length>` or `<percentage>` value.
///
/// https://www.w3.org/TR/css-values-4/#lengths
public enum LengthUnit: String, Sendable, Hashable, CaseIterable {
    case px, pt, pc
    case inch = "in"
    case cm, mm, q
    case em, rem, ex, ch
    case percent = "%"
    case vw, vh, vmin, vmax

    /// CSS pixels per unit for the absolute units; `nil` for relative ones.
    ///
    /// https://www.w3.org/TR/css-values-4/#absolute-lengths
    public var pixelsPerUnit: Double? {
        switch self {
        case .px: 1
        case .pt: 96.0 / 72.0
        case .pc: 16
        case .inch: 96
        case .cm: 96.0 / 2.54
        case .mm: 96.0 / 25.4
        case .q: 96.0 / 101.6
        case .em, .rem, .ex, .ch, .percent, .vw, .vh, .vmin, .vmax: nil
        }
    }

    /// The unit for a dimension token's unit, matched ASCII case-insensitively.
    public init?(cssUnit: String) {
        self.init(rawValue: cssUnit.asciiLowercased)
        if self == .percent { return nil }
    }
}

/// A specified `<length-percentage>`: a number with a unit, or a `calc()` expression.
///
/// Percentages are a unit here so that one type carries every length a declaration can
/// hold; which properties accept them is the parser's business.
/// https://www.w3.org/TR/css-values-4/#lengths
public enum Length: Sendable, Hashable {
    case dimension(Double, LengthUnit)
    case calc(Calc)

    public static let zero = Length.dimension(0, .px)

    public static func px(_ value: Double) -> Length { .dimension(value, .px) }
    public static func percent(_ value: Double) -> Length { .dimension(value, .percent) }

    /// Whether the value is known to be negative without computing it (calc never is).
    var isNegative: Bool {
        if case .dimension(let value, _) = self { return value < 0 }
        return false
    }

    /// Whether a percentage appears in the value.
    var hasPercent: Bool {
        switch self {
        case .dimension(_, let unit): unit == .percent
        case .calc(let calc): calc.containsPercent
        }
    }

    /// Parses one component value as a length.
    ///
    /// A unitless zero is a length; other unitless numbers are not (no quirks mode in
    /// XHTML content documents).
    static func parse(_ value: ComponentValue, percent: Bool = true, negative: Bool = true) -> Length? {
        let length: Length
        switch value {
        case .token(.dimension(let number, let unit, _)):
            // A number too large for a Double (1e999px) is no length.
            guard number.isFinite, let unit = LengthUnit(cssUnit: unit) else { return nil }
            length = .dimension(number, unit)
        case .token(.percentage(let number)):
            guard percent, number.isFinite else { return nil }
            length = .dimension(number, .percent)
        case .token(.number(let number, _, _)):
            guard number == 0 else { return nil }
            length = .zero
        case .function:
            guard let calc = Calc.parse(value), calc.type != .number else { return nil }
            if !percent && calc.containsPercent { return nil }
            return .calc(calc)
        default:
            return nil
        }
        if !negative && length.isNegative { return nil }
        return length
    }
}

extension Length: CustomStringConvertible {
    /// The value as CSS text (`12px`, `50%`, `calc(1em + 2px)`).
    public var description: String {
        switch self {
        case .dimension(let value, let unit): cssNumber(value) + unit.rawValue
        case .calc(let calc): "calc(\(calc))"
        }
    }
}
