import FolioXML

/// Finds the rules that match an element and orders their declarations by the cascade:
/// origin and importance, then specificity, then order of appearance.
///
/// https://www.w3.org/TR/css-cascade-4/#cascade-sort
struct ElementMatcher {
    let rules: RuleSet
    private var found: [Int32] = []
    private let ancestors = AncestorMemo()
    /// The kinds of element met so far — one per name and attributes, which are all the
    /// candidates depend on — by `XMLNode.nameAndAttributesHash`: most elements repeat one met
    /// before. Kind numbers are never reused, also after the cache starts again.
    private var known: [Int: [(element: XMLNode, kind: Int, list: Int)]] = [:]
    private var kinds = 0
    private static let knownKept = 4096
    /// The candidate rules of each kind in `known`, and those of the element in hand.
    private var lists: [[Candidate]] = []
    private var current = 0

    /// A rule that may match the elements of one kind, and what is known of it for them. A
    /// subject that looks at nothing but the element's name and attributes
    /// (`Selector.hasIntrinsicSubject`: `p`, `.note`, `a[href]`) answers alike for every element
    /// of the kind, so it is tested for the first one only.
    private struct Candidate {
        var rule: Int32
        var known: Known
    }

    private enum Known {
        /// The whole selector is matched for each element.
        case nothing
        /// The subject is intrinsic, not tested yet.
        case untested
        /// The subject matches: what lies left of it is matched for each element.
        case subject
        /// The selector is its subject, which matches.
        case all
        /// The subject does not match.
        case none
    }

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

    /// What the cascade gives an element and each of its pseudo-elements. The element's own
    /// values are cascaded when asked for (`cascaded`): an element whose rules (`rules`) are
    /// those of one met before under the same parent style takes its style without them.
    struct Result {
        /// The element's matched blocks.
        var element: [Match] = []
        var pseudo: [PseudoElement: CascadedValues] = [:]
        /// The rules that matched the element, as `RuleSet` numbers them, which settle its
        /// cascaded values; nil when declarations of its own (`style=""`, presentational
        /// hints) take part.
        var rules: [Int32]?

        var cascaded: CascadedValues { ElementMatcher.cascade(element) }
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
            current = twin.list
        } else {
            found.removeAll(keepingCapacity: true)
            let classes = element.attribute("class")?.split(whereSeparator: RuleSet.isSeparator) ?? []
            var attributes: [(name: String, value: String)] = []
            if rules.hasAttributeRules {
                for (name, value) in element.attributes {
                    attributes.append((name.localName, value))
                    if name.prefix != nil { attributes.append((name.qualified, value)) }
                }
            }
            rules.candidates(id: element.attribute("id"), classes: classes, tag: element.localName.lowercased(),
                             attributes: attributes, into: &found)
            kinds += 1
            kind = kinds
            if known[signature] == nil && known.count >= Self.knownKept {
                known.removeAll(keepingCapacity: true)
                lists.removeAll(keepingCapacity: true)
            }
            lists.append(found.map { Candidate(rule: $0, known: rules.entries[Int($0)].intrinsicSubject ? .untested : .nothing) })
            current = lists.count - 1
            known[signature, default: []].append((element, kind, current))
        }
        var placed: [Int32] = []
        for k in lists[current].indices where rules.entries[Int(lists[current][k].rule)].dependsOnPlace {
            if test(k, element) { placed.append(lists[current][k].rule) }
        }
        return (kind, placed)
    }

    /// Whether candidate `k` of the element's kind matches it, testing an intrinsic subject
    /// once for the kind.
    private mutating func test(_ k: Int, _ element: XMLNode) -> Bool {
        let rule = Int(lists[current][k].rule)
        if lists[current][k].known == .untested {
            let subject = rules.matchers[rule].subjectMatches(element)
            lists[current][k].known = !subject ? .none : rules.entries[rule].isSubjectOnly ? .all : .subject
        }
        switch lists[current][k].known {
        case .none: return false
        case .all: return true
        case .subject: return rules.matchers[rule].matchesLeftOfSubject(element, memo: (ancestors, rule))
        case .nothing, .untested: return rules.matchers[rule].matches(element, memo: (ancestors, rule))
        }
    }

    /// The cascade of the element `prepare` was last given, which found the rules in `placed`
    /// among those that depend on place. `extra` holds blocks that come from the element
    /// itself: presentational hints and `style=""`.
    mutating func match(_ element: XMLNode, placed: [Int32], extra: [Match]) -> Result {
        var matched = extra
        var pseudoMatched: [PseudoElement: [Match]] = [:]
        var matchedRules: [Int32] = []
        // A rule's block is read where it lies: a copy would retain its two arrays.
        rules.blocks.withUnsafeBufferPointer { blocks in
            for k in lists[current].indices {
                let index = lists[current][k].rule
                let entry = rules.entries[Int(index)]
                if entry.dependsOnPlace {
                    guard placed.contains(index) else { continue }
                } else {
                    guard test(k, element) else { continue }
                }
                if let pseudo = entry.pseudoElement {
                    Self.appendMatches(of: entry, block: blocks[Int(entry.block)], to: &pseudoMatched[pseudo, default: []])
                } else {
                    Self.appendMatches(of: entry, block: blocks[Int(entry.block)], to: &matched)
                    matchedRules.append(index)
                }
            }
        }
        var result = Result()
        result.element = matched
        result.rules = extra.isEmpty ? matchedRules : nil
        for (pseudo, list) in pseudoMatched {
            result.pseudo[pseudo] = Self.cascade(list)
        }
        return result
    }

    private static func appendMatches(of entry: RuleSet.Entry, block: borrowing RuleSet.Block, to out: inout [Match]) {
        if !block.normal.isEmpty {
            out.append(Match(rank: entry.origin.rank(important: false), specificity: entry.specificity, order: entry.order, longhands: block.normal))
        }
        if !block.important.isEmpty {
            out.append(Match(rank: entry.origin.rank(important: true), specificity: entry.specificity, order: entry.order, longhands: block.important))
        }
    }

    /// Applies matches from lowest to highest precedence; the last value for a property wins.
    static func cascade(_ matches: [Match]) -> CascadedValues {
        guard !matches.isEmpty else { return CascadedValues() }
        let sorted = matches.sorted { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.specificity != b.specificity { return a.specificity < b.specificity }
            return a.order < b.order
        }
        return CascadedValues(lowestFirst: sorted.lazy.map(\.longhands))
    }
}
