@testable import FolioStyle

/// A minimal CSS tokenizer for these tests only, until the real one (worktree cssyntax)
/// is merged; it covers idents, numbers, dimensions, strings, hashes, url(), functions,
/// blocks, commas and delimiters, which is what property values need.
enum TestCSS {
    /// The component values of a declaration value, whitespace kept.
    static func values(_ text: String) -> [ComponentValue] {
        var tokens = tokenize(Array(text.unicodeScalars))[...]
        return consume(&tokens, until: nil)
    }

    /// Parses `name: value` through `PropertyParser`.
    static func parse(_ declaration: String) -> PropertyParser.Longhands? {
        guard let colon = declaration.firstIndex(of: ":") else { return nil }
        let name = declaration[..<colon].trimmingSpaces.lowercased()
        let value = values(String(declaration[declaration.index(after: colon)...]).trimmingSpaces)
        return PropertyParser.parse(Declaration(name: name, value: value))
    }

    /// The cascaded map of a `name: value; name: value` list (later declarations win).
    static func cascaded(_ block: String) -> [PropertyID: SpecifiedValue] {
        var result: [PropertyID: SpecifiedValue] = [:]
        for declaration in block.split(separator: ";") where declaration.contains(":") {
            for (id, value) in parse(String(declaration)) ?? [] { result[id] = value }
        }
        return result
    }

    private static func consume(_ tokens: inout ArraySlice<CSSToken>, until close: CSSToken?) -> [ComponentValue] {
        var result: [ComponentValue] = []
        while let token = tokens.popFirst() {
            if let close, token == close { return result }
            switch token {
            case .function(let name):
                result.append(.function(name: name, arguments: consume(&tokens, until: .closeParen)))
            case .openParen: result.append(.block(open: "(", content: consume(&tokens, until: .closeParen)))
            case .openSquare: result.append(.block(open: "[", content: consume(&tokens, until: .closeSquare)))
            case .openCurly: result.append(.block(open: "{", content: consume(&tokens, until: .closeCurly)))
            default: result.append(.token(token))
            }
        }
        return result
    }

    private static func tokenize(_ s: [Unicode.Scalar]) -> [CSSToken] {
        var tokens: [CSSToken] = []
        var i = 0
        func isNameStart(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || c == "_" || c.value > 0x7F
        }
        func isName(_ c: Unicode.Scalar) -> Bool {
            isNameStart(c) || c == "-" || ("0"..."9").contains(c)
        }
        func at(_ index: Int) -> Unicode.Scalar? { index < s.count ? s[index] : nil }
        func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { ("0"..."9").contains($0) } ?? false }
        func name() -> String {
            var result = ""
            while let c = at(i), isName(c) || c == "\\" {
                if c == "\\", let next = at(i + 1) { result.unicodeScalars.append(next); i += 2; continue }
                result.unicodeScalars.append(c)
                i += 1
            }
            return result
        }
        func startsNumber() -> Bool {
            let c = at(i)
            if isDigit(c) { return true }
            if c == ".", isDigit(at(i + 1)) { return true }
            if c == "+" || c == "-" { return isDigit(at(i + 1)) || (at(i + 1) == "." && isDigit(at(i + 2))) }
            return false
        }
        func startsIdent() -> Bool {
            guard let c = at(i) else { return false }
            if c == "-" { return at(i + 1).map { isNameStart($0) || $0 == "-" } ?? false }
            return isNameStart(c) || c == "\\"
        }
        while let c = at(i) {
            if c == " " || c == "\n" || c == "\t" {
                while let w = at(i), w == " " || w == "\n" || w == "\t" { i += 1 }
                tokens.append(.whitespace)
            } else if c == "\"" || c == "'" {
                i += 1
                var string = ""
                while let d = at(i), d != c {
                    if d == "\\", let next = at(i + 1) { string.unicodeScalars.append(next); i += 2; continue }
                    string.unicodeScalars.append(d)
                    i += 1
                }
                i += 1
                tokens.append(.string(string))
            } else if c == "#", let next = at(i + 1), isName(next) {
                i += 1
                tokens.append(.hash(name(), isID: true))
            } else if startsNumber() {
                var repr = ""
                var isInteger = true
                if c == "+" || c == "-" { repr.unicodeScalars.append(c); i += 1 }
                while isDigit(at(i)) { repr.unicodeScalars.append(s[i]); i += 1 }
                if at(i) == ".", isDigit(at(i + 1)) {
                    isInteger = false
                    repr += "."
                    i += 1
                    while isDigit(at(i)) { repr.unicodeScalars.append(s[i]); i += 1 }
                }
                let value = Double(repr) ?? 0
                if at(i) == "%" {
                    i += 1
                    tokens.append(.percentage(value))
                } else if startsIdent() {
                    tokens.append(.dimension(value, unit: name(), isInteger: isInteger))
                } else {
                    tokens.append(.number(value, isInteger: isInteger, repr: repr))
                }
            } else if startsIdent() {
                let word = name()
                if at(i) == "(" {
                    i += 1
                    if word.lowercased() == "url" {
                        while at(i) == " " { i += 1 }
                        if at(i) != "\"" && at(i) != "'" {
                            var address = ""
                            while let d = at(i), d != ")" { address.unicodeScalars.append(d); i += 1 }
                            i += 1
                            tokens.append(.url(address.trimmingSpaces))
                            continue
                        }
                    }
                    tokens.append(.function(word))
                } else {
                    tokens.append(.ident(word))
                }
            } else {
                i += 1
                switch c {
                case ",": tokens.append(.comma)
                case ":": tokens.append(.colon)
                case ";": tokens.append(.semicolon)
                case "(": tokens.append(.openParen)
                case ")": tokens.append(.closeParen)
                case "[": tokens.append(.openSquare)
                case "]": tokens.append(.closeSquare)
                case "{": tokens.append(.openCurly)
                case "}": tokens.append(.closeCurly)
                default: tokens.append(.delim(Character(c)))
                }
            }
        }
        return tokens
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

extension TestCSS {
    /// An 800×600 viewport with 16px root and medium sizes.
    static let context = ValueContext(viewportWidth: 800, viewportHeight: 600)

    /// Computes the style of an element with declarations `block`.
    static func style(_ block: String, parent: ComputedStyle? = nil, root: ComputedStyle? = nil) -> ComputedStyle {
        ComputedStyle.compute(cascaded: cascaded(block), parent: parent, root: root, environment: context)
    }
}
