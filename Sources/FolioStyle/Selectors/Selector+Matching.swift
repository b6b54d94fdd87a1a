import FolioXML

/// Matching selectors against elements of a parsed document.
///
/// Right to left, with the subject compound first (cheap rejection), and with
/// Servo's restart rules so that `a b c d` on deep trees stays linear rather than
/// exponential.
/// https://www.w3.org/TR/selectors-4/#match-against-element
extension Selector {
    /// True when the element matches (its pseudo-element, if any, is the cascade's concern).
    public func matches(_ element: XMLNode) -> Bool {
        matcher.matches(element, memo: nil)
    }

    /// True when the selector can tell apart two elements with the same parent, name and
    /// attributes: it looks at the element's place among its siblings (`h1 + p`, `:first-child`,
    /// `:nth-of-type()`, …) or at its content (`:empty`, `:has()`). Only the subject and the
    /// siblings it is reached from count: from the first child or descendant combinator on,
    /// the compounds are matched against ancestors (and their siblings), which siblings share
    /// (`li:first-child p`). Any other selector matches all such siblings or none, so they can
    /// share one cascade (`StyledTreeBuilder`).
    var dependsOnPlace: Bool {
        guard let subject = compounds.first else { return false }
        let placed = subject.conditions.contains { condition in
            if case .pseudoClass(let pseudo) = condition { return pseudo.dependsOnPlace }
            return false
        }
        return placed || combinators.first == .nextSibling || combinators.first == .subsequentSibling
    }

    /// Whether the subject compound's answer depends on nothing but the element's own
    /// namespace, name and attributes (`p.note`, `a[href]`, `:not(.x)`): it is then the same for
    /// every element with the same name and attributes.
    var hasIntrinsicSubject: Bool {
        compounds.first?.isIntrinsic ?? false
    }
}

/// A selector in the form matching reads it: a class whose parts are constants (sharing the
/// selector's arrays), so that testing a rule against an element does not copy the whole
/// `Selector` and its rule entry out of their arrays, retaining each of their strings and
/// arrays, which was a fifth of the cascade's work.
final class SelectorMatcher: Sendable {
    private let compounds: [CompoundSelector]
    private let combinators: [Combinator]

    init(compounds: [CompoundSelector], combinators: [Combinator]) {
        self.compounds = compounds
        self.combinators = combinators
    }

    /// Whether the element matches; with `memo`, remembering at each descendant combinator
    /// which elements have an ancestor matching the selector's part to its left: every `td` of
    /// a play under `[epub|type~="z3998:drama"] td` asks the same question of the same
    /// ancestors. `memo` is for one document, and its `Int` names this selector in it.
    func matches(_ element: XMLNode, memo: (AncestorMemo, Int)?) -> Bool {
        guard element.isElement, !compounds.isEmpty else { return false }
        return match(0, element, memo: memo) == .matched
    }

    /// Matches what lies left of the subject, the subject itself being known to match.
    func matchesLeftOfSubject(_ element: XMLNode, memo: (AncestorMemo, Int)?) -> Bool {
        guard element.isElement, !compounds.isEmpty else { return false }
        return step(0, element, memo: memo) == .matched
    }

    /// Whether the subject compound matches.
    func subjectMatches(_ element: XMLNode) -> Bool {
        guard element.isElement, !compounds.isEmpty else { return false }
        return compoundMatches(0, element)
    }

    /// Whether compound `index` matches, the compound read where it lies: a copy retains and
    /// releases each of its arrays, a quarter of matching a sibling combinator.
    private func compoundMatches(_ index: Int, _ element: XMLNode) -> Bool {
        compounds.withUnsafeBufferPointer { $0[index].matches(element) }
    }

    private enum Outcome {
        case matched
        case restartFromClosestLaterSibling
        case restartFromClosestDescendant
        case notMatchedGlobally
    }

    private func match(_ index: Int, _ element: XMLNode, memo: (AncestorMemo, Int)?) -> Outcome {
        guard compoundMatches(index, element) else { return .restartFromClosestLaterSibling }
        return step(index, element, memo: memo)
    }

    /// Goes on from compound `index`, which `element` matches, along the combinator to its left.
    private func step(_ index: Int, _ element: XMLNode, memo: (AncestorMemo, Int)?) -> Outcome {
        guard index < combinators.count else { return .matched }
        let combinator = combinators[index]
        if let (ancestors, rule) = memo, combinator == .descendant, AncestorMemo.fits(rule: rule, step: index) {
            // No ancestor matching means none further up can either: the search stops.
            let found = ancestors.someAncestor(of: element, rule: rule, step: index) { match(index + 1, $0, memo: memo) == .matched }
            return found ? .matched : .notMatchedGlobally
        }
        var candidate = Self.neighbour(of: element, combinator)
        while let next = candidate {
            let outcome = match(index + 1, next, memo: memo)
            switch (outcome, combinator) {
            case (.matched, _), (.notMatchedGlobally, _), (_, .nextSibling):
                return outcome
            case (_, .child):
                return .restartFromClosestDescendant
            case (.restartFromClosestDescendant, .subsequentSibling):
                return outcome
            default:
                candidate = Self.neighbour(of: next, combinator)
            }
        }
        switch combinator {
        case .nextSibling, .subsequentSibling: return .restartFromClosestDescendant
        case .child, .descendant: return .notMatchedGlobally
        }
    }

    private static func neighbour(of element: XMLNode, _ combinator: Combinator) -> XMLNode? {
        switch combinator {
        case .child, .descendant: element.parentElement
        case .nextSibling, .subsequentSibling: element.previousElementSibling
        }
    }
}

/// For each descendant combinator of each rule, which elements have an ancestor (or are one)
/// that matches the selector from there leftwards — found once per element of one document.
final class AncestorMemo {
    private var known: [UInt64: Bool] = [:]

    /// Whether a rule and step fit the key (24 and 8 bits); hostile selectors longer than that
    /// are matched without the memo.
    static func fits(rule: Int, step: Int) -> Bool { rule >= 0 && rule < 1 << 24 && step >= 0 && step < 256 }

    /// Whether some ancestor of `element` satisfies `matches`, the selector's part left of
    /// its descendant combinator number `step`.
    func someAncestor(of element: XMLNode, rule: Int, step: Int, _ matches: (XMLNode) -> Bool) -> Bool {
        let prefix = UInt64(UInt32(truncatingIfNeeded: rule)) << 40 | UInt64(UInt8(truncatingIfNeeded: step)) << 32
        func key(_ node: XMLNode) -> UInt64 { prefix | UInt64(UInt32(bitPattern: node.index)) }
        var found = false
        var stop: XMLNode?
        var candidate = element.parentElement
        while let node = candidate {
            if let answer = known[key(node)] {
                found = answer
                stop = node
                break
            }
            if matches(node) {
                found = true
                known[key(node)] = true
                stop = node
                break
            }
            candidate = node.parentElement
        }
        // Every element passed on the way has such an ancestor exactly when the last one does.
        var node = element.parentElement
        while let passed = node, passed != stop {
            known[key(passed)] = found
            node = passed.parentElement
        }
        return found
    }
}

extension CompoundSelector {
    /// Whether the compound looks at nothing but the element's own namespace, name and
    /// attributes: not at its place, content, ancestors or language.
    var isIntrinsic: Bool {
        conditions.allSatisfy { condition in
            switch condition {
            case .id, .className, .attribute: true
            case .pseudoClass(let pseudo): pseudo.isIntrinsic
            }
        }
    }

    /// True when every part of the compound holds for the element.
    public func matches(_ element: XMLNode) -> Bool {
        if let type, !type.matches(element) { return false }
        for condition in conditions where !condition.matches(element) { return false }
        return true
    }
}

extension TypeSelector {
    func matches(_ element: XMLNode) -> Bool {
        if let nameKey, element.localNameKey != nameKey { return false }
        switch namespace {
        case .any: break
        case .none: if element.namespaceURI != nil { return false }
        case .uri(let wanted): if element.namespaceURI != wanted { return false }
        }
        guard let localName, let lowercasedName else { return true }
        let name = element.localName
        if name == localName { return true }
        // Lenient: HTML element names match whatever their case in the sheet or the document.
        return element.namespaceURI == Namespace.xhtml && Self.equalIgnoringCase(name, lowercasedName)
    }
}

extension TypeSelector {
    /// Whether `name` lowercased is `lowercased`, without building a string for ASCII names
    /// (most elements compared are not the one named, and differ at once).
    static func equalIgnoringCase(_ name: String, _ lowercased: String) -> Bool {
        var a = name.utf8.makeIterator(), b = lowercased.utf8.makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil): return true
            case (let x?, let y?):
                if x >= 0x80 || y >= 0x80 { return name.lowercased() == lowercased }
                let folded = x >= 0x41 && x <= 0x5A ? x + 0x20 : x
                if folded != y { return false }
            default: return name.unicodeScalars.contains { !$0.isASCII } && name.lowercased() == lowercased
            }
        }
    }
}

extension SimpleSelector {
    func matches(_ element: XMLNode) -> Bool {
        switch self {
        case .id(let id):
            return (element.attribute("id") ?? element.attribute("id", namespace: Namespace.xml)) == id
        case .className(let name):
            guard let classes = element.attribute("class") else { return false }
            return Self.containsToken(classes, name)
        case .attribute(let selector):
            return selector.matches(element)
        case .pseudoClass(let pseudo):
            return pseudo.matches(element)
        }
    }

    /// Whether a whitespace-separated list holds `token`, without splitting into strings.
    static func containsToken(_ list: String, _ token: String) -> Bool {
        let t = token.utf8
        guard !t.isEmpty else { return false }
        var rest = list.utf8[...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }
            let word = rest.prefix { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C) }
            if word.elementsEqual(t) { return true }
            rest = rest.dropFirst(word.count)
        }
        return false
    }
}

extension AttributeSelector {
    func matches(_ element: XMLNode) -> Bool {
        guard let actual = value(on: element) else { return false }
        guard let op else { return true }
        let (have, want) = caseInsensitive ? (actual.lowercased(), value.lowercased()) : (actual, value)
        switch op {
        case .equals: return have == want
        case .includes: return !want.isEmpty && !want.contains(where: \.isWhitespaceFast) && SimpleSelector.containsToken(have, want)
        case .dashMatch: return have == want || have.hasPrefix(want + "-")
        case .prefix: return !want.isEmpty && have.hasPrefix(want)
        case .suffix: return !want.isEmpty && have.hasSuffix(want)
        case .substring: return !want.isEmpty && have.contains(want)
        }
    }

    private func value(on element: XMLNode) -> String? {
        switch namespace {
        case .none:
            if let v = element.attribute(name) { return v }
            // Lenient: `[epub\:type]` names the attribute by its prefixed name, as HTML parsers see it.
            if name.utf8.contains(UInt8(ascii: ":")) {
                return element.attributes.first { $0.name.qualified == name }?.value
            }
            return nil
        case .uri(let uri):
            return element.attribute(name, namespace: uri)
        case .any:
            return element.attributes.first { $0.name.localName == name }?.value
        }
    }
}
