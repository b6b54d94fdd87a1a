import FolioXML

/// One entry of `:has()`: a complex selector anchored at the element `:has()` is tested on by
/// a leading combinator (`> img` a child, `+ p` the next sibling, `figcaption` a descendant).
///
/// Matching looks for an element related to the anchor that matches the selector with its
/// leftmost compound related to the anchor by the leading combinator. Each test looks at no
/// more than `budget` elements and selector steps: a careless or hostile sheet
/// (`*:has(*:has(…))` on a huge chapter) answers no past it rather than taking quadratic time.
/// https://www.w3.org/TR/selectors-4/#relational
public struct RelativeSelector: Sendable, Hashable {
    public var combinator: Combinator
    public var selector: Selector

    public init(combinator: Combinator, selector: Selector) {
        self.combinator = combinator
        self.selector = selector
    }

    /// Whether `selector` uses `:has()` anywhere, inside `:is()`, `:not()` and the like too:
    /// Selectors 4 forbids `:has()` inside `:has()`, which would multiply the budgets.
    static func usesHas(_ selector: Selector) -> Bool {
        selector.compounds.contains { compound in
            compound.conditions.contains { condition in
                guard case .pseudoClass(let pseudo) = condition else { return false }
                switch pseudo {
                case .has: return true
                case .not(let list), .is(let list), .where(let list): return list.contains(where: usesHas)
                case .nthChild(_, let of?), .nthLastChild(_, let of?): return of.contains(where: usesHas)
                default: return false
                }
            }
        }
    }

    /// The most elements and steps one test of one relative selector looks at.
    static let budget = 200_000

    /// What is left of a test's budget, shared by the walk and the matching inside it.
    final class Budget {
        var left = RelativeSelector.budget
        /// Takes one step; false when none is left.
        func step() -> Bool {
            left -= 1
            return left > 0
        }
    }

    /// Whether an element related to `anchor` matches.
    public func matches(anchor: XMLNode) -> Bool {
        guard !selector.compounds.isEmpty else { return false }
        let budget = Budget()
        // The subject descends from the anchor, or (after + or ~) is one of its later siblings
        // or, when the selector goes down again, inside one.
        let descends = selector.combinators.contains { $0 == .child || $0 == .descendant }
        switch combinator {
        case .child, .descendant:
            return Self.anyDescendant(of: anchor, budget: budget) { matches(0, $0, anchor, budget) }
        case .nextSibling, .subsequentSibling:
            let onlyNext = combinator == .nextSibling && !selector.combinators.contains { $0 == .nextSibling || $0 == .subsequentSibling }
            var sibling = anchor.nextElementSibling
            while let candidate = sibling, budget.step() {
                if matches(0, candidate, anchor, budget) { return true }
                if descends, Self.anyDescendant(of: candidate, budget: budget, { matches(0, $0, anchor, budget) }) { return true }
                if onlyNext { return false }
                sibling = candidate.nextElementSibling
            }
            return false
        }
    }

    /// Compound `index` (right to left) matches `element`, the ones left of it match its
    /// relatives, and the leftmost one's element is related to the anchor.
    private func matches(_ index: Int, _ element: XMLNode, _ anchor: XMLNode, _ budget: Budget) -> Bool {
        guard budget.step(), selector.compounds[index].matches(element) else { return false }
        guard index < selector.combinators.count else { return Self.related(element, to: anchor, by: combinator) }
        switch selector.combinators[index] {
        case .child:
            guard let parent = element.parentElement else { return false }
            return matches(index + 1, parent, anchor, budget)
        case .descendant:
            var ancestor = element.parentElement
            while let next = ancestor, budget.left > 0 {
                if matches(index + 1, next, anchor, budget) { return true }
                ancestor = next.parentElement
            }
            return false
        case .nextSibling:
            guard let previous = element.previousElementSibling else { return false }
            return matches(index + 1, previous, anchor, budget)
        case .subsequentSibling:
            var sibling = element.previousElementSibling
            while let next = sibling, budget.left > 0 {
                if matches(index + 1, next, anchor, budget) { return true }
                sibling = next.previousElementSibling
            }
            return false
        }
    }

    /// Whether `element` stands to `anchor` as the combinator says (`anchor > element`, …).
    static func related(_ element: XMLNode, to anchor: XMLNode, by combinator: Combinator) -> Bool {
        switch combinator {
        case .child:
            return element.parentElement == anchor
        case .descendant:
            var ancestor = element.parentElement
            while let next = ancestor {
                if next == anchor { return true }
                ancestor = next.parentElement
            }
            return false
        case .nextSibling:
            return element.previousElementSibling == anchor
        case .subsequentSibling:
            var sibling = element.previousElementSibling
            while let next = sibling {
                if next == anchor { return true }
                sibling = next.previousElementSibling
            }
            return false
        }
    }

    /// Whether some element inside `root` (depth first, in document order) satisfies `test`.
    static func anyDescendant(of root: XMLNode, budget: Budget, _ test: (XMLNode) -> Bool) -> Bool {
        var stack: [XMLNode] = []
        var child = root.firstChild
        while budget.left > 0 {
            guard let node = child else {
                guard let up = stack.popLast() else { return false }
                child = up.nextSibling
                continue
            }
            guard budget.step() else { return false }
            if node.kind == .element {
                if test(node) { return true }
                if let first = node.firstChild {
                    stack.append(node)
                    child = first
                    continue
                }
            }
            child = node.nextSibling
        }
        return false
    }
}
