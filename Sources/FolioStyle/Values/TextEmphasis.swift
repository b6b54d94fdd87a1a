/// A computed `text-emphasis-style`.
///
/// https://www.w3.org/TR/css-text-decor-3/#text-emphasis-style-property
public enum TextEmphasisStyle: Sendable, Hashable, CustomStringConvertible {
    case none
    /// `filled`/`open` with a shape; a missing shape is `dot` in horizontal writing and
    /// `sesame` in vertical, chosen when computing.
    case mark(filled: Bool, shape: TextEmphasisShape?)
    case string(String)

    public var description: String {
        switch self {
        case .none: "none"
        case .mark(let filled, let shape):
            (filled ? "filled" : "open") + (shape.map { " \($0.rawValue)" } ?? "")
        case .string(let string): cssString(string)
        }
    }
}

public enum TextEmphasisShape: String, CSSKeyword {
    case dot, circle
    case doubleCircle = "double-circle"
    case triangle, sesame
}

/// `text-combine-upright`. https://www.w3.org/TR/css-writing-modes-3/#text-combine-upright
public enum TextCombineUpright: Sendable, Hashable, CustomStringConvertible {
    case none, all
    /// `digits <integer>` (2…4); Writing Modes 4.
    case digits(Int)

    public var description: String {
        switch self {
        case .none: "none"
        case .all: "all"
        case .digits(let count): "digits \(count)"
        }
    }
}

/// A computed `text-emphasis-position`: over or under the text, and on which side in vertical
/// writing. The Text Decoration 3 grammar, `[ over | under ] && [ right | left ]?`, with the
/// side defaulting to `right`.
///
/// https://www.w3.org/TR/css-text-decor-3/#text-emphasis-position-property
public struct TextEmphasisPosition: Sendable, Hashable, CustomStringConvertible {
    /// `under` (else `over`): the side in horizontal writing.
    public var under: Bool
    /// `left` (else `right`): the side in vertical writing.
    public var left: Bool

    public init(under: Bool = false, left: Bool = false) {
        self.under = under
        self.left = left
    }

    public var description: String { (under ? "under" : "over") + (left ? " left" : " right") }
}

/// A computed `text-underline-position`: `auto`, or `under` and/or a side for vertical writing.
/// `from-font` (Text Decoration 4) computes to `auto`: Folio takes the underline offset from the
/// font either way.
///
/// https://www.w3.org/TR/css-text-decor-3/#text-underline-position-property
public struct TextUnderlinePosition: Sendable, Hashable, CustomStringConvertible {
    public enum Side: String, Sendable, Hashable {
        case left, right
    }

    /// `under`: below the descenders in horizontal writing.
    public var under: Bool
    /// `left` or `right`: the side in vertical writing; nil lets layout choose (`auto`).
    public var side: Side?

    public init(under: Bool = false, side: Side? = nil) {
        self.under = under
        self.side = side
    }

    public static let auto = TextUnderlinePosition()

    public var description: String {
        let words = (under ? ["under"] : []) + (side.map { [$0.rawValue] } ?? [])
        return words.isEmpty ? "auto" : words.joined(separator: " ")
    }
}
