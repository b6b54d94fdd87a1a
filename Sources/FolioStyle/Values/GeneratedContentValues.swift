// Values of `content`, `quotes` and the counter properties.
// https://www.w3.org/TR/css-content-3/, https://www.w3.org/TR/css-lists-3/

/// One item of `content`.
///
/// https://www.w3.org/TR/css-content-3/#content-property
public enum ContentItem: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    /// `attr(name)`: the attribute's value (empty when absent).
    case attribute(String)
    /// `counter(name, style)`.
    case counter(name: String, style: ListStyleType)
    /// `counters(name, separator, style)`.
    case counters(name: String, separator: String, style: ListStyleType)
    case openQuote, closeQuote, noOpenQuote, noCloseQuote
    case url(String)

    public var description: String {
        switch self {
        case .string(let string): cssString(string)
        case .attribute(let name): "attr(\(name))"
        case .counter(let name, let style): style == .decimal ? "counter(\(name))" : "counter(\(name), \(style))"
        case .counters(let name, let separator, let style):
            style == .decimal
                ? "counters(\(name), \(cssString(separator)))"
                : "counters(\(name), \(cssString(separator)), \(style))"
        case .openQuote: "open-quote"
        case .closeQuote: "close-quote"
        case .noOpenQuote: "no-open-quote"
        case .noCloseQuote: "no-close-quote"
        case .url(let url): "url(\(cssString(url)))"
        }
    }
}

/// A computed `content`.
public enum Content: Sendable, Hashable, CustomStringConvertible {
    case normal
    case none
    case items([ContentItem])

    public var description: String {
        switch self {
        case .normal: "normal"
        case .none: "none"
        case .items(let items): items.map(\.description).joined(separator: " ")
        }
    }
}

/// One counter of `counter-reset`, `counter-increment` or `counter-set`.
///
/// https://www.w3.org/TR/css-lists-3/#counter-properties
public struct CounterChange: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var value: Int

    public init(name: String, value: Int) {
        self.name = name
        self.value = value
    }

    public var description: String { "\(name) \(value)" }
}

/// A computed `quotes`. https://www.w3.org/TR/css-content-3/#quotes
public enum Quotes: Sendable, Hashable, CustomStringConvertible {
    /// Quotes appropriate to the content language, chosen by layout.
    case auto
    case none
    /// Pairs of open and close quotes, outermost first.
    case pairs([QuotePair])

    public var description: String {
        switch self {
        case .auto: "auto"
        case .none: "none"
        case .pairs(let pairs): pairs.map { "\(cssString($0.open)) \(cssString($0.close))" }.joined(separator: " ")
        }
    }
}

public struct QuotePair: Sendable, Hashable {
    public var open: String
    public var close: String

    public init(open: String, close: String) {
        self.open = open
        self.close = close
    }
}

/// `list-style-type`: a predefined counter style, a string, or `none`.
///
/// Unknown counter-style names are kept (`custom`) so an `@counter-style` can supply
/// them later; layout falls back to `decimal` for them.
/// https://www.w3.org/TR/css-lists-3/#list-style-type, https://www.w3.org/TR/css-counter-styles-3/#predefined-counters
public enum ListStyleType: Sendable, Hashable, CustomStringConvertible {
    case none
    case disc, circle, square
    case disclosureOpen, disclosureClosed
    case decimal, decimalLeadingZero
    case lowerRoman, upperRoman
    case lowerAlpha, upperAlpha
    case lowerGreek
    case armenian, georgian
    case cjkDecimal, cjkIdeographic, hiragana, katakana, hiraganaIroha, katakanaIroha
    case string(String)
    case custom(String)

    static let keywords: [String: ListStyleType] = [
        "none": .none, "disc": .disc, "circle": .circle, "square": .square,
        "disclosure-open": .disclosureOpen, "disclosure-closed": .disclosureClosed,
        "decimal": .decimal, "decimal-leading-zero": .decimalLeadingZero,
        "lower-roman": .lowerRoman, "upper-roman": .upperRoman,
        "lower-alpha": .lowerAlpha, "lower-latin": .lowerAlpha, "upper-alpha": .upperAlpha, "upper-latin": .upperAlpha,
        "lower-greek": .lowerGreek, "armenian": .armenian, "upper-armenian": .armenian, "georgian": .georgian,
        "cjk-decimal": .cjkDecimal, "cjk-ideographic": .cjkIdeographic, "hiragana": .hiragana,
        "katakana": .katakana, "hiragana-iroha": .hiraganaIroha, "katakana-iroha": .katakanaIroha,
    ]

    /// Names that may never be counter-style names.
    static let reserved: Set<String> = ["inherit", "initial", "unset", "revert", "revert-layer", "default", "inside", "outside"]

    /// A counter style from one component value: a known name, a string, or any other
    /// identifier (a custom style).
    static func parse(_ value: ComponentValue, allowString: Bool = true) -> ListStyleType? {
        if let string = value.string, allowString { return .string(string) }
        guard let name = value.keyword else { return nil }
        if let known = keywords[name] { return known }
        return reserved.contains(name) ? nil : .custom(name)
    }

    public var description: String {
        switch self {
        case .string(let string): return cssString(string)
        case .custom(let name): return name
        default:
            return Self.names[self] ?? "decimal"
        }
    }

    private static let names: [ListStyleType: String] = {
        var names: [ListStyleType: String] = [:]
        for (name, style) in keywords where names[style] == nil || name.count < (names[style]?.count ?? 0) {
            names[style] = name
        }
        names[.lowerAlpha] = "lower-alpha"
        names[.upperAlpha] = "upper-alpha"
        return names
    }()
}

/// https://www.w3.org/TR/css-lists-3/#list-style-position-property
public enum ListStylePosition: String, CSSKeyword {
    case inside, outside
}
