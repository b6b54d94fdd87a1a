import FolioStyle
import Synchronization

/// How the paragraph setter measures text.
public enum TextMetric: Sendable, Hashable {
    /// Glyphs of the book's fonts shaped by HarfBuzz, in px.
    case fonts
    /// A terminal's grid, for the pager: widths and positions are whole columns (1 px = 1
    /// column: the line width, `text-indent` and atomic inlines are read as columns).
    ///
    /// No shaping: each grapheme cluster is one glyph as wide as a terminal shows it (2 for
    /// East Asian wide characters and emoji, 0 for marks and controls, else 1 — `CellMetric`),
    /// whose `id` is the Unicode scalar value of the cluster's first character. Runs are in
    /// the context's default face at size 1; every line is one row (ascent 1, descent 0, run
    /// baselines 1), whatever `line-height`, `vertical-align` and font sizes say.
    /// `letter-spacing` and `word-spacing` are ignored; justification gives each word
    /// separator a whole number of extra columns, the line's first separators one more when
    /// they do not divide evenly. Line breaking and hyphenation are unchanged; a hyphen is
    /// "-", one column. Decorations keep their kind and colour (offset and thickness 0).
    case cells
}

/// What the paragraph setter needs besides its input: the book's fonts, a shaping cache,
/// a shaper, the hyphenation dictionaries and the metric.
///
/// The font context, shape cache and hyphenation context may be shared between threads;
/// the `Shaper` may not, so make one `InlineContext` per thread (they can share the rest).
public struct InlineContext {
    public let fonts: FontContext
    public let shapeCache: ShapeCache
    public let shaper: Shaper
    public let hyphenation: HyphenationContext
    public let metric: TextMetric
    /// When words are hyphenated (the reader's choice; `book` follows the CSS alone).
    public var readerHyphens: ReaderSettings.Hyphenation = .book
    /// The reader's optical margins: punctuation protrudes into the margin (`Protrusion`).
    /// CSS `hanging-punctuation` applies either way.
    public var protrusion = false
    /// Font matching answers, by style: a paragraph asks for its block's and each item's face.
    let faces = FaceMemo()
    /// Hyphen runs, by font and script: a paragraph asks for one per piece.
    let hyphens = HyphenMemo()

    public init(fonts: FontContext, shapeCache: ShapeCache = ShapeCache(), shaper: Shaper = Shaper(),
                hyphenation: HyphenationContext = HyphenationContext(), metric: TextMetric = .fonts) {
        self.fonts = fonts
        self.shapeCache = shapeCache
        self.shaper = shaper
        self.hyphenation = hyphenation
        self.metric = metric
    }

    /// The hyphen (U+2010, or "-" when the face lacks it) shaped in a face and size.
    func hyphenRun(face: FontFace, size: Double, direction: Direction, script: Script, language: String?) -> ShapedRun {
        let key = HyphenMemo.Key(face: ObjectIdentifier(face), size: size, direction: direction, script: script, language: language)
        if let known = hyphens.table.withLock({ $0[key] }) { return known.run }
        let text = face.hasGlyph("\u{2010}") ? "\u{2010}" : "-"
        let run = shapeCache.shape(text: text, face: face, size: size, direction: direction, script: script,
                                   language: language, shaper: shaper)
        hyphens.table.withLock { $0[key] = (face, run) }
        return run
    }

    /// The primary face of a style's font (`FontContext.face(for:…)`, remembered). Takes the
    /// font alone, so that a caller holding a shared style passes no copy of the whole style.
    func face(for font: FontProperties) -> FontChoice {
        faces.face(for: font, in: fonts)
    }
}

/// Remembers `FontContext.face(for:weight:italic:stretch:)` answers, which are the same for
/// the same question once the face is loaded (the context loads faces once and keeps them).
final class FaceMemo: Sendable {
    struct Query: Hashable {
        var families: [FontFamily]
        var weight: Int
        var italic: Bool
        var stretch: Double
    }

    private struct State {
        var table: [Query: FontChoice] = [:]
        /// The last answer, compared before hashing: a paragraph asks for the same font again and
        /// again, its family list one array (equal arrays that share storage compare at once),
        /// and hashing every family name was most of the cost of asking.
        var last: (query: Query, choice: FontChoice)?
    }

    private let state = Mutex(State())

    func face(for font: FontProperties, in fonts: FontContext) -> FontChoice {
        let query = Query(families: font.family, weight: font.weight, italic: font.style != .normal, stretch: font.stretch)
        let known: FontChoice? = state.withLock { state in
            if let last = state.last, last.query == query { return last.choice }
            guard let choice = state.table[query] else { return nil }
            state.last = (query, choice)
            return choice
        }
        if let known { return known }
        let choice = fonts.face(for: query.families, weight: query.weight, italic: query.italic, stretch: query.stretch)
        state.withLock { state in
            state.table[query] = choice
            state.last = (query, choice)
        }
        return choice
    }
}

/// Remembers hyphen runs (holding the face keeps its identifier from being reused).
final class HyphenMemo: Sendable {
    struct Key: Hashable {
        var face: ObjectIdentifier
        var size: Double
        var direction: Direction
        var script: Script
        var language: String?
    }

    let table = Mutex<[Key: (face: FontFace, run: ShapedRun)]>([:])
}
