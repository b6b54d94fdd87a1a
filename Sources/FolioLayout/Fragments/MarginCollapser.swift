/// Adjoining vertical margins collapsing into one: the largest positive plus the most
/// negative. https://www.w3.org/TR/CSS2/box.html#collapsing-margins
struct MarginCollapser {
    private var positive = 0.0
    private var negative = 0.0

    mutating func add(_ margin: Double) {
        if margin > 0 { positive = max(positive, margin) } else { negative = min(negative, margin) }
    }

    /// The collapsed margin, and the collapser emptied.
    mutating func take() -> Double {
        defer { positive = 0; negative = 0 }
        return positive + negative
    }

    /// The collapsed margin so far, left in place.
    var value: Double { positive + negative }

    var isEmpty: Bool { positive == 0 && negative == 0 }
}
