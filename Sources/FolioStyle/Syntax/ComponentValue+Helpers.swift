/// Small accessors and serialization for tokens and component values.
///
/// Serialization follows CSS Syntax 3 §9 loosely: it re-tokenizes to the same
/// tokens, which is what `cssText` is for (warnings, `@page` selector text, `:lang`).
/// https://www.w3.org/TR/css-syntax-3/#serialization
extension CSSToken {
    public var cssText: String {
        switch self {
        case .ident(let s): return Self.escapeIdent(s)
        case .function(let s): return Self.escapeIdent(s) + "("
        case .atKeyword(let s): return "@" + Self.escapeIdent(s)
        case .hash(let s, _): return "#" + s
        case .string(let s): return Self.quote(s)
        case .badString: return "\"\n"
        case .url(let s): return "url(" + Self.escapeURL(s) + ")"
        case .badURL: return "url(\u{FFFD})"
        case .delim(let c): return String(c)
        case .number(_, _, let repr): return repr
        case .percentage(let v): return Self.number(v) + "%"
        case .dimension(let v, let unit, _): return Self.number(v) + Self.escapeIdent(unit)
        case .whitespace: return " "
        case .cdo: return "<!--"
        case .cdc: return "-->"
        case .colon: return ":"
        case .semicolon: return ";"
        case .comma: return ","
        case .openSquare: return "["
        case .closeSquare: return "]"
        case .openParen: return "("
        case .closeParen: return ")"
        case .openCurly: return "{"
        case .closeCurly: return "}"
        }
    }

    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\a "
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    /// An unquoted url's content, escaping what would end or spoil it.
    static func escapeURL(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            if c == "\"" || c == "'" || c == "(" || c == ")" || c == "\\" || CSSTokenizer.isWhitespace(c)
                || CSSTokenizer.isNonPrintable(c) {
                out += "\\" + String(c.value, radix: 16) + " "
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Escapes only what would not re-tokenize as part of a name.
    static func escapeIdent(_ s: String) -> String {
        var out = ""
        let scalars = Array(s.unicodeScalars)
        for (i, c) in scalars.enumerated() {
            // A leading digit (or "-" then digit) would re-tokenize as a number.
            let startsNumber = CSSTokenizer.isDigit(c) && (i == 0 || (i == 1 && scalars[0] == "-"))
            if CSSTokenizer.isNameCodePoint(c) && !startsNumber {
                out.unicodeScalars.append(c)
            } else {
                out += "\\" + String(c.value, radix: 16) + " "
            }
        }
        return out
    }
}

extension ComponentValue {
    /// The component value written back as CSS text.
    public var cssText: String {
        switch self {
        case .token(let t): return t.cssText
        case .function(let name, let arguments): return CSSToken.escapeIdent(name) + "(" + arguments.cssText + ")"
        case .block(let open, let content):
            let close: Character = open == "[" ? "]" : open == "(" ? ")" : "}"
            return String(open) + content.cssText + String(close)
        }
    }

    public var isWhitespace: Bool {
        if case .token(.whitespace) = self { return true }
        return false
    }

    /// The token, for a preserved token.
    public var token: CSSToken? {
        if case .token(let t) = self { return t }
        return nil
    }

    /// The identifier's name, for an ident token.
    public var identValue: String? {
        if case .token(.ident(let s)) = self { return s }
        return nil
    }

    /// True for an ident token equal to `keyword`, ignoring ASCII case.
    public func isIdent(_ keyword: String) -> Bool {
        guard case .token(.ident(let s)) = self else { return false }
        return s.count == keyword.count && s.lowercased() == keyword.lowercased()
    }

    /// True for a delim token of this character.
    public func isDelim(_ c: Character) -> Bool {
        if case .token(.delim(let d)) = self { return d == c }
        return false
    }
}

extension Array where Element == ComponentValue {
    /// The values written back as CSS text.
    public var cssText: String { map(\.cssText).joined() }

    /// Without leading and trailing whitespace tokens.
    public var trimmingWhitespace: [ComponentValue] {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return [] }
        return Array(self[first...last])
    }

    /// Split at top-level comma tokens (each part trimmed).
    public func splitOnCommas() -> [[ComponentValue]] {
        var parts: [[ComponentValue]] = [[]]
        for v in self {
            if case .token(.comma) = v {
                parts.append([])
            } else {
                parts[parts.count - 1].append(v)
            }
        }
        return parts.map(\.trimmingWhitespace)
    }
}
