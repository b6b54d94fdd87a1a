/// The computed values of one element: fixed, typed fields that layout reads directly,
/// never by property name (MuPDF's `fz_css_style` idea).
///
/// Inherited properties live in `font`, `text` and `rareInherited`; the rest in `box`,
/// `border`, `background` and `generated`. All but `font` sit behind copy-on-write
/// references so that a copy per element stays cheap: `box` and `text` too, although every
/// box and paragraph reads them, since their fields were each copied on their own (a length
/// may hold a calc() expression): some 5 % of a book's layout for `box`, 1 % for `text`. Equal styles are
/// equal values, so the cascade can intern them (`StyleInterner`).
/// https://www.w3.org/TR/css-cascade-4/#computed
public struct ComputedStyle: Sendable, Hashable {
    public var font: FontProperties
    public var text: CopyOnWrite<TextProperties>
    public var rareInherited: CopyOnWrite<RareInheritedProperties>
    public var box: CopyOnWrite<BoxProperties>
    public var border: CopyOnWrite<BorderProperties>
    public var background: CopyOnWrite<BackgroundProperties>
    public var generated: CopyOnWrite<GeneratedProperties>

    /// The initial values of every property: the style of a root element with no
    /// declarations (font size 16px, black text, `display: inline`).
    public static let initial = ComputedStyle(
        font: FontProperties(), text: CopyOnWrite(TextProperties()), rareInherited: CopyOnWrite(RareInheritedProperties()),
        box: CopyOnWrite(BoxProperties()), border: CopyOnWrite(BorderProperties()), background: CopyOnWrite(BackgroundProperties()),
        generated: CopyOnWrite(GeneratedProperties())
    )

    /// The used colour of a computed colour: `currentColor` is this element's `color`.
    public func resolve(_ color: CSSColor) -> RGBA {
        switch color {
        case .rgba(let rgba): rgba
        case .currentColor: text.color
        }
    }
}

/// The font properties (all inherited). https://www.w3.org/TR/css-fonts-3/
public struct FontProperties: Sendable, Hashable {
    public var family: [FontFamily] = [.generic(.serif)]
    /// In CSS px.
    public var size: Double = 16
    /// 1…1000.
    public var weight: Int = 400
    public var style: FontStyle = .normal
    public var variantCaps: FontVariantCaps = .normal
    /// A percentage (100 is normal).
    public var stretch: Double = 100
    public var featureSettings: [FontFeature] = []
    public var lineHeight: LineHeight = .normal
}

/// The common inherited text properties. https://www.w3.org/TR/css-text-3/
public struct TextProperties: Sendable, Hashable {
    public var color: RGBA = .black
    public var align: TextAlign = .start
    public var alignLast: TextAlignLast = .auto
    public var indent: LengthPercentage = .zero
    public var transform: TextTransform = .none
    /// In px; `normal` is 0.
    public var letterSpacing: Double = 0
    /// `normal` is 0px.
    public var wordSpacing: LengthPercentage = .zero
    public var whiteSpace: WhiteSpace = .normal
    public var wordBreak: WordBreak = .normal
    public var overflowWrap: OverflowWrap = .normal
    public var lineBreak: LineBreak = .auto
    public var hyphens: Hyphens = .manual
    public var direction: Direction = .ltr
    public var writingMode: WritingMode = .horizontalTB
    public var textOrientation: TextOrientation = .mixed
    public var visibility: Visibility = .visible
    public var orphans: Int = 2
    public var widows: Int = 2
}

/// Inherited properties most elements never set: lists, tables, quotes, emphasis marks,
/// underline placement.
public struct RareInheritedProperties: Sendable, Hashable {
    public var listStyleType: ListStyleType = .disc
    public var listStylePosition: ListStylePosition = .outside
    public var listStyleImage: CSSImage = .none
    public var borderCollapse: BorderCollapse = .separate
    public var borderSpacing = BorderSpacing(horizontal: 0, vertical: 0)
    public var captionSide: CaptionSide = .top
    public var emptyCells: EmptyCells = .show
    public var quotes: Quotes = .auto
    public var emphasisStyle: TextEmphasisStyle = .none
    public var emphasisColor: CSSColor = .currentColor
    public var emphasisPosition = TextEmphasisPosition()
    public var underlinePosition: TextUnderlinePosition = .auto
    /// Columns between tab stops in preserved white space (`tab-size`).
    public var tabSize = 8
    public var hyphenateLimitChars = HyphenateLimitChars()
    public var hangingPunctuation = HangingPunctuation()
    public var textJustify: TextJustify = .auto
}

/// `border-spacing` in px.
public struct BorderSpacing: Sendable, Hashable, CustomStringConvertible {
    public var horizontal: Double
    public var vertical: Double

    public var description: String {
        horizontal == vertical ? cssNumber(horizontal) + "px" : "\(cssNumber(horizontal))px \(cssNumber(vertical))px"
    }
}

/// The common non-inherited box properties. https://www.w3.org/TR/CSS2/box.html
public struct BoxProperties: Sendable, Hashable {
    public var display: Display = .inline
    public var position: Position = .static
    public var float: FloatMode = .none
    public var clear: Clear = .none
    public var boxSizing: BoxSizing = .contentBox
    public var width: LengthPercentageOrAuto = .auto
    public var height: LengthPercentageOrAuto = .auto
    public var minWidth: LengthPercentageOrAuto = .auto
    public var minHeight: LengthPercentageOrAuto = .auto
    public var maxWidth: LengthPercentageOrNone = .none
    public var maxHeight: LengthPercentageOrNone = .none
    public var margin = Edges<LengthPercentageOrAuto>(all: .zero)
    public var padding = Edges<LengthPercentage>(all: .zero)
    /// `top`, `right`, `bottom`, `left`.
    public var inset = Edges<LengthPercentageOrAuto>(all: .auto)
    public var overflowX: Overflow = .visible
    public var overflowY: Overflow = .visible
    /// `nil` is `auto`.
    public var zIndex: Int?
    public var opacity: Double = 1
    public var verticalAlign: VerticalAlign = .keyword(.baseline)
    public var unicodeBidi: UnicodeBidi = .normal
    public var breakBefore: BreakBetween = .auto
    public var breakAfter: BreakBetween = .auto
    public var breakInside: BreakInside = .auto
    /// Not inherited, but decorations propagate to descendants' text (layout's job).
    public var textDecorationLine: TextDecorationLine = []
    public var textDecorationStyle: TextDecorationStyle = .solid
    public var textDecorationColor: CSSColor = .currentColor
    public var textCombineUpright: TextCombineUpright = .none
    public var tableLayout: TableLayout = .auto
    /// `nil` is `auto`.
    public var columnCount: Int?
    /// In px; `nil` is `auto`.
    public var columnWidth: Double?
}

/// Borders. Widths are px and already 0 where the style is `none` or `hidden`.
/// https://www.w3.org/TR/css-backgrounds-3/#borders
public struct BorderProperties: Sendable, Hashable {
    public var width = Edges<Double>(all: 0)
    public var style = Edges<BorderStyle>(all: .none)
    public var color = Edges<CSSColor>(all: .currentColor)
    public var radius = Corners<CornerRadius>(all: .zero)
}

/// Background layers, first layer on top; lists other than `images` repeat to match it.
/// https://www.w3.org/TR/css-backgrounds-3/#layering
public struct BackgroundProperties: Sendable, Hashable {
    public var color: CSSColor = .transparent
    public var images: [CSSImage] = [.none]
    public var positions: [BackgroundPosition] = [.topLeft]
    public var sizes: [BackgroundSize<LengthPercentage>] = [.size(width: nil, height: nil)]
    public var repeats: [BackgroundRepeat] = [.repeat]
    public var attachments: [BackgroundAttachment] = [.scroll]
    public var origins: [BackgroundBox] = [.paddingBox]
    public var clips: [BackgroundBox] = [.borderBox]
}

/// Generated content and counters. https://www.w3.org/TR/css-content-3/
public struct GeneratedProperties: Sendable, Hashable {
    public var content: Content = .normal
    public var counterReset: [CounterChange] = []
    public var counterIncrement: [CounterChange] = []
    public var counterSet: [CounterChange] = []
}
