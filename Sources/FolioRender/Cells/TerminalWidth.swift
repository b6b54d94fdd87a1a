/// How many terminal columns a character takes: 0, 1 or 2 (the `wcwidth` of one grapheme
/// cluster), from the East Asian Width property (UAX #11) and emoji presentation (UTS #51).
/// https://www.unicode.org/reports/tr11/ · https://www.unicode.org/reports/tr51/#Presentation_Style
public enum TerminalWidth {
    /// The columns of a grapheme cluster: its first scalar decides, except that a cluster
    /// shown as an emoji (an emoji-presentation base, or any emoji with U+FE0F) takes two.
    /// Controls, combining marks and format characters (the soft hyphen, joiners) take none.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.isEmojiPresentation { return 2 }
        if first.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
        return of(scalar: first)
    }

    /// The columns of a whole string, grapheme by grapheme.
    public static func of(text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns of one scalar on its own.
    public static func of(scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .control, .nonspacingMark, .enclosingMark, .format, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            break
        }
        let value = scalar.value
        // Hangul medial vowels and final consonants join the syllable before them.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        return isWide(value) ? 2 : 1
    }

    /// Binary search of the Wide and Fullwidth ranges.
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= wide[0].lowerBound else { return false }
        var low = 0, high = wide.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < wide[middle].lowerBound {
                high = middle - 1
            } else if value > wide[middle].upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// East Asian Width W and F (Unicode 14 EastAsianWidth.txt, with the unassigned code points of
    /// the CJK ideograph blocks that the file defaults to W), adjacent ranges merged across
    /// unassigned code points. Emoji added since come in through `isEmojiPresentation`.
    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x1B2FB,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320,
        0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
        0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
        0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
        0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2,
        0x1F6D5...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A,
        0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAF6, 0x20000...0x3FFFD,
    ]
}
