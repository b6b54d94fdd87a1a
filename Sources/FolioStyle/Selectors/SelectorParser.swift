/// Parses selector lists from component values (a style rule's prelude).
///
/// Any invalid part makes the whole list invalid (Selectors 4 §4.1), except inside
/// the forgiving lists of `:is()` and `:where()`, where invalid entries are dropped.
/// An undeclared namespace prefix is invalid.
/// https://www.w3.org/TR/selectors-4/#grammar
struct SelectorParser {
    private let items: [ComponentValue]
    private var i = 0
    private let namespaces: CSSNamespaces
    /// Inside `:not()`/`:is()`/`:where()`, the default namespace does not constrain
    /// compounds without a type selector (Selectors 4 §6.2).
    private let nested: Bool
    /// How many functional pseudo-classes enclose this list; bounded so that a hostile
    /// `:not(:not(…))` cannot exhaust the stack while parsing or matching.
    private let level: Int
    static let maxLevel = 32

    private init(_ items: [ComponentValue], namespaces: CSSNamespaces, nested: Bool, level: Int) {
        self.items = items
        self.namespaces = namespaces
        self.nested = nested
        self.level = level
    }

    /// `<selector-list>`; nil when invalid.
    static func parseList(_ values: [ComponentValue], namespaces: CSSNamespaces, nested: Bool = false, level: Int = 0) -> [Selector]? {
        guard level <= maxLevel else { return nil }
        var selectors: [Selector] = []
        for part in values.splitOnCommas() {
            var parser = SelectorParser(part, namespaces: namespaces, nested: nested, level: level)
            guard let selector = parser.parseComplex() else { return nil }
            selectors.append(selector)
        }
        return selectors
    }

    /// `<relative-selector-list>` (the argument of `:has()`); nil when any entry is invalid,
    /// names a pseudo-element or uses `:has()` itself.
    static func parseRelativeList(_ values: [ComponentValue], namespaces: CSSNamespaces, level: Int) -> [RelativeSelector]? {
        guard level <= maxLevel else { return nil }
        var out: [RelativeSelector] = []
        for part in values.splitOnCommas() {
            var rest = Array(part.drop { $0.isWhitespace })
            var combinator = Combinator.descendant
            if let first = rest.first {
                if first.isDelim(">") { combinator = .child }
                else if first.isDelim("+") { combinator = .nextSibling }
                else if first.isDelim("~") { combinator = .subsequentSibling }
                if combinator != .descendant { rest = Array(rest.dropFirst().drop { $0.isWhitespace }) }
            }
            var parser = SelectorParser(rest, namespaces: namespaces, nested: true, level: level)
            guard let selector = parser.parseComplex(), selector.pseudoElement == nil, !RelativeSelector.usesHas(selector) else { return nil }
            out.append(RelativeSelector(combinator: combinator, selector: selector))
        }
        return out.isEmpty ? nil : out
    }

    /// `<forgiving-selector-list>`: invalid entries (and pseudo-elements) are dropped.
    static func parseForgivingList(_ values: [ComponentValue], namespaces: CSSNamespaces, level: Int) -> [Selector] {
        guard level <= maxLevel else { return [] }
        return values.splitOnCommas().compactMap { part in
            var parser = SelectorParser(part, namespaces: namespaces, nested: true, level: level)
            return parser.parseComplex().flatMap { $0.pseudoElement == nil ? $0 : nil }
        }
    }

    // MARK: Complex and compound selectors

    private var current: ComponentValue? { i < items.count ? items[i] : nil }

    private func item(_ offset: Int) -> ComponentValue? { i + offset < items.count ? items[i + offset] : nil }

    private mutating func skipWhitespace() -> Bool {
        var skipped = false
        while let c = current, c.isWhitespace {
            i += 1
            skipped = true
        }
        return skipped
    }

    private mutating func parseComplex() -> Selector? {
        guard !items.isEmpty, items.count < 4096 else { return nil }
        var compounds: [CompoundSelector] = []
        var combinators: [Combinator] = []
        var pseudoElement: PseudoElement?
        while true {
            guard pseudoElement == nil, let (compound, pseudo) = parseCompound() else { return nil }
            compounds.append(compound)
            pseudoElement = pseudo
            let sawSpace = skipWhitespace()
            guard let c = current else { break }
            if c.isDelim(">") {
                combinators.append(.child)
            } else if c.isDelim("+") {
                combinators.append(.nextSibling)
            } else if c.isDelim("~") {
                combinators.append(.subsequentSibling)
            } else if sawSpace {
                combinators.append(.descendant)
                continue
            } else {
                return nil
            }
            i += 1
            _ = skipWhitespace()
        }
        return Selector(compounds: compounds.reversed(), combinators: combinators.reversed(),
                        pseudoElement: pseudoElement, source: items)
    }

    /// `<compound-selector> [<pseudo-element> <user-action-pseudo-class>*]?`
    private mutating func parseCompound() -> (CompoundSelector, PseudoElement?)? {
        let start = i
        guard let typeResult = parseTypeSelector() else { return nil }
        var type = typeResult
        var conditions: [SimpleSelector] = []
        var pseudoElement: PseudoElement?
        loop: while let c = current {
            switch c {
            case .token(.hash(let name, let isID)):
                guard isID, pseudoElement == nil else { return nil }
                conditions.append(.id(name))
                i += 1
            case .token(.delim(".")):
                guard pseudoElement == nil, case .token(.ident(let name))? = item(1) else { return nil }
                conditions.append(.className(name))
                i += 2
            case .block(open: "[", let content):
                guard pseudoElement == nil, let attribute = parseAttribute(content) else { return nil }
                conditions.append(.attribute(attribute))
                i += 1
            case .token(.colon):
                if case .token(.colon)? = item(1) {
                    guard pseudoElement == nil, case .token(.ident(let name))? = item(2),
                          let p = PseudoElement(rawValue: name.lowercased()) else { return nil }
                    pseudoElement = p
                    i += 3
                    continue
                }
                i += 1
                if case .token(.ident(let name))? = current,
                   let legacy = PseudoElement(rawValue: name.lowercased()), legacy != .marker {
                    // CSS 2 single-colon pseudo-elements.
                    guard pseudoElement == nil else { return nil }
                    pseudoElement = legacy
                    i += 1
                    continue
                }
                guard let pseudo = parsePseudoClass() else { return nil }
                // After a pseudo-element only user-action states may follow.
                if pseudoElement != nil {
                    guard case .never = pseudo else { return nil }
                }
                conditions.append(.pseudoClass(pseudo))
            default:
                break loop
            }
        }
        guard i > start else { return nil }
        if type == nil, !nested, let ns = namespaces.defaultNamespace {
            type = TypeSelector(namespace: .uri(ns), localName: nil)
        }
        return (CompoundSelector(type: type, conditions: conditions), pseudoElement)
    }

    /// `[ns|]E`, `[ns|]*`; `.some(nil)` when there is none, nil when invalid.
    private mutating func parseTypeSelector() -> TypeSelector?? {
        // A name or `*`, optionally followed by `|name` / `|*`.
        func name(_ v: ComponentValue?) -> String?? {
            guard let v else { return nil }
            if let ident = v.identValue { return .some(ident) }
            if v.isDelim("*") { return .some(nil) }
            return nil
        }
        if let c = current, c.isDelim("|"), let local = name(item(1)) {
            i += 2
            return .some(TypeSelector(namespace: .none, localName: local))
        }
        guard let first = name(current) else { return .some(nil) }
        if let bar = item(1), bar.isDelim("|"), let local = name(item(2)) {
            let namespace: NamespaceConstraint
            if let prefix = first {
                guard let uri = namespaces.prefixes[prefix] else { return nil }  // undeclared prefix
                namespace = .uri(uri)
            } else {
                namespace = .any
            }
            i += 3
            return .some(TypeSelector(namespace: namespace, localName: local))
        }
        i += 1
        let namespace: NamespaceConstraint = namespaces.defaultNamespace.map { .uri($0) } ?? .any
        return .some(TypeSelector(namespace: namespace, localName: first))
    }

    // MARK: Attribute selectors

    /// The content of `[…]`.
    private func parseAttribute(_ content: [ComponentValue]) -> AttributeSelector? {
        let parts = content.filter { !$0.isWhitespace }
        var k = 0
        func at(_ n: Int) -> ComponentValue? { n < parts.count ? parts[n] : nil }
        // Qualified name: `ns|name`, `*|name`, `|name`, `name`. `a|=b` is an operator, not a prefix.
        var namespace = NamespaceConstraint.none
        var attributeName: String?
        if let bar = at(0), bar.isDelim("|"), let local = at(1)?.identValue {
            attributeName = local
            k = 2
        } else if let first = at(0), let bar = at(1), bar.isDelim("|"), let local = at(2)?.identValue {
            if first.isDelim("*") {
                namespace = .any
            } else if let prefix = first.identValue, let uri = namespaces.prefixes[prefix] {
                namespace = .uri(uri)
            } else {
                return nil
            }
            attributeName = local
            k = 3
        } else if let local = at(0)?.identValue {
            attributeName = local
            k = 1
        }
        guard let attributeName else { return nil }
        guard k < parts.count else { return AttributeSelector(name: attributeName, namespace: namespace) }

        let op: AttributeSelector.Operator
        if parts[k].isDelim("=") {
            op = .equals
            k += 1
        } else if case .token(.delim(let d)) = parts[k], let eq = at(k + 1), eq.isDelim("="),
                  let o = AttributeSelector.Operator(rawValue: String(d) + "=") {
            op = o
            k += 2
        } else {
            return nil
        }
        let value: String
        switch at(k) {
        case .token(.ident(let s))?, .token(.string(let s))?: value = s
        default: return nil
        }
        k += 1
        var caseInsensitive = false
        if let flag = at(k)?.identValue?.lowercased() {
            guard flag == "i" || flag == "s" else { return nil }
            caseInsensitive = flag == "i"
            k += 1
        }
        guard k == parts.count else { return nil }
        return AttributeSelector(name: attributeName, namespace: namespace, op: op, value: value, caseInsensitive: caseInsensitive)
    }

    // MARK: Pseudo-classes

    /// The pseudo-class after a `:`; nil when unknown or malformed.
    private mutating func parsePseudoClass() -> PseudoClass? {
        guard let c = current else { return nil }
        i += 1
        switch c {
        case .token(.ident(let raw)):
            let name = raw.lowercased()
            switch name {
            case "root": return .root
            case "empty": return .empty
            case "first-child": return .firstChild
            case "last-child": return .lastChild
            case "only-child": return .onlyChild
            case "first-of-type": return .firstOfType
            case "last-of-type": return .lastOfType
            case "only-of-type": return .onlyOfType
            case "link": return .link
            case "any-link": return .anyLink
            default: return PseudoClass.neverMatching.contains(name) ? .never(name) : nil
            }
        case .function(let name, let arguments):
            switch name {
            case "not":
                return SelectorParser.parseList(arguments, namespaces: namespaces, nested: true, level: level + 1)
                    .flatMap { Self.withoutPseudoElements($0) }.map { .not($0) }
            case "is", "matches", "-webkit-any", "-moz-any":
                return .is(SelectorParser.parseForgivingList(arguments, namespaces: namespaces, level: level + 1))
            case "where":
                return .where(SelectorParser.parseForgivingList(arguments, namespaces: namespaces, level: level + 1))
            case "has":
                return SelectorParser.parseRelativeList(arguments, namespaces: namespaces, level: level + 1).map { .has($0) }
            case "nth-child", "nth-last-child":
                let (formulaPart, ofPart) = Self.splitOf(arguments)
                guard let formula = NthFormula.parse(formulaPart) else { return nil }
                var of: [Selector]?
                if let ofPart {
                    guard let list = SelectorParser.parseList(ofPart, namespaces: namespaces, nested: true, level: level + 1),
                          let clean = Self.withoutPseudoElements(list) else { return nil }
                    of = clean
                }
                return name == "nth-child" ? .nthChild(formula, of: of) : .nthLastChild(formula, of: of)
            case "nth-of-type":
                return NthFormula.parse(arguments).map { .nthOfType($0) }
            case "nth-last-of-type":
                return NthFormula.parse(arguments).map { .nthLastOfType($0) }
            case "lang":
                var ranges: [String] = []
                for part in arguments.splitOnCommas() {
                    guard part.count == 1 else { return nil }
                    switch part[0] {
                    case .token(.ident(let s)), .token(.string(let s)): ranges.append(s.lowercased())
                    default: return nil
                    }
                }
                return ranges.isEmpty ? nil : .lang(ranges)
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// Pseudo-elements are not allowed inside `:not()`, `:is()`, `:where()`.
    private static func withoutPseudoElements(_ list: [Selector]) -> [Selector]? {
        list.contains { $0.pseudoElement != nil } ? nil : list
    }

    /// Splits `An+B of S` at the `of` keyword.
    private static func splitOf(_ arguments: [ComponentValue]) -> ([ComponentValue], [ComponentValue]?) {
        guard let k = arguments.firstIndex(where: { $0.isIdent("of") }) else { return (arguments, nil) }
        return (Array(arguments[..<k]), Array(arguments[(k + 1)...]))
    }
}
