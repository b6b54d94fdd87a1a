/// The CSS tokenizer: text in, `CSSToken`s out, never failing.
///
/// Follows CSS Syntax Level 3 §4 step by step, on Unicode scalars; every parse error
/// the spec names is recovered exactly as the spec says (bad strings, bad urls, stray
/// backslashes), so that later stages see the same tokens a browser would.
/// https://www.w3.org/TR/css-syntax-3/#tokenization
public struct CSSTokenizer {
    /// Preprocessed input (§3.3): CR, CRLF and FF are LF; NUL is U+FFFD.
    let input: [Unicode.Scalar]
    private var pos = 0

    public init(_ text: String) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for s in text.unicodeScalars {
            switch s.value {
            case 0x0D:
                scalars.append("\n")
                previousWasCR = true
                continue
            case 0x0A:
                if !previousWasCR { scalars.append("\n") }
            case 0x0C:
                scalars.append("\n")
            case 0x00:
                scalars.append("\u{FFFD}")
            default:
                scalars.append(s)
            }
            previousWasCR = false
        }
        input = scalars
    }

    /// Tokenizes a whole stylesheet.
    public static func tokenize(_ text: String) -> [CSSToken] {
        var tokenizer = CSSTokenizer(text)
        return tokenizer.tokenizeWithLines().tokens
    }

    /// All tokens, with the 1-based source line each token starts on and its offset in
    /// `input` (for the rare value that needs its exact source text, like unicode-range).
    mutating func tokenizeWithLines() -> (tokens: [CSSToken], lines: [Int32], starts: [Int32]) {
        var tokens: [CSSToken] = []
        var starts: [Int32] = []
        tokens.reserveCapacity(input.count / 3)
        while true {
            consumeComments()
            let start = pos
            guard let token = consumeToken() else { break }
            tokens.append(token)
            starts.append(Int32(truncatingIfNeeded: start))
        }
        // Lines from start offsets in one forward pass.
        var lines: [Int32] = []
        lines.reserveCapacity(starts.count)
        var line: Int32 = 1
        var i = 0
        for start in starts {
            while i < Int(start) {
                if input[i] == "\n" { line += 1 }
                i += 1
            }
            lines.append(line)
        }
        return (tokens, lines, starts)
    }

    // MARK: Reading

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let i = pos + offset
        return i < input.count ? input[i] : nil
    }

    private mutating func next() -> Unicode.Scalar? {
        guard pos < input.count else { return nil }
        defer { pos += 1 }
        return input[pos]
    }

    // MARK: §4.3.1 Consume a token

    private mutating func consumeComments() {
        while peek() == "/" && peek(1) == "*" {
            pos += 2
            while pos < input.count && !(input[pos] == "*" && peek(1) == "/") { pos += 1 }
            pos = min(pos + 2, input.count)
        }
    }

    private mutating func consumeToken() -> CSSToken? {
        guard let c = next() else { return nil }
        switch c {
        case "\n", "\t", " ":
            while let n = peek(), Self.isWhitespace(n) { pos += 1 }
            return .whitespace
        case "\"", "'":
            return consumeString(ending: c)
        case "#":
            if let n = peek(), Self.isNameCodePoint(n) || Self.isValidEscape(n, peek(1)) {
                let isID = wouldStartIdentifier(at: pos)
                return .hash(consumeName(), isID: isID)
            }
            return .delim("#")
        case "(": return .openParen
        case ")": return .closeParen
        case "+":
            if wouldStartNumber(at: pos - 1) {
                pos -= 1
                return consumeNumeric()
            }
            return .delim("+")
        case ",": return .comma
        case "-":
            if wouldStartNumber(at: pos - 1) {
                pos -= 1
                return consumeNumeric()
            }
            if peek() == "-" && peek(1) == ">" {
                pos += 2
                return .cdc
            }
            if wouldStartIdentifier(at: pos - 1) {
                pos -= 1
                return consumeIdentLike()
            }
            return .delim("-")
        case ".":
            if wouldStartNumber(at: pos - 1) {
                pos -= 1
                return consumeNumeric()
            }
            return .delim(".")
        case ":": return .colon
        case ";": return .semicolon
        case "<":
            if peek() == "!" && peek(1) == "-" && peek(2) == "-" {
                pos += 3
                return .cdo
            }
            return .delim("<")
        case "@":
            if wouldStartIdentifier(at: pos) { return .atKeyword(consumeName()) }
            return .delim("@")
        case "[": return .openSquare
        case "\\":
            if Self.isValidEscape(c, peek()) {
                pos -= 1
                return consumeIdentLike()
            }
            return .delim("\\")  // parse error
        case "]": return .closeSquare
        case "{": return .openCurly
        case "}": return .closeCurly
        default:
            if Self.isDigit(c) {
                pos -= 1
                return consumeNumeric()
            }
            if Self.isNameStart(c) {
                pos -= 1
                return consumeIdentLike()
            }
            return .delim(Character(c))
        }
    }

    // MARK: §4.3.3 Numeric tokens

    private mutating func consumeNumeric() -> CSSToken {
        let (value, isInteger, repr) = consumeNumber()
        if wouldStartIdentifier(at: pos) {
            return .dimension(value, unit: consumeName(), isInteger: isInteger)
        }
        if peek() == "%" {
            pos += 1
            return .percentage(value)
        }
        return .number(value, isInteger: isInteger, repr: repr)
    }

    /// §4.3.12 Consume a number.
    private mutating func consumeNumber() -> (Double, Bool, String) {
        let start = pos
        var isInteger = true
        if peek() == "+" || peek() == "-" { pos += 1 }
        consumeDigits()
        if peek() == ".", let d = peek(1), Self.isDigit(d) {
            pos += 1
            consumeDigits()
            isInteger = false
        }
        if let e = peek(), e == "e" || e == "E" {
            if let d = peek(1), Self.isDigit(d) {
                pos += 1
                consumeDigits()
                isInteger = false
            } else if let s = peek(1), s == "+" || s == "-", let d = peek(2), Self.isDigit(d) {
                pos += 2
                consumeDigits()
                isInteger = false
            }
        }
        let text = asciiText(start..<pos)
        // Swift's Double parser accepts exactly the spec's number grammar, bar a leading "+".
        let value = Double(text.hasPrefix("+") ? String(text.dropFirst()) : text) ?? 0
        return (value, isInteger, text)
    }

    private mutating func consumeDigits() {
        while let d = peek(), Self.isDigit(d) { pos += 1 }
    }

    // MARK: §4.3.4 Ident-like tokens and urls

    private mutating func consumeIdentLike() -> CSSToken {
        let name = consumeName()
        if peek() == "(" {
            pos += 1
            if name.count == 3 && name.lowercased() == "url" {
                while let a = peek(), Self.isWhitespace(a), let b = peek(1), Self.isWhitespace(b) { pos += 1 }
                let first = peek()
                let second = peek(1)
                if first == "\"" || first == "'"
                    || (first.map(Self.isWhitespace) == true && (second == "\"" || second == "'")) {
                    return .function(name)
                }
                return consumeURL()
            }
            return .function(name)
        }
        return .ident(name)
    }

    /// §4.3.6 Consume a url token (the "url(" is already consumed).
    private mutating func consumeURL() -> CSSToken {
        var value = String.UnicodeScalarView()
        while let w = peek(), Self.isWhitespace(w) { pos += 1 }
        while true {
            guard let c = next() else { return .url(String(value)) }  // parse error: EOF
            switch c {
            case ")":
                return .url(String(value))
            case "\n", "\t", " ":
                while let w = peek(), Self.isWhitespace(w) { pos += 1 }
                if peek() == nil || peek() == ")" {
                    if peek() != nil { pos += 1 }
                    return .url(String(value))
                }
                consumeBadURLRemnants()
                return .badURL
            case "\"", "'", "(":
                consumeBadURLRemnants()
                return .badURL
            case "\\":
                if Self.isValidEscape(c, peek()) {
                    value.append(consumeEscape())
                } else {
                    consumeBadURLRemnants()
                    return .badURL
                }
            default:
                if Self.isNonPrintable(c) {
                    consumeBadURLRemnants()
                    return .badURL
                }
                value.append(c)
            }
        }
    }

    /// §4.3.14 Consume the remnants of a bad url.
    private mutating func consumeBadURLRemnants() {
        while let c = next() {
            if c == ")" { return }
            if Self.isValidEscape(c, peek()) { _ = consumeEscape() }
        }
    }

    // MARK: §4.3.5 Strings

    private mutating func consumeString(ending: Unicode.Scalar) -> CSSToken {
        // The text before the first quote, backslash or newline is made in one go: a data URL
        // in quotes is tens of thousands of characters, and a string grown by one scalar at a
        // time costs hundreds of instructions for each.
        let start = pos
        var ascii = true
        while pos < input.count {
            let c = input[pos]
            if c == ending || c == "\n" || c == "\\" { break }
            if c.value >= 0x80 { ascii = false }
            pos += 1
        }
        var value = String.UnicodeScalarView()
        if ascii {
            value = asciiText(start..<pos).unicodeScalars
        } else {
            value.append(contentsOf: input[start..<pos])
        }
        while let c = next() {
            if c == ending { return .string(String(value)) }
            switch c {
            case "\n":
                pos -= 1  // reconsume: the newline becomes whitespace
                return .badString
            case "\\":
                guard let n = peek() else { continue }  // escaped EOF: nothing
                if n == "\n" {
                    pos += 1  // escaped newline: a line continuation
                } else {
                    value.append(consumeEscape())
                }
            default:
                value.append(c)
            }
        }
        return .string(String(value))  // parse error: EOF inside a string
    }

    // MARK: §4.3.7 Escapes, §4.3.11 Names

    /// Consumes an escaped code point; the backslash is already consumed.
    private mutating func consumeEscape() -> Unicode.Scalar {
        guard let c = next() else { return "\u{FFFD}" }
        guard Self.isHexDigit(c) else { return c }
        var value = UInt32(Self.hexValue(c))
        var count = 1
        while count < 6, let h = peek(), Self.isHexDigit(h) {
            value = value * 16 + UInt32(Self.hexValue(h))
            pos += 1
            count += 1
        }
        if let w = peek(), Self.isWhitespace(w) { pos += 1 }
        if value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return "\u{FFFD}" }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    private mutating func consumeName() -> String {
        // Most names are ASCII letters, digits, hyphens and underscores: made in one go.
        let start = pos
        while pos < input.count, input[pos].value < 0x80, Self.isNameCodePoint(input[pos]) { pos += 1 }
        if pos == input.count || (input[pos].value < 0x80 && input[pos] != "\\") { return asciiText(start..<pos) }
        pos = start
        var name = String.UnicodeScalarView()
        while let c = peek() {
            if Self.isNameCodePoint(c) {
                name.append(c)
                pos += 1
            } else if Self.isValidEscape(c, peek(1)) {
                pos += 1
                name.append(consumeEscape())
            } else {
                break
            }
        }
        return String(name)
    }

    /// The text of input that is all ASCII.
    private func asciiText(_ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { utf8 in
            for (k, i) in range.enumerated() { utf8[k] = UInt8(truncatingIfNeeded: input[i].value) }
            return range.count
        }
    }

    // MARK: §4.3.8–4.3.10 Checks

    private func wouldStartIdentifier(at i: Int) -> Bool {
        guard i < input.count else { return false }
        let first = input[i]
        let second: Unicode.Scalar? = i + 1 < input.count ? input[i + 1] : nil
        if first == "-" {
            guard let second else { return false }
            if Self.isNameStart(second) || second == "-" { return true }
            let third: Unicode.Scalar? = i + 2 < input.count ? input[i + 2] : nil
            return Self.isValidEscape(second, third)
        }
        if Self.isNameStart(first) { return true }
        return Self.isValidEscape(first, second)
    }

    private func wouldStartNumber(at i: Int) -> Bool {
        guard i < input.count else { return false }
        let first = input[i]
        let second: Unicode.Scalar? = i + 1 < input.count ? input[i + 1] : nil
        let third: Unicode.Scalar? = i + 2 < input.count ? input[i + 2] : nil
        if first == "+" || first == "-" {
            if let second, Self.isDigit(second) { return true }
            if second == ".", let third, Self.isDigit(third) { return true }
            return false
        }
        if first == "." { return second.map(Self.isDigit) ?? false }
        return Self.isDigit(first)
    }
}
