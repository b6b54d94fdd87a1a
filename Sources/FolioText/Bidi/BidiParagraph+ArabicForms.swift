import CFriBidi

extension BidiParagraph {
    /// Arabic letters in the contextual forms their neighbours give them (isolated, initial,
    /// medial, final: the Arabic Presentation Forms of Unicode), for terminals, which draw each
    /// character as it is and do not join Arabic script. One character for one, so columns and
    /// offsets do not move; text without Arabic letters comes back as it is.
    /// https://www.unicode.org/versions/latest/core-spec/chapter-9/#G7462 (cursive joining)
    public static func presentationForms(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: { (0x600...0x8FF).contains($0.value) }) else { return text }
        let paragraph = BidiParagraph(scalars: scalars, base: .rtl)
        let count = scalars.count
        var chars = scalars.map { FriBidiChar($0.value) }
        var properties = [FriBidiArabicProp](filled: 0, count: count)
        chars.withUnsafeBufferPointer { fribidi_get_joining_types($0.baseAddress, FriBidiStrIndex(count), &properties) }
        // A right-to-left paragraph always has its bidi types resolved.
        let types = paragraph.types.map { FriBidiCharType(rawValue: $0) }
        let levels = paragraph.levels.map { FriBidiLevel(bitPattern: $0) }
        fribidi_join_arabic(types, FriBidiStrIndex(count), levels, &properties)
        fribidi_shape_arabic(FriBidiFlags(0x100) /* FRIBIDI_FLAG_SHAPE_ARAB_PRES */, levels, FriBidiStrIndex(count), &properties, &chars)
        var view = String.UnicodeScalarView()
        for (k, char) in chars.enumerated() { view.append(Unicode.Scalar(char) ?? scalars[k]) }
        return String(view)
    }
}
