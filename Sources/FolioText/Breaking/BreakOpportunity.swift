import FolioStyle

/// What may happen between one Unicode scalar and the next.
///
/// https://www.unicode.org/reports/tr14/ with the CSS rules of
/// https://www.w3.org/TR/css-text-3/#line-breaking applied on top.
public enum BreakOpportunity: UInt8, Sendable, Hashable {
    /// No break here.
    case none
    /// A line must end here (a preserved newline, U+2028/U+2029, the end of the text).
    case mandatory
    /// A soft wrap opportunity.
    case allowed
    /// A soft wrap opportunity that shows a hyphen at the end of the line (after U+00AD, or a
    /// hyphenation point the hyphenator found).
    case hyphenated
    /// Only when nothing else fits the line (`overflow-wrap: break-word | anywhere`): a break
    /// between grapheme clusters. https://www.w3.org/TR/css-text-3/#overflow-wrap-property
    case emergency
}

/// The CSS properties that decide where lines may wrap, for one span of a paragraph.
public struct LineBreakStyle: Hashable, Sendable {
    public var whiteSpace: WhiteSpace
    public var wordBreak: WordBreak
    public var overflowWrap: OverflowWrap
    public var lineBreak: LineBreak
    public var hyphens: Hyphens
    /// `hyphenate-limit-chars`: the shortest word and the letters kept before and after a
    /// hyphen (`auto`: the language's).
    public var hyphenateLimit: HyphenateLimitChars

    public init(whiteSpace: WhiteSpace = .normal, wordBreak: WordBreak = .normal, overflowWrap: OverflowWrap = .normal,
                lineBreak: LineBreak = .auto, hyphens: Hyphens = .manual, hyphenateLimit: HyphenateLimitChars = HyphenateLimitChars()) {
        self.whiteSpace = whiteSpace
        self.wordBreak = wordBreak
        self.overflowWrap = overflowWrap
        self.lineBreak = lineBreak
        self.hyphens = hyphens
        self.hyphenateLimit = hyphenateLimit
    }

    /// `white-space: nowrap | pre` forbid soft wraps.
    var wraps: Bool { whiteSpace != .nowrap && whiteSpace != .pre }

    /// `word-break: break-word` is `normal` plus `overflow-wrap: anywhere` (CSS Text 3 §5.2).
    var emergencyBreaks: Bool { overflowWrap != .normal || wordBreak == .breakWord || lineBreak == .anywhere }

    /// `word-break: break-all`, `line-break: anywhere` or emergency breaks: break
    /// opportunities between grapheme clusters inside words.
    var opensBreaksInsideWords: Bool { wordBreak == .breakAll || lineBreak == .anywhere || emergencyBreaks }

    /// The CSS rules leave UAX #14 as it is, soft hyphens aside (the common case, which the
    /// breaker applies without looking at each pair of characters).
    var isPlain: Bool { wraps && whiteSpace != .breakSpaces && wordBreak == .normal && !opensBreaksInsideWords }
}
