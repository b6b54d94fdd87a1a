/// CSS counters while walking a document: each `counter-reset` opens an instance scoped to the
/// element's parent (so it reaches the element, its descendants and following siblings).
///
/// https://www.w3.org/TR/css-lists-3/#creating-counters
struct CounterScopes {
    private struct Instance {
        var value: Int
        /// The styled node whose children see this instance; it ends when that node closes.
        var scope: Int32
    }

    private var counters: [String: [Instance]] = [:]

    /// Applies an element's `counter-reset`, `counter-increment` and `counter-set`, in that order.
    /// A display:list-item element increments `list-item` unless it says otherwise.
    mutating func enter(_ generated: GeneratedProperties, isListItem: Bool, parentScope: Int32) {
        for change in generated.counterReset {
            reset(change.name, to: change.value, scope: parentScope)
        }
        var incremented = false
        for change in generated.counterIncrement {
            increment(change.name, by: change.value, scope: parentScope)
            if change.name == "list-item" { incremented = true }
        }
        if isListItem && !incremented {
            increment("list-item", by: 1, scope: parentScope)
        }
        for change in generated.counterSet {
            if counters[change.name]?.isEmpty ?? true { reset(change.name, to: 0, scope: parentScope) }
            counters[change.name]![counters[change.name]!.count - 1].value = change.value
        }
    }

    /// Ends the instances a node's children created.
    mutating func leave(_ node: Int32) {
        for name in counters.keys {
            while let last = counters[name]?.last, last.scope == node {
                counters[name]!.removeLast()
            }
        }
    }

    /// The innermost value (`counter()`); 0 for a counter never reset.
    func value(_ name: String) -> Int {
        counters[name]?.last?.value ?? 0
    }

    /// Every value from outermost to innermost (`counters()`).
    func values(_ name: String) -> [Int] {
        let list = counters[name]?.map(\.value) ?? []
        return list.isEmpty ? [0] : list
    }

    private mutating func reset(_ name: String, to value: Int, scope: Int32) {
        if let last = counters[name]?.last, last.scope == scope {
            // A sibling's reset replaces the instance it shares a scope with.
            counters[name]![counters[name]!.count - 1].value = value
        } else {
            counters[name, default: []].append(Instance(value: value, scope: scope))
        }
    }

    private mutating func increment(_ name: String, by amount: Int, scope: Int32) {
        if counters[name]?.isEmpty ?? true {
            // Incrementing a counter that is in no scope resets it on this element first.
            reset(name, to: 0, scope: scope)
        }
        counters[name]![counters[name]!.count - 1].value &+= amount
    }
}
