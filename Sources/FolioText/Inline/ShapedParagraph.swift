import FolioStyle

/// A stretch of the paragraph drawn in one way: one item, face, size, script and bidi level
/// (text), or one atomic inline, or one forced break.
struct InlinePiece {
    enum Kind { case text, atomic, forcedBreak }
    /// How the glyphs' clusters run, so that a line can find its glyphs by bisection.
    enum ClusterOrder { case ascending, descending, mixed }
    var kind: Kind
    var range: Range<Int>
    var item: Int
    var font: FontChoice?
    var size: Double
    var level: UInt8
    var script: Script
    /// In visual order; clusters are paragraph offsets.
    var glyphs: [ShapedGlyph] = []
    var order: ClusterOrder = .ascending
    var direction: Direction { level & 1 == 1 ? .rtl : .ltr }

    /// The glyphs whose cluster is in `part` (a subrange of `range`), in order.
    func glyphs(in part: Range<Int>) -> ArraySlice<ShapedGlyph> {
        switch order {
        case .ascending:
            let lower = Self.partition(glyphs) { $0.cluster >= part.lowerBound }
            let upper = Self.partition(glyphs) { $0.cluster >= part.upperBound }
            return glyphs[lower..<max(lower, upper)]
        case .descending:
            let lower = Self.partition(glyphs) { $0.cluster < part.upperBound }
            let upper = Self.partition(glyphs) { $0.cluster < part.lowerBound }
            return glyphs[lower..<max(lower, upper)]
        case .mixed:
            return glyphs.filter { part.contains($0.cluster) }[...]
        }
    }

    /// The first index whose glyph satisfies `predicate`, which is false then true along the array.
    private static func partition(_ glyphs: [ShapedGlyph], _ predicate: (ShapedGlyph) -> Bool) -> Int {
        var low = 0, high = glyphs.count
        while low < high {
            let mid = (low + high) / 2
            if predicate(glyphs[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

/// The paragraph cut into pieces and shaped, with the advance of every scalar, so that the
/// line filler can measure any range by two lookups.
///
/// Fonts: each item's `font-family` list gives the primary face; a character it lacks
/// takes the fallback face (`FontContext.fallbackFace`), sized by `sizeAdjustment`, and
/// combining marks stay with their base's face. Shaping: Latin-like left-to-right pieces go
/// word by word through the `ShapeCache`; other pieces (joining and RTL scripts) are shaped
/// whole, with the text around them as context. With the cell metric there is no font:
/// every grapheme cluster is one cell or two (`CellMetric`).
///
/// A class: the filler, the assembler and every line's placer share one. Its arrays are
/// constants once made (class `var`s would cost an exclusivity check at every access).
final class ShapedParagraph {
    let collected: CollectedText
    let bidi: BidiParagraph
    let metric: TextMetric
    let pieces: [InlinePiece]
    /// The advance of each scalar in px: its glyphs, plus letter- and word-spacing.
    let advance: [Double]
    /// The spacing part of `advance`, which positioning adds to the cluster's last glyph.
    let extra: [Double]
    /// `prefix[i]` is the sum of `advance[0..<i]`.
    let prefix: [Double]
    /// Which piece each scalar is in.
    let pieceIndex: [Int]

    init(_ collected: CollectedText, input: ParagraphInput, context: InlineContext) {
        self.collected = collected
        metric = context.metric
        let count = collected.scalars.count
        bidi = BidiParagraph(scalars: collected.scalars, base: .init(input.blockStyle.text.direction))
        var advances = Advances(count: count)
        var pieces: [InlinePiece]
        switch metric {
        case .fonts:
            pieces = Self.itemize(collected, items: input.items, levels: bidi.levels, context: context)
            var graphemeStarts: [Bool]?
            for p in pieces.indices {
                Self.shape(&pieces[p], scalars: collected.scalars, items: input.items, language: input.language, context: context)
                advances.measure(pieces[p], items: input.items, scalars: collected.scalars, graphemeStarts: &graphemeStarts)
            }
        case .cells:
            pieces = Self.itemizeCells(collected, items: input.items, levels: bidi.levels, context: context)
            for p in pieces.indices { advances.measureCells(&pieces[p], items: input.items, scalars: collected.scalars) }
        }
        var pieceIndex = [Int](filled: 0, count: count)
        for (p, piece) in pieces.enumerated() {
            for i in piece.range { pieceIndex[i] = p }
        }
        var prefix: [Double] = []
        prefix.reserveCapacity(count + 1)
        var sum = 0.0
        prefix.append(sum)
        for a in advances.advance {
            sum += a
            prefix.append(sum)
        }
        self.pieces = pieces
        self.pieceIndex = pieceIndex
        self.prefix = prefix
        advance = advances.advance
        extra = advances.extra
    }

    /// The width of a range of scalars.
    func width(_ range: Range<Int>) -> Double {
        prefix[range.upperBound] - prefix[range.lowerBound]
    }

    static let syriac = Script(tag: "Syrc")
    static let mongolian = Script(tag: "Mong")

    static func isWordSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{A0}" || scalar == "\u{1361}" || scalar == "\u{10100}" || scalar == "\u{10101}"
    }
}

/// Each scalar's advance and its spacing part, filled piece by piece.
struct Advances {
    var advance: [Double]
    var extra: [Double]

    init(count: Int) {
        advance = [Double](filled: 0, count: count)
        extra = [Double](filled: 0, count: count)
    }

    /// Records the piece's advances per scalar, with `letter-spacing` after every grapheme
    /// cluster and `word-spacing` on word separators.
    /// https://www.w3.org/TR/css-text-3/#spacing
    mutating func measure(_ piece: InlinePiece, items: [InlineItem], scalars: [Unicode.Scalar], graphemeStarts: inout [Bool]?) {
        switch items[piece.item] {
        case .atomic(let width, _, _, _, _):
            advance[piece.range.lowerBound] = width
        case .forcedBreak:
            break
        case .text(_, let shared, _):
            guard piece.kind == .text else { return }
            for glyph in piece.glyphs where piece.range.contains(glyph.cluster) {
                advance[glyph.cluster] += glyph.xAdvance
            }
            let letterSpacing = shared.style.text.letterSpacing
            let wordSpacing = shared.style.text.wordSpacing
            // No spacing: nothing to add (adding 0 would change no advance).
            if letterSpacing == 0, case .px(let px) = wordSpacing, px == 0 { return }
            var hasGlyph = [Bool](filled: false, count: piece.range.count)
            for glyph in piece.glyphs where piece.range.contains(glyph.cluster) {
                hasGlyph[glyph.cluster - piece.range.lowerBound] = true
            }
            if letterSpacing != 0 && graphemeStarts == nil { graphemeStarts = GraphemeBreaks.starts(scalars[...]) }
            let cursive = piece.script == .arabic || piece.script == ShapedParagraph.syriac || piece.script == ShapedParagraph.mongolian
            // Spacing goes on scalars that have a glyph to carry it (not ligature tails).
            for i in piece.range where hasGlyph[i - piece.range.lowerBound] {
                var spacing = 0.0
                if letterSpacing != 0 && graphemeStarts?[i] == true && !cursive { spacing += letterSpacing }
                if ShapedParagraph.isWordSeparator(scalars[i]) { spacing += wordSpacing.resolve(against: advance[i]) }
                extra[i] = spacing
                advance[i] += spacing
            }
        }
    }
}
