import CFolioICU

/// Sentence boundaries by UAX #29, through ICU's break iterator (ICU is loaded with libxml2).
/// https://www.unicode.org/reports/tr29/#Sentence_Boundaries
public enum SentenceBreaks {
    /// The sentences of `text` as ranges of its UTF-8 bytes, white space at their ends left out.
    public static func sentences(_ text: String, language: String?) -> [Range<Int>] {
        let utf16 = Array(text.utf16)
        guard !utf16.isEmpty, utf16.count < Int32.max else { return [] }
        var boundaries = [Int32](repeating: 0, count: utf16.count + 1)
        let found = utf16.withUnsafeBufferPointer { units in
            boundaries.withUnsafeMutableBufferPointer { out in
                folio_sentence_breaks(units.baseAddress, Int32(units.count), language, out.baseAddress, Int32(out.count))
            }
        }
        guard found > 0 else { return [0..<text.utf8.count] }
        // UTF-16 offsets to UTF-8 ones, in one walk of the scalars.
        var byteAt = [Int](repeating: 0, count: utf16.count + 1)
        var unit = 0, byte = 0
        for scalar in text.unicodeScalars {
            byteAt[unit] = byte
            unit += scalar.utf16.count
            byte += scalar.utf8.count
        }
        byteAt[utf16.count] = byte
        let bytes = Array(text.utf8)
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }
        var out: [Range<Int>] = []
        var start = 0
        for k in 0..<Int(found) {
            let end = byteAt[min(Int(boundaries[k]), utf16.count)]
            var low = start, high = end
            while low < high, isSpace(bytes[low]) { low += 1 }
            while high > low, isSpace(bytes[high - 1]) { high -= 1 }
            if low < high { out.append(low..<high) }
            start = end
        }
        return out
    }
}
