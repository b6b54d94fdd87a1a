/// Lazy `hyphens: auto`: which words the filler must hyphenate to choose the same breaks as
/// it would with every word hyphenated up front.
///
/// The eager filler would meet, between the last break it tested and the next one `b`, the
/// hyphenation points of the words in between. Skipping them changes nothing when `b` is
/// usable and fits, and every one of those points would fit too: each would become the best
/// break, then `b` replaces it (and the first break only matters when none fits). A point's
/// line is at most as wide as the widest prefix of the line before `b` plus the widest hyphen
/// of those words; when that bound fits (and `b` fits), the words are left alone, otherwise
/// they are hyphenated and the filler looks again. The bound is computed from the same prefix
/// sums with monotone operations, so rounding cannot make it fit where a point would not.
extension LineFiller {
    /// How far the current line's potential hyphenation points are settled.
    struct Settled {
        let lineStart: Int
        /// Points at offsets up to here are settled (hyphenated, or shown not to matter).
        var offset: Int
        /// The largest prefix sum from the line's start through `scanned`.
        var maxPrefix: Double
        var scanned: Int

        init(lineStart: Int, prefix: Double) {
            self.lineStart = lineStart
            offset = lineStart
            maxPrefix = prefix
            scanned = lineStart
        }
    }

    /// Settles the points before break `b`, which `fits` (usable, and its line fits); true when
    /// words were hyphenated (new breaks). `available`: the least room a point's line has.
    mutating func settle(_ settled: inout Settled, before b: LineBreaker.Break, fits: Bool, available: Double) -> Bool {
        defer { settled.offset = b.offset }
        if fits {
            let prefix = shaped.prefix
            while settled.scanned < b.offset - 1 {
                settled.scanned += 1
                settled.maxPrefix = max(settled.maxPrefix, prefix[settled.scanned])
            }
            // Far from the line's end, even the paragraph's widest hyphen fits anywhere:
            // no need to look at the words.
            if settled.maxPrefix - prefix[settled.lineStart] + widestHyphen() <= available + Self.epsilon { return false }
        }
        // The words that may have points strictly between `settled.offset` and `b.offset`
        // (the last word's are never used).
        guard let words = candidates(settled.offset..<(b.offset - 1)) else { return false }
        if fits {
            var hyphen = 0.0
            for p in shaped.pieceIndex[words.lowerBound]...shaped.pieceIndex[words.upperBound - 1] {
                hyphen = max(hyphen, hyphenWidth(shaped.pieces[p].range.lowerBound))
            }
            if settled.maxPrefix - shaped.prefix[settled.lineStart] + hyphen <= available + Self.epsilon { return false }
        }
        for word in breaker.words(in: words) where word.lowerBound < lastWordStart && breaker.mayHyphenate(word) {
            breaker.hyphenate(word: word)
        }
        return true
    }

    /// The widest hyphen any text piece of the paragraph would show.
    mutating func widestHyphen() -> Double {
        if let known = widestHyphenWidth { return known }
        var widest = 0.0
        for piece in shaped.pieces where piece.kind == .text {
            widest = max(widest, hyphenWidth(piece.range.lowerBound))
        }
        widestHyphenWidth = widest
        return widest
    }

    /// The span from the first to the last word with a scalar in `range` that may still get
    /// usable hyphenation points, or nil when there is none.
    private func candidates(_ range: Range<Int>) -> Range<Int>? {
        guard !range.isEmpty else { return nil }
        let scalars = shaped.collected.scalars
        // Words longer than this are never hyphenated: scans stop there, so that lines cut
        // inside a megabyte-long word do not each walk all of it.
        let longest = Hyphenator.maximumWordBytes
        var span: Range<Int>?
        var i = range.lowerBound
        var tooLong = false
        // Back to the start of a word the range begins inside.
        if i < scalars.count && !LineBreaker.isSpace(scalars[i]) {
            while i > 0 && !LineBreaker.isSpace(scalars[i - 1]) && !tooLong {
                i -= 1
                tooLong = range.lowerBound - i > longest
            }
        }
        while i < range.upperBound {
            guard !LineBreaker.isSpace(scalars[i]) else {
                i += 1
                tooLong = false
                continue
            }
            var end = i + 1
            while end < scalars.count && !LineBreaker.isSpace(scalars[end]) && end - i <= longest { end += 1 }
            if tooLong || end - i > longest {
                // Inside a word too long to hyphenate: go on from where the scan stopped.
                tooLong = true
                i = end
                continue
            }
            // Short words have no points: skip them without asking the breaker.
            if end - i >= Hyphenator.minimumWordLength && i < lastWordStart && breaker.mayHyphenate(i..<end) {
                span = (span?.lowerBound ?? i)..<end
            }
            i = end
        }
        return span
    }
}
