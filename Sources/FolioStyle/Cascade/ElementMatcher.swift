import FolioXML

/// Finds the rules that match an element and orders their declarations by the cascade:
/// origin and importance, then specificity, then order of appearance.
///
/// https://www.w3.org/TR/css-cascade-4/#cascade-sort
struct ElementMatcher {
    let rules: RuleSet
    private var candidates: [Int32] = []
    private let ancestors = AncestorMemo()
    /// The kinds of element met so far — one per name and attributes, which are all the
    /// candidates depend on — by `XMLNode.nameAndAttributesHash`: most elements repeat one met
    /// before. Kind numbers are never reused, also after the cache starts again.
    private var known: [Int: [(element: XMLNode, kind: Int, candidates: [Int32])]] = [:]
    private var kinds = 0
    private static let knownKept = 4096

    init(rules: RuleSet) {
        self.rules = rules
    }

    /// One rule block that matched, with what orders it.
    struct Match {
        var rank: Int
        var specificity: Specificity
        var order: Int32
        var longhands: PropertyParser.Longhands
    }

    /// What the cascade gives an element and each of its pseudo-elements.
    struct Result {
        var element: [PropertyID: SpecifiedValue] = [:]
        var pseudo: [PseudoElement: [PropertyID: SpecifiedValue]] = [:]
    }

    /// Finds the rules that may match `element` (by its id, classes, name and attributes) and
    /// matches those whose answer depends on its place among its siblings or on its content
    /// (`RuleSet.Entry.dependsOnPlace`): returns the element's kind (equal for elements with the
    /// same name and attributes) and the rules of those that match. Two elements of one kind
    /// with the same ancestors and the same answer here match the same rules.
    mutating func prepare(_ element: XMLNode) -> (kind: Int, placed: [Int32]) {
        let signature = element.nameAndAttributesHash
        let kind: Int
        if let twin = known[signature]?.first(where: { $0.element.hasSameNameAndAttributes(as: element) }) {
            kind = twin.kind
            candidates = twin.candidates
        } else {
            candidates.removeAll(keepingCapacity: true)
            let classes = element.attribute("class")?.split(whereSeparator: RuleSet.isSeparator) ?? []
            var attributes: [(name: String, value: String)] = []
            if rules.hasAttributeRules {
                for (name, value) in element.attributes {
                    attributes.append((name.localName, value))
                    if name.prefix != nil { attributes.append((name.qualified, value)) }
                }
            }
            rules.candidates(id: element.attribute("id"), classes: classes, tag: element.localName.lowercased(),
                             attributes: attributes, into: &candidates)
            kinds += 1
            kind = kinds
            if known[signature] == nil && known.count >= Self.knownKept { known.removeAll(keepingCapacity: true) }
            known[signature, default: []].append((element, kind, candidates))
        }
        var placed: [Int32] = []
        for index in candidates where rules.entries[Int(index)].dependsOnPlace {
            if rules.entries[Int(index)].selector.matches(element, memo: ancestors, rule: Int(index)) { placed.append(index) }
        }
        return (kind, placed)
    }

    /// The cascade of the element `prepare` was last given, which found the rules in `placed`
    /// among those that depend on place. `extra` holds blocks that come from the element
    /// itself: presentational hints and `style=""`.
    mutating func match(_ element: XMLNode, placed: [Int32], extra: [Match]) -> Result {
        var matched = extra
        var pseudoMatched: [PseudoElement: [Match]] = [:]
        for index in candidates {
            let entry = rules.entries[Int(index)]
            if entry.dependsOnPlace {
                guard placed.contains(index) else { continue }
            } else {
                guard entry.selector.matches(element, memo: ancestors, rule: Int(index)) else { continue }
            }
            let block = rules.blocks[Int(entry.block)]
            let found = matches(for: entry, block: block)
            if let pseudo = entry.selector.pseudoElement {
                pseudoMatched[pseudo, default: []] += found
            } else {
                matched += found
            }
        }
        var result = Result()
        result.element = Self.cascade(matched)
        for (pseudo, list) in pseudoMatched {
            result.pseudo[pseudo] = Self.cascade(list)
        }
        return result
    }

    private func matches(for entry: RuleSet.Entry, block: RuleSet.Block) -> [Match] {
        var out: [Match] = []
        if !block.normal.isEmpty {
            out.append(Match(rank: entry.origin.rank(important: false), specificity: entry.selector.specificity, order: entry.order, longhands: block.normal))
        }
        if !block.important.isEmpty {
            out.append(Match(rank: entry.origin.rank(important: true), specificity: entry.selector.specificity, order: entry.order, longhands: block.important))
        }
        return out
    }

    /// Applies matches from lowest to highest precedence; the last value for a property wins.
    static func cascade(_ matches: [Match]) -> [PropertyID: SpecifiedValue] {
        guard !matches.isEmpty else { return [:] }
        let sorted = matches.sorted { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.specificity != b.specificity { return a.specificity < b.specificity }
            return a.order < b.order
        }
        var values: [PropertyID: SpecifiedValue] = [:]
        for match in sorted {
            for (id, value) in match.longhands { values[id] = value }
        }
        return values
    }
}
