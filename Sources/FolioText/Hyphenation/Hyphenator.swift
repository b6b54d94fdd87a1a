import CLibHyphen
import FoundationEssentials
import Glibc
import Synchronization
import FolioStyle

/// Finds hyphenation points in words with one libhyphen (TeX pattern) dictionary.
///
/// Owns its `HyphenDict`. libhyphen writes the dictionary only while loading it;
/// `hnj_hyphen_hyphenate3` reads the pattern states and writes only the caller's buffers, so
/// one hyphenator is shared between threads.
///
/// Rules applied here: the shortest word hyphenated and the letters kept before and after a
/// break are the style's `hyphenate-limit-chars`, or by default the language's (`Minima`:
/// 6, 3 and 3 for German and its neighbours, 5, 2 and 3 for English, 5, 2 and 2 otherwise),
/// never fewer than the dictionary's own (its LEFTHYPHENMIN and RIGHTHYPHENMIN), nor than 4,
/// 2 and 2; punctuation before and after the word is set aside; a word with a letter the dictionary's
/// charset cannot hold is not hyphenated. Non-standard breaks (patterns that change
/// letters, like old German "ck" → "k-k") are skipped. The rule that the last word of a
/// paragraph is not hyphenated belongs to the line filler. Answers are remembered per word
/// (libhyphen takes microseconds a word, and line ends meet the same words again).
///
/// https://www.w3.org/TR/css-text-3/#hyphenation · https://github.com/hunspell/hyphen
public final class Hyphenator: @unchecked Sendable {
    /// No word shorter than this is hyphenated, whatever a style asks (in scalars: a bound the
    /// line filler skips short words by).
    public static let minimumWordLength = 4

    /// The shortest word hyphenated and the fewest letters before and after a break.
    public struct Minima: Sendable, Hashable {
        public var word: Int
        public var before: Int
        public var after: Int

        /// The defaults for a language (BCP 47): German-like languages, whose compounds are long
        /// and whose readers expect fewer, longer pieces, 6/3/3; English 5/2/3 (TeX's own);
        /// others 5/2/2 (CSS Text 4's suggestion for `auto`).
        public static func forLanguage(_ tag: String?) -> Minima {
            let language = tag?.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
            switch language {
            case "de", "nl", "da", "sv", "nb", "nn", "no", "is", "lb", "af", "fy": return Minima(word: 6, before: 3, after: 3)
            case "en": return Minima(word: 5, before: 2, after: 3)
            default: return Minima(word: 5, before: 2, after: 2)
            }
        }

        /// These minima with a style's `hyphenate-limit-chars` over them (its `auto` parts
        /// keep these), and never below 4/2/2.
        public func limited(by limit: HyphenateLimitChars) -> Minima {
            Minima(word: max(Hyphenator.minimumWordLength, limit.word ?? word), before: max(2, limit.before ?? before),
                   after: max(2, limit.after ?? after))
        }
    }

    /// The language's minima (from the dictionary file's name: `hyph_de_DE.dic` → German).
    public let minima: Minima
    /// Longer words (in encoded bytes) are not hyphenated: no dictionary word is this long, and
    /// libhyphen allocates and scans per call in proportion to the word.
    static let maximumWordBytes = 256
    public let path: String
    /// The dictionary, loaded on the first word asked about (German's 1 MB of patterns take
    /// about 60 ms), which a book only pays for when a word in that language must be
    /// hyphenated, not for every paragraph in the language.
    private let loaded = Mutex<Load>(.notYet)
    /// Words already hyphenated (libhyphen takes microseconds a word; line ends repeat
    /// words), bounded by `memoLimit`. An entry is two 64-bit hashes of the word's scalars
    /// (the key and a check by another function: a false match needs both to collide) and
    /// its points as bits, all inline: a lookup touches one slot, where entries holding the
    /// word and an array cost a cache miss each and were slower than libhyphen itself. Words
    /// of `memoScalars` scalars or more are not remembered.
    private let memo = Mutex<[UInt64: (check: UInt64, points: UInt64)]>([:])
    static let memoScalars = 64
    static let memoLimit = 50_000

    /// A hyphenator for a `.dic` file, loaded when first used; nil when the file cannot be read.
    /// A file libhyphen cannot parse gives no hyphenation points.
    public init?(path: String) {
        guard access(path, R_OK) == 0 else { return nil }
        self.path = path
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        minima = Minima.forLanguage(name.hasPrefix("hyph_") ? String(name.dropFirst(5)) : nil)
    }

    /// One loaded libhyphen dictionary; frees it when released.
    private final class Dictionary: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<HyphenDict>
        let isUTF8: Bool

        init?(path: String) {
            // Read here in linear time (`PatternFile`), else by libhyphen (a file with a NUL).
            guard let data = FileManager.default.contents(atPath: path),
                  let pointer = PatternFile.load(Array(data)) ?? hnj_hyphen_load(path) else { return nil }
            self.pointer = pointer
            // The first line of the file names its charset: UTF-8 or ISO8859-1 among Debian's.
            let charset = withUnsafeBytes(of: pointer.pointee.cset) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            isUTF8 = pointer.pointee.utf8 != 0 || charset.uppercased().hasPrefix("UTF")
        }

        deinit {
            hnj_hyphen_free(pointer)
        }
    }

    private enum Load {
        case notYet
        case done(Dictionary)
        case failed
    }

    /// The loaded dictionary (loading it on first use, under the lock; a failure is not
    /// retried), or nil when libhyphen cannot load it.
    private func dictionary() -> Dictionary? {
        loaded.withLock { load in
            switch load {
            case .done(let dictionary): return dictionary
            case .failed: return nil
            case .notYet:
                let dictionary = Dictionary(path: path)
                load = dictionary.map(Load.done) ?? .failed
                return dictionary
            }
        }
    }

    /// Offsets (in Unicode scalars from the start of `word`) before which the word may break
    /// with a hyphen, in increasing order.
    public func hyphenationPoints(in word: String, limit: HyphenateLimitChars = HyphenateLimitChars()) -> [Int] {
        hyphenationPoints(scalars: Array(word.unicodeScalars)[...], limit: limit)
    }

    /// The same, for a word given as scalars (a slice of a paragraph); offsets from its start.
    func hyphenationPoints(scalars: ArraySlice<Unicode.Scalar>, limit: HyphenateLimitChars = HyphenateLimitChars()) -> [Int] {
        var points: [Int] = []
        forEachPoint(scalars: scalars, limit: limit) { points.append($0) }
        return points
    }

    /// Calls `body` with each of the word's hyphenation points (offsets from its start), in
    /// increasing order, without allocating for a remembered word.
    func forEachPoint(scalars: ArraySlice<Unicode.Scalar>, limit: HyphenateLimitChars, _ body: (Int) -> Void) {
        // Set aside leading and trailing punctuation ("(Hyphenation)," → "Hyphenation"); the
        // minima count letters from there.
        guard let first = scalars.firstIndex(where: Self.isAlphabetic), let last = scalars.lastIndex(where: Self.isAlphabetic) else { return }
        let core = scalars[first...last]
        let minima = self.minima.limited(by: limit)
        guard core.count >= minima.word,
              core.allSatisfy({ Self.isAlphabetic($0) || $0 == "-" || $0 == "'" || $0 == "\u{2019}" }) else { return }
        // Patterns are lower case; one scalar per scalar, so that offsets stay aligned.
        let lower = core.map(Self.lowercased)
        let lead = first - scalars.startIndex
        func offer(_ point: Int) {
            if point >= minima.before && core.count - point >= minima.after { body(lead + point) }
        }
        guard lower.count < Self.memoScalars else {
            findPoints(lower).forEach(offer)
            return
        }
        // Every point, honouring only the dictionary's minima (so that one entry serves every
        // style and every case and punctuation of the word), as bits: bit i, a point before
        // letter i.
        var bits: UInt64
        let (key, check) = Self.hashes(lower)
        if let known = memo.withLock({ $0[key] }), known.check == check {
            bits = known.points
        } else {
            bits = 0
            for point in findPoints(lower) { bits |= 1 << UInt64(point) }
            let found = bits
            memo.withLock { table in
                if table.count >= Self.memoLimit { table = [:] }
                table[key] = (check, found)
            }
        }
        while bits != 0 {
            offer(bits.trailingZeroBitCount)
            bits &= bits - 1
        }
    }

    /// Two independent 64-bit hashes of the scalars' values: FNV-1a, and a multiply-rotate
    /// mix with another constant and the length.
    static func hashes(_ scalars: [Unicode.Scalar]) -> (UInt64, UInt64) {
        var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
        var mix: UInt64 = 0x9e37_79b9_7f4a_7c15 ^ UInt64(scalars.count)
        for scalar in scalars {
            let value = UInt64(scalar.value)
            fnv = (fnv ^ value) &* 0x0000_0100_0000_01b3
            mix = (mix ^ value) &* 0xff51_afd7_ed55_8ccd
            mix = mix << 29 | mix >> 35
        }
        return (fnv, mix)
    }

    /// libhyphen's points in a lower-cased word of letters (and inner hyphens and
    /// apostrophes): offsets from its start.
    private func findPoints(_ lower: [Unicode.Scalar]) -> [Int] {
        guard lower.count >= Self.minimumWordLength, let dictionary = dictionary(),
              var bytes = encode(lower, utf8: dictionary.isUTF8), bytes.count <= Self.maximumWordBytes else { return [] }
        let size = bytes.count
        // libhyphen takes a length but still reads the word as a C string: its NOHYPHEN pass
        // (every dictionary has one: ' ’ – - by default) runs strstr on it and writes
        // `hyphens` at the offset found, and its left-minimum pass scans for digits up to a
        // NUL. Without the terminator both ran on into the heap and wrote there.
        bytes.append(0)
        // hnj_hyphen_hyph_ writes word_size + 3 entries (the word between two dots and a NUL).
        var hyphens = [CChar](filled: 0, count: size + 5)
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        var pos: UnsafeMutablePointer<Int32>? = nil
        var cut: UnsafeMutablePointer<Int32>? = nil
        let failed = bytes.withUnsafeBufferPointer { b in
            hyphens.withUnsafeMutableBufferPointer { h in
                // The least minima libhyphen takes: the dictionary's own still apply; the style's
                // are applied to these points (`hyphenationPoints`).
                hnj_hyphen_hyphenate3(dictionary.pointer, b.baseAddress, Int32(size), h.baseAddress, nil, &rep, &pos, &cut, 2, 2, 2, 2)
            }
        }
        // rep, pos and cut are libhyphen's (calloc'd with word_size entries), freed here.
        defer { freeNonStandard(rep, pos, cut, count: size) }
        guard failed == 0 else { return [] }
        // For UTF-8 dictionaries libhyphen re-indexes `hyphens` by character, so index i
        // (odd value: break after character i) is a scalar index either way.
        var points: [Int] = []
        for i in 0..<(lower.count - 1) where hyphens[i] & 1 == 1 {
            if let rep, rep[i] != nil { continue }
            // Explicit hyphens already break; no second hyphen beside one.
            if lower[i] == "-" || lower[i + 1] == "-" { continue }
            points.append(i + 1)
        }
        return points
    }

    /// `Unicode.Scalar.Properties.isAlphabetic`, answered without a table lookup for ASCII.
    static func isAlphabetic(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 { return (s.value | 0x20) >= 0x61 && (s.value | 0x20) <= 0x7A }
        if s.value < tableEnd { return table[Int(s.value - 0x80)] & alphabeticBit != 0 }
        return s.properties.isAlphabetic
    }

    /// The scalar's lower-case mapping when that is one scalar, else the scalar itself.
    static func lowercased(_ s: Unicode.Scalar) -> Unicode.Scalar {
        if s.value < 0x80 {
            return s.value >= 0x41 && s.value <= 0x5A ? Unicode.Scalar(UInt8(s.value + 0x20)) : s
        }
        if s.value < tableEnd { return Unicode.Scalar(table[Int(s.value - 0x80)] & ~alphabeticBit) ?? s }
        return oneScalarLowercase(s)
    }

    private static func oneScalarLowercase(_ s: Unicode.Scalar) -> Unicode.Scalar {
        let mapped = s.properties.lowercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped.first! : s
    }

    /// U+0080 to U+04FF (Latin-1, Latin Extended, Greek, Cyrillic): each scalar's one-scalar
    /// lower-case mapping, with `alphabeticBit` set when it is alphabetic, found once. The
    /// standard library's property lookup and its lower-case mapping (which makes a string)
    /// cost hundreds of instructions a letter, and hyphenating a Greek or Russian book asks
    /// for every letter of its words.
    private static let tableEnd: UInt32 = 0x500
    private static let alphabeticBit: UInt32 = 1 << 31
    private static let table: [UInt32] = (0x80..<tableEnd).map { value in
        guard let scalar = Unicode.Scalar(value) else { return value }
        return oneScalarLowercase(scalar).value | (scalar.properties.isAlphabetic ? alphabeticBit : 0)
    }

    private func encode(_ scalars: [Unicode.Scalar], utf8: Bool) -> [CChar]? {
        var out: [CChar] = []
        out.reserveCapacity(scalars.count * 2)
        if utf8 {
            for s in scalars { UTF8.encode(s) { out.append(CChar(bitPattern: $0)) } }
            return out
        }
        // ISO 8859-1: one byte per scalar up to U+00FF.
        for s in scalars {
            guard s.value <= 0xFF else { return nil }
            out.append(CChar(bitPattern: UInt8(s.value)))
        }
        return out
    }

    private func freeNonStandard(_ rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                 _ pos: UnsafeMutablePointer<Int32>?, _ cut: UnsafeMutablePointer<Int32>?, count: Int) {
        if let rep {
            for i in 0..<count { free(rep[i]) }
            free(rep)
        }
        free(pos)
        free(cut)
    }
}
