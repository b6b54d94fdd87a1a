/// A token of CSS Syntax Level 3.
///
/// https://www.w3.org/TR/css-syntax-3/#tokenization
public enum CSSToken: Sendable, Hashable {
    case ident(String)
    case function(String)
    case atKeyword(String)
    /// `#name`; `isID` when the name would be a valid identifier ("id" type flag).
    case hash(String, isID: Bool)
    case string(String)
    case badString
    case url(String)
    case badURL
    case delim(Character)
    /// `isInteger` follows the spec's type flag; `repr` is the number as written.
    case number(Double, isInteger: Bool, repr: String)
    case percentage(Double)
    case dimension(Double, unit: String, isInteger: Bool)
    case whitespace
    case cdo
    case cdc
    case colon
    case semicolon
    case comma
    case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly
}

/// A component value: a preserved token, a function with its arguments, or a simple block.
///
/// https://www.w3.org/TR/css-syntax-3/#component-value
public indirect enum ComponentValue: Sendable, Hashable {
    case token(CSSToken)
    /// A function: lowercased-as-written name and its argument component values.
    case function(name: String, arguments: [ComponentValue])
    /// A `[]`, `()` or `{}` block: the opening token's character and its content.
    case block(open: Character, content: [ComponentValue])
}
