/// How many terminal columns a grapheme cluster takes, for the cell metric (`TextMetric.cells`).
///
/// The usual `wcwidth` rules: East Asian Wide and Fullwidth characters and emoji shown as
/// emoji take 2 columns; combining marks, zero-width and format characters and controls take
/// none (they join the cell before them); everything else takes 1. A cluster takes the width
/// of its first character that has one (an emoji variation selector, U+FE0F, widens it to 2).
///
/// Swift exposes no East Asian Width property, so the Wide and Fullwidth ranges are listed
/// here from UAX #11 (the emoji among them come from `isEmojiPresentation`).
/// https://www.unicode.org/reports/tr11/ · https://www.cl.cam.ac.uk/~mgk25/ucs/wcwidth.c
enum CellMetric {
    /// The columns of a grapheme cluster.
    static func width<C: Collection<Unicode.Scalar>>(of cluster: C) -> Int {
        var width = 0
        for scalar in cluster {
            let own = self.width(scalar)
            if width == 0 { width = own }
            if scalar == "\u{FE0F}", let first = cluster.first, first.properties.isEmoji { return 2 }
        }
        return width
    }

    /// The columns of one scalar on its own.
    static func width(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Printable ASCII and Latin-1, the common case.
        if value >= 0x20 && value < 0x7F { return 1 }
        if value >= 0xA0 && value < 0x300 { return value == 0xAD ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .control, .nonspacingMark, .enclosingMark, .format, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            break
        }
        // Hangul jamo vowels and final consonants join the syllable before them.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        if value == 0x200B { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks, UAX #11.
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        for range in wide where range.contains(value) { return true }
        return false
    }

    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F,    // Hangul Jamo initial consonants
        0x2329...0x232A,    // angle brackets
        0x2E80...0x303E,    // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,    // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, Kanbun, CJK strokes, enclosed, compatibility
        0x3400...0x4DBF,    // CJK extension A
        0x4E00...0x9FFF,    // CJK unified ideographs
        0xA000...0xA4CF,    // Yi
        0xA960...0xA97F,    // Hangul Jamo extended A
        0xAC00...0xD7A3,    // Hangul syllables
        0xF900...0xFAFF,    // CJK compatibility ideographs
        0xFE10...0xFE19,    // vertical forms
        0xFE30...0xFE6F,    // CJK compatibility forms, small form variants
        0xFF00...0xFF60,    // fullwidth forms
        0xFFE0...0xFFE6,    // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x17000...0x18CFF,  // Tangut, Khitan
        0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK extensions B–F
        0x30000...0x3FFFD,  // CJK extension G and on
    ]
}
