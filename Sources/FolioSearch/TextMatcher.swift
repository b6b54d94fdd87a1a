import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A compiled query that finds its hits in a chapter's text, as byte ranges of
/// `SearchText.utf8`.
enum TextMatcher {
    /// Literal bytes, looked for in the text as written or in its case-folded copy.
    case literal([UInt8], folded: Bool)
    case regex(NSRegularExpression)

    init(_ query: SearchQuery) throws(SearchError) {
        let text = query.normalized
        guard !text.isEmpty else { throw SearchError(description: "the search is empty") }
        if query.isRegex {
            do {
                self = .regex(try NSRegularExpression(pattern: text, options: query.caseSensitive ? [] : [.caseInsensitive]))
            } catch {
                throw SearchError(description: "“\(query.text)” is not a regular expression ICU reads")
            }
        } else if query.caseSensitive {
            self = .literal(Array(text.utf8), folded: false)
        } else {
            self = .literal(CaseFolding.fold(text), folded: true)
        }
    }

    /// The hits in a chapter, in order, at most `limit`; stops early (returning what it has)
    /// when `shouldStop` says so — a regular expression is asked while it runs, too.
    func ranges(in chapter: ChapterIndex, limit: Int, shouldStop: () -> Bool) -> [Range<Int>] {
        switch self {
        case .literal(let needle, let folded):
            if folded {
                let text = chapter.folded
                return Self.find(needle, in: text.utf8, limit: limit, shouldStop: shouldStop).map {
                    text.originalByte($0.lowerBound)..<text.originalByte($0.upperBound)
                }
            }
            return Self.find(needle, in: chapter.text.utf8, limit: limit, shouldStop: shouldStop)
        case .regex(let expression):
            return Self.find(expression, in: chapter, limit: limit, shouldStop: shouldStop)
        }
    }

    /// Every occurrence of `needle` (non-overlapping): memchr finds each candidate's first byte,
    /// memcmp checks the rest (glibc's memmem is not in Swift's Glibc module).
    private static func find(_ needle: [UInt8], in haystack: [UInt8], limit: Int, shouldStop: () -> Bool) -> [Range<Int>] {
        var out: [Range<Int>] = []
        guard !needle.isEmpty, needle.count <= haystack.count else { return out }
        haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                guard let base = hay.baseAddress, let pinBase = pin.baseAddress else { return }
                let first = Int32(needle[0])
                let last = hay.count - needle.count
                var from = 0
                var candidates = 0
                while from <= last, out.count < limit {
                    guard let found = memchr(base + from, first, last - from + 1) else { break }
                    let at = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + at, pinBase, needle.count) == 0 {
                        out.append(at..<(at + needle.count))
                        from = at + needle.count
                    } else {
                        from = at + 1
                    }
                    candidates += 1
                    if candidates % 65_536 == 0 && shouldStop() { break }
                }
            }
        }
        return out
    }

    /// The matches of a regular expression, empty ones left out; ICU reports progress while it
    /// matches, so a pattern that backtracks without end still stops when asked.
    private static func find(_ expression: NSRegularExpression, in chapter: ChapterIndex, limit: Int, shouldStop: () -> Bool) -> [Range<Int>] {
        let text = String(decoding: chapter.text.utf8, as: UTF8.self)
        var units: [Range<Int>] = []
        withoutActuallyEscaping(shouldStop) { shouldStop in
            expression.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(location: 0, length: text.utf16.count)) { result, _, stop in
                if let result, result.range.length > 0 {
                    units.append(result.range.location..<(result.range.location + result.range.length))
                    if units.count >= limit { stop.pointee = true }
                }
                if shouldStop() { stop.pointee = true }
            }
        }
        return bytes(ofUTF16: units, in: chapter.text.utf8)
    }

    /// UTF-16 ranges (in order) as UTF-8 byte ranges, in one pass over the text.
    private static func bytes(ofUTF16 ranges: [Range<Int>], in utf8: [UInt8]) -> [Range<Int>] {
        var byte = 0
        var unit = 0
        func advance(to target: Int) -> Int {
            while unit < target, byte < utf8.count {
                let lead = utf8[byte]
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                byte += length
                unit += length == 4 ? 2 : 1
            }
            return min(byte, utf8.count)
        }
        return ranges.map { range in
            let start = advance(to: range.lowerBound)
            return start..<advance(to: range.upperBound)
        }
    }
}
