/// Decoding stylesheet bytes to text.
///
/// CSS Syntax 3 §3.2: a BOM wins, then an `@charset "…";` at the very start, then
/// UTF-8. Bytes that are not valid UTF-8 fall back to windows-1252 (the web's "latin1").
/// https://www.w3.org/TR/css-syntax-3/#input-byte-stream
extension CSSParser {
    public static func decode(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8OrLatin1(bytes[3...]) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes[2...], bigEndian: true) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes[2...], bigEndian: false) }
        if let label = charsetLabel(bytes) {
            switch label {
            case "iso-8859-1", "latin1", "l1", "iso8859-1", "iso_8859-1", "windows-1252", "cp1252",
                 "us-ascii", "ascii", "cp819", "ibm819", "x-cp1252":
                return windows1252(bytes[...])
            default:
                // utf-8, and utf-16 labels (which the spec reads as utf-8), and anything unknown.
                break
            }
        }
        return utf8OrLatin1(bytes[...])
    }

    /// The label of `@charset "label";` when the sheet starts with exactly that.
    private static func charsetLabel(_ bytes: [UInt8]) -> String? {
        let prefix = Array("@charset \"".utf8)
        guard bytes.starts(with: prefix) else { return nil }
        var label: [UInt8] = []
        for b in bytes.dropFirst(prefix.count).prefix(64) {
            if b == 0x22 { return String(decoding: label, as: UTF8.self).lowercased() }
            label.append(b)
        }
        return nil
    }

    private static func utf8OrLatin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(validating: bytes, as: UTF8.self) ?? windows1252(bytes)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let (hi, lo) = bigEndian ? (bytes[i], bytes[i + 1]) : (bytes[i + 1], bytes[i])
            units.append(UInt16(hi) << 8 | UInt16(lo))
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// windows-1252: Latin-1 with printable characters in 0x80–0x9F.
    private static func windows1252(_ bytes: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for b in bytes {
            if (0x80...0x9F).contains(b) {
                let mapped = high[Int(b) - 0x80]
                scalars.append(Unicode.Scalar(mapped) ?? Unicode.Scalar(b))
            } else {
                scalars.append(Unicode.Scalar(b))
            }
        }
        return String(scalars)
    }

    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
