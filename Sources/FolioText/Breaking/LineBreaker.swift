import CLibUnibreak
import FolioStyle

/// libunibreak needs its tables set up once per process; Swift runs a global's initialiser
/// exactly once, on first use, from any thread.
private let unibreakReady: Void = init_linebreak()

/// The line break opportunities of one paragraph, and a cursor over them.
///
/// Opportunities come from UAX #14 (libunibreak, tailored by language), then CSS Text 3 is
/// applied per span: `white-space` (no soft wraps for `nowrap`/`pre`; after every preserved
/// space for `break-spaces`), `word-break` (`break-all` opens breaks between letters,
/// `keep-all` closes them between letters), `line-break: anywhere`, `overflow-wrap`
/// (emergency breaks between grapheme clusters, from Swift's UAX #29 segmentation since
/// libunibreak 1.1 has no grapheme breaking), soft hyphens (a hyphenated break, or none under
/// `hyphens: none`) and, when a hyphenation context is given, `hyphens: auto`.
///
/// A value type: copying it saves the cursor, assigning the copy back reverts, which is how
/// the paginator tries a break and backs out (ARCHITECTURE.md, "Breakers that can pause").
/// The opportunity table is shared between copies (copy-on-write arrays).
///
/// libunibreak's `set_linebreaks_utf32` only reads its static tables after `init_linebreak`,
/// so breakers are built on any thread. Run `WhiteSpaceProcessor` first: a newline left in
/// `normal` text would still be a mandatory break here.
///
/// Offsets count Unicode scalars. `Break.offset` k means the line ends before scalar k.
///
/// The paragraph setter builds its breaker with lazy hyphenation: `hyphens: auto` points are
/// added word by word (`hyphenate(word:)`) when the line filler may need them, instead of
/// for every word up front; the CSS rules are applied pair by pair only for styles other
/// than the plain one (which only turns soft hyphens into hyphenated breaks).
///
/// https://www.unicode.org/reports/tr14/ · https://www.w3.org/TR/css-text-3/#line-breaking
public struct LineBreaker: Sendable {
    /// A stretch of the paragraph (scalar offsets) with its own break style.
    public struct Span: Hashable, Sendable {
        public var range: Range<Int>
        public var style: LineBreakStyle
        public init(range: Range<Int>, style: LineBreakStyle) {
            self.range = range
            self.style = style
        }
    }

    /// A break position: the line ends before scalar `offset`.
    public struct Break: Hashable, Sendable {
        public var offset: Int
        public var kind: BreakOpportunity
    }

    public let scalars: [Unicode.Scalar]
    /// `kinds[i]` says what may happen between scalar `i` and scalar `i + 1`; the last entry
    /// (the end of the text) is always `.mandatory`.
    public internal(set) var kinds: [BreakOpportunity]
    /// The cursor: `nextBreak` looks for breaks after this offset.
    public private(set) var position = 0
    /// Set when hyphenation is left to the caller, word by word (`hyphenate(word:)`).
    private(set) var lazyHyphenator: Hyphenator?
    /// With lazy hyphenation: the styles, and which words (by start) are done.
    private var spans: [Span] = []
    private var hyphenated: [Bool] = []
    /// Changes whenever breaks are added (lazy hyphenation), so callers may cache what they found.
    private(set) var generation = 0

    /// One style for the whole paragraph.
    public init(text: String, language: String? = nil, style: LineBreakStyle = LineBreakStyle(),
                hyphenation: HyphenationContext? = nil) {
        let count = text.unicodeScalars.count
        self.init(text: text, language: language, spans: [Span(range: 0..<count, style: style)], hyphenation: hyphenation)
    }

    /// Spans cover the text in order; a scalar outside every span uses the default style.
    /// The break between two scalars follows the style of the one before it.
    public init(text: String, language: String? = nil, spans: [Span], hyphenation: HyphenationContext? = nil) {
        self.init(scalars: Array(text.unicodeScalars), language: language, spans: spans, hyphenation: hyphenation, lazy: false)
    }

    /// The paragraph setter's entry. With `lazy`, `hyphens: auto` points are not looked up
    /// here: the line filler asks for the words it may break (`hyphenate(word:)`).
    init(scalars: [Unicode.Scalar], language: String?, spans: [Span], hyphenation: HyphenationContext?, lazy: Bool) {
        _ = unibreakReady
        self.scalars = scalars
        let count = scalars.count
        let spans = Self.ordered(spans, count: count)
        var kinds = Self.uax14(scalars, language: language)
        if spans.allSatisfy(\.style.isPlain) {
            // Every style (the default one too) only turns soft hyphens into hyphenated breaks.
            for i in 0..<max(0, count - 1) where scalars[i] == "\u{AD}" && kinds[i] == .allowed {
                kinds[i] = Self.style(at: i, spans).hyphens == .none ? .none : .hyphenated
            }
        } else {
            // Grapheme boundaries only matter to the styles that open breaks inside words.
            let needsGraphemes = spans.contains { $0.style.opensBreaksInsideWords }
            let graphemeStarts = needsGraphemes ? GraphemeBreaks.starts(scalars[...]) : []
            var span = 0
            for i in 0..<max(0, count - 1) {
                let style = Self.style(at: i, spans, from: &span)
                kinds[i] = Self.applyCSS(kinds[i], scalars[i], scalars[i + 1], style: style,
                                         graphemeBoundary: needsGraphemes ? graphemeStarts[i + 1] : true)
            }
        }
        // Only spans that ask for `hyphens: auto` want the dictionary (and its loading).
        if let hyphenation, let language, spans.contains(where: { $0.style.hyphens == .auto }),
           let hyphenator = hyphenation.hyphenator(for: language) {
            if lazy {
                lazyHyphenator = hyphenator
                self.spans = spans
                hyphenated = [Bool](filled: false, count: count)
            } else {
                Self.addHyphenation(&kinds, scalars, spans: spans, hyphenator: hyphenator)
            }
        }
        self.kinds = kinds
    }

    /// The next break after the cursor, moving the cursor to it; nil at the end of the text.
    /// Emergency breaks are skipped unless asked for (the line filler asks when no other
    /// break fits).
    public mutating func nextBreak(includingEmergency: Bool = false) -> Break? {
        var i = position
        while i < kinds.count {
            let kind = kinds[i]
            i += 1
            if kind == .none || (kind == .emergency && !includingEmergency) { continue }
            position = i
            return Break(offset: i, kind: kind)
        }
        position = kinds.count
        return nil
    }

    /// Moves the cursor so that the next break found comes after `offset`.
    public mutating func seek(to offset: Int) {
        position = min(max(0, offset), kinds.count)
    }

    /// All breaks of the paragraph that are not `.none`, without moving the cursor.
    public var allBreaks: [Break] {
        kinds.indices.compactMap { kinds[$0] == .none ? nil : Break(offset: $0 + 1, kind: kinds[$0]) }
    }

    // MARK: - Building the table

    /// UAX #14's opportunities from libunibreak, with each run of ASCII letters handed over as
    /// one letter. Those letters are all of class AL, and UAX #14 neither breaks between two of
    /// them (LB28) nor looks further back than the class of the character before a break
    /// (libunibreak's pair table keeps only that, and the class before a run of spaces): the
    /// run's last position is told what its one letter is told, and no other position in it
    /// breaks. Prose is mostly such runs, so libunibreak (a table search per character) reads
    /// a fifth of the text. `uax14(direct:)` asks about every character; tests compare the two.
    static func uax14(_ scalars: [Unicode.Scalar], language: String?) -> [BreakOpportunity] {
        guard !scalars.isEmpty else { return [] }
        // The characters handed over, and for each the last one of the text it stands for.
        var compact = [Unicode.Scalar](filled: " ", count: scalars.count)
        var ends = [Int32](filled: 0, count: scalars.count)
        var kept = 0
        scalars.withUnsafeBufferPointer { text in
            compact.withUnsafeMutableBufferPointer { compact in
                ends.withUnsafeMutableBufferPointer { ends in
                    var previousLetters: UInt8 = 0
                    for i in 0..<text.count {
                        let letters = Self.letterClass(text[i].value)
                        if letters == 0 || letters != previousLetters {
                            compact[kept] = text[i]
                            kept += 1
                        }
                        ends[kept - 1] = Int32(truncatingIfNeeded: i)
                        previousLetters = letters
                    }
                }
            }
        }
        var kinds: [BreakOpportunity]
        if kept == scalars.count {
            kinds = libunibreak(scalars, language: language)
        } else {
            compact.removeSubrange(kept...)
            let told = libunibreak(compact, language: language)
            kinds = [BreakOpportunity](filled: .none, count: scalars.count)
            for j in 0..<kept { kinds[Int(ends[j])] = told[j] }
        }
        keepQuotesWithTheirText(scalars, &kinds)
        return kinds
    }

    /// Which letters a run may be handed to libunibreak as one of: 1 for letters of class AL
    /// (ASCII, Latin-1 and Latin Extended-A/B, Greek, Cyrillic), 2 for Hebrew letters (HL), 0
    /// for any other character. Two letters of one class never break between them (LB28,
    /// LB21a looks back no further than the letter before a hyphen), so a run of them breaks
    /// after as its last letter alone would.
    @inline(__always)
    static func letterClass(_ value: UInt32) -> UInt8 {
        if value < 0x80 { return (value | 0x20) &- 0x61 < 26 ? 1 : 0 }
        if value < 0x250 { return value >= 0xC0 && value != 0xD7 && value != 0xF7 ? 1 : 0 }
        if value < 0x391 { return 0 }
        if value <= 0x3A9 || (value >= 0x3AC && value <= 0x3CE) { return 1 }  // Greek
        if value >= 0x400 && value <= 0x4FF { return value <= 0x481 || value >= 0x48A ? 1 : 0 }  // Cyrillic, not its marks
        if value >= 0x5D0 && value <= 0x5EA { return 2 }  // Hebrew
        return 0
    }

    /// The same as `uax14`, every character asked of libunibreak.
    static func uax14(direct scalars: [Unicode.Scalar], language: String?) -> [BreakOpportunity] {
        guard !scalars.isEmpty else { return [] }
        var kinds = libunibreak(scalars, language: language)
        keepQuotesWithTheirText(scalars, &kinds)
        return kinds
    }

    /// libunibreak's opportunity after each scalar.
    ///
    /// libunibreak 1.1 (Debian 12's) predates regional indicators: it stops the process on an
    /// assertion (`lbcNew <= LBP_JT`) at any of U+1F1E6…1F1FF, as at U+FFFF, which CSS
    /// escapes can put in generated text. Those go to it as an ideograph and U+FFFD. UAX #14
    /// treats a flag's indicators much as an ideograph (a break on either side, LB31),
    /// except that the two of a pair stay together (LB30a), which is applied here.
    private static func libunibreak(_ scalars: [Unicode.Scalar], language: String?) -> [BreakOpportunity] {
        if scalars.contains(where: { $0.value == 0xFFFF || isRegionalIndicator($0) }) {
            let safe = scalars.map { s -> Unicode.Scalar in
                isRegionalIndicator(s) ? "\u{4E00}" : s.value == 0xFFFF ? "\u{FFFD}" : s
            }
            var kinds = libunibreak(safe, language: language)
            var run = 0
            for i in scalars.indices {
                guard isRegionalIndicator(scalars[i]) else {
                    run = 0
                    continue
                }
                run += 1
                // The first of a pair: no break before its second.
                if run % 2 == 1, i + 1 < scalars.count, isRegionalIndicator(scalars[i + 1]), kinds[i] != .mandatory { kinds[i] = .none }
            }
            return kinds
        }
        var raw = [CChar](filled: 0, count: scalars.count)
        // A Unicode.Scalar is its UInt32 value: libunibreak reads the array as UTF-32 in place.
        scalars.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: utf32_t.self) { s in
                if let language {
                    language.withCString { set_linebreaks_utf32(s.baseAddress, s.count, $0, &raw) }
                } else {
                    set_linebreaks_utf32(s.baseAddress, s.count, nil, &raw)
                }
            }
        }
        return raw.map {
            switch Int32($0) {
            case LINEBREAK_MUSTBREAK: .mandatory
            case LINEBREAK_ALLOWBREAK: .allowed
            default: .none
            }
        }
    }

    private static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool { s.value >= 0x1F1E6 && s.value <= 0x1F1FF }

    /// UAX #14's rules LB15a and LB15b (Unicode 15.1), which the libunibreak Debian ships
    /// predates: an opening quotation mark (Pi) at the start of a quotation (after a space, an
    /// opening bracket, another quote or nothing) stays with what follows it, even across
    /// spaces, so that no line ends in “ (`knee. “ ‘Lord`); a closing one (Pf) before a space,
    /// punctuation or the end stays with what precedes it, even after a space.
    /// https://www.unicode.org/reports/tr14/#LB15a
    static func keepQuotesWithTheirText(_ scalars: [Unicode.Scalar], _ kinds: inout [BreakOpportunity]) {
        let count = scalars.count
        for i in 0..<count where scalars[i].value >= 0xAB && isQuotation(scalars[i]) {
            let category = scalars[i].properties.generalCategory
            if category == .initialPunctuation {
                guard i == 0 || opensQuotation(scalars[i - 1]) else { continue }
                var j = i
                while j < count - 1 && kinds[j] != .mandatory {
                    kinds[j] = .none
                    guard isSpace(scalars[j + 1]) else { break }
                    j += 1
                }
            } else if category == .finalPunctuation, i > 0 {
                guard i == count - 1 || closesQuotation(scalars[i + 1]) else { continue }
                if kinds[i - 1] == .allowed { kinds[i - 1] = .none }
            }
        }
    }

    /// Quotation marks (line-break class QU) among the initial and final punctuation.
    private static func isQuotation(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00AB, 0x00BB, 0x2018, 0x2019, 0x201B, 0x201C, 0x201D, 0x201F, 0x2039, 0x203A, 0x2E02...0x2E05, 0x2E09, 0x2E0A,
             0x2E0C, 0x2E0D, 0x2E1C, 0x2E1D, 0x2E20, 0x2E21: true
        default: false
        }
    }

    /// A space, a no-break space or joiner, a zero-width space or a line separator (UAX #14's
    /// SP, GL, WJ, ZW, BK).
    private static func isSpaceOrGlue(_ s: Unicode.Scalar) -> Bool {
        isSpace(s) || s == "\u{A0}" || s == "\u{202F}" || s == "\u{2007}" || s == "\u{200B}" || s == "\u{2060}" || s == "\u{2028}"
    }

    /// What may stand before a quotation's opening mark: a space, a no-break space, an opening
    /// bracket or another quotation mark (LB15a's sot | BK | CR | LF | NL | OP | QU | GL | SP | ZW).
    private static func opensQuotation(_ s: Unicode.Scalar) -> Bool {
        if isSpaceOrGlue(s) || s == "\"" || s == "'" { return true }
        let category = s.properties.generalCategory
        return category == .openPunctuation || ((category == .initialPunctuation || category == .finalPunctuation) && isQuotation(s))
    }

    /// What may follow a quotation's closing mark: a space, a closing bracket, a quote, or
    /// ! ? , . : ; / (LB15b's SP | GL | WJ | CL | QU | CP | EX | IS | SY | BK | CR | LF | NL | ZW).
    private static func closesQuotation(_ s: Unicode.Scalar) -> Bool {
        if isSpaceOrGlue(s) || "!?,.:;/\"')]}".unicodeScalars.contains(s) { return true }
        let category = s.properties.generalCategory
        return category == .closePunctuation || ((category == .initialPunctuation || category == .finalPunctuation) && isQuotation(s))
    }

    /// `starts[k]` is true when a grapheme cluster starts at scalar k (and at the end).
    static func graphemeStarts(_ text: String, count: Int) -> [Bool] {
        GraphemeBreaks.starts(Array(text.unicodeScalars)[...])
    }

    static func applyCSS(_ uax: BreakOpportunity, _ a: Unicode.Scalar, _ b: Unicode.Scalar,
                         style: LineBreakStyle, graphemeBoundary: Bool) -> BreakOpportunity {
        if uax == .mandatory { return .mandatory }
        guard style.wraps else { return .none }
        var kind = uax
        if a == "\u{AD}" && kind == .allowed {
            kind = style.hyphens == .none ? .none : .hyphenated
        }
        if style.whiteSpace == .breakSpaces && isSpace(a) {
            kind = .allowed
        }
        switch style.wordBreak {
        case .breakAll where kind == .none && graphemeBoundary && isLetter(a) && isLetter(b):
            kind = .allowed
        case .keepAll where kind == .allowed && isLetter(a) && isLetter(b):
            kind = .none
        default:
            break
        }
        if style.lineBreak == .anywhere && kind == .none && graphemeBoundary {
            kind = .allowed
        }
        if kind == .none && style.emergencyBreaks && graphemeBoundary && !isSpace(a) && !isSpace(b) {
            kind = .emergency
        }
        return kind
    }

    /// Adds hyphenation points inside words (runs of non-space scalars) of `hyphens: auto`
    /// spans. Words with a soft hyphen already say where they break.
    static func addHyphenation(_ kinds: inout [BreakOpportunity], _ scalars: [Unicode.Scalar],
                               spans: [Span], hyphenator: Hyphenator) {
        var start = 0
        while start < scalars.count {
            while start < scalars.count && isSpace(scalars[start]) { start += 1 }
            var end = start
            while end < scalars.count && !isSpace(scalars[end]) { end += 1 }
            if end > start { hyphenate(start..<end, &kinds, scalars, spans: spans, hyphenator: hyphenator) }
            start = end
        }
    }

    /// One word's hyphenation points, when its style asks for them.
    static func hyphenate(_ word: Range<Int>, _ kinds: inout [BreakOpportunity], _ scalars: [Unicode.Scalar],
                          spans: [Span], hyphenator: Hyphenator) {
        let style = Self.style(at: word.lowerBound, spans)
        guard style.hyphens == .auto, style.wraps,
              !scalars[word].contains("\u{AD}"), !isAcronym(scalars[word]) else { return }
        hyphenator.forEachPoint(scalars: scalars[word], limit: style.hyphenateLimit) { point in
            let i = word.lowerBound + point - 1
            if kinds[i] == .none || kinds[i] == .emergency { kinds[i] = .hyphenated }
        }
    }

    /// A word in capitals (NATO, UNESCO's): not hyphenated, as typesetters leave acronyms whole.
    static func isAcronym(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        var letters = 0
        for scalar in word {
            if scalar.value < 0x80 {
                // ASCII without the property tables: most words end here, at a small letter.
                if scalar.value >= 0x61 && scalar.value <= 0x7A { return false }
                if scalar.value >= 0x41 && scalar.value <= 0x5A { letters += 1 }
                continue
            }
            guard scalar.properties.isAlphabetic else { continue }
            guard scalar.properties.isUppercase else { return false }
            letters += 1
        }
        return letters >= 2
    }

    /// The style of scalar `i`: the last span that holds it (spans are in order), else the default.
    static func style(at i: Int, _ spans: [Span]) -> LineBreakStyle {
        // The first span ending after `i`, by bisection.
        var low = 0, high = spans.count
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].range.upperBound <= i { low = middle + 1 } else { high = middle }
        }
        return style(at: i, spans, from: &low)
    }

    /// The same, for increasing `i` over ordered spans: `span` remembers where the search got to.
    static func style(at i: Int, _ spans: [Span], from span: inout Int) -> LineBreakStyle {
        while span < spans.count && spans[span].range.upperBound <= i { span += 1 }
        return span < spans.count && spans[span].range.contains(i) ? spans[span].style : LineBreakStyle()
    }

    /// Spans in order and apart, as the lookups want them. Given spans that overlap or come
    /// out of order, each scalar takes the style of the last span that holds it.
    static func ordered(_ spans: [Span], count: Int) -> [Span] {
        let inOrder = zip(spans, spans.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound }
        if inOrder { return spans }
        var styles = [LineBreakStyle?](filled: nil, count: count)
        for span in spans {
            for i in span.range.clamped(to: 0..<count) { styles[i] = span.style }
        }
        var out: [Span] = []
        var start = 0
        for i in 0...count where i == count || styles[i] != styles[start] {
            if i > start, let style = styles[start] { out.append(Span(range: start..<i, style: style)) }
            start = i
        }
        return out
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\n" || s == "\r" || s == "\u{3000}"
    }

    /// A "typographic letter unit" for `word-break` (CSS Text 3 §5.2): letters and digits.
    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || s.properties.numericType != nil
    }
}

extension LineBreaker {
    /// The word (run of non-space scalars) around scalar `i`, or an empty range at a space.
    func word(around i: Int) -> Range<Int> {
        guard i < scalars.count, !Self.isSpace(scalars[i]) else { return i..<i }
        var start = i, end = i + 1
        while start > 0 && !Self.isSpace(scalars[start - 1]) { start -= 1 }
        while end < scalars.count && !Self.isSpace(scalars[end]) { end += 1 }
        return start..<end
    }

    /// The words (runs of non-space scalars) with a scalar in `range`, in order.
    func words(in range: Range<Int>) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let word = word(around: i)
            guard !word.isEmpty else {
                i += 1
                continue
            }
            words.append(word)
            i = word.upperBound
        }
        return words
    }

    /// True when `word` may still gain hyphenation points: lazy hyphenation is on, the word
    /// is not done, is long enough and its style asks for `hyphens: auto`.
    func mayHyphenate(_ word: Range<Int>) -> Bool {
        guard lazyHyphenator != nil, word.count >= Hyphenator.minimumWordLength, !hyphenated[word.lowerBound] else { return false }
        let style = Self.style(at: word.lowerBound, spans)
        return style.hyphens == .auto && style.wraps
    }

    /// Adds the word's hyphenation points to `kinds`, as the eager breaker would have.
    mutating func hyphenate(word: Range<Int>) {
        guard let hyphenator = lazyHyphenator, !hyphenated[word.lowerBound] else { return }
        hyphenated[word.lowerBound] = true
        generation += 1
        Self.hyphenate(word, &kinds, scalars, spans: spans, hyphenator: hyphenator)
    }
}
