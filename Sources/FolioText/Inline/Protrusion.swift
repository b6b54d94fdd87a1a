import FolioStyle

/// Optical margins: punctuation at a line's start or end set partly or wholly outside the
/// line box, so that the edges of the text look straight to the eye, whose measure is the
/// letters' stems, not the small marks beside them.
///
/// Two sources, the larger winning at each edge:
/// - The reader's protrusion (`InlineContext.protrusion`, on by default in the reader), in
///   justified and start-aligned text set with fonts: a share of the glyph's advance, by
///   character (`endShare`, `startShare`), as microtype and KOReader do — most for the light
///   marks (full stop, comma, hyphen, quotes), a little for the dashes and `! ?`.
/// - CSS `hanging-punctuation` (CSS Text 3 §8.2): the whole glyph. `first`: an opening bracket
///   or quote at the start of the element's first line; `last`: a closing one at the end of its
///   last line; `force-end`: a stop or comma at the end of any line; `allow-end`: the same, only
///   when the line would not fit without it.
///
/// A hanging glyph is measured for nothing: the line's room grows by what hangs, so the rest of
/// the line is justified and aligned as if the glyph were in the margin. Only characters at the
/// paragraph's own direction hang (an RTL word ending an LTR line is not at its end edge).
/// Never with the cell metric: a terminal has no margin to hang into.
/// https://www.w3.org/TR/css-text-3/#hanging-punctuation-property
struct Protrusion {
    let shaped: ShapedParagraph
    let items: [InlineItem]
    /// The reader's partial protrusion applies.
    let optical: Bool
    /// Some item asks for `hanging-punctuation`.
    let hanging: Bool
    let hyphenWidth: (Int) -> Double

    /// Nil when nothing in the paragraph can hang.
    init?(shaped: ShapedParagraph, input: ParagraphInput, context: InlineContext, hyphenWidth: @escaping (Int) -> Double) {
        guard context.metric == .fonts else { return nil }
        let direction = shaped.bidi.direction
        let optical: Bool
        switch input.blockStyle.text.align {
        case .justify, .start: optical = context.protrusion
        case .left: optical = context.protrusion && direction == .ltr
        case .right: optical = context.protrusion && direction == .rtl
        default: optical = false
        }
        let hanging = !input.blockStyle.rareInherited.hangingPunctuation.isNone || input.items.contains {
            if case .text(_, let shared, _) = $0 { return !shared.style.rareInherited.hangingPunctuation.isNone }
            return false
        }
        guard optical || hanging else { return nil }
        self.shaped = shaped
        items = input.items
        self.optical = optical
        self.hanging = hanging
        self.hyphenWidth = hyphenWidth
    }

    /// The share of its advance a glyph ending a line may set past the end edge.
    static func endShare(_ scalar: Unicode.Scalar) -> Double {
        switch scalar {
        case ".", ",", "-", "\u{2010}", "\u{2011}", "\u{AD}", "\u{201D}", "\u{2019}", "\"", "'", "\u{060C}", "\u{06D4}": 0.7
        case ":", ";", "\u{00BB}", "\u{203A}": 0.5
        case "\u{2013}", "\u{2026}": 0.3
        case "\u{2014}", "!", "?", ")", "]": 0.2
        default: 0
        }
    }

    /// The share of its advance a glyph starting a line may set before the start edge.
    static func startShare(_ scalar: Unicode.Scalar) -> Double {
        switch scalar {
        case "\u{201C}", "\u{2018}", "\u{201E}", "\u{201A}", "\"", "'", "\u{00AB}", "\u{2039}": 0.6
        case "(", "[", "\u{2014}": 0.2
        default: 0
        }
    }

    /// The share of the hyphen added at a hyphenated line end that hangs.
    static let hyphenShare = 0.7

    /// `hanging-punctuation`'s stops and commas (`force-end`, `allow-end`).
    static func isStopOrComma(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2C, 0x2E, 0x060C, 0x06D4, 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFE50, 0xFE51, 0xFE52, 0xFF61, 0xFF64: true
        default: false
        }
    }

    /// Opening (`first`) or closing (`last`) brackets and quotes: Ps, Pe, Pi, Pf and the ASCII quotes.
    static func isBracketOrQuote(_ scalar: Unicode.Scalar, opening: Bool) -> Bool {
        if scalar == "\"" || scalar == "'" { return true }
        switch scalar.properties.generalCategory {
        case .openPunctuation: return opening
        case .closePunctuation: return !opening
        case .initialPunctuation, .finalPunctuation: return true
        default: return false
        }
    }

    /// The `hanging-punctuation` of the item that holds scalar `i`.
    private func hangingPunctuation(at i: Int) -> HangingPunctuation {
        if case .text(_, let shared, _) = items[shaped.collected.item[i]] { return shared.style.rareInherited.hangingPunctuation }
        return HangingPunctuation()
    }

    /// True when scalar `i` runs in the paragraph's direction (only such a glyph meets an edge).
    private func atBaseLevel(_ i: Int) -> Bool {
        shaped.bidi.isAllLTR || shaped.bidi.levels[i] & 1 == shaped.bidi.baseLevel & 1
    }

    /// How far the line whose content starts at scalar `i` reaches before its start edge, px;
    /// `first` for the paragraph's first line.
    func start(at i: Int, first: Bool) -> Double {
        let scalars = shaped.collected.scalars
        guard i < scalars.count, atBaseLevel(i) else { return 0 }
        let scalar = scalars[i]
        var share = optical ? Self.startShare(scalar) : 0
        if hanging && first && hangingPunctuation(at: i).first && Self.isBracketOrQuote(scalar, opening: true) { share = 1 }
        return share > 0 ? share * shaped.width(i..<(i + 1)) : 0
    }

    /// How far the line whose content ends before scalar `end` reaches past its end edge, px:
    /// what always hangs, and the most `allow-end` lets hang when the line needs it (never less
    /// than `fixed`). `hyphenated`: the line ends in an added hyphen; `last`: the paragraph's
    /// last line.
    func end(at end: Int, hyphenated: Bool, last: Bool) -> (fixed: Double, allowed: Double) {
        guard end > 0 else { return (0, 0) }
        let i = end - 1
        guard atBaseLevel(i) else { return (0, 0) }
        if hyphenated { return optical ? (Self.hyphenShare * hyphenWidth(i), 0) : (0, 0) }
        let scalar = shaped.collected.scalars[i]
        var share = optical ? Self.endShare(scalar) : 0
        var allowed = 0.0
        if hanging {
            let css = hangingPunctuation(at: i)
            if css.last && last && Self.isBracketOrQuote(scalar, opening: false) { share = 1 }
            if css.end != .none && Self.isStopOrComma(scalar) {
                if css.end == .force { share = 1 } else { allowed = 1 }
            }
        }
        guard share > 0 || allowed > 0 else { return (0, 0) }
        let width = shaped.width(i..<(i + 1))
        return (share * width, max(share, allowed) * width)
    }

    /// What hangs before the start and past the end of the line whose content is `content` (a
    /// hyphen added when `hyphenated`; `last`: the paragraph's last line), `natural` px wide
    /// in `room` px.
    func hangs(content: Range<Int>, hyphenated: Bool, last: Bool, natural: Double, room: Double) -> (start: Double, end: Double) {
        guard !content.isEmpty else { return (0, 0) }
        let before = start(at: content.lowerBound, first: content.lowerBound == 0)
        let after = end(at: content.upperBound, hyphenated: hyphenated, last: last)
        return (before, Self.endHang(natural: natural, room: room + before, end: after))
    }

    /// What hangs past the end edge of a line `natural` px wide in `room` px (its start's hang
    /// included) that ends with `end`: `allow-end` hangs only what does not otherwise fit.
    static func endHang(natural: Double, room: Double, end: (fixed: Double, allowed: Double)) -> Double {
        guard end.allowed > end.fixed else { return end.fixed }
        return max(end.fixed, min(end.allowed, natural - room))
    }
}
