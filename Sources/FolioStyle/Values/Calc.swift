/// A math-function expression tree: `calc()` with `+ - * /`, nesting, mixed units, and
/// `min()`, `max()`, `clamp()`.
///
/// https://www.w3.org/TR/css-values-4/#calc-func
public indirect enum Calc: Sendable, Hashable {
    case number(Double)
    case dimension(Double, LengthUnit)
    case sum(Calc, Calc)
    case difference(Calc, Calc)
    case product(Calc, Calc)
    case quotient(Calc, Calc)
    case min([Calc])
    case max([Calc])
    case clamp(Calc, Calc, Calc)

    /// What an expression resolves to; sums need operands of one type.
    ///
    /// https://www.w3.org/TR/css-values-4/#calc-type-checking
    enum ResultType { case number, length }

    /// The expression's type; parsing only builds well-typed trees.
    var type: ResultType {
        switch self {
        case .number: .number
        case .dimension: .length
        case .sum(let a, _), .difference(let a, _), .quotient(let a, _): a.type
        case .product(let a, let b): a.type == .number ? b.type : .length
        case .min(let items), .max(let items): items.first?.type ?? .number
        case .clamp(_, let value, _): value.type
        }
    }

    var containsPercent: Bool {
        switch self {
        case .number: false
        case .dimension(_, let unit): unit == .percent
        case .sum(let a, let b), .difference(let a, let b), .product(let a, let b), .quotient(let a, let b):
            a.containsPercent || b.containsPercent
        case .min(let items), .max(let items): items.contains { $0.containsPercent }
        case .clamp(let a, let b, let c): a.containsPercent || b.containsPercent || c.containsPercent
        }
    }

    var containsComparison: Bool {
        switch self {
        case .number, .dimension: false
        case .sum(let a, let b), .difference(let a, let b), .product(let a, let b), .quotient(let a, let b):
            a.containsComparison || b.containsComparison
        case .min, .max, .clamp: true
        }
    }

    /// Evaluates to CSS px (or a plain number), with percentages taken of `percentBasis`.
    ///
    /// Non-finite results (a division by zero) are clamped, as the spec asks.
    func evaluate(percentBasis: Double, lengths: LengthResolver) -> Double {
        let value: Double
        switch self {
        case .number(let number): value = number
        case .dimension(let number, let unit):
            value = unit == .percent ? number * percentBasis / 100 : lengths.px(number, unit)
        case .sum(let a, let b):
            value = a.evaluate(percentBasis: percentBasis, lengths: lengths) + b.evaluate(percentBasis: percentBasis, lengths: lengths)
        case .difference(let a, let b):
            value = a.evaluate(percentBasis: percentBasis, lengths: lengths) - b.evaluate(percentBasis: percentBasis, lengths: lengths)
        case .product(let a, let b):
            value = a.evaluate(percentBasis: percentBasis, lengths: lengths) * b.evaluate(percentBasis: percentBasis, lengths: lengths)
        case .quotient(let a, let b):
            value = a.evaluate(percentBasis: percentBasis, lengths: lengths) / b.evaluate(percentBasis: percentBasis, lengths: lengths)
        case .min(let items):
            value = items.map { $0.evaluate(percentBasis: percentBasis, lengths: lengths) }.min() ?? 0
        case .max(let items):
            value = items.map { $0.evaluate(percentBasis: percentBasis, lengths: lengths) }.max() ?? 0
        case .clamp(let low, let middle, let high):
            let l = low.evaluate(percentBasis: percentBasis, lengths: lengths)
            let m = middle.evaluate(percentBasis: percentBasis, lengths: lengths)
            let h = high.evaluate(percentBasis: percentBasis, lengths: lengths)
            value = Swift.max(l, Swift.min(m, h))
        }
        if value.isNaN { return 0 }
        return Swift.min(Swift.max(value, -1e7), 1e7)
    }

    /// The value of an expression without lengths (type `.number`).
    var constantValue: Double {
        evaluate(percentBasis: 0, lengths: LengthResolver(fontSize: 0, rootFontSize: 0, context: ValueContext(viewportWidth: 0, viewportHeight: 0)))
    }

    /// The same expression with every non-percentage length turned into px, so that it
    /// can be evaluated later against a containing block without the element's fonts.
    func resolvingLengths(_ lengths: LengthResolver) -> Calc {
        switch self {
        case .number: self
        case .dimension(let number, let unit): unit == .percent ? self : .dimension(lengths.px(number, unit), .px)
        case .sum(let a, let b): .sum(a.resolvingLengths(lengths), b.resolvingLengths(lengths))
        case .difference(let a, let b): .difference(a.resolvingLengths(lengths), b.resolvingLengths(lengths))
        case .product(let a, let b): .product(a.resolvingLengths(lengths), b.resolvingLengths(lengths))
        case .quotient(let a, let b): .quotient(a.resolvingLengths(lengths), b.resolvingLengths(lengths))
        case .min(let items): .min(items.map { $0.resolvingLengths(lengths) })
        case .max(let items): .max(items.map { $0.resolvingLengths(lengths) })
        case .clamp(let a, let b, let c): .clamp(a.resolvingLengths(lengths), b.resolvingLengths(lengths), c.resolvingLengths(lengths))
        }
    }
}

extension Calc: CustomStringConvertible {
    /// The expression as CSS text, fully parenthesized inside (`1em + (2px * 3)`).
    public var description: String {
        switch self {
        case .number(let number): cssNumber(number)
        case .dimension(let number, let unit): cssNumber(number) + unit.rawValue
        case .sum(let a, let b): "\(a.nested) + \(b.nested)"
        case .difference(let a, let b): "\(a.nested) - \(b.nested)"
        case .product(let a, let b): "\(a.nested) * \(b.nested)"
        case .quotient(let a, let b): "\(a.nested) / \(b.nested)"
        case .min(let items): "min(\(items.map(\.description).joined(separator: ", ")))"
        case .max(let items): "max(\(items.map(\.description).joined(separator: ", ")))"
        case .clamp(let a, let b, let c): "clamp(\(a), \(b), \(c))"
        }
    }

    private var nested: String {
        switch self {
        case .sum, .difference, .product, .quotient: "(\(description))"
        default: description
        }
    }
}
