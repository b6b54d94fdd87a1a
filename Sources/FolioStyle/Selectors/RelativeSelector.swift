import FolioXML

/// One entry of `:has()`: a complex selector anchored at the element `:has()` is tested on by
/// a leading combinator (`> img` a child, `+ p` the next sibling, `figcaption` a descendant).
///
/// Matching looks for an element related to the anchor that matches the selector with its
/// leftmost compound related to the anchor by the leading combinator: among the anchor's
/// descendants (only as deep as the child combinators reach, when no descendant combinator
/// says otherwise) or its later siblings and theirs; walks back towards the anchor stop at
/// it. Each test looks at no more than `budget` elements and selector steps, and answers no
/// past it (a careless `*:has(…)` over a huge chapter costs each element at most that).
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
        // How deep below the anchor (or below a later sibling) the subject lies: fixed by the
        // child combinators when nothing says "any descendant".
        let children = selector.combinators.filter { $0 == .child }.count
        let anyDepth = combinator == .descendant || selector.combinators.contains(.descendant)
        // Walks up and back from a candidate stop where the leftmost compound can no longer
        // be related to the anchor: at the anchor, or (after + or ~) at its parent.
        let bound = Bound(anchor: anchor, stop: combinator == .child || combinator == .descendant ? anchor : anchor.parentElement)
        switch combinator {
        case .child, .descendant:
            return Self.anyDescendant(of: anchor, depth: anyDepth ? nil : 1 + children, budget: budget) {
                matches(0, $0, bound, budget)
            }
        case .nextSibling, .subsequentSibling:
            let onlyNext = combinator == .nextSibling && !selector.combinators.contains { $0 == .nextSibling || $0 == .subsequentSibling }
            var sibling = anchor.nextElementSibling
            while let candidate = sibling, budget.step() {
                if matches(0, candidate, bound, budget) { return true }
                if anyDepth || children > 0,
                   Self.anyDescendant(of: candidate, depth: anyDepth ? nil : children, budget: budget, { matches(0, $0, bound, budget) }) {
                    return true
                }
                if onlyNext { return false }
                sibling = candidate.nextElementSibling
            }
            return false
        }
    }

    /// The anchor, and the element where walks towards it stop.
    struct Bound {
        let anchor: XMLNode
        let stop: XMLNode?
    }

    /// Compound `index` (right to left) matches `element`, the ones left of it match its
    /// relatives, and the leftmost one's element is related to the anchor.
    private func matches(_ index: Int, _ element: XMLNode, _ bound: Bound, _ budget: Budget) -> Bool {
        guard budget.step(), selector.compounds[index].matches(element) else { return false }
        guard index < selector.combinators.count else { return related(element, bound, budget) }
        switch selector.combinators[index] {
        case .child:
            guard let parent = element.parentElement, parent != bound.stop else { return false }
            return matches(index + 1, parent, bound, budget)
        case .descendant:
            var ancestor = element.parentElement
            while let next = ancestor, next != bound.stop, budget.left > 0 {
                if matches(index + 1, next, bound, budget) { return true }
                ancestor = next.parentElement
            }
            return false
        case .nextSibling:
            guard let previous = element.previousElementSibling, previous != bound.anchor else { return false }
            return matches(index + 1, previous, bound, budget)
        case .subsequentSibling:
            var sibling = element.previousElementSibling
            while let next = sibling, next != bound.anchor, budget.left > 0 {
                if matches(index + 1, next, bound, budget) { return true }
                sibling = next.previousElementSibling
            }
            return false
        }
    }

    /// Whether `element` stands to the anchor as the leading combinator says (`anchor > element`, …).
    private func related(_ element: XMLNode, _ bound: Bound, _ budget: Budget) -> Bool {
        switch combinator {
        case .child:
            return element.parentElement == bound.anchor
        case .descendant:
            var ancestor = element.parentElement
            while let next = ancestor, budget.step() {
                if next == bound.anchor { return true }
                ancestor = next.parentElement
            }
            return false
        case .nextSibling:
            return element.previousElementSibling == bound.anchor
        case .subsequentSibling:
            var sibling = element.previousElementSibling
            while let next = sibling, budget.step() {
                if next == bound.anchor { return true }
                sibling = next.previousElementSibling
            }
            return false
        }
    }

    /// Whether some element inside `root`, at most `depth` levels down (any depth when nil),
    /// satisfies `test`: depth first, in document order.
    static func anyDescendant(of root: XMLNode, depth: Int?, budget: Budget, _ test: (XMLNode) -> Bool) -> Bool {
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
                if let first = node.firstChild, depth.map({ stack.count + 1 < $0 }) ?? true {
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
