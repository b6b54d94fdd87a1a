import FolioStyle

/// Turns a chosen line (a range of the paragraph) into a `LineBox`: runs reordered visually
/// (UAX #9 L1–L2), aligned (`text-align`, `text-align-last`, `text-indent`), justified by
/// stretching word separators (and, a little, the gaps between letters where separators alone
/// would gape), placed vertically (`line-height`, `vertical-align`).
///
/// A class: the filler asks it for hyphen widths while the lines are chosen.
final class LineAssembler {
    let shaped: ShapedParagraph
    let input: ParagraphInput
    let context: InlineContext
    let width: Double
    let indent: Double
    /// The strut: the block's own font and line height.
    let strut: InlineMetrics
    let blockXHeight: Double
    let blockText: TextProperties
    let blockFontSize: Double
    /// Punctuation that may hang into the margins (the filler's, so that lines are set as chosen).
    var protrusion: Protrusion?
    /// By piece: the hyphen run, once asked for (nil inside: the piece has no font).
    private var hyphens: [ShapedRun??]
    /// By piece: the hyphen's width, NaN until asked for.
    private var hyphenWidths: [Double]

    init(shaped: ShapedParagraph, input: ParagraphInput, context: InlineContext, width: Double) {
        self.shaped = shaped
        self.input = input
        self.context = context
        hyphens = Array(filled: nil, count: shaped.pieces.count)
        hyphenWidths = Array(filled: .nan, count: shaped.pieces.count)
        // The block's style is read where it lies: a copy costs some 500 instructions.
        blockText = input.blockStyle.text.value
        blockFontSize = input.blockStyle.font.size
        switch context.metric {
        case .fonts:
            self.width = width
            indent = input.blockStyle.text.indent.resolve(against: width)
            let face = context.face(for: input.blockStyle.font).face
            strut = InlineMetrics(face: face, size: input.blockStyle.font.size, style: input.blockStyle)
            blockXHeight = face.metrics.px(face.metrics.xHeight, size: input.blockStyle.font.size)
        case .cells:
            // Whole columns, one row a line.
            self.width = max(0, width.rounded(.down))
            indent = input.blockStyle.text.indent.resolve(against: self.width).rounded()
            strut = InlineMetrics(height: 1, baseline: 1)
            blockXHeight = 0
        }
    }

    /// The hyphen shown after scalar `offset`, in its piece's font (nil for no font).
    func hyphen(after offset: Int) -> ShapedRun? {
        let index = shaped.pieceIndex[offset]
        if let known = hyphens[index] { return known }
        let piece = shaped.pieces[index]
        let run = piece.font.map { font in
            context.metric == .cells ? ShapedParagraph.cellHyphen
                : context.hyphenRun(face: font.face, size: piece.size, direction: piece.direction, script: piece.script,
                                    language: input.language)
        }
        hyphens[index] = .some(run)
        return run
    }

    /// The width of the hyphen shown after scalar `offset` (0 for no font).
    func hyphenWidth(after offset: Int) -> Double {
        let index = shaped.pieceIndex[offset]
        let known = hyphenWidths[index]
        if !known.isNaN { return known }
        let width = hyphen(after: offset)?.width ?? 0
        hyphenWidths[index] = width
        return width
    }

    /// How the paragraph's justified lines are stretched (`text-justify`).
    var justification: TextJustify { input.blockStyle.rareInherited.textJustify }

    /// What a justified line with `extra` px to fill (over its `spaces` word separators,
    /// `separators` px wide) puts between its letters: the gaps, and the px each takes.
    /// `auto`: where the separators would pass twice their width, up to `maxLetterStretch` of
    /// the excess goes between the letters instead, as a compositor's letter spacing would
    /// (CSS Text 3 leaves `auto` to the reader). `inter-character`: every gap, letters and
    /// separators alike, takes an equal share. `inter-word`: none (nor `none`, whose blocks are
    /// not justified at all: `ParagraphInput.setting`).
    func letterSpacing(_ content: Range<Int>, room extra: Double, separators: Double, spaces: Int) -> (gaps: Int, stretch: Double) {
        guard context.metric == .fonts, shaped.bidi.isAllLTR else { return (0, 0) }
        switch justification {
        case .interWord, .none:
            return (0, 0)
        case .interCharacter:
            let gaps = letterGaps(in: content)
            return gaps > 0 ? (gaps, extra / Double(gaps + spaces)) : (0, 0)
        case .auto:
            let excess = extra - separators
            guard excess > 0 else { return (0, 0) }
            let gaps = letterGaps(in: content)
            return gaps > 0 ? (gaps, min(excess / Double(gaps), Self.maxLetterStretch * blockFontSize)) : (0, 0)
        }
    }

    /// The most a justified line adds between two letters, in em of the paragraph's font: 0.02
    /// em (a third of a pixel at 16 px) takes most lines whose spaces would pass twice natural
    /// back under it and is not seen as spacing.
    static let maxLetterStretch = 0.02

    /// The gaps between letters of a line that may be spaced: every scalar followed, inside
    /// the line, by a visible character that starts a new letter, neither being a word
    /// separator; none in a line with a script whose letters are not spaced apart (Arabic's
    /// joining, the Indic clusters, Thai, the ideographs), where the line keeps its separators.
    func letterGaps(in content: Range<Int>) -> Int {
        let scalars = shaped.collected.scalars
        var gaps = 0
        for i in content {
            guard Self.mayLetterSpace(scalars[i]) else { return 0 }
            if Self.isLetterGap(after: i, scalars: scalars, end: content.upperBound) { gaps += 1 }
        }
        return gaps
    }

    /// Scripts whose letters may be spaced apart: Latin, Greek, Cyrillic and Armenian, with the
    /// punctuation, symbols, digits and combining marks they use.
    static func mayLetterSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x0590, 0x1D00..<0x2C00, 0x2C60..<0x2C80, 0x2DE0..<0x2E80, 0xA640..<0xA6A0, 0xA720..<0xA800, 0xAB30..<0xAB70,
             0xFB00..<0xFB18, 0xFE00..<0xFE10, 0xFE20..<0xFE30, 0xFFFC:
            true
        default:
            false
        }
    }

    /// Whether letter spacing goes after scalar `i` of a line ending at `end`: the next
    /// scalar is a visible one starting a letter (not a mark joining this one, a format or
    /// control character, an object replacement) and neither is a word separator.
    static func isLetterGap<Scalars: RandomAccessCollection<Unicode.Scalar>>(after i: Int, scalars: Scalars, end: Int) -> Bool
    where Scalars.Index == Int {
        guard i + 1 < end, i + 1 < scalars.endIndex else { return false }
        let this = scalars[i], next = scalars[i + 1]
        if ShapedParagraph.isWordSeparator(this) || ShapedParagraph.isWordSeparator(next) { return false }
        if this.value < 0x20 || this.value == 0xFFFC || next.value == 0xFFFC || this.properties.generalCategory == .format { return false }
        switch next.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// The line box of a chosen line. `band` narrows it (floats beside it): the line starts
    /// `inset` px right of the paragraph's left edge and is `width` wide instead of the paragraph.
    func line(_ line: LineFiller.Line, first: Bool, last: Bool, content end: Int, band: LineBand? = nil) -> LineBox {
        let content = line.range.lowerBound..<end
        let hyphenRun = line.kind == .hyphenated && end > content.lowerBound ? hyphen(after: end - 1) : nil
        var width = self.width, inset = 0.0
        if let band {
            width = context.metric == .cells ? max(0, band.width.rounded(.down)) : max(0, band.width)
            inset = context.metric == .cells ? band.inset.rounded() : band.inset
        }
        let natural = shaped.width(content) + (hyphenRun?.width ?? 0)
        // What hangs into the margins widens the room; the line then starts that much earlier.
        var startHang = 0.0, endHang = 0.0
        if let protrusion, !line.overflows {
            (startHang, endHang) = protrusion.hangs(content: content, hyphenated: line.kind == .hyphenated,
                                                    last: line.range.upperBound >= shaped.collected.scalars.count,
                                                    natural: natural, room: width - (first ? indent : 0))
        }
        let available = width - (first ? indent : 0) + startHang + endHang

        // Alignment: the last line and lines before a forced break follow text-align-last.
        let forced = line.kind == .mandatory && !last
        let align = Self.resolve(blockText, lastLike: last || forced, direction: shaped.bidi.direction)
        var spaces = 0
        var separators = 0.0
        for i in content where ShapedParagraph.isWordSeparator(shaped.collected.scalars[i]) {
            spaces += 1
            separators += shaped.width(i..<(i + 1))
        }
        let left = inset + (first && shaped.bidi.direction == .ltr ? indent : 0) - (shaped.bidi.direction == .ltr ? startHang : endHang)
        var setting = LineSetting(left: left, room: available, natural: natural, separators: spaces, separatorWidth: separators,
                                  justified: align == .justify, end: ending(of: line, content: content, shown: hyphenRun != nil, last: last),
                                  overflows: line.overflows)
        var stretch = 0.0
        var offset = 0.0
        switch align {
        case .justify where spaces > 0 && natural < available:
            (setting.letterGaps, setting.letterStretch) = letterSpacing(content, room: available - natural, separators: separators,
                                                                        spaces: spaces)
            stretch = (available - natural - Double(setting.letterGaps) * setting.letterStretch) / Double(spaces)
        // A total-fit line may be set a little tight: its separators shrink, at most by a third.
        case .justify where spaces > 0 && natural > available + 1e-6 && !line.overflows && natural - available <= separators / 3 + 1e-6:
            stretch = (available - natural) / Double(spaces)
        case .left: offset = 0
        case .right: offset = max(0, available - natural)
        case .center: offset = max(0, (available - natural) / 2)
        // A justified line with nothing to stretch starts at the paragraph's start.
        default: if shaped.bidi.direction == .rtl { offset = max(0, available - natural) }
        }
        // Cells: whole columns; the first separators of the line take the odd ones.
        var extraBefore = Int.min
        if context.metric == .cells {
            offset = offset.rounded(.down)
            if stretch > 0 {
                let free = Int(available - natural)
                stretch = Double(free / spaces)
                var remainder = free % spaces
                extraBefore = content.lowerBound
                while remainder > 0 && extraBefore < content.upperBound {
                    if ShapedParagraph.isWordSeparator(shaped.collected.scalars[extraBefore]) { remainder -= 1 }
                    extraBefore += 1
                }
            }
        }
        let x = left + offset

        var placer = RunPlacer(shaped: shaped, items: input.items, stretch: stretch, extraCellBefore: extraBefore, x: x,
                               blockSize: blockFontSize, blockXHeight: blockXHeight)
        if setting.letterGaps > 0 { placer.letterSpacing = (setting.letterStretch, content.upperBound) }
        func place(_ p: Int, in run: Range<Int>) {
            let part = shaped.pieces[p].range.clamped(to: run)
            let hyphenHere = hyphenRun != nil && part.contains(end - 1) ? hyphenRun : nil
            placer.place(shaped.pieces[p], part: part, hyphen: hyphenHere)
        }
        if shaped.bidi.isAllLTR {
            // One left-to-right run: the pieces in order.
            if !content.isEmpty {
                for p in shaped.pieceIndex[content.lowerBound]...shaped.pieceIndex[content.upperBound - 1] { place(p, in: content) }
            }
        } else {
            for run in shaped.bidi.visualRuns(line: content) {
                let pieces = shaped.pieceIndex[run.range.lowerBound]...shaped.pieceIndex[run.range.upperBound - 1]
                if run.level & 1 == 1 {
                    for p in pieces.reversed() { place(p, in: run.range) }
                } else {
                    for p in pieces { place(p, in: run.range) }
                }
            }
        }

        if context.metric == .cells {
            // Text sits on the first row, atomics at its top; the line is as tall as the
            // tallest of them (an image in a line takes its rows, not text's).
            for k in placer.runs.indices { placer.runs[k].baseline = 1 }
            let rows = placer.atomics.reduce(1) { max($0, $1.height) }
            return LineBox(x: x, width: placer.x - x, ascent: rows, descent: 0, runs: placer.runs, atomics: placer.atomics,
                           endsWithHyphen: hyphenRun != nil, endsWithForcedBreak: forced, isLast: last,
                           overflows: line.overflows, textRange: line.range, setting: setting)
        }
        // Vertical: the strut, the plain boxes' extent, then the other boxes (CSS 2 §10.8).
        let extent = InlineMetrics.lineExtent(strut: strut, placer.boxes.lazy.map(\.metrics), above: placer.above, below: placer.below)
        // A box on the baseline has the line's baseline (`ascent - 0`).
        for k in placer.runs.indices { placer.runs[k].baseline = extent.ascent }
        for box in placer.boxes {
            let baseline = extent.baseline(of: box.metrics)
            switch box.target {
            case .run(let index): placer.runs[index].baseline = baseline
            case .atomic(let index): placer.atomics[index].y = baseline - box.metrics.ascent
            }
        }
        for emphasis in placer.emphases {
            if let marks = markRun(emphasis.mark, centres: emphasis.centres, over: placer.runs[emphasis.run], style: emphasis.style) {
                placer.runs.append(marks)
            }
        }
        return LineBox(x: x, width: placer.x - x, ascent: extent.ascent, descent: extent.descent,
                       runs: placer.runs, atomics: placer.atomics, endsWithHyphen: hyphenRun != nil,
                       endsWithForcedBreak: forced, isLast: last, overflows: line.overflows, textRange: line.range, setting: setting)
    }

    /// How a chosen line ends.
    private func ending(of line: LineFiller.Line, content: Range<Int>, shown hyphen: Bool, last: Bool) -> LineSetting.End {
        if last { return .last }
        switch line.kind {
        case .mandatory: return .forced
        case .emergency: return .emergency
        case .hyphenated where hyphen: return .hyphen
        default:
            if line.overflows { return .emergency }
            return content.upperBound < line.range.upperBound ? .space : .break
        }
    }

    /// The emphasis marks of a placed run: one run of the mark's glyphs, in the style's first
    /// font when it has the mark (else the run's face, else the first fallback face that does)
    /// at half the text's size, each centred on a character, sitting on the text's ascender
    /// line (or hanging from its descender line).
    /// Nil when no face has the mark. The run stands for no text.
    private func markRun(_ mark: EmphasisMark, centres: [Double], over run: PositionedRun, style: ComputedStyle) -> PositionedRun? {
        guard let scalar = mark.text.unicodeScalars.first else { return nil }
        let size = run.size * EmphasisMark.scale
        let face: FontFace
        let primary = context.face(for: style.font).face
        if primary.hasGlyph(scalar) {
            face = primary
        } else if run.face.hasGlyph(scalar) {
            face = run.face
        } else if let fallback = context.fonts.fallbackFace(for: scalar, after: run.face, families: style.font.family,
                                                            weight: style.font.weight, italic: false) {
            face = fallback.face
        } else {
            return nil
        }
        let shapedMark = context.shapeCache.shape(text: mark.text, face: face, size: size, shaper: context.shaper)
        let width = shapedMark.glyphs.reduce(0) { $0 + $1.xAdvance }
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(centres.count * shapedMark.glyphs.count)
        for centre in centres {
            var pen = centre - width / 2
            for g in shapedMark.glyphs {
                glyphs.append(PositionedGlyph(id: g.id, x: pen + g.xOffset, y: -g.yOffset, advance: g.xAdvance))
                pen += g.xAdvance
            }
        }
        let text = run.face.metrics, marks = face.metrics
        let baseline = mark.under
            ? run.baseline - text.px(text.descender, size: run.size) + marks.px(marks.ascender, size: size)
            : run.baseline - text.px(text.ascender, size: run.size) + marks.px(marks.descender, size: size)
        let left = (centres.min() ?? run.x) - width / 2
        let right = (centres.max() ?? run.x) + width / 2
        return PositionedRun(face: face, size: size, color: mark.color, synthesizeBold: false, synthesizeItalic: false,
                             direction: .ltr, x: left, width: right - left, baseline: baseline, glyphs: glyphs, text: "",
                             textRange: run.textRange.upperBound..<run.textRange.upperBound, source: nil, sourceRange: 0..<0,
                             hasHyphen: false, decorations: [])
    }

    /// `text-align` for a line, `start`/`end` resolved against the paragraph direction.
    /// https://www.w3.org/TR/css-text-3/#text-align-last-property
    static func resolve(_ text: TextProperties, lastLike: Bool, direction: Direction) -> TextAlign {
        var align = text.align
        if lastLike {
            switch text.alignLast {
            case .auto: align = text.align == .justify ? .start : text.align
            case .start: align = .start
            case .end: align = .end
            case .left: align = .left
            case .right: align = .right
            case .center: align = .center
            case .justify: align = .justify
            }
        }
        switch align {
        case .start: return direction == .rtl ? .right : .left
        case .end: return direction == .rtl ? .left : .right
        default: return align
        }
    }
}
