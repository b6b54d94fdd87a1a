/// Where extended grapheme clusters start in a run of scalars, as Swift's `Character`
/// segmentation (UAX #29) gives them, without building a `String` for the common case.
///
/// Between two "simple" scalars there is always a boundary (rule GB999) except CR × LF, and
/// no rule looks back across it. A simple scalar is one whose Grapheme_Cluster_Break value is
/// Other (or LV/LVT, a precomposed Hangul syllable, which joins only a following vowel or
/// trailing jamo): Latin below U+0300, General Punctuation but the joiners, and the letters,
/// digits and punctuation of Greek, Cyrillic, Armenian, Hebrew, Arabic, Devanagari, CJK, kana
/// and Hangul syllables, ranges whose values have not changed since they were assigned (a
/// test checks each against Swift's segmentation). So the text is cut at those sure
/// boundaries and only the stretches around other scalars (marks, virama conjuncts, emoji
/// sequences, jamo, regional indicators …) go through `Character` segmentation.
/// https://www.unicode.org/reports/tr29/#Grapheme_Cluster_Boundary_Rules
enum GraphemeBreaks {
    static func isSimple(_ value: UInt32) -> Bool {
        if value < 0x300 { return true }
        if value < 0x2000 { return simpleRanges.contains { $0.contains(value) } }
        if value <= 0x205F { return value != 0x200C && value != 0x200D }
        return simpleWideRanges.contains { $0.contains(value) }
    }

    /// Ranges of Grapheme_Cluster_Break=Other below U+2000, in order.
    static let simpleRanges: [ClosedRange<UInt32>] = [
        0x0370...0x0482, 0x048A...0x052F,  // Greek, Cyrillic (not the combining 0483–0489)
        0x0531...0x0556, 0x0561...0x0587,  // Armenian letters
        0x05D0...0x05EA, 0x05F0...0x05F4,  // Hebrew letters and punctuation (not its points)
        0x0621...0x064A, 0x0660...0x066D, 0x0671...0x06D4,  // Arabic letters and digits (not the harakat, nor the prepended 0600–0605)
        0x0904...0x0939, 0x0958...0x0961, 0x0964...0x096F,  // Devanagari letters, dandas and digits (not its signs)
    ]

    /// The same from U+2060 on.
    static let simpleWideRanges: [ClosedRange<UInt32>] = [
        0x3000...0x3029, 0x3030...0x303F,  // CJK punctuation (not the tone marks 302A–302F)
        0x3041...0x3096, 0x309B...0x30FF,  // kana (not the combining voicing marks 3099–309A)
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xAC00...0xD7A3,  // Hangul syllables (LV, LVT)
        0xFF01...0xFF60,  // fullwidth forms (not the halfwidth voicing marks FF9E–FF9F)
    ]

    /// True when every scalar is simple and none is a CR: each scalar is its own cluster.
    static func allSimple<C: Collection<Unicode.Scalar>>(_ scalars: C) -> Bool {
        scalars.allSatisfy { isSimple($0.value) && $0 != "\r" }
    }

    /// `starts[k]` is true when a grapheme cluster starts at scalar k (and at the end, k == count).
    static func starts(_ scalars: ArraySlice<Unicode.Scalar>) -> [Bool] {
        let count = scalars.count
        var starts = [Bool](filled: true, count: count + 1)
        guard count > 1 else { return starts }
        let base = scalars.startIndex
        /// A sure boundary before scalar k (1 ≤ k < count), or nil when segmentation must decide.
        func sure(_ k: Int) -> Bool? {
            let a = scalars[base + k - 1].value, b = scalars[base + k].value
            guard isSimple(a) && isSimple(b) else { return nil }
            return !(a == 0x0D && b == 0x0A)
        }
        var lastSure = 0
        var k = 1
        while k < count {
            if let boundary = sure(k) {
                starts[k] = boundary
                if boundary { lastSure = k }
                k += 1
                continue
            }
            // Segment from the last sure boundary to the next one.
            var end = k + 1
            while end < count && sure(end) != true { end += 1 }
            for i in (lastSure + 1)..<end { starts[i] = false }
            var offset = lastSure
            // Encoded straight to UTF-8: appending scalars to a view one by one cost as much as
            // the segmentation itself in a Hindi paragraph.
            for character in String(scalars: scalars[(base + lastSure)..<(base + end)]) {
                starts[offset] = true
                offset += character.unicodeScalars.count
            }
            lastSure = end
            k = end + 1
        }
        return starts
    }
}
