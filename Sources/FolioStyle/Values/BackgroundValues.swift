// Values of the background properties. https://www.w3.org/TR/css-backgrounds-3/

/// An `<image>`: `none`, a URL, or a gradient (kept opaque: Folio does not paint
/// gradients yet, and ignoring one leaves the background colour showing, as authors
/// expect when a fallback colour is given).
///
/// https://www.w3.org/TR/css-images-3/#image-values
public enum CSSImage: Sendable, Hashable, CustomStringConvertible {
    case none
    /// The URL as written; the cascade resolves it against the style sheet.
    case url(String)
    case gradient

    static let gradientFunctions: Set<String> = [
        "linear-gradient", "radial-gradient", "conic-gradient", "repeating-linear-gradient",
        "repeating-radial-gradient", "repeating-conic-gradient", "-webkit-linear-gradient",
        "-webkit-radial-gradient", "-webkit-gradient", "-moz-linear-gradient", "-moz-radial-gradient",
        "-o-linear-gradient", "-webkit-repeating-linear-gradient", "-moz-repeating-linear-gradient",
    ]

    static func parse(_ value: ComponentValue) -> CSSImage? {
        if value.keyword == "none" { return CSSImage.none }
        if let url = value.url { return .url(url) }
        if case .function(let name, _) = value, gradientFunctions.contains(name.asciiLowercased) { return .gradient }
        return nil
    }

    public var description: String {
        switch self {
        case .none: "none"
        case .url(let url): "url(\(cssString(url)))"
        case .gradient: "gradient"
        }
    }
}

/// A specified `background-position` of one layer, edges already folded in
/// (`right 10px` is `calc(100% - 10px)`).
public struct SpecifiedPosition: Sendable, Hashable {
    public var x: Length
    public var y: Length
}

/// A computed `background-position` of one layer.
public struct BackgroundPosition: Sendable, Hashable, CustomStringConvertible {
    public var x: LengthPercentage
    public var y: LengthPercentage

    public static let topLeft = BackgroundPosition(x: .percent(0), y: .percent(0))

    public var description: String { "\(x) \(y)" }
}

/// `background-size` of one layer; lengths are specified `Length`s until computed.
///
/// https://www.w3.org/TR/css-backgrounds-3/#background-size
public enum BackgroundSize<L: Sendable & Hashable>: Sendable, Hashable {
    case cover, contain
    /// `nil` is `auto`.
    case size(width: L?, height: L?)
}

extension BackgroundSize: CustomStringConvertible where L: CustomStringConvertible {
    public var description: String {
        switch self {
        case .cover: "cover"
        case .contain: "contain"
        case .size(let width, let height):
            "\(width.map(\.description) ?? "auto") \(height.map(\.description) ?? "auto")"
        }
    }
}

/// https://www.w3.org/TR/css-backgrounds-3/#background-repeat
public enum RepeatStyle: String, CSSKeyword {
    case `repeat`, space, round
    case noRepeat = "no-repeat"
}

/// `background-repeat` of one layer.
public struct BackgroundRepeat: Sendable, Hashable, CustomStringConvertible {
    public var x: RepeatStyle
    public var y: RepeatStyle

    public static let `repeat` = BackgroundRepeat(x: .repeat, y: .repeat)

    public var description: String { x == y ? x.rawValue : "\(x.rawValue) \(y.rawValue)" }
}

/// https://www.w3.org/TR/css-backgrounds-3/#background-attachment
public enum BackgroundAttachment: String, CSSKeyword {
    case scroll, fixed, local
}

/// `background-origin` / `background-clip`. https://www.w3.org/TR/css-backgrounds-3/#background-origin
public enum BackgroundBox: String, CSSKeyword {
    case borderBox = "border-box"
    case paddingBox = "padding-box"
    case contentBox = "content-box"
    /// Only for `background-clip` (CSS Backgrounds 4).
    case text
}
