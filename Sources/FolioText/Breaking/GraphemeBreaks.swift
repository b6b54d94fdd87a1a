/// Where extended grapheme clusters start in a run of scalars, as Swift's `Character`
/// segmentation (UAX #29) gives them, without building a `String` for the common case.
///
/// Between two "simple" scalars — below U+0300 (Latin, no combining marks) or in General
/// Punctuation U+2000–U+205F (spaces, dashes, quotes), joiners excepted — there is always a
/// boundary (rules GB4, GB5, GB999) except CR × LF, and no rule looks back across it. So the
/// text is cut at those sure boundaries and only the stretches around other scalars (marks,
/// emoji sequences, Hangul, regional indicators …) go through `Character` segmentation.
/// https://www.unicode.org/reports/tr29/#Grapheme_Cluster_Boundary_Rules
enum GraphemeBreaks {
    static func isSimple(_ value: UInt32) -> Bool {
        value < 0x300 || (value >= 0x2000 && value <= 0x205F && value != 0x200C && value != 0x200D)
    }

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
