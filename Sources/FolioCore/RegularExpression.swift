import CPCRE2

/// A regular expression compiled by PCRE2 in UTF-8 mode: the syntax of Perl, PCRE and ICU
/// (`\b`, `\p{L}`, lookarounds, `(?i)`), matched on UTF-8 bytes, so hits come back as byte
/// ranges with no conversion. A match that backtracks without end stops at PCRE2's match
/// limit instead of hanging the search, and the search says so.
///
/// The compiled code is immutable and shared between threads; each search has its own match
/// data.
public final class RegularExpression: @unchecked Sendable {
    private let code: OpaquePointer

    /// Why a pattern does not compile: PCRE2's message and the offset of the fault.
    public struct SyntaxError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public init(_ pattern: String, caseInsensitive: Bool = false) throws(SyntaxError) {
        // USE_OFFSET_LIMIT: a search tries start positions a window at a time (see `matches`).
        var options = UInt32(PCRE2_UTF | PCRE2_UCP | PCRE2_USE_OFFSET_LIMIT)
        if caseInsensitive { options |= UInt32(PCRE2_CASELESS) }
        var errorCode: Int32 = 0
        var errorOffset = 0
        let bytes = Array(pattern.utf8)
        let compiled = bytes.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw SyntaxError(description: "\(Self.message(errorCode)) at character \(pattern.utf8.prefix(errorOffset).count)")
        }
        code = compiled
    }

    deinit {
        pcre2_code_free_8(code)
    }

    /// What a search for the expression found.
    public struct Matches: Sendable {
        /// The non-empty matches, as byte ranges, in order, not overlapping.
        public var ranges: [Range<Int>] = []
        /// True when a match attempt reached PCRE2's match limit (a pattern that backtracks
        /// without end): the text after the last match was not searched.
        public var reachedMatchLimit = false
    }

    /// Steps PCRE2 may take from one start position before it gives up (its default is ten
    /// million): a pattern that needs more is reported as too complex within milliseconds.
    public static let matchLimit: UInt32 = 1_000_000
    /// Start positions tried by one call into PCRE2, between which `shouldStop` is asked.
    static let window = 256

    /// The non-empty matches in `text` (UTF-8), at most `limit`. Start positions are tried a
    /// window at a time and `shouldStop` asked between windows and matches, so a cancelled or
    /// timed-out search stops within one window's work; a start position that reaches the
    /// match limit ends the search, and says so.
    public func matches(in text: [UInt8], limit: Int = .max, shouldStop: () -> Bool = { false }) -> Matches {
        var out = Matches()
        guard let context = pcre2_match_context_create_8(nil) else { return out }
        defer { pcre2_match_context_free_8(context) }
        pcre2_set_match_limit_8(context, Self.matchLimit)
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { return out }
        defer { pcre2_match_data_free_8(data) }
        text.withUnsafeBufferPointer { buffer in
            // An empty array may have no base address; PCRE2 takes any pointer for length 0.
            let subject = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
            let count = buffer.count
            // A window ends on a character boundary: PCRE2 starts only at one.
            func windowEnd(from start: Int) -> Int {
                var end = min(start + Self.window, count)
                while end < count, buffer[end] & 0xC0 == 0x80 { end += 1 }
                return end
            }
            var start = 0
            var end = windowEnd(from: 0)
            // The subject is checked as UTF-8 once; later calls start on a character boundary.
            var options = UInt32(PCRE2_NOTEMPTY)
            while out.ranges.count < limit, !shouldStop() {
                pcre2_set_offset_limit_8(context, end)
                let status = pcre2_match_8(code, subject, count, start, options, data, context)
                options |= UInt32(PCRE2_NO_UTF_CHECK)
                if status == PCRE2_ERROR_NOMATCH {
                    guard end < count else { return }
                    start = end
                    end = windowEnd(from: start)
                    continue
                }
                guard status > 0 else {
                    out.reachedMatchLimit = status == PCRE2_ERROR_MATCHLIMIT || status == PCRE2_ERROR_DEPTHLIMIT
                        || status == PCRE2_ERROR_HEAPLIMIT
                    return
                }
                let vector = pcre2_get_ovector_pointer_8(data)!
                let lower = vector[0], upper = vector[1]
                guard upper > lower, upper <= count else { return }
                out.ranges.append(lower..<upper)
                start = upper
                end = windowEnd(from: start)
            }
        }
        return out
    }

    /// Whether the expression matches anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        !matches(in: Array(text.utf8), limit: 1).ranges.isEmpty
    }

    /// `text` with every match removed.
    public func removingMatches(in text: String) -> String {
        let bytes = Array(text.utf8)
        let found = matches(in: bytes).ranges
        guard !found.isEmpty else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var from = 0
        for range in found {
            out += bytes[from..<range.lowerBound]
            from = range.upperBound
        }
        out += bytes[from...]
        return String(decoding: out, as: UTF8.self)
    }

    private static func message(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return length > 0 ? String(decoding: buffer.prefix(Int(length)), as: UTF8.self) : "error \(code)"
    }
}
