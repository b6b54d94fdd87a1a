import FolioStyle

/// A stretch of the paragraph drawn in one way: one item, face, size, script and bidi level
/// (text), or one atomic inline, or one forced break.
struct InlinePiece {
    enum Kind { case text, atomic, forcedBreak }
    var kind: Kind
    var range: Range<Int>
    var item: Int
    var font: FontChoice?
    var size: Double
    var level: UInt8
    var script: Script
    /// In visual order; clusters are paragraph offsets.
    var glyphs: [ShapedGlyph] = []
    var direction: Direction { level & 1 == 1 ? .rtl : .ltr }
}

/// The paragraph cut into pieces and shaped, with the advance of every scalar, so that the
/// line filler can measure any range by two lookups.
///
/// Fonts: each item's `font-family` list gives the primary face; a character it lacks
/// takes the fallback face (`FontContext.fallbackFace`), sized by `sizeAdjustment`, and
/// combining marks stay with their base's face. Shaping: Latin-like left-to-right pieces go
/// word by word through the `ShapeCache`; other pieces (joining and RTL scripts) are shaped
/// whole, with the text around them as context.
struct ShapedParagraph {
    let collected: CollectedText
    let bidi: BidiParagraph
    var pieces: [InlinePiece] = []
    /// The advance of each scalar in px: its glyphs, plus letter- and word-spacing.
    var advance: [Double]
    /// The spacing part of `advance`, which positioning adds to the cluster's last glyph.
    var extra: [Double]
    /// `prefix[i]` is the sum of `advance[0..<i]`.
    var prefix: [Double] = [0]
    /// Which piece each scalar is in.
    var pieceIndex: [Int]

    init(_ collected: CollectedText, input: ParagraphInput, context: InlineContext) {
        self.collected = collected
        let count = collected.scalars.count
        bidi = BidiParagraph(text: collected.string, base: .init(input.blockStyle.text.direction))
        advance = Array(repeating: 0, count: count)
        extra = Array(repeating: 0, count: count)
        pieceIndex = Array(repeating: 0, count: count)
        pieces = Self.itemize(collected, items: input.items, levels: bidi.levels, fonts: context.fonts)
        let graphemeStarts = LineBreaker.graphemeStarts(collected.string, count: count)
        for p in pieces.indices {
            Self.shape(&pieces[p], scalars: collected.scalars, items: input.items, language: input.language, context: context)
            measure(pieces[p], items: input.items, graphemeStarts: graphemeStarts)
            for i in pieces[p].range { pieceIndex[i] = p }
        }
        prefix.reserveCapacity(count + 1)
        for a in advance { prefix.append(prefix[prefix.count - 1] + a) }
    }

    /// The width of a range of scalars.
    func width(_ range: Range<Int>) -> Double {
        prefix[range.upperBound] - prefix[range.lowerBound]
    }

    // MARK: Itemizing

    static func itemize(_ collected: CollectedText, items: [InlineItem], levels: [UInt8], fonts: FontContext) -> [InlinePiece] {
        let scripts = scriptPerScalar(collected.scalars)
        var primary: [Int: FontChoice] = [:]
        var pieces: [InlinePiece] = []
        var previousFont: FontChoice?
        for (i, scalar) in collected.scalars.enumerated() {
            let itemIndex = collected.item[i]
            let level = levels.indices.contains(i) ? levels[i] : 0
            guard case .text(_, let shared, _) = items[itemIndex] else {
                let kind: InlinePiece.Kind = scalar == CollectedText.lineSeparator ? .forcedBreak : .atomic
                pieces.append(InlinePiece(kind: kind, range: i..<(i + 1), item: itemIndex, font: nil, size: 0, level: level, script: .common))
                previousFont = nil
                continue
            }
            let style = shared.style
            let main = primary[itemIndex] ?? fonts.face(for: style.font.family, weight: style.font.weight,
                                                        italic: style.font.style != .normal, stretch: style.font.stretch)
            primary[itemIndex] = main
            var font = main
            if scalar == CollectedText.lineSeparator {
                // A preserved newline: its own piece, drawn as nothing.
                pieces.append(InlinePiece(kind: .forcedBreak, range: i..<(i + 1), item: itemIndex, font: nil, size: 0, level: level, script: .common))
                previousFont = nil
                continue
            } else if let previous = previousFont, previous.face !== main.face,
                      Self.followsBase(scalar) || (Self.isNeutral(scalar) && previous.face.hasGlyph(scalar)) {
                // Marks stay with their base; spaces and punctuation inside fallback text stay
                // in the fallback face, so that the run shapes as one.
                font = previous
            } else if Self.followsBase(scalar), let previous = previousFont {
                font = previous
            } else if !main.face.hasGlyph(scalar) && !Self.isInvisible(scalar) {
                font = fonts.fallbackFace(for: scalar, after: main.face, families: style.font.family, weight: style.font.weight,
                                          italic: style.font.style != .normal, stretch: style.font.stretch) ?? main
            }
            previousFont = font
            let size = style.font.size * (font.face === main.face ? 1 : fonts.sizeAdjustment(for: font.face))
            if var last = pieces.last, last.kind == .text, last.item == itemIndex, last.font == font,
               last.size == size, last.level == level, last.script == scripts[i] {
                last.range = last.range.lowerBound..<(i + 1)
                pieces[pieces.count - 1] = last
            } else {
                pieces.append(InlinePiece(kind: .text, range: i..<(i + 1), item: itemIndex, font: font, size: size, level: level, script: scripts[i]))
            }
        }
        return pieces
    }

    static func scriptPerScalar(_ scalars: [Unicode.Scalar]) -> [Script] {
        var scripts = [Script](repeating: .common, count: scalars.count)
        for run in ScriptItemizer.runs(in: String(String.UnicodeScalarView(scalars))) {
            for i in run.range where i < scripts.count { scripts[i] = run.script }
        }
        return scripts
    }

    /// Marks and joiners are drawn with the face of the character they attach to.
    static func followsBase(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: true
        default: scalar == "\u{200D}" || scalar == "\u{200C}" || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }

    /// Spaces and punctuation, which belong to no script.
    static func isNeutral(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .otherPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation: true
        default: false
        }
    }

    /// Spaces and format characters need no glyph of their own.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{AD}" || scalar.properties.generalCategory == .format
    }

    // MARK: Shaping

    /// Scripts whose words shape the same alone as in context, so the cache can hold them.
    static let wordShapedScripts: Set<String> = ["Zyyy", "Zinh", "Latn", "Grek", "Cyrl", "Hani", "Hira", "Kana", "Hang"]

    static func shape(_ piece: inout InlinePiece, scalars: [Unicode.Scalar], items: [InlineItem], language: String?,
                      context: InlineContext) {
        guard piece.kind == .text, let font = piece.font, case .text(_, let shared, _) = items[piece.item] else { return }
        let style = shared.style
        let smallCaps = style.font.variantCaps == .smallCaps || style.font.variantCaps == .allSmallCaps
        let features = style.font.featureSettings.map { FontFeature($0.tag, UInt32(clamping: max(0, $0.value))) }
        guard piece.direction == .ltr, wordShapedScripts.contains(piece.script.tag) else {
            let run = context.shaper.shape(scalars: scalars, range: piece.range, face: font.face, size: piece.size,
                                           direction: piece.direction, script: piece.script, language: language,
                                           features: features, smallCaps: smallCaps)
            piece.glyphs = run.glyphs.map { var g = $0; g.cluster += piece.range.lowerBound; return g }
            return
        }
        // Words and single spaces, each through the cache.
        var start = piece.range.lowerBound
        while start < piece.range.upperBound {
            var end = start + 1
            if scalars[start] != " " {
                while end < piece.range.upperBound && scalars[end] != " " { end += 1 }
            }
            let word = String(String.UnicodeScalarView(scalars[start..<end]))
            let run = context.shapeCache.shape(text: word, face: font.face, size: piece.size, direction: .ltr,
                                               script: piece.script, language: language, features: features,
                                               smallCaps: smallCaps, shaper: context.shaper)
            piece.glyphs += run.glyphs.map { var g = $0; g.cluster += start; return g }
            start = end
        }
    }

    /// Records the piece's advances per scalar, with `letter-spacing` after every grapheme
    /// cluster and `word-spacing` on word separators.
    /// https://www.w3.org/TR/css-text-3/#spacing
    mutating func measure(_ piece: InlinePiece, items: [InlineItem], graphemeStarts: [Bool]) {
        switch items[piece.item] {
        case .atomic(let width, _, _, _, _):
            advance[piece.range.lowerBound] = width
        case .forcedBreak:
            break
        case .text(_, let shared, _):
            guard piece.kind == .text else { return }
            var hasGlyph = Set<Int>()
            for glyph in piece.glyphs where piece.range.contains(glyph.cluster) {
                advance[glyph.cluster] += glyph.xAdvance
                hasGlyph.insert(glyph.cluster)
            }
            let text = shared.style.text
            let cursive = piece.script == .arabic || piece.script.tag == "Syrc" || piece.script.tag == "Mong"
            // Spacing goes on scalars that have a glyph to carry it (not ligature tails).
            for i in piece.range where hasGlyph.contains(i) {
                var spacing = 0.0
                if text.letterSpacing != 0 && graphemeStarts[i] && !cursive { spacing += text.letterSpacing }
                if Self.isWordSeparator(collected.scalars[i]) { spacing += text.wordSpacing.resolve(against: advance[i]) }
                extra[i] = spacing
                advance[i] += spacing
            }
        }
    }

    static func isWordSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{A0}" || scalar == "\u{1361}" || scalar == "\u{10100}" || scalar == "\u{10101}"
    }
}
