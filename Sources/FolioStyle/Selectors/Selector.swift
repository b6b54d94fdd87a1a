import FolioXML

/// One complex selector (`nav > ol li.toc:first-child::before`), ready to match.
///
/// Stored right to left, the order matching walks it: `compounds[0]` is the subject,
/// and `combinators[i]` joins `compounds[i]` to `compounds[i + 1]` on its left.
/// https://www.w3.org/TR/selectors-4/#complex
public struct Selector: Sendable, Hashable {
    public let compounds: [CompoundSelector]
    public let combinators: [Combinator]
    /// The pseudo-element the selector ends in; the cascade styles that box instead of the element.
    public let pseudoElement: PseudoElement?
    public let specificity: Specificity
    /// The most selective key of the subject compound, for bucketing rules in hash maps.
    public let rightmostKey: SelectorKey
    /// What it was parsed from, and words put before it: its text is written only when asked
    /// for (inspection and warnings), not for each of a stylesheet's selectors.
    var source: [ComponentValue]
    var prefix: String
    /// The selector in the form matching reads (not part of its value: built from the rest).
    let matcher: SelectorMatcher

    /// The selector as written (for inspection and warnings).
    public var text: String { prefix + source.cssText }

    init(compounds: [CompoundSelector], combinators: [Combinator], pseudoElement: PseudoElement?, source: [ComponentValue], prefix: String = "") {
        self.compounds = compounds
        self.combinators = combinators
        self.pseudoElement = pseudoElement
        self.source = source
        self.prefix = prefix
        var specificity = compounds.reduce(Specificity.zero) { $0 + $1.specificity }
        if pseudoElement != nil { specificity.c += 1 }
        self.specificity = specificity
        rightmostKey = compounds.first?.key ?? .universal
        matcher = SelectorMatcher(compounds: compounds, combinators: combinators)
    }

    public static func == (a: Selector, b: Selector) -> Bool {
        a.compounds == b.compounds && a.combinators == b.combinators && a.pseudoElement == b.pseudoElement
            && a.source == b.source && a.prefix == b.prefix
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(compounds)
        hasher.combine(combinators)
        hasher.combine(pseudoElement)
        hasher.combine(source)
        hasher.combine(prefix)
    }

    /// Parses a selector list written as text; nil when any selector in it is invalid.
    public static func parseList(_ text: String, namespaces: CSSNamespaces = CSSNamespaces()) -> [Selector]? {
        SelectorParser.parseList(CSSParser.parseComponentValues(text), namespaces: namespaces)
    }
}

/// A compound selector: an optional type selector and the conditions on the same element.
public struct CompoundSelector: Sendable, Hashable {
    /// Nil when the compound has no type selector and no default namespace applies.
    public var type: TypeSelector?
    public var conditions: [SimpleSelector]

    public init(type: TypeSelector?, conditions: [SimpleSelector]) {
        self.type = type
        self.conditions = conditions
    }

    public var specificity: Specificity {
        var s = Specificity.zero
        if let type, type.localName != nil { s.c += 1 }
        for condition in conditions { s = s + condition.specificity }
        return s
    }

    var key: SelectorKey {
        for case .id(let id) in conditions { return .id(id) }
        for case .className(let c) in conditions { return .className(c) }
        for case .attribute(let attribute) in conditions {
            if let token = attribute.indexableToken { return .attributeToken(attribute.name, token) }
        }
        if let name = type?.lowercasedName { return .tag(name) }
        for case .attribute(let attribute) in conditions { return .attribute(attribute.name) }
        return .universal
    }
}

/// `ns|E`, `*|*`, `E`: a local name (nil for `*`) in a namespace.
public struct TypeSelector: Sendable, Hashable {
    public var namespace: NamespaceConstraint
    public private(set) var localName: String?
    /// ASCII-lowercased `localName`, for HTML elements (matched without regard to case).
    public private(set) var lowercasedName: String?
    /// `QualifiedName.key` of `lowercasedName`: an element whose name has another key is not
    /// this one, which settles most comparisons without reading the element's name.
    let nameKey: UInt32?

    public init(namespace: NamespaceConstraint, localName: String?) {
        self.namespace = namespace
        self.localName = localName
        lowercasedName = localName?.lowercased()
        nameKey = lowercasedName.map { QualifiedName.key(lowercased: $0) }
    }
}

/// Which namespace a type or attribute selector accepts.
public enum NamespaceConstraint: Sendable, Hashable {
    /// `*|` (or no prefix and no default namespace, for type selectors).
    case any
    /// `|`: no namespace (the default for attribute selectors).
    case none
    case uri(String)
}

/// The ways two compounds relate.
///
/// https://www.w3.org/TR/selectors-4/#combinators
public enum Combinator: Sendable, Hashable {
    /// `A B`
    case descendant
    /// `A > B`
    case child
    /// `A + B`
    case nextSibling
    /// `A ~ B`
    case subsequentSibling
}

/// The conditions of a compound besides its type selector.
public indirect enum SimpleSelector: Sendable, Hashable {
    case id(String)
    case className(String)
    case attribute(AttributeSelector)
    case pseudoClass(PseudoClass)

    public var specificity: Specificity {
        switch self {
        case .id: Specificity(a: 1, b: 0, c: 0)
        case .className, .attribute: Specificity(a: 0, b: 1, c: 0)
        case .pseudoClass(let p): p.specificity
        }
    }
}

/// `[ns|name op "value" i]`.
///
/// https://www.w3.org/TR/selectors-4/#attribute-selectors
public struct AttributeSelector: Sendable, Hashable {
    public enum Operator: String, Sendable, Hashable {
        case equals = "=", includes = "~=", dashMatch = "|=", prefix = "^=", suffix = "$=", substring = "*="
    }

    public var name: String
    public var namespace: NamespaceConstraint
    /// Nil for a presence test (`[title]`).
    public var op: Operator?
    public var value: String
    /// The `i` flag.
    public var caseInsensitive: Bool

    /// The one token an element's attribute must hold for the selector to match it, when
    /// there is one: `~=` and `=` with a case-sensitive value without whitespace.
    var indexableToken: String? {
        guard op == .includes || op == .equals, !caseInsensitive, !value.isEmpty,
              !value.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }) else { return nil }
        return value
    }

    public init(name: String, namespace: NamespaceConstraint = .none, op: Operator? = nil, value: String = "", caseInsensitive: Bool = false) {
        self.name = name
        self.namespace = namespace
        self.op = op
        self.value = value
        self.caseInsensitive = caseInsensitive
    }
}

/// Pseudo-elements Folio styles. The legacy single-colon forms parse too.
///
/// https://www.w3.org/TR/css-pseudo-4/
public enum PseudoElement: String, Sendable, Hashable, CaseIterable {
    case before
    case after
    case firstLetter = "first-letter"
    case firstLine = "first-line"
    case marker
}

/// A selector's weight in the cascade: (ids, classes/attributes/pseudo-classes, types).
///
/// https://www.w3.org/TR/selectors-4/#specificity-rules
public struct Specificity: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var a: Int
    public var b: Int
    public var c: Int

    public init(a: Int, b: Int, c: Int) {
        self.a = a
        self.b = b
        self.c = c
    }

    public static let zero = Specificity(a: 0, b: 0, c: 0)

    public static func + (l: Specificity, r: Specificity) -> Specificity {
        Specificity(a: l.a + r.a, b: l.b + r.b, c: l.c + r.c)
    }

    public static func < (l: Specificity, r: Specificity) -> Bool {
        (l.a, l.b, l.c) < (r.a, r.b, r.c)
    }

    public var description: String { "(\(a),\(b),\(c))" }
}

/// The subject compound's most selective key: rules are bucketed by it and an element
/// looks up its id, each class, its lowercased local name, its attributes' names, and
/// `.universal`.
public enum SelectorKey: Sendable, Hashable {
    case id(String)
    case className(String)
    /// The type selector's local name, ASCII-lowercased.
    case tag(String)
    /// An attribute the element must have, by name as written (`[epub|type~=…]`: `type`;
    /// the lenient `[epub\:type]`: `epub:type`).
    case attribute(String)
    /// `[name~=token]` or `[name=token]` (case-sensitive, one token): only elements whose
    /// attribute holds that token can match (`[epub|type~="z3998:persona"]`).
    case attributeToken(String, String)
    case universal
}

/// The `@namespace` prefixes in force while a sheet's selectors are parsed.
///
/// https://www.w3.org/TR/css-namespaces-3/
public struct CSSNamespaces: Sendable, Hashable {
    public var defaultNamespace: String?
    public var prefixes: [String: String]

    public init(defaultNamespace: String? = nil, prefixes: [String: String] = [:]) {
        self.defaultNamespace = defaultNamespace
        self.prefixes = prefixes
    }
}
