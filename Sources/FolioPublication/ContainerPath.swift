/// Paths inside an OCF container: resolving hrefs against the file that refers to them.
///
/// https://www.w3.org/TR/epub-33/#sec-container-iri
public enum ContainerPath {
    /// Resolves `href` (as written in `base`, a container path) to a container path and fragment.
    ///
    /// Percent-escapes are decoded; `.` and `..` are folded, and a `..` at the root stays at the
    /// root, as URL parsing against the container root URL does (EPUB 3.3 §4.2.5, W3C test
    /// `ocf-url_link-leaking-relative`), so no href can name a file outside the container.
    /// Returns nil for an href with a scheme (`http:`, `file:` …), a network path, or a NUL.
    /// An href of only a fragment (`#note`) refers to `base` itself.
    ///
    /// With `refusingAboveRoot`, a `..` past the root gives nil instead: for paths in META-INF files,
    /// which are paths rather than links and have no business climbing.
    public static func resolve(_ href: String, relativeTo base: String, refusingAboveRoot: Bool = false) -> (path: String, fragment: String?)? {
        var reference = Substring(href.trimmingSpaces())
        var fragment: String?
        // The delimiters are found among the bytes, as URL parsing finds them: no grapheme
        // breaking of every href of a book at opening.
        if let hash = reference.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = percentDecoded(String(reference[reference.utf8.index(after: hash)...]))
            reference = reference[..<hash]
        }
        if let query = reference.utf8.firstIndex(of: UInt8(ascii: "?")) { reference = reference[..<query] }
        if hasScheme(reference) { return nil }
        if reference.hasPrefix("//") { return nil }  // network-path reference
        if reference.isEmpty {
            return base.isEmpty ? nil : (base, fragment)
        }
        guard let decoded = percentDecodedOrNil(String(reference)) else { return nil }
        var segments: [Substring]
        if decoded.hasPrefix("/") {
            segments = []  // absolute: from the container root
        } else {
            segments = base.split(ascii: "/", omittingEmpty: false).dropLast().map { $0 }
        }
        for part in decoded.split(ascii: "/", omittingEmpty: false) {
            switch part {
            case "", ".":
                continue
            case "..":
                if !segments.isEmpty {
                    segments.removeLast()
                } else if refusingAboveRoot {
                    return nil
                }
            default:
                segments.append(part)
            }
        }
        segments.removeAll { $0.isEmpty }
        guard !segments.isEmpty else { return nil }
        return (segments.joined(separator: "/"), fragment)
    }

    /// The same, joined back with `#fragment` when there is one.
    public static func resolveLink(_ href: String, relativeTo base: String) -> String? {
        guard let (path, fragment) = resolve(href, relativeTo: base) else { return nil }
        if let fragment, !fragment.isEmpty { return "\(path)#\(fragment)" }
        return path
    }

    /// True when `href` climbs above the container root with `..` (an authoring error that
    /// `resolve` answers by staying at the root).
    public static func climbsAboveRoot(_ href: String, relativeTo base: String) -> Bool {
        var reference = Substring(href.trimmingSpaces())
        if let cut = reference.utf8.firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) { reference = reference[..<cut] }
        guard !hasScheme(reference) else { return false }
        let decoded = percentDecoded(String(reference))
        var depth = decoded.hasPrefix("/") ? 0 : base.split(ascii: "/", omittingEmpty: false).count - 1
        for part in decoded.split(ascii: "/", omittingEmpty: true) {
            if part == ".." {
                depth -= 1
                if depth < 0 { return true }
            } else if part != "." {
                depth += 1
            }
        }
        return false
    }

    /// True for an href with a URL scheme (`http:`, `file:`, `data:`, `mailto:` …).
    public static func hasScheme<S: StringProtocol>(_ s: S) -> Bool {
        // ASCII, as nearly every href is, bytes are characters: no look-up of Unicode
        // properties (a book's links and manifest are resolved at opening).
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            var length = 0
            for byte in s.utf8 {
                if byte == UInt8(ascii: ":") { return length > 0 }
                let lower = byte | 0x20
                let letter = lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
                let other = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                guard letter || (length > 0 && other) else { return false }
                length += 1
            }
            return false
        }
        guard let colon = s.firstIndex(of: ":") else { return false }
        let scheme = s[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        // A single letter before ':' is a scheme too (there are no drive letters in a container).
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// Decodes `%XX` escapes as UTF-8; leaves the string unchanged where an escape is malformed.
    public static func percentDecoded(_ s: String) -> String {
        percentDecodedOrNil(s) ?? s
    }

    private static func percentDecodedOrNil(_ s: String) -> String? {
        guard s.utf8.contains(UInt8(ascii: "%")) else { return s }
        var bytes: [UInt8] = []
        var utf8 = Array(s.utf8)[...]
        while let b = utf8.first {
            utf8 = utf8.dropFirst()
            if b == UInt8(ascii: "%"), utf8.count >= 2,
               let hi = hexValue(utf8[utf8.startIndex]), let lo = hexValue(utf8[utf8.startIndex + 1]) {
                bytes.append(hi << 4 | lo)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        // A NUL byte in a path is never legitimate.
        return decoded.contains("\u{0}") ? nil : decoded
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }
}

extension String {
    /// Without leading and trailing ASCII whitespace (as URL parsing strips it).
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" || f == "\u{0C}" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" || l == "\u{0C}" { s.removeLast() }
        return String(s)
    }
}
