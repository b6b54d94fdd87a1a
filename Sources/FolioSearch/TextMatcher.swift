import FolioCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A compiled query that finds its hits in a chapter's text, as byte ranges of
/// `SearchText.utf8`.
enum TextMatcher {
    /// Literal bytes, looked for in the text as written or in its folded copy (case and
    /// diacritics folded); `diacritics`, when set, is the query folded for case only, which a
    /// hit in the folded copy must equal once folded the same way.
    case literal([UInt8], folded: Bool, diacritics: [UInt8]?)
    case regex(RegularExpression)

    init(_ query: SearchQuery) throws(SearchError) {
        let text = query.normalized
        guard !text.isEmpty else { throw SearchError(description: "the search is empty") }
        if query.isRegex {
            do {
                self = .regex(try RegularExpression(text, caseInsensitive: !query.caseSensitive))
            } catch {
                throw SearchError(description: "“\(query.text)” is not a regular expression: \(error)")
            }
        } else if query.caseSensitive {
            self = .literal(Array(text.utf8), folded: false, diacritics: nil)
        } else {
            self = .literal(CaseFolding.fold(text), folded: true,
                            diacritics: query.matchesDiacritics ? CaseFolding.fold(text, keepingDiacritics: true) : nil)
        }
    }

    /// The hits in a chapter, in order, at most `limit`; stops early (returning what it has)
    /// when `shouldStop` says so — a regular expression is asked between matches, too — and
    /// when a regular expression reaches its match limit (`tooComplex` then becomes true).
    func ranges(in chapter: ChapterIndex, limit: Int, shouldStop: () -> Bool, tooComplex: inout Bool) -> [Range<Int>] {
        switch self {
        case .literal(let needle, let folded, let diacritics):
            if folded {
                let text = chapter.folded
                func original(_ range: Range<Int>) -> Range<Int> { text.originalByte(range.lowerBound)..<text.originalByte(range.upperBound) }
                // With diacritics asked for, a hit in the folded copy is kept where it is written as asked.
                let found = Self.find(needle, in: text.utf8, limit: limit, shouldStop: shouldStop) { range in
                    guard let diacritics else { return true }
                    let written = String(decoding: chapter.text.utf8[original(range)], as: UTF8.self)
                    return CaseFolding.fold(written, keepingDiacritics: true) == diacritics
                }
                return found.map(original)
            }
            return Self.find(needle, in: chapter.text.utf8, limit: limit, shouldStop: shouldStop)
        case .regex(let expression):
            let found = expression.matches(in: chapter.text.utf8, limit: limit, shouldStop: shouldStop)
            tooComplex = found.reachedMatchLimit
            return found.ranges
        }
    }

    /// Every occurrence of `needle` that `accept` takes (non-overlapping): memchr finds each
    /// candidate's first byte, memcmp checks the rest (glibc's memmem is not in Swift's Glibc
    /// module).
    private static func find(_ needle: [UInt8], in haystack: [UInt8], limit: Int, shouldStop: () -> Bool,
                             accept: (Range<Int>) -> Bool = { _ in true }) -> [Range<Int>] {
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
                    if memcmp(base + at, pinBase, needle.count) == 0, accept(at..<(at + needle.count)) {
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
}
