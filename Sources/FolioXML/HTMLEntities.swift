import Glibc

/// The HTML named character references (`&nbsp;`, `&mdash;` …), which EPUB 2 books use
/// under XHTML DOCTYPEs that a safe XML parser never loads.
///
/// https://html.spec.whatwg.org/multipage/named-characters.html
public enum HTMLEntities {
    private static let map: [String: String] = {
        var map: [String: String] = [:]
        map.reserveCapacity(2200)
        for entry in table.split(separator: " ") {
            guard let eq = entry.firstIndex(of: "=") else { continue }
            let name = String(entry[..<eq])
            var value = ""
            for hex in entry[entry.index(after: eq)...].split(separator: ".") {
                if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
                    value.unicodeScalars.append(scalar)
                }
            }
            map[name] = value
        }
        return map
    }()

    /// The characters a named reference stands for (`"nbsp"` → U+00A0), or nil when it is not an HTML name.
    public static func resolve(_ name: String) -> String? {
        map[name]
    }

    /// Rewrites HTML named references other than XML's five into numeric references, so that an XML
    /// parser that loads no DTD still sees the characters. CDATA sections and comments are left alone.
    /// Returns nil when nothing needed rewriting.
    static func rewriteNamedReferences(_ bytes: [UInt8]) -> [UInt8]? {
        let amp = UInt8(ascii: "&"), semicolon = UInt8(ascii: ";")
        guard bytes.contains(amp) else { return nil }
        // Made at the first rewrite: most documents' references are XML's own, and are left
        // as they are without copying a byte. `bytes[..<copied]` is in `out`.
        var out: [UInt8]?
        var copied = 0
        let n = bytes.count
        bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var i = 0
            while i < n {
                // The next '&', found by memchr, and the first "<!" before it (a comment or a
                // CDATA section, whose references are not references): the bytes in between
                // need no look.
                guard let found = memchr(base + i, Int32(amp), n - i) else { break }
                let next = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if let at = firstSectionStart(base, from: i, to: next) {
                    i = skipOpaqueSection(bytes, at: at) ?? at + 1
                    continue
                }
                i = next
                // A name is letters and digits, at most 32 of them, then ';'.
                var j = i + 1
                while j < n, j - i <= 33, isNameByte(bytes[j]) { j += 1 }
                if j < n, bytes[j] == semicolon, j > i + 1 {
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<j]), as: UTF8.self)
                    if !xmlPredefined.contains(name), let value = map[name] {
                        if out == nil { out = []; out?.reserveCapacity(n + 64) }
                        out?.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                        for scalar in value.unicodeScalars { out?.append(contentsOf: Array("&#\(scalar.value);".utf8)) }
                        i = j + 1
                        copied = i
                        continue
                    }
                }
                i += 1
            }
            out?.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<n]))
        }
        return out
    }

    /// Where the first "<!" in `start..<end` begins (its '!' may be at `end`), found '<' by
    /// '<' with memchr; nil when there is none.
    private static func firstSectionStart(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var p = start
        while p < end, let found = memchr(base + p, Int32(UInt8(ascii: "<")), end - p) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if base[at + 1] == UInt8(ascii: "!") { return at }
            p = at + 1
        }
        return nil
    }

    private static let xmlPredefined: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    /// If a CDATA section or comment starts at `i`, the index just past its end.
    private static func skipOpaqueSection(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        for (open, close) in opaqueSections where bytes.count - i >= open.count && bytes[i..<(i + open.count)].elementsEqual(open) {
            var j = i + open.count
            while j + close.count <= bytes.count {
                if bytes[j] == close[0], bytes[j..<(j + close.count)].elementsEqual(close) { return j + close.count }
                j += 1
            }
            return bytes.count
        }
        return nil
    }

    private static let opaqueSections: [([UInt8], [UInt8])] = [(Array("<![CDATA[".utf8), Array("]]>".utf8)), (Array("<!--".utf8), Array("-->".utf8))]
}
