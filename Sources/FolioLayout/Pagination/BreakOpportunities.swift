import FolioStyle

/// The break opportunities of a column and how welcome each is, read from its fragment tree.
///
/// Before each unit there is one opportunity. Between sibling boxes (class A) the boxes that
/// end there give their `break-after` and the boxes that start there their `break-before`;
/// inside a box with `break-inside: avoid` every opportunity is avoided; between lines
/// (class C) and table rows the unit's own class holds (orphans and widows, rows a cell
/// spans, a header and its first row). The strongest wins: a forced break, else avoid.
/// https://www.w3.org/TR/css-break-3/#possible-breaks · https://www.w3.org/TR/css-break-3/#forced-breaks
enum BreakOpportunities {
    /// Each unit's `breakBefore` set to the class of the opportunity before it: its own
    /// class (what layout gave it) joined with what the boxes around it ask.
    static func resolve(_ units: inout [FlowUnit], tree: FragmentTree) {
        guard !units.isEmpty else { return }
        var asked = [BreakClass](filled: .normal, count: units.count + 1)
        // A float is a flow of its own: the breaks of the boxes inside it act only between its
        // own units, not on the content after it. Parents come before their children.
        var flow = [Range<Int>?](filled: nil, count: tree.boxes.count)
        for (k, box) in tree.boxes.enumerated() {
            let range = box.units
            let outer = box.containingBlock.flatMap { flow[$0] }
            flow[k] = box.kind == .float ? range : outer
            func ask(_ unit: Int, _ value: BreakClass) {
                guard value != .normal, outer.map({ $0.contains(unit) }) ?? true else { return }
                asked[unit] = max(asked[unit], value)
            }
            ask(range.lowerBound, BreakClass(box.breaks.before))
            ask(range.upperBound, BreakClass(box.breaks.after))
            if box.breaks.inside != .auto && range.count > 1 {
                for k in (range.lowerBound + 1)..<range.upperBound { ask(k, .avoid) }
            }
        }
        for k in units.indices { units[k].breakBefore = max(units[k].breakBefore, asked[k]) }
    }
}

extension BreakClass {
    /// The class a `break-before` or `break-after` value asks for.
    init(_ value: BreakBetween) {
        switch value {
        case .page, .left, .right, .recto, .verso, .always, .all: self = .forced
        case .avoid, .avoidPage: self = .avoid
        case .auto, .avoidColumn, .column, .region, .avoidRegion: self = .normal
        }
    }
}
