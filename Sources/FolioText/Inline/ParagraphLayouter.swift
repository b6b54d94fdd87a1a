import FolioStyle

/// The paragraph setter: inline formatting of one block's content into line boxes.
///
/// collect (white space, transforms) → itemize and shape (fonts, scripts, bidi levels) →
/// break (UAX #14 + CSS; total fit, in terminal cells with whole columns; first fit beside floats) → assemble (reorder, align, justify, line heights).
/// Lines are independent values, so pagination splits a paragraph between any two lines.
///
/// Fast for whole books: words go through the `ShapeCache` without strings, left-to-right
/// text skips FriBidi, and `hyphens: auto` words are hyphenated only when a line might end
/// in them (`LineFiller`), with the same lines as hyphenating every word first.
/// https://www.w3.org/TR/css-inline-3/ · https://www.w3.org/TR/css-text-3/
public enum ParagraphLayouter {
    /// Lays out `input` in lines at most `width` px wide — columns with the cell metric
    /// (`TextMetric.cells`) — an unbreakable word excepted: its line is marked `overflows`
    /// and reported as `layout.line-overflow`.
    public static func layout(_ input: ParagraphInput, width: Double, context: InlineContext,
                              memo: ParagraphMemo? = nil) -> ParagraphLayout {
        layout(input, width: width, context: context, lazyHyphenation: true, memo: memo)
    }

    /// Lays out `input` line by line in the room `bands` leaves each line: asked with a line's
    /// top (px, or rows with the cell metric, below the paragraph's first line) and the block's
    /// strut height, it answers the line's inset from the left edge and its width — narrower
    /// beside a float, back to `width` below it.
    /// https://www.w3.org/TR/CSS2/visuren.html#floats
    public static func layout(_ input: ParagraphInput, width: Double, context: InlineContext, memo: ParagraphMemo? = nil,
                              bands: (_ top: Double, _ height: Double) -> LineBand) -> ParagraphLayout {
        withoutActuallyEscaping(bands) { layout(input, width: width, context: context, lazyHyphenation: true, memo: memo, bands: $0) }
    }

    /// With `lazyHyphenation: false` every `hyphens: auto` word is hyphenated up front: the
    /// same lines, slower (tests compare the two). Without `bands` every line has `width`.
    /// `memo` may hold the paragraph as measuring left it (with lazy hyphenation only).
    static func layout(_ input: ParagraphInput, width: Double, context: InlineContext, lazyHyphenation: Bool,
                       memo: ParagraphMemo? = nil, bands: ((_ top: Double, _ height: Double) -> LineBand)? = nil) -> ParagraphLayout {
        let prepared = (lazyHyphenation ? memo?.take(input) : nil) ?? prepare(input, context: context, lazy: lazyHyphenation)
        let collected = prepared.collected
        let shaped = prepared.shaped
        let assembler = LineAssembler(shaped: shaped, input: input, context: context, width: width)
        var filler = LineFiller(shaped: shaped, breaker: prepared.breaker) {
            assembler.hyphenWidth(after: $0)
        }
        // Unowned: the assembler keeps the protrusion, which must not keep it in turn.
        let protrusion = Protrusion(shaped: shaped, input: input, context: context) { [unowned assembler] in assembler.hyphenWidth(after: $0) }
        filler.protrusion = protrusion
        assembler.protrusion = protrusion
        let count = collected.scalars.count
        var lines: [LineBox] = []
        // Text is set total-fit: the paragraph's breaks chosen together. Justified lines
        // stretch their word spaces; ragged ones keep them and leave the rest of the line
        // empty, which counts as the stretch of a glue at the line's end (`raggedStretch`
        // ems of the block's font), so that the right edge is as even as the words allow.
        // Terminal cells: the same, in whole columns; a space cannot shrink below one column,
        // and an em is two columns.
        let cells = context.metric == .cells
        var parameters = LineFiller.TotalFit()
        if cells { parameters.shrink = 0 }
        if input.blockStyle.text.align != .justify {
            parameters.raggedStretch = LineFiller.TotalFit.raggedEms * (cells ? 2 : assembler.blockFontSize)
        }
        if bands == nil, count > 0,
           let chosen = filler.totalFit(available: (assembler.width - assembler.indent, assembler.width), separators: separatorWidths(shaped),
                                        parameters: parameters) {
            for (k, line) in chosen.enumerated() {
                lines.append(assembler.line(line, first: k == 0, last: line.range.upperBound >= count, content: filler.contentEnd(line.range)))
            }
            return ParagraphLayout(collected, lines: lines)
        }
        var start = 0, top = 0.0
        while start < count {
            let band = bands?(top, assembler.strut.height)
            let lineWidth = band?.width ?? width
            let first = lines.isEmpty
            let chosen = filler.next(from: start, available: lineWidth - (first ? assembler.indent : 0))
            var box = assembler.line(chosen, first: first, last: chosen.range.upperBound >= count,
                                     content: filler.contentEnd(chosen.range), band: band)
            if let band { box = box.lowered(by: band.skip) }
            lines.append(box)
            top += box.height
            start = chosen.range.upperBound
        }
        return ParagraphLayout(collected, lines: lines)
    }

    /// Where the first line of `input` ends when set first-fit `width` px wide (a paragraph-text
    /// offset), and whether that is the end of the text: a cheap estimate of a paragraph's
    /// first line, for `::first-line`, without setting the whole paragraph.
    public static func firstLineEnd(_ input: ParagraphInput, width: Double, context: InlineContext) -> (end: Int, isWhole: Bool) {
        let prepared = prepare(input, context: context, lazy: true)
        let collected = prepared.collected, shaped = prepared.shaped
        let assembler = LineAssembler(shaped: shaped, input: input, context: context, width: width)
        var filler = LineFiller(shaped: shaped, breaker: prepared.breaker) {
            assembler.hyphenWidth(after: $0)
        }
        filler.protrusion = Protrusion(shaped: shaped, input: input, context: context) { assembler.hyphenWidth(after: $0) }
        let line = filler.next(from: 0, available: width - assembler.indent)
        return (line.range.upperBound, line.range.upperBound >= collected.scalars.count)
    }

    /// The `hyphens` a span is broken with: the book's, or under the reader's `auto` (the
    /// default) `auto` in justified text the book does not forbid to hyphenate (`none`), and
    /// never `auto` in a heading, which readers expect whole even where a book's sheet
    /// hyphenates everything.
    static func usedHyphens(_ value: Hyphens, input: ParagraphInput, context: InlineContext) -> Hyphens {
        switch context.readerHyphens {
        case .book: return value
        case .off: return value == .auto ? .manual : value
        case .auto:
            if input.isHeading { return value == .auto ? .manual : value }
            return value == .manual && input.blockStyle.text.align == .justify ? .auto : value
        }
    }

    /// The width of the word separators before each scalar (a prefix sum, one longer than the text).
    static func separatorWidths(_ shaped: ShapedParagraph) -> [Double] {
        let scalars = shaped.collected.scalars
        var sums = [Double](filled: 0, count: scalars.count + 1)
        var sum = 0.0
        for i in scalars.indices {
            if ShapedParagraph.isWordSeparator(scalars[i]) { sum += shaped.width(i..<(i + 1)) }
            sums[i + 1] = sum
        }
        return sums
    }

    /// The paragraph's text collected and shaped, and its break opportunities.
    static func prepare(_ input: ParagraphInput, context: InlineContext, lazy: Bool) -> ParagraphMemo.Prepared {
        let collected = CollectedText(input.items)
        let shaped = ShapedParagraph(collected, input: input, context: context)
        return ParagraphMemo.Prepared(collected: collected, shaped: shaped, breaker: breaker(collected, input: input, context: context, lazy: lazy))
    }

    /// The break opportunities, with each item's `white-space`, `word-break`,
    /// `overflow-wrap`, `line-break` and `hyphens`.
    static func breaker(_ collected: CollectedText, input: ParagraphInput, context: InlineContext, lazy: Bool) -> LineBreaker {
        var spans: [LineBreaker.Span] = []
        var start = 0
        for i in 0...collected.scalars.count where i == collected.scalars.count || collected.item[i] != collected.item[start] {
            if i > start {
                // The item's style (else the block's), its parts read in place: a whole
                // `ComputedStyle` passed on is copied, some 500 instructions.
                func breakStyle(_ text: CopyOnWrite<TextProperties>, _ limit: HyphenateLimitChars) -> LineBreakStyle {
                    LineBreakStyle(whiteSpace: text.whiteSpace, wordBreak: text.wordBreak, overflowWrap: text.overflowWrap,
                                   lineBreak: text.lineBreak, hyphens: usedHyphens(text.hyphens, input: input, context: context),
                                   hyphenateLimit: limit)
                }
                let style: LineBreakStyle
                if case .text(_, let shared, _) = input.items[collected.item[start]] {
                    style = breakStyle(shared.style.text, shared.style.rareInherited.hyphenateLimitChars)
                } else {
                    style = breakStyle(input.blockStyle.text, input.blockStyle.rareInherited.hyphenateLimitChars)
                }
                spans.append(LineBreaker.Span(range: start..<i, style: style))
            }
            start = i
        }
        return LineBreaker(scalars: collected.scalars, language: input.language, spans: spans, hyphenation: context.hyphenation, lazy: lazy)
    }
}
