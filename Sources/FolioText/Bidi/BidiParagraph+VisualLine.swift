import CFriBidi

extension BidiParagraph {
    /// `text` with each character that has a mirror image in right-to-left text replaced by it
    /// (Bidi_Mirroring_Glyph: brackets, less-than and greater-than, …), for text that is laid
    /// out right to left without being reordered (a formula's operators under `dir="rtl"`).
    public static func mirroredCharacters(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(mirrored(scalar)) }
        return String(out)
    }

    /// The character's Bidi_Mirroring_Glyph (FriBidi's table), or the character itself.
    static func mirrored(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        var image = FriBidiChar(scalar.value)
        guard fribidi_get_mirror_char(FriBidiChar(scalar.value), &image) != 0 else { return scalar }
        return Unicode.Scalar(image) ?? scalar
    }

    /// One line of text as a terminal must be given it: in visual order, left to right, under
    /// base direction `base` (rules P2–L2), right-to-left runs reversed with their brackets
    /// mirrored (L4) and Arabic in its joined presentation forms, explicit bidi controls left out
    /// (terminals draw characters in the order they come, some draw controls as boxes).
    /// Left-to-right text without anything to resolve comes back as it is.
    /// https://www.unicode.org/reports/tr9/#Reordering_Resolved_Levels
    public static func visualLine(_ text: String, base: BaseDirection) -> String {
        let scalars = Array(text.unicodeScalars)
        guard base == .rtl || needsResolution(scalars) else { return text }
        let paragraph = BidiParagraph(scalars: scalars, base: base)
        let shaped = Array(presentationForms(text).unicodeScalars)
        guard shaped.count == scalars.count else { return text }
        var out = String.UnicodeScalarView()
        for run in paragraph.visualRuns(line: 0..<scalars.count) {
            let indices = run.direction == .rtl ? Array(run.range.reversed()) : Array(run.range)
            for k in indices where !isBidiControl(shaped[k]) {
                out.append(run.direction == .rtl ? mirrored(shaped[k]) : shaped[k])
            }
        }
        return String(out)
    }

    /// LRM, RLM, ALM and the embedding, override and isolate controls.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
