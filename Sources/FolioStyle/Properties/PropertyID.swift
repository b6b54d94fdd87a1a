/// A longhand property Folio computes; shorthands expand into these.
///
/// The case order is the order of `ComputedStyle.cssProperties()`. Initial values are
/// those of `ComputedStyle.initial` (`initialValue` gives them as CSS text).
/// https://www.w3.org/TR/CSS2/propidx.html
public enum PropertyID: UInt8, CaseIterable, Sendable, Hashable {
    case display
    case position
    case `float`
    case clear
    case boxSizing
    case width
    case height
    case minWidth
    case minHeight
    case maxWidth
    case maxHeight
    case marginTop
    case marginRight
    case marginBottom
    case marginLeft
    case paddingTop
    case paddingRight
    case paddingBottom
    case paddingLeft
    case borderTopWidth
    case borderRightWidth
    case borderBottomWidth
    case borderLeftWidth
    case borderTopStyle
    case borderRightStyle
    case borderBottomStyle
    case borderLeftStyle
    case borderTopColor
    case borderRightColor
    case borderBottomColor
    case borderLeftColor
    case borderTopLeftRadius
    case borderTopRightRadius
    case borderBottomRightRadius
    case borderBottomLeftRadius
    case top
    case right
    case bottom
    case left
    case overflowX
    case overflowY
    case visibility
    case zIndex
    case opacity
    case verticalAlign
    case fontFamily
    case fontSize
    case fontWeight
    case fontStyle
    case fontVariantCaps
    case fontStretch
    case fontFeatureSettings
    case lineHeight
    case color
    case textAlign
    case textAlignLast
    case textIndent
    case textTransform
    case textDecorationLine
    case textDecorationStyle
    case textDecorationColor
    case textUnderlinePosition
    case letterSpacing
    case wordSpacing
    case whiteSpace
    case wordBreak
    case overflowWrap
    case lineBreak
    case hyphens
    case hyphenateLimitChars
    case hangingPunctuation
    case direction
    case unicodeBidi
    case writingMode
    case textOrientation
    case textCombineUpright
    case textEmphasisStyle
    case textEmphasisColor
    case textEmphasisPosition
    case backgroundColor
    case backgroundImage
    case backgroundPosition
    case backgroundSize
    case backgroundRepeat
    case backgroundAttachment
    case backgroundOrigin
    case backgroundClip
    case listStyleType
    case listStylePosition
    case listStyleImage
    case borderCollapse
    case borderSpacing
    case captionSide
    case tableLayout
    case emptyCells
    case content
    case counterReset
    case counterIncrement
    case counterSet
    case quotes
    case breakBefore
    case breakAfter
    case breakInside
    case orphans
    case widows
    case columnCount
    case columnWidth
    case tabSize
    case textJustify

    /// The CSS name (`margin-top`).
    public var name: String { Self.names[Int(rawValue)] }

    /// Whether the property inherits by default.
    ///
    /// https://www.w3.org/TR/css-cascade-4/#inheriting
    public var isInherited: Bool { Self.inherited.contains(self) }

    /// The initial value as computed CSS text (`0px`, `normal`).
    public var initialValue: String { ComputedStyle.initial.cssValue(of: self) }

    /// The longhand with this CSS name (lowercase).
    public init?(name: String) {
        guard let id = Self.byName[name] else { return nil }
        self = id
    }

    private static let names: [String] = [
        "display", "position", "float", "clear", "box-sizing", "width", "height", "min-width", "min-height",
        "max-width", "max-height", "margin-top", "margin-right", "margin-bottom", "margin-left", "padding-top",
        "padding-right", "padding-bottom", "padding-left", "border-top-width", "border-right-width",
        "border-bottom-width", "border-left-width", "border-top-style", "border-right-style", "border-bottom-style",
        "border-left-style", "border-top-color", "border-right-color", "border-bottom-color", "border-left-color",
        "border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius",
        "border-bottom-left-radius", "top", "right", "bottom", "left", "overflow-x", "overflow-y", "visibility",
        "z-index", "opacity", "vertical-align", "font-family", "font-size", "font-weight", "font-style",
        "font-variant-caps", "font-stretch", "font-feature-settings", "line-height", "color", "text-align",
        "text-align-last", "text-indent", "text-transform", "text-decoration-line", "text-decoration-style",
        "text-decoration-color", "text-underline-position", "letter-spacing", "word-spacing", "white-space", "word-break", "overflow-wrap",
        "line-break", "hyphens", "hyphenate-limit-chars", "hanging-punctuation", "direction", "unicode-bidi", "writing-mode", "text-orientation",
        "text-combine-upright", "text-emphasis-style", "text-emphasis-color", "text-emphasis-position", "background-color",
        "background-image", "background-position", "background-size", "background-repeat", "background-attachment",
        "background-origin", "background-clip", "list-style-type", "list-style-position", "list-style-image",
        "border-collapse", "border-spacing", "caption-side", "table-layout", "empty-cells", "content",
        "counter-reset", "counter-increment", "counter-set", "quotes", "break-before", "break-after",
        "break-inside", "orphans", "widows", "column-count", "column-width", "tab-size", "text-justify",
    ]

    private static let inherited: Set<PropertyID> = [
        .visibility, .fontFamily, .fontSize, .fontWeight, .fontStyle, .fontVariantCaps, .fontStretch,
        .fontFeatureSettings, .lineHeight, .color, .textAlign, .textAlignLast, .textIndent, .textTransform,
        .letterSpacing, .wordSpacing, .whiteSpace, .wordBreak, .overflowWrap, .lineBreak, .hyphens, .hyphenateLimitChars, .hangingPunctuation, .direction,
        .writingMode, .textOrientation, .textEmphasisStyle, .textEmphasisColor, .textEmphasisPosition, .textUnderlinePosition,
        .listStyleType, .listStylePosition,
        .listStyleImage, .borderCollapse, .borderSpacing, .captionSide, .emptyCells, .quotes, .orphans, .widows, .tabSize, .textJustify,
    ]

    private static let byName: [String: PropertyID] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}
