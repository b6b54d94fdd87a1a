import FolioStyle

/// A face that a family offers to font matching, described by its `@font-face` descriptors
/// (or, for a pinned font, by the manifest), before its file is loaded.
///
/// https://www.w3.org/TR/css-fonts-4/#font-face-rule
struct FontCandidate: Sendable {
    enum Origin: Sendable, Hashable {
        case pinned(PinnedFont)
        /// The index of the book's `@font-face` rule in the context's list.
        case book(Int)
    }

    var family: String
    var weight: ClosedRange<Double>
    var style: FontFaceStyle
    var stretch: ClosedRange<Double>
    /// `unicode-range`; nil for every character.
    var unicodeRanges: [ClosedRange<UInt32>]?
    var origin: Origin

    init(pinned: PinnedFont) {
        family = pinned.family
        weight = Double(pinned.weight)...Double(pinned.weight)
        style = pinned.isItalic ? .italic : .normal
        stretch = 100...100
        unicodeRanges = nil
        origin = .pinned(pinned)
    }

    init(rule: FontFaceRule, family: String, index: Int) {
        self.family = family
        weight = rule.weight
        style = rule.style
        stretch = rule.stretch
        unicodeRanges = rule.unicodeRanges == [0...0x10FFFF] ? nil : rule.unicodeRanges
        origin = .book(index)
    }

    func covers(_ scalar: Unicode.Scalar) -> Bool {
        guard let unicodeRanges else { return true }
        return unicodeRanges.contains { $0.contains(scalar.value) }
    }

    var isUpright: Bool {
        if case .normal = style { return true }
        return false
    }
}
