// Keyword values of the text, writing-mode and decoration properties.

/// `text-align`. `match-parent` computes to the parent's value; the `-webkit-`/`-moz-`
/// spellings map to the standard ones.
///
/// https://www.w3.org/TR/css-text-3/#text-align-property
public enum TextAlign: String, CSSKeyword {
    case start, end, left, right, center, justify

    static let aliases: [String: TextAlign] = [
        "-webkit-center": .center, "-moz-center": .center, "-webkit-left": .left, "-moz-left": .left,
        "-webkit-right": .right, "-moz-right": .right, "-webkit-auto": .start, "-epub-center": .center,
    ]
}

/// https://www.w3.org/TR/css-text-3/#text-align-last-property
public enum TextAlignLast: String, CSSKeyword {
    case auto, start, end, left, right, center, justify
}

/// https://www.w3.org/TR/css-text-3/#text-transform-property
public enum TextTransform: String, CSSKeyword {
    case none, capitalize, uppercase, lowercase
    case fullWidth = "full-width"
    case fullSizeKana = "full-size-kana"
}

/// https://www.w3.org/TR/css-text-decor-3/#text-decoration-line-property
public struct TextDecorationLine: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let underline = TextDecorationLine(rawValue: 1)
    public static let overline = TextDecorationLine(rawValue: 2)
    public static let lineThrough = TextDecorationLine(rawValue: 4)
    public static let blink = TextDecorationLine(rawValue: 8)

    static let keywords: [(String, TextDecorationLine)] = [
        ("underline", .underline), ("overline", .overline), ("line-through", .lineThrough), ("blink", .blink),
    ]

    public var description: String {
        let names = Self.keywords.filter { contains($0.1) }.map(\.0)
        return names.isEmpty ? "none" : names.joined(separator: " ")
    }
}

/// https://www.w3.org/TR/css-text-decor-3/#text-decoration-style-property
public enum TextDecorationStyle: String, CSSKeyword {
    case solid, double, dotted, dashed, wavy
}

/// `white-space`, as the single CSS 2.1 property (Text 4 splits it into
/// `white-space-collapse` and `text-wrap-mode`; books use the old form).
///
/// https://www.w3.org/TR/css-text-3/#white-space-property
public enum WhiteSpace: String, CSSKeyword {
    case normal, pre, nowrap
    case preWrap = "pre-wrap"
    case preLine = "pre-line"
    case breakSpaces = "break-spaces"

    static let aliases: [String: WhiteSpace] = ["-moz-pre-wrap": .preWrap, "-pre-wrap": .preWrap, "-o-pre-wrap": .preWrap]
}

/// https://www.w3.org/TR/css-text-3/#hyphens-property
/// `hyphenate-limit-chars`: the shortest word hyphenated and the fewest characters before and
/// after a hyphenation point; nil is `auto` (the language's own, chosen by the hyphenator).
/// Numbers are clamped to 1…64.
/// https://www.w3.org/TR/css-text-4/#hyphenate-char-limits
public struct HyphenateLimitChars: Sendable, Hashable, CustomStringConvertible {
    public var word: Int?
    public var before: Int?
    public var after: Int?

    public init(word: Int? = nil, before: Int? = nil, after: Int? = nil) {
        self.word = word
        self.before = before
        self.after = after
    }

    /// One to three values, each `auto` or an integer ≥ 1: a missing third is the second, a
    /// missing second is `auto`.
    static func parse(_ v: [ComponentValue]) -> HyphenateLimitChars? {
        guard (1...3).contains(v.count) else { return nil }
        var values: [Int?] = []
        for component in v {
            if component.keyword == "auto" {
                values.append(nil)
            } else if let n = component.integer, n >= 1 {
                values.append(min(n, 64))
            } else {
                return nil
            }
        }
        let before = values.count > 1 ? values[1] : nil
        return HyphenateLimitChars(word: values[0], before: before, after: values.count > 2 ? values[2] : before)
    }

    public var description: String {
        if word == nil && before == nil && after == nil { return "auto" }
        let text = { (value: Int?) in value.map(String.init) ?? "auto" }
        return "\(text(word)) \(text(before)) \(text(after))"
    }
}

/// `hanging-punctuation`: which punctuation may hang outside the line box. `first`: an opening
/// bracket or quote at the start of an element's first line; `last`: a closing one at the end of
/// its last line; `allowEnd`/`forceEnd`: a stop or comma at the end of any line, `allow-end`
/// only when the line would not fit without it.
/// https://www.w3.org/TR/css-text-3/#hanging-punctuation-property
public struct HangingPunctuation: Sendable, Hashable, CustomStringConvertible {
    public enum End: Sendable, Hashable { case none, allow, force }
    public var first = false
    public var last = false
    public var end = End.none

    public init(first: Bool = false, last: Bool = false, end: End = .none) {
        self.first = first
        self.last = last
        self.end = end
    }

    public var isNone: Bool { !first && !last && end == .none }

    /// `none` or any of `first`, `last` and one of `allow-end`/`force-end`, each once, in any order.
    static func parse(_ v: [ComponentValue]) -> HangingPunctuation? {
        guard !v.isEmpty, v.count <= 3 else { return nil }
        if v.count == 1, v[0].keyword == "none" { return HangingPunctuation() }
        var value = HangingPunctuation()
        var seenEnd = false
        for component in v {
            switch component.keyword {
            case "first" where !value.first: value.first = true
            case "last" where !value.last: value.last = true
            case "allow-end" where !seenEnd: value.end = .allow; seenEnd = true
            case "force-end" where !seenEnd: value.end = .force; seenEnd = true
            default: return nil
            }
        }
        return value
    }

    public var description: String {
        var words: [String] = []
        if first { words.append("first") }
        if end == .allow { words.append("allow-end") }
        if end == .force { words.append("force-end") }
        if last { words.append("last") }
        return words.isEmpty ? "none" : words.joined(separator: " ")
    }
}

public enum Hyphens: String, CSSKeyword {
    case none, manual, auto
}

/// How justified lines are stretched: `auto` (Folio's choice: word separators, and a little
/// letter spacing where they would gape), `inter-word` (separators only), `inter-character`
/// (every gap between characters and separators alike), `none` (not stretched).
/// https://www.w3.org/TR/css-text-3/#text-justify-property
public enum TextJustify: String, CSSKeyword {
    case auto, none
    case interWord = "inter-word"
    case interCharacter = "inter-character"
}

/// https://www.w3.org/TR/css-writing-modes-3/#direction
public enum Direction: String, CSSKeyword {
    case ltr, rtl
}

/// `writing-mode`, with the SVG 1.1 / EPUB legacy values mapped.
///
/// https://www.w3.org/TR/css-writing-modes-3/#block-flow
public enum WritingMode: String, CSSKeyword {
    case horizontalTB = "horizontal-tb"
    case verticalRL = "vertical-rl"
    case verticalLR = "vertical-lr"
    case sidewaysRL = "sideways-rl"
    case sidewaysLR = "sideways-lr"

    /// https://www.w3.org/TR/css-writing-modes-3/#svg-writing-mode
    static let aliases: [String: WritingMode] = [
        "lr": .horizontalTB, "lr-tb": .horizontalTB, "rl": .horizontalTB, "rl-tb": .horizontalTB,
        "tb": .verticalRL, "tb-rl": .verticalRL, "tb-lr": .verticalLR,
        "horizontal-bt": .horizontalTB,
    ]

    public var isVertical: Bool { self != .horizontalTB }
}

/// https://www.w3.org/TR/css-writing-modes-3/#text-orientation
public enum TextOrientation: String, CSSKeyword {
    case mixed, upright, sideways

    static let aliases: [String: TextOrientation] = [
        "sideways-right": .sideways, "vertical-right": .mixed, "upright-right": .upright,
        "use-glyph-orientation": .mixed,
    ]
}

/// https://www.w3.org/TR/css-text-3/#word-break-property
public enum WordBreak: String, CSSKeyword {
    case normal
    case breakAll = "break-all"
    case keepAll = "keep-all"
    /// Deprecated; behaves as `normal` with `overflow-wrap: anywhere`.
    case breakWord = "break-word"
}

/// `overflow-wrap` (alias `word-wrap`). https://www.w3.org/TR/css-text-3/#overflow-wrap-property
public enum OverflowWrap: String, CSSKeyword {
    case normal
    case breakWord = "break-word"
    case anywhere
}

/// https://www.w3.org/TR/css-text-3/#line-break-property
public enum LineBreak: String, CSSKeyword {
    case auto, loose, normal, strict, anywhere
}

/// The keyword forms of `vertical-align`. https://www.w3.org/TR/CSS2/visudet.html#propdef-vertical-align
public enum VerticalAlignKeyword: String, CSSKeyword {
    case baseline, sub, `super`
    case textTop = "text-top"
    case textBottom = "text-bottom"
    case middle, top, bottom
}

/// A computed `vertical-align`: a keyword, or a shift (percentages of the line height).
public enum VerticalAlign: Sendable, Hashable, CustomStringConvertible {
    case keyword(VerticalAlignKeyword)
    case length(LengthPercentage)

    public var description: String {
        switch self {
        case .keyword(let keyword): keyword.rawValue
        case .length(let length): length.description
        }
    }
}
