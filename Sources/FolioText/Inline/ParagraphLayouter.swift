import FolioStyle

/// The paragraph setter: inline formatting of one block's content into line boxes.
///
/// collect (white space, transforms) → itemize and shape (fonts, scripts, bidi levels) →
/// break (UAX #14 + CSS, first fit) → assemble (reorder, align, justify, line heights).
/// Lines are independent values, so pagination splits a paragraph between any two lines.
/// https://www.w3.org/TR/css-inline-3/ · https://www.w3.org/TR/css-text-3/
public enum ParagraphLayouter {
    /// Lays out `input` in lines at most `width` px wide (an unbreakable word excepted: its
    /// line is marked `overflows` and reported as `layout.line-overflow`).
    public static func layout(_ input: ParagraphInput, width: Double, context: InlineContext) -> ParagraphLayout {
        let collected = CollectedText(input.items)
        let shaped = ShapedParagraph(collected, input: input, context: context)
        let assembler = LineAssembler(shaped: shaped, input: input, context: context, width: width)
        var filler = LineFiller(shaped: shaped, breaker: breaker(collected, input: input, context: context)) {
            assembler.hyphen(after: $0)?.width ?? 0
        }
        let chosen = filler.lines(firstWidth: width - assembler.indent, width: width)
        var lines: [LineBox] = []
        lines.reserveCapacity(chosen.count)
        for (k, line) in chosen.enumerated() {
            let box = assembler.line(line, first: k == 0, last: k == chosen.count - 1, content: filler.contentEnd(line.range))
            if box.overflows {
                let word = String(String.UnicodeScalarView(collected.scalars[line.range].prefix(40)))
                context.fonts.diagnostics.warn("layout.line-overflow", "“\(word)” is wider than the line (\(Int(width)) px)")
            }
            lines.append(box)
        }
        return ParagraphLayout(text: collected.string, lines: lines)
    }

    /// The break opportunities, with each item's `white-space`, `word-break`,
    /// `overflow-wrap`, `line-break` and `hyphens`.
    static func breaker(_ collected: CollectedText, input: ParagraphInput, context: InlineContext) -> LineBreaker {
        var spans: [LineBreaker.Span] = []
        var start = 0
        for i in 0...collected.scalars.count where i == collected.scalars.count || collected.item[i] != collected.item[start] {
            if i > start {
                var text = input.blockStyle.text
                if case .text(_, let shared, _) = input.items[collected.item[start]] { text = shared.style.text }
                let style = LineBreakStyle(whiteSpace: text.whiteSpace, wordBreak: text.wordBreak, overflowWrap: text.overflowWrap,
                                           lineBreak: text.lineBreak, hyphens: text.hyphens)
                spans.append(LineBreaker.Span(range: start..<i, style: style))
            }
            start = i
        }
        return LineBreaker(text: collected.string, language: input.language, spans: spans, hyphenation: context.hyphenation)
    }
}
