/// Code point classes of CSS Syntax 3 §4.2 and the escape check of §4.3.8.
///
/// https://www.w3.org/TR/css-syntax-3/#tokenizer-definitions
extension CSSTokenizer {
    static func isValidEscape(_ first: Unicode.Scalar, _ second: Unicode.Scalar?) -> Bool {
        first == "\\" && second != nil && second != "\n"
    }

    static func isWhitespace(_ c: Unicode.Scalar) -> Bool { c == "\n" || c == "\t" || c == " " }
    static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value &- 0x30 < 10 }
    static func isHexDigit(_ c: Unicode.Scalar) -> Bool {
        isDigit(c) || (0x41...0x46).contains(c.value) || (0x61...0x66).contains(c.value)
    }
    static func hexValue(_ c: Unicode.Scalar) -> Int {
        let v = Int(c.value)
        if v <= 0x39 { return v - 0x30 }
        return (v | 0x20) - 0x61 + 10
    }
    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        return (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) || v == 0x5F || v >= 0x80
    }
    static func isNameCodePoint(_ c: Unicode.Scalar) -> Bool { isNameStart(c) || isDigit(c) || c == "-" }
    static func isNonPrintable(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        return v <= 0x08 || v == 0x0B || (0x0E...0x1F).contains(v) || v == 0x7F
    }
}
