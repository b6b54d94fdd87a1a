import FolioStyle

/// The CSS font matching algorithm's narrowing of a family's faces by stretch, style and
/// weight, in that order.
///
/// https://www.w3.org/TR/css-fonts-4/#font-style-matching (steps 4.a–4.c)
enum FontMatcher {
    /// The faces of one family that match the desired descriptors equally best, in the order
    /// given; empty only when `candidates` is.
    static func bestMatches(_ candidates: [FontCandidate], weight: Int, italic: Bool, stretch: Double) -> [FontCandidate] {
        var set = candidates
        set = narrow(set) { stretchKey($0.stretch, desired: stretch) }
        set = narrow(set) { styleKey($0.style, italic: italic) }
        set = narrow(set) { weightKey($0.weight, desired: Double(weight)) }
        return set
    }

    /// Keeps the candidates whose key is the smallest.
    private static func narrow(_ candidates: [FontCandidate], key: (FontCandidate) -> Key) -> [FontCandidate] {
        let keyed = candidates.map { ($0, key($0)) }
        guard let best = keyed.map(\.1).min() else { return [] }
        return keyed.filter { $0.1 == best }.map(\.0)
    }

    /// A preference tier, then a distance within it; smaller is better.
    struct Key: Comparable {
        var tier: Int
        var distance: Double
        static func < (a: Key, b: Key) -> Bool { (a.tier, a.distance) < (b.tier, b.distance) }
    }

    /// `font-stretch`: at or below 100%, narrower widths first, then wider; above, wider first.
    static func stretchKey(_ range: ClosedRange<Double>, desired: Double) -> Key {
        if range.contains(desired) { return Key(tier: 0, distance: 0) }
        let narrower = range.upperBound < desired
        let distance = narrower ? desired - range.upperBound : range.lowerBound - desired
        let preferred = desired <= 100 ? narrower : !narrower
        return Key(tier: preferred ? 1 : 2, distance: distance)
    }

    /// `font-style`: italic → italic, oblique, normal; normal → normal, oblique, italic.
    static func styleKey(_ style: FontFaceStyle, italic: Bool) -> Key {
        let tier: Int
        switch style {
        case .italic: tier = italic ? 0 : 2
        case .oblique: tier = 1
        case .normal: tier = italic ? 2 : 0
        }
        return Key(tier: tier, distance: 0)
    }

    /// `font-weight`: for 400–500, heavier weights up to 500 first, then lighter (descending),
    /// then heavier than 500; below 400, lighter first then heavier; above 500, heavier first
    /// then lighter.
    static func weightKey(_ range: ClosedRange<Double>, desired: Double) -> Key {
        if range.contains(desired) { return Key(tier: 0, distance: 0) }
        let heavier = range.lowerBound > desired
        let distance = heavier ? range.lowerBound - desired : desired - range.upperBound
        if (400...500).contains(desired) {
            if heavier && range.lowerBound <= 500 { return Key(tier: 1, distance: distance) }
            return Key(tier: heavier ? 3 : 2, distance: distance)
        }
        let preferred = desired < 400 ? !heavier : heavier
        return Key(tier: preferred ? 1 : 2, distance: distance)
    }
}
