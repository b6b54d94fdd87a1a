/// The pseudo-classes Folio parses.
///
/// User-action and form states (`:hover`, `:visited`, `:focus`, `:checked`, …) parse, so
/// their rules are kept, but never match: a book page has no pointer or history.
/// https://www.w3.org/TR/selectors-4/#overview
public indirect enum PseudoClass: Sendable, Hashable {
    case root
    case empty
    case firstChild, lastChild, onlyChild
    case firstOfType, lastOfType, onlyOfType
    /// `:nth-child(An+B [of S])`
    case nthChild(NthFormula, of: [Selector]?)
    case nthLastChild(NthFormula, of: [Selector]?)
    case nthOfType(NthFormula)
    case nthLastOfType(NthFormula)
    /// `:lang(fr, "en-GB")`: language ranges, lowercased.
    case lang([String])
    case link
    case anyLink
    /// A state that never holds while paginating (`:hover`, `:visited`, …), by name.
    case never(String)
    case not([Selector])
    case `is`([Selector])
    case `where`([Selector])
    /// `:has(> img, figcaption)`: an element with a related element matching one of them.
    case has([RelativeSelector])

    /// Names of the states that parse but never match.
    static let neverMatching: Set<String> = [
        "visited", "hover", "active", "focus", "focus-within", "focus-visible", "target", "target-within",
        "checked", "disabled", "enabled", "indeterminate", "default", "placeholder-shown", "read-only",
        "read-write", "required", "optional", "valid", "invalid", "in-range", "out-of-range",
        "fullscreen", "playing", "paused", "current", "past", "future", "defined", "autofill",
    ]

    /// Selectors 4 §17: `:is`/`:not` count their most specific argument, `:where` nothing,
    /// `:nth-child(… of S)` one pseudo-class plus its most specific argument.
    public var specificity: Specificity {
        let one = Specificity(a: 0, b: 1, c: 0)
        switch self {
        case .not(let list), .is(let list): return Self.maximum(list)
        case .has(let list): return Self.maximum(list.map(\.selector))
        case .where: return .zero
        case .nthChild(_, let of?), .nthLastChild(_, let of?): return one + Self.maximum(of)
        default: return one
        }
    }

    private static func maximum(_ list: [Selector]) -> Specificity {
        list.map(\.specificity).max() ?? .zero
    }
}

/// An `An+B` formula, as in `:nth-child(2n+1)`.
///
/// https://www.w3.org/TR/css-syntax-3/#anb-microsyntax
public struct NthFormula: Sendable, Hashable {
    public var a: Int
    public var b: Int

    public init(a: Int, b: Int) {
        self.a = a
        self.b = b
    }

    /// True when the 1-based `index` is `a·n + b` for some n ≥ 0.
    public func matches(_ index: Int) -> Bool {
        let offset = index - b
        if a == 0 { return offset == 0 }
        return offset % a == 0 && offset / a >= 0
    }

    /// Parses `odd`, `even`, `5`, `-n+3`, `2n + 1`… from component values.
    ///
    /// The values are serialized and read as text: `2n-1` arrives as one dimension and
    /// `-n+3` as an ident and a number, and text is the simplest common ground.
    static func parse(_ values: [ComponentValue]) -> NthFormula? {
        let text = values.trimmingWhitespace.cssText.lowercased()
        if text == "odd" { return NthFormula(a: 2, b: 1) }
        if text == "even" { return NthFormula(a: 2, b: 0) }
        var s = Substring(text.filter { $0 != " " })
        func integer(_ digits: Substring) -> Int? {
            guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), digits.count < 10 else { return nil }
            return Int(digits)
        }
        guard let n = s.firstIndex(of: "n") else {
            var sign = 1
            if let f = s.first, f == "+" || f == "-" {
                sign = f == "-" ? -1 : 1
                s = s.dropFirst()
            }
            return integer(s).map { NthFormula(a: 0, b: sign * $0) }
        }
        var aPart = s[..<n]
        var a = 1
        if aPart.first == "-" {
            a = -1
            aPart = aPart.dropFirst()
        } else if aPart.first == "+" {
            aPart = aPart.dropFirst()
        }
        if !aPart.isEmpty {
            guard let v = integer(aPart) else { return nil }
            a *= v
        }
        let bPart = s[s.index(after: n)...]
        guard let f = bPart.first else { return NthFormula(a: a, b: 0) }
        guard f == "+" || f == "-", let v = integer(bPart.dropFirst()) else { return nil }
        return NthFormula(a: a, b: f == "-" ? -v : v)
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
