import FolioStyle

/// A paragraph's intrinsic widths, in px: what table column widths (and any shrink-to-fit
/// box) are computed from.
/// https://www.w3.org/TR/css-sizing-3/#intrinsic-sizes
public struct IntrinsicWidths: Sendable, Hashable {
    /// The widest piece no soft wrap opportunity splits: the narrowest the paragraph can be
    /// set without overflowing.
    public var minContent: Double
    /// The widest line when only forced breaks end lines.
    public var maxContent: Double

    public init(minContent: Double, maxContent: Double) {
        self.minContent = minContent
        self.maxContent = maxContent
    }
}

extension ParagraphLayouter {
    /// The min-content and max-content widths of `input`, measured on the same shaping and
    /// break opportunities as `layout` (hyphenation points and `overflow-wrap` emergency
    /// breaks are not counted: a column at the min-content width fits every word whole).
    /// `text-indent` is added to the first line (a percentage counts as 0).
    /// With a `memo`, the paragraph is kept there as measured, for `layout` to set it from.
    public static func intrinsicWidths(_ input: ParagraphInput, context: InlineContext, memo: ParagraphMemo? = nil) -> IntrinsicWidths {
        let prepared = prepare(input, context: context, lazy: true)
        let collected = prepared.collected, shaped = prepared.shaped
        let count = collected.scalars.count
        guard count > 0 else { return IntrinsicWidths(minContent: 0, maxContent: 0) }
        memo?.keep(input, prepared)
        let kinds = prepared.breaker.kinds
        let indent = input.blockStyle.text.indent.resolve(against: 0)

        func width(_ range: Range<Int>) -> Double {
            var end = range.upperBound
            while end > range.lowerBound, LineFiller.hangs(collected.scalars[end - 1]) { end -= 1 }
            return shaped.width(range.lowerBound..<end)
        }
        var minimum = 0.0, maximum = 0.0
        var pieceStart = 0, lineStart = 0
        for i in 0..<count {
            let kind = kinds[i]
            guard kind == .allowed || kind == .mandatory || i == count - 1 else { continue }
            let end = i + 1
            minimum = max(minimum, width(pieceStart..<end) + (pieceStart == 0 ? indent : 0))
            pieceStart = end
            if kind == .mandatory || i == count - 1 {
                maximum = max(maximum, width(lineStart..<end) + (lineStart == 0 ? indent : 0))
                lineStart = end
            }
        }
        return IntrinsicWidths(minContent: max(0, minimum), maxContent: max(0, maximum, minimum))
    }
}
