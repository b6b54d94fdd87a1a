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
    public let kinds: [BreakOpportunity]
    /// The cursor: `nextBreak` looks for breaks after this offset.
    public private(set) var position = 0

    /// One style for the whole paragraph.
    public init(text: String, language: String? = nil, style: LineBreakStyle = LineBreakStyle(),
                hyphenation: HyphenationContext? = nil) {
        let count = text.unicodeScalars.count
        self.init(text: text, language: language, spans: [Span(range: 0..<count, style: style)], hyphenation: hyphenation)
    }

    /// Spans cover the text in order; a scalar outside every span uses the default style.
    /// The break between two scalars follows the style of the one before it.
    public init(text: String, language: String? = nil, spans: [Span], hyphenation: HyphenationContext? = nil) {
        _ = unibreakReady
        let scalars = Array(text.unicodeScalars)
        self.scalars = scalars
        var styles = [LineBreakStyle](repeating: LineBreakStyle(), count: scalars.count)
        for span in spans {
            let range = span.range.clamped(to: 0..<scalars.count)
            for i in range { styles[i] = span.style }
        }
        var kinds = Self.uax14(scalars, language: language)
        let graphemeStarts = Self.graphemeStarts(text, count: scalars.count)
        for i in 0..<max(0, scalars.count - 1) {
            kinds[i] = Self.applyCSS(kinds[i], scalars[i], scalars[i + 1], style: styles[i], graphemeBoundary: graphemeStarts[i + 1])
        }
        if let hyphenation {
            Self.addHyphenation(&kinds, scalars, styles: styles, language: language, context: hyphenation)
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

    static func uax14(_ scalars: [Unicode.Scalar], language: String?) -> [BreakOpportunity] {
        guard !scalars.isEmpty else { return [] }
        var raw = [CChar](repeating: 0, count: scalars.count)
        let codes = scalars.map { utf32_t($0.value) }
        codes.withUnsafeBufferPointer { s in
            if let language {
                language.withCString { set_linebreaks_utf32(s.baseAddress, s.count, $0, &raw) }
            } else {
                set_linebreaks_utf32(s.baseAddress, s.count, nil, &raw)
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

    /// `starts[k]` is true when a grapheme cluster starts at scalar k (and at the end).
    static func graphemeStarts(_ text: String, count: Int) -> [Bool] {
        var starts = [Bool](repeating: false, count: count + 1)
        var offset = 0
        for character in text {
            starts[offset] = true
            offset += character.unicodeScalars.count
        }
        starts[count] = true
        return starts
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
                               styles: [LineBreakStyle], language: String?, context: HyphenationContext) {
        guard let language, let hyphenator = context.hyphenator(for: language) else { return }
        var start = 0
        while start < scalars.count {
            while start < scalars.count && isSpace(scalars[start]) { start += 1 }
            var end = start
            while end < scalars.count && !isSpace(scalars[end]) { end += 1 }
            let word = scalars[start..<end]
            if end > start, styles[start].hyphens == .auto, styles[start].wraps, !word.contains("\u{AD}") {
                var text = String.UnicodeScalarView()
                text.append(contentsOf: word)
                for point in hyphenator.hyphenationPoints(in: String(text)) {
                    let i = start + point - 1
                    if kinds[i] == .none || kinds[i] == .emergency { kinds[i] = .hyphenated }
                }
            }
            start = end
        }
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\n" || s == "\r" || s == "\u{3000}"
    }

    /// A "typographic letter unit" for `word-break` (CSS Text 3 §5.2): letters and digits.
    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || s.properties.numericType != nil
    }
}
