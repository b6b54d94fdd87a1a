import FolioCore

/// Text compared as literal searches compare it: each scalar by its Unicode lowercase mapping
/// (final sigma as sigma), typographic apostrophes and quotation marks as their ASCII forms, so
/// that "Andrew's" finds "Andrew’s", and — unless diacritics are kept — without its diacritics:
/// a letter with accents as its base letter (`é` → `e`, `ǖ` → `u`, `й` → `и`, from its
/// canonical decomposition) and the vowel points and cantillation of Arabic and Hebrew left
/// out, as reading apps and browsers find "Natasha" in "Natásha". Letters whose decomposition
/// has no diacritic stay whole: a Hangul syllable is not its jamo, `が` is not `か`.
///
/// A folded scalar may be longer or shorter than the original in UTF-8 (’ is three bytes, '
/// one, a vowel point none); `FoldedText` keeps where each such change happened to map hits
/// back.
public enum CaseFolding {
    /// The folded UTF-8 of one scalar, or nil when it folds to itself.
    static func fold(_ value: UInt32, keepingDiacritics: Bool = false) -> [UInt8]? {
        switch value {
        case 0x41...0x5A: return [UInt8(value + 0x20)]
        case 0..<0x80: return nil
        case 0x2018, 0x2019, 0x201B, 0x2032: return [0x27]
        case 0x201C, 0x201D, 0x201F, 0x2033: return [0x22]
        case 0x3C2: return Array("σ".utf8)
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            if keepingDiacritics {
                guard scalar.properties.changesWhenLowercased else { return nil }
                return Array(scalar.properties.lowercaseMapping.utf8)
            }
            if isDiacritic(value) { return [] }
            let lowered = scalar.properties.changesWhenLowercased ? Array(scalar.properties.lowercaseMapping.unicodeScalars) : [scalar]
            var out = String.UnicodeScalarView()
            var changed = lowered != [scalar]
            for letter in lowered {
                if isDiacritic(letter.value) {  // `İ` lowers to `i` U+0307
                    changed = true
                    continue
                }
                guard let parts = letter.canonicalDecomposition, parts.contains(where: { isDiacritic($0.value) }) else {
                    out.append(letter)
                    continue
                }
                out.append(contentsOf: parts.filter { !isDiacritic($0.value) })
                changed = true
            }
            return changed ? Array(String(out).utf8) : nil
        }
    }

    /// Whether a scalar is a diacritic a search ignores: the combining diacritical marks
    /// (and their extended, supplementary, symbol and half-mark blocks), Hebrew points and
    /// cantillation, Arabic harakat and Quranic marks. Marks that make a letter of another
    /// script (Indic vowel signs and viramas, the kana voicing marks) are not.
    static func isDiacritic(_ value: UInt32) -> Bool {
        switch value {
        case 0x300...0x36F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F:
            return true
        case 0x591...0x5BD, 0x5BF, 0x5C1, 0x5C2, 0x5C4, 0x5C5, 0x5C7:
            return true
        case 0x610...0x61A, 0x64B...0x65F, 0x670, 0x6D6...0x6DC, 0x6DF...0x6E4, 0x6E7, 0x6E8, 0x6EA...0x6ED, 0x8D3...0x8E1, 0x8E3...0x8FF:
            return true
        default:
            return false
        }
    }

    /// Folds a string (a query).
    static func fold(_ text: String, keepingDiacritics: Bool = false) -> [UInt8] {
        FoldedText(Array(text.utf8), keepingDiacritics: keepingDiacritics).utf8
    }

    /// `text` folded as literal searches compare it, for finding a query in other text the
    /// same way (the pager's screen rows, its contents filter).
    public static func folded(_ text: String) -> String {
        String(decoding: fold(text), as: UTF8.self)
    }
}

/// A UTF-8 text folded by `CaseFolding`, with the map from its bytes back to the original's.
struct FoldedText {
    let utf8: [UInt8]
    /// Folded byte → original byte is `folded + delta` from each breakpoint on (sorted).
    private let breakpoints: [Int32]
    private let deltas: [Int32]

    init(_ original: [UInt8], keepingDiacritics: Bool = false) {
        var out: [UInt8] = []
        out.reserveCapacity(original.count)
        var breakpoints: [Int32] = [0]
        var deltas: [Int32] = [0]
        var cache: [UInt32: [UInt8]?] = [:]
        var k = 0
        let n = original.count
        while k < n {
            // A run of ASCII: copied at once, then its capitals lowered in place.
            let run = k
            while k < n, original[k] < 0x80 { k += 1 }
            if k > run {
                let from = out.count
                out.append(contentsOf: original[run..<k])
                out.withUnsafeMutableBufferPointer { bytes in
                    for j in from..<bytes.count where bytes[j] >= 0x41 && bytes[j] <= 0x5A { bytes[j] += 0x20 }
                }
                continue
            }
            let lead = original[k]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            guard k + length <= n else {
                out.append(contentsOf: original[k...])
                break
            }
            var value = UInt32(lead) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
            for j in 1..<length { value = value << 6 | UInt32(original[k + j] & 0x3F) }
            let folded: [UInt8]?
            if let known = cache[value] { folded = known } else {
                folded = CaseFolding.fold(value, keepingDiacritics: keepingDiacritics)
                cache[value] = folded
            }
            guard let folded else {
                out.append(contentsOf: original[k..<(k + length)])
                k += length
                continue
            }
            if folded.count != length {
                // The scalar's folded bytes map to its start, what follows to what follows it.
                breakpoints.append(Int32(out.count))
                deltas.append(Int32(k - out.count))
                out.append(contentsOf: folded)
                breakpoints.append(Int32(out.count))
                deltas.append(Int32(k + length - out.count))
            } else {
                out.append(contentsOf: folded)
            }
            k += length
        }
        utf8 = out
        self.breakpoints = breakpoints
        self.deltas = deltas
    }

    /// The original byte of folded byte `byte`.
    func originalByte(_ byte: Int) -> Int {
        byte + Int(deltas[breakpoints.lastIndex(atOrBelow: byte)])
    }
}
