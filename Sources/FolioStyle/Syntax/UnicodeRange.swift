import FoundationEssentials
import Glibc

/// `<urange>` lists, as in `unicode-range: U+0000-00FF, U+4??`.
///
/// Parsed from source text rather than tokens: `U+1E3F` tokenizes as a dimension
/// with an exponent and cannot be rebuilt from its value.
/// https://www.w3.org/TR/css-syntax-3/#urange-syntax
public enum UnicodeRange {
    /// The ranges of a comma-separated list; nil when any entry is invalid.
    public static func parseList(_ text: String) -> [ClosedRange<UInt32>]? {
        var ranges: [ClosedRange<UInt32>] = []
        for entry in withoutComments(text).split(separator: ",") {
            guard let range = parse(entry.trimmingCharacters()) else { return nil }
            ranges.append(range)
        }
        return ranges.isEmpty ? nil : ranges
    }

    /// One `U+…` entry.
    public static func parse(_ entry: Substring) -> ClosedRange<UInt32>? {
        var s = entry.unicodeScalars[...]
        guard let u = s.popFirst(), u == "u" || u == "U", s.popFirst() == "+" else { return nil }
        let (first, wildcards) = hexDigits(&s, allowWildcards: true)
        guard !first.isEmpty || wildcards > 0, first.count + wildcards <= 6 else { return nil }
        if wildcards > 0 {
            guard s.isEmpty else { return nil }
            let shift = UInt32(4 * wildcards)
            let base = (UInt32(first, radix: 16) ?? 0) << shift
            let lo = base
            let hi = base | ((1 << shift) - 1)
            return lo <= 0x10FFFF ? lo...min(hi, 0x10FFFF) : nil
        }
        guard let lo = UInt32(first, radix: 16) else { return nil }
        var hi = lo
        if s.first == "-" {
            s.removeFirst()
            let (second, w) = hexDigits(&s, allowWildcards: false)
            guard w == 0, !second.isEmpty, second.count <= 6, let h = UInt32(second, radix: 16) else { return nil }
            hi = h
        }
        guard s.isEmpty, lo <= 0x10FFFF, lo <= hi else { return nil }
        return lo...min(hi, 0x10FFFF)
    }

    private static func hexDigits(_ s: inout Substring.UnicodeScalarView, allowWildcards: Bool) -> (String, Int) {
        var digits = ""
        var wildcards = 0
        while let c = s.first {
            if wildcards == 0, CSSTokenizer.isHexDigit(c) {
                digits.unicodeScalars.append(c)
            } else if allowWildcards, c == "?" {
                wildcards += 1
            } else {
                break
            }
            s.removeFirst()
            if digits.count + wildcards > 6 { break }
        }
        return (digits, wildcards)
    }

    private static func withoutComments(_ text: String) -> String {
        var out = ""
        var rest = text[...]
        while let open = rest.firstRange(of: "/*") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "*/") else { return out }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}

extension Substring {
    /// Without leading and trailing CSS whitespace.
    func trimmingCharacters() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" { s.removeLast() }
        return s
    }
}
