import CFolioICU

extension StringProtocol {
    /// Without leading and trailing white space (Unicode's, newlines included).
    public func trimmingWhitespace() -> String {
        // Both ends ASCII and not white space: nothing to trim. (A character ending in such a
        // byte starts with it or with a prepended mark, neither of them white space.)
        let ends = utf8.withContiguousStorageIfAvailable { bytes in bytes.isEmpty ? nil : (bytes[0], bytes[bytes.count - 1]) }
        if let (head, tail) = ends ?? nil, head < 0x80, tail < 0x80, !Self.isASCIISpace(head), !Self.isASCIISpace(tail) {
            return String(self)
        }
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }

    /// Tab, line feed, vertical tab, form feed, carriage return, space: the ASCII characters
    /// `Character.isWhitespace` is true for.
    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}

extension String {
    /// The string in Unicode Normalization Form C (canonical composition: `e` + U+0301 → `é`),
    /// by the standard library's normalizer.
    public var nfc: String {
        String(decoding: _nfcCodeUnits, as: UTF8.self)
    }
}

extension String {
    /// The string in Normalization Form KC (compatibility composition: presentation forms and
    /// ligatures as their letters, `ﻼ` → `لا`, `ﬁ` → `fi`), by ICU. The string itself when ICU
    /// cannot normalize it.
    public var nfkc: String {
        let source = Array(utf16)
        guard !source.isEmpty, source.count < Int32.max / 4 else { return self }
        var capacity = source.count * 2 + 8
        while true {
            var out = [UInt16](repeating: 0, count: capacity)
            let length = folio_nfkc(source, Int32(source.count), &out, Int32(capacity))
            if length < 0 { return self }
            if Int(length) <= capacity { return String(decoding: out.prefix(Int(length)), as: UTF16.self) }
            capacity = Int(length)
        }
    }
}

extension StringProtocol {
    /// The pieces between occurrences of the ASCII `separator`, found in the UTF-8 bytes: no
    /// grapheme breaking, so paths and attribute lists split many times faster than by
    /// `split(separator:)` on characters, into the same pieces (at most `maxSplits` splits,
    /// counted as it counts them). Inlinable, so that it is specialised for `String` and
    /// `Substring` where it is called: generic, each byte went through witness tables.
    @inlinable
    public func split(ascii separator: Unicode.Scalar, maxSplits: Int = .max, omittingEmpty: Bool) -> [SubSequence] {
        precondition(separator.isASCII, "the separator must be ASCII")
        let byte = UInt8(separator.value)
        var pieces: [SubSequence] = []
        var start = utf8.startIndex
        var index = start
        var splits = 0
        while index != utf8.endIndex {
            if utf8[index] == byte && splits < maxSplits {
                // As the standard library counts: only splits that add a piece.
                if !omittingEmpty || start != index {
                    pieces.append(self[start..<index])
                    splits += 1
                }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if !omittingEmpty || start != utf8.endIndex { pieces.append(self[start..<utf8.endIndex]) }
        return pieces
    }
}

extension Unicode.Scalar {
    /// The scalar's canonical decomposition (`é` → `e` U+0301, `ǖ` → `u` U+0308 U+0304), by
    /// ICU; nil when it has none, or when ICU cannot say.
    public var canonicalDecomposition: [Unicode.Scalar]? {
        var points = [UInt32](repeating: 0, count: 8)
        let count = Int(folio_canonical_decomposition(value, &points, Int32(points.count)))
        guard count > 0 else { return nil }
        return points.prefix(count).compactMap(Unicode.Scalar.init)
    }
}
