/// Small readers over component values shared by the property parsers.
///
/// Property grammars are written over whitespace-free lists: the tokenizer has already
/// decided where `+`/`-` belong to numbers, so whitespace carries no meaning there.
extension ComponentValue {
    /// The identifier, ASCII-lowercased (CSS keywords are ASCII case-insensitive).
    var keyword: String? {
        if case .token(.ident(let name)) = self { return name.asciiLowercased }
        return nil
    }

    var isComma: Bool {
        if case .token(.comma) = self { return true }
        return false
    }

    /// A plain number token's value (nil when it overflowed to infinity).
    var number: Double? {
        if case .token(.number(let value, _, _)) = self, value.isFinite { return value }
        return nil
    }

    /// An integer token's value (the spec's "integer" type flag).
    var integer: Int? {
        if case .token(.number(let value, true, _)) = self, abs(value) < 1e9 { return Int(value) }
        return nil
    }

    /// A string token's value.
    var string: String? {
        if case .token(.string(let value)) = self { return value }
        return nil
    }

    /// The address of `url(…)` in either its token form or its function form.
    var url: String? {
        switch self {
        case .token(.url(let address)):
            return address
        case .function(let name, let arguments) where name.asciiLowercased == "url" || name.asciiLowercased == "src":
            let parts = arguments.withoutWhitespace
            if parts.count == 1, let address = parts[0].string { return address }
            return nil
        default:
            return nil
        }
    }
}

extension Array where Element == ComponentValue {
    /// The values with whitespace tokens removed.
    var withoutWhitespace: [ComponentValue] {
        filter { !$0.isWhitespace }
    }

    /// Splits at top-level commas; an empty part means the list was malformed (`a,,b`).
    var splitAtCommas: [[ComponentValue]] {
        var parts: [[ComponentValue]] = [[]]
        for value in self {
            if value.isComma { parts.append([]) } else { parts[parts.count - 1].append(value) }
        }
        return parts
    }

    /// The list as a single keyword, if it is exactly one identifier.
    var singleKeyword: String? {
        count == 1 ? self[0].keyword : nil
    }
}

extension String {
    /// Lowercases ASCII letters only, as CSS requires for keyword matching.
    var asciiLowercased: String {
        if !utf8.contains(where: { $0 >= 65 && $0 <= 90 }) { return self }
        return String(decoding: utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }
}

/// Formats a number the way computed values are serialized: at most four decimals, no
/// trailing zeros, no exponent for ordinary magnitudes.
func cssNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 10_000).rounded() / 10_000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
        return String(Int(rounded))
    }
    return String(rounded)
}

/// Serializes a string as a CSS string token.
func cssString(_ value: String) -> String {
    var result = "\""
    for character in value {
        switch character {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\a "
        default: result.append(character)
        }
    }
    return result + "\""
}
