/// A declared value after parsing, typed by what the property accepts.
///
/// The parser produces only combinations that make sense for the property it parsed
/// (`.length` for `margin-top`, `.display` for `display`); computing turns them into the
/// fixed fields of `ComputedStyle`.
/// https://www.w3.org/TR/css-cascade-4/#specified
public enum SpecifiedValue: Sendable, Hashable {
    case cssWide(CSSWideKeyword)
    case auto
    case none
    case normal
    case length(Length)
    case number(Double)
    case integer(Int)
    case color(CSSColor)

    case display(Display)
    case position(Position)
    case float(FloatMode)
    case clear(Clear)
    case boxSizing(BoxSizing)
    case overflow(Overflow)
    case visibility(Visibility)
    case borderStyle(BorderStyle)
    case borderWidth(Length)
    case cornerRadius(Length, Length)
    case verticalAlign(VerticalAlignKeyword)
    case unicodeBidi(UnicodeBidi)

    case fontFamily([FontFamily])
    case fontSize(FontSizeValue)
    case fontWeight(FontWeightValue)
    case fontStyle(FontStyle)
    case fontVariantCaps(FontVariantCaps)
    /// `font-stretch` as a percentage.
    case fontStretch(Double)
    case fontFeatures([FontFeature])
    case lineHeight(LineHeightValue)

    case textAlign(TextAlign)
    /// `text-align: match-parent`.
    case matchParent
    case textAlignLast(TextAlignLast)
    case textTransform(TextTransform)
    case textDecorationLine(TextDecorationLine)
    case textDecorationStyle(TextDecorationStyle)
    case whiteSpace(WhiteSpace)
    case wordBreak(WordBreak)
    case overflowWrap(OverflowWrap)
    case lineBreak(LineBreak)
    case hyphens(Hyphens)
    case textJustify(TextJustify)
    case hyphenateLimitChars(HyphenateLimitChars)
    case hangingPunctuation(HangingPunctuation)
    case direction(Direction)
    case writingMode(WritingMode)
    case textOrientation(TextOrientation)
    case textCombineUpright(TextCombineUpright)
    case textEmphasisStyle(TextEmphasisStyle)
    case textEmphasisPosition(TextEmphasisPosition)
    case textUnderlinePosition(TextUnderlinePosition)

    case backgroundImages([CSSImage])
    case backgroundPositions([SpecifiedPosition])
    case backgroundSizes([BackgroundSize<Length>])
    case backgroundRepeats([BackgroundRepeat])
    case backgroundAttachments([BackgroundAttachment])
    case backgroundBoxes([BackgroundBox])

    case listStyleType(ListStyleType)
    case listStylePosition(ListStylePosition)
    case image(CSSImage)

    case borderCollapse(BorderCollapse)
    case borderSpacing(Length, Length)
    case captionSide(CaptionSide)
    case tableLayout(TableLayout)
    case emptyCells(EmptyCells)

    case content([ContentItem])
    case counters([CounterChange])
    case quotes([QuotePair])

    case breakBetween(BreakBetween)
    case breakInside(BreakInside)
}
