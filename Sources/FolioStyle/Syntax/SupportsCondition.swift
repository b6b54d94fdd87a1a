/// The condition of an `@supports` rule (or of `@import … supports(…)`).
///
/// Parsed once; evaluated later by the cascade, which knows which declarations the
/// value parsers accept.
/// https://www.w3.org/TR/css-conditional-3/#supports_rule
public indirect enum SupportsCondition: Sendable, Hashable {
    case not(SupportsCondition)
    case and([SupportsCondition])
    case or([SupportsCondition])
    /// `(name: value)`; `name` lowercased as in `Declaration`.
    case declaration(name: String, value: [ComponentValue])
    /// `selector(…)`: whether Folio's selector parser accepts it was decided at parse time.
    case selector(String, isSupported: Bool)
    /// `<general-enclosed>`: a test from a later level; it is false.
    case unknown(String)

    /// Parses `<supports-condition>`; nil when the condition is not valid (the rule is dropped).
    public static func parse(_ values: [ComponentValue], namespaces: CSSNamespaces = CSSNamespaces()) -> SupportsCondition? {
        let items = values.filter { !$0.isWhitespace }
        guard !items.isEmpty else { return nil }
        if items[0].isIdent("not") {
            guard items.count == 2, let inner = inParens(items[1], namespaces) else { return nil }
            return .not(inner)
        }
        guard let first = inParens(items[0], namespaces) else { return nil }
        if items.count == 1 { return first }
        // All joiners must be the same keyword: `a and b or c` is invalid without parentheses.
        guard items.count % 2 == 1, let joiner = items[1].identValue?.lowercased(), joiner == "and" || joiner == "or" else {
            return nil
        }
        var operands = [first]
        var i = 1
        while i < items.count {
            guard items[i].isIdent(joiner), i + 1 < items.count, let next = inParens(items[i + 1], namespaces) else { return nil }
            operands.append(next)
            i += 2
        }
        return joiner == "and" ? .and(operands) : .or(operands)
    }

    /// Parses a condition written as text.
    public static func parse(_ text: String, namespaces: CSSNamespaces = CSSNamespaces()) -> SupportsCondition? {
        parse(CSSParser.parseComponentValues(text), namespaces: namespaces)
    }

    /// `<supports-in-parens>`: a nested condition, a declaration, `selector()`, or general-enclosed.
    private static func inParens(_ value: ComponentValue, _ namespaces: CSSNamespaces) -> SupportsCondition? {
        switch value {
        case .block(open: "(", let content):
            let inner = content.trimmingWhitespace
            if let first = inner.first, case .token(.ident) = first, !first.isIdent("not"),
               let declaration = CSSRuleParser.declaration(from: inner) {
                return .declaration(name: declaration.name, value: declaration.value)
            }
            if let condition = parse(inner, namespaces: namespaces) { return condition }
            return .unknown(value.cssText)
        case .function(name: "selector", let arguments):
            let supported = SelectorParser.parseList(arguments, namespaces: namespaces) != nil
            return .selector(arguments.trimmingWhitespace.cssText, isSupported: supported)
        case .function:
            return .unknown(value.cssText)
        default:
            return nil
        }
    }

    /// Whether the condition holds, given a test for single declarations.
    public func evaluate(_ supportsDeclaration: (_ name: String, _ value: [ComponentValue]) -> Bool) -> Bool {
        switch self {
        case .not(let c): return !c.evaluate(supportsDeclaration)
        case .and(let cs): return cs.allSatisfy { $0.evaluate(supportsDeclaration) }
        case .or(let cs): return cs.contains { $0.evaluate(supportsDeclaration) }
        case .declaration(let name, let value): return supportsDeclaration(name, value)
        case .selector(_, let isSupported): return isSupported
        case .unknown: return false
        }
    }
}
