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

    /// The choice of this candidate's loaded `face` for text asking for `weight` and `italic`:
    /// bold is synthesized for a bold request the face is not bold enough for, italic for an
    /// italic one the face is upright for.
    func choice(_ face: FontFace, weight: Int, italic: Bool) -> FontChoice {
        FontChoice(face: face, synthesizeBold: weight >= 600 && self.weight.upperBound < 600, synthesizeItalic: italic && isUpright)
    }

    var isUpright: Bool {
        if case .normal = style { return true }
        return false
    }
}
