import FolioXML

/// Matching the structural, linguistic and link pseudo-classes.
///
/// https://www.w3.org/TR/selectors-4/#structural-pseudos
extension PseudoClass {
    /// True when siblings with the same name and attributes can differ in whether it holds:
    /// it counts siblings or looks at content (see `Selector.dependsOnPlace`).
    var dependsOnPlace: Bool {
        switch self {
        case .root, .lang, .link, .anyLink, .never: false
        case .empty, .firstChild, .lastChild, .onlyChild, .firstOfType, .lastOfType, .onlyOfType,
             .nthChild, .nthLastChild, .nthOfType, .nthLastOfType, .has:
            true
        case .not(let list), .is(let list), .where(let list): list.contains(where: \.dependsOnPlace)
        }
    }

    /// Whether the answer depends on nothing but the element's own namespace, name and
    /// attributes (see `CompoundSelector.isIntrinsic`).
    var isIntrinsic: Bool {
        switch self {
        case .link, .anyLink, .never: true
        case .not(let list), .is(let list), .where(let list):
            list.allSatisfy { $0.combinators.isEmpty && $0.pseudoElement == nil && $0.hasIntrinsicSubject }
        default: false
        }
    }

    func matches(_ element: XMLNode) -> Bool {
        switch self {
        case .root:
            return element.parent?.kind == .document
        case .empty:
            return element.children.allSatisfy { child in
                switch child.kind {
                case .element: false
                case .text, .cdata: (child.text ?? "").isEmpty
                default: true
                }
            }
        case .firstChild: return element.previousElementSibling == nil
        case .lastChild: return element.nextElementSibling == nil
        case .onlyChild: return element.previousElementSibling == nil && element.nextElementSibling == nil
        case .firstOfType: return Self.count(element, backward: true, ofType: true) == 1
        case .lastOfType: return Self.count(element, backward: false, ofType: true) == 1
        case .onlyOfType:
            return Self.count(element, backward: true, ofType: true) == 1
                && Self.count(element, backward: false, ofType: true) == 1
        case .nthChild(let formula, let of):
            guard let index = Self.index(element, backward: true, of: of) else { return false }
            return formula.matches(index)
        case .nthLastChild(let formula, let of):
            guard let index = Self.index(element, backward: false, of: of) else { return false }
            return formula.matches(index)
        case .nthOfType(let formula): return formula.matches(Self.count(element, backward: true, ofType: true))
        case .nthLastOfType(let formula): return formula.matches(Self.count(element, backward: false, ofType: true))
        case .lang(let ranges):
            guard let language = element.language?.lowercased(), !language.isEmpty else { return false }
            return ranges.contains { range in
                range == "*" || language == range || language.hasPrefix(range + "-")
            }
        case .link, .anyLink:
            guard element.namespaceURI == Namespace.xhtml || element.namespaceURI == nil else {
                return element.attribute("href", namespace: Namespace.xlink) != nil
            }
            let name = element.localName
            return (name == "a" || name == "area" || name == "link") && element.attribute("href") != nil
        case .never:
            return false
        case .not(let list):
            return !list.contains { $0.matches(element) }
        case .is(let list), .where(let list):
            return list.contains { $0.matches(element) }
        case .has(let list):
            return list.contains { $0.matches(anchor: element) }
        }
    }

    /// 1-based position among siblings counted from the start (`backward`, walking
    /// previous siblings) or the end; with `ofType`, only siblings of the same name.
    private static func count(_ element: XMLNode, backward: Bool, ofType: Bool) -> Int {
        var n = 1
        var sibling = backward ? element.previousElementSibling : element.nextElementSibling
        while let s = sibling {
            if !ofType || (s.localName == element.localName && s.namespaceURI == element.namespaceURI) { n += 1 }
            sibling = backward ? s.previousElementSibling : s.nextElementSibling
        }
        return n
    }

    /// Position for `:nth-child(… of S)`: nil when the element itself does not match S.
    private static func index(_ element: XMLNode, backward: Bool, of selectors: [Selector]?) -> Int? {
        guard let selectors else { return count(element, backward: backward, ofType: false) }
        guard selectors.contains(where: { $0.matches(element) }) else { return nil }
        var n = 1
        var sibling = backward ? element.previousElementSibling : element.nextElementSibling
        while let s = sibling {
            if selectors.contains(where: { $0.matches(s) }) { n += 1 }
            sibling = backward ? s.previousElementSibling : s.nextElementSibling
        }
        return n
    }
}
