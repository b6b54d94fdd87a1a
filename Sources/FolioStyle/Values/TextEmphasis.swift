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
