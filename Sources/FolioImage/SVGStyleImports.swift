import Glibc

/// An SVG file's `@import` rules replaced by the style sheets they name, read from the book:
/// librsvg is given the file's bytes, not its place in the container, so it cannot fetch them
/// itself, and a drawing styled by an imported sheet (its font sizes, its fills) would come out
/// unstyled. Imports nest up to four deep and add at most 1 MB; an import that cannot be read
/// is left as it is.
public enum SVGStyleImports {
    static let depthLimit = 4
    static let sizeLimit = 1 << 20

    /// `svg` with its imports inlined; `read` gives a style sheet's text by its `href` as
    /// written and the `base` it is relative to (the SVG file's path, then each sheet's),
    /// with the sheet's own path for the imports inside it.
    public static func inlined(_ svg: [UInt8], path: String,
                               read: (_ href: String, _ base: String) -> (path: String, text: String)?) -> [UInt8] {
        // Most drawings import nothing: a search of the bytes, before any string is made.
        guard svg.count < 16 << 20, contains(svg, "@import"),
              let text = String(validating: svg, as: UTF8.self) else { return svg }
        var budget = sizeLimit
        var out = ""
        var rest = Substring(text)
        while let at = rest.firstRange(of: "@import") {
            let before = rest[..<at.lowerBound]
            out += before
            let inCDATA = out.ranges(of: "<![CDATA[").last.map { open in
                out.ranges(of: "]]>").last.map { $0.lowerBound < open.lowerBound } ?? true
            } ?? false
            guard let rule = importRule(rest[at.lowerBound...]),
                  let css = sheet(rule.href, base: path, depth: 1, budget: &budget, read: read) else {
                out += rest[at]
                rest = rest[at.upperBound...]
                continue
            }
            out += inCDATA ? css.replacing("]]>", with: "]]]]><![CDATA[>")
                : css.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            rest = rest[rule.end...]
        }
        out += rest
        return Array(out.utf8)
    }

    /// Whether `bytes` hold `word` (ASCII, starting with a byte the text seldom has): memchr to
    /// each of its first byte, then a comparison. A cover's path data runs to hundreds of KB,
    /// which the standard library's generic `firstRange(of:)` took 70 million instructions over.
    static func contains(_ bytes: [UInt8], _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard count > 0, bytes.count >= count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            let first = word.utf8Start.pointee
            var p = 0
            // The last place the word can start is bytes.count - count.
            while p <= buffer.count - count, let found = memchr(base + p, Int32(first), buffer.count - count + 1 - p) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + at, word.utf8Start, count) == 0 { return true }
                p = at + 1
            }
            return false
        }
    }

    /// A style sheet's text with its own imports inlined, nil when it cannot be read.
    private static func sheet(_ href: String, base: String, depth: Int, budget: inout Int,
                              read: (String, String) -> (path: String, text: String)?) -> String? {
        guard depth <= depthLimit, let found = read(href, base), found.text.utf8.count <= budget else { return nil }
        budget -= found.text.utf8.count
        var out = ""
        var rest = Substring(found.text)
        while let at = rest.firstRange(of: "@import") {
            out += rest[..<at.lowerBound]
            guard let rule = importRule(rest[at.lowerBound...]),
                  let inner = sheet(rule.href, base: found.path, depth: depth + 1, budget: &budget, read: read) else {
                out += rest[at]
                rest = rest[at.upperBound...]
                continue
            }
            out += inner
            rest = rest[rule.end...]
        }
        return out + rest
    }

    /// `@import url(x);`, `@import url("x");` or `@import "x";` at the start of `text`: the
    /// href and where the rule ends (after its semicolon). Media queries after the href are
    /// dropped with the rule.
    static func importRule(_ text: Substring) -> (href: String, end: Substring.Index)? {
        var rest = text.dropFirst("@import".count).drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var href: Substring
        if rest.lowercased().hasPrefix("url(") {
            rest = rest.dropFirst(4).drop { $0 == " " }
            guard let close = rest.firstIndex(of: ")") else { return nil }
            href = rest[..<close]
            rest = rest[rest.index(after: close)...]
        } else if let quote = rest.first, quote == "\"" || quote == "'" {
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: quote) else { return nil }
            href = rest[..<close]
            rest = rest[rest.index(after: close)...]
        } else {
            return nil
        }
        href = href.drop { $0 == " " }
        while let last = href.last, last == " " { href = href.dropLast() }
        if let quote = href.first, quote == "\"" || quote == "'", href.count >= 2, href.last == quote { href = href.dropFirst().dropLast() }
        guard !href.isEmpty, let semicolon = rest.firstIndex(of: ";"), rest[..<semicolon].count < 200 else { return nil }
        return (String(href), rest.index(after: semicolon))
    }
}
