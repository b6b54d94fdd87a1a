/// Counter values as text in a list style: `3` → `iii`, `c`, `γ`, `三` …
///
/// https://www.w3.org/TR/css-counter-styles-3/#predefined-counters
enum CounterFormatting {
    static func text(_ value: Int, style: ListStyleType) -> String {
        switch style {
        case .none: return ""
        case .disc: return "\u{2022}"
        case .circle: return "\u{25E6}"
        case .square: return "\u{25AA}"
        case .disclosureOpen: return "\u{25BE}"
        case .disclosureClosed: return "\u{25B8}"
        case .decimal, .custom: return String(value)
        case .decimalLeadingZero: return value >= 0 && value < 10 ? "0\(value)" : String(value)
        case .lowerRoman: return roman(value)?.lowercased() ?? String(value)
        case .upperRoman: return roman(value) ?? String(value)
        case .lowerAlpha: return alphabetic(value, Array("abcdefghijklmnopqrstuvwxyz")) ?? String(value)
        case .upperAlpha: return alphabetic(value, Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) ?? String(value)
        case .lowerGreek: return alphabetic(value, Array("αβγδεζηθικλμνξοπρστυφχψω")) ?? String(value)
        case .hiragana: return alphabetic(value, Array("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわゐゑをん")) ?? String(value)
        case .katakana: return alphabetic(value, Array("アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヰヱヲン")) ?? String(value)
        case .hiraganaIroha: return alphabetic(value, Array("いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす")) ?? String(value)
        case .katakanaIroha: return alphabetic(value, Array("イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス")) ?? String(value)
        case .cjkDecimal: return String(String(value).map { c in c.wholeNumberValue.map { Array("〇一二三四五六七八九")[$0] } ?? c })
        case .cjkIdeographic: return cjkIdeographic(value)
        case .armenian, .georgian: return String(value)
        case .string(let s): return s
        }
    }

    /// The text of a list item's marker: bullets alone, numbers followed by ". ".
    static func marker(_ value: Int, style: ListStyleType) -> String? {
        switch style {
        case .none: return nil
        case .string(let s): return s
        case .disc, .circle, .square, .disclosureOpen, .disclosureClosed: return text(value, style: style) + " "
        default: return text(value, style: style) + ". "
        }
    }

    private static func roman(_ value: Int) -> String? {
        guard value > 0 && value < 4000 else { return nil }
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = value, out = ""
        for (v, s) in table {
            while n >= v { out += s; n -= v }
        }
        return out
    }

    /// Bijective base-N: a … z, aa, ab …
    private static func alphabetic(_ value: Int, _ symbols: [Character]) -> String? {
        guard value > 0 else { return nil }
        var n = value, out: [Character] = []
        while n > 0 {
            n -= 1
            out.append(symbols[n % symbols.count])
            n /= symbols.count
        }
        return String(out.reversed())
    }

    private static func cjkIdeographic(_ value: Int) -> String {
        guard value > 0 && value < 10_000 else { return text(value, style: .cjkDecimal) }
        let digits = Array("〇一二三四五六七八九"), units: [Character?] = [nil, "十", "百", "千"]
        var out = ""
        let s = Array(String(value)).compactMap(\.wholeNumberValue)
        for (i, d) in s.enumerated() {
            let unit = units[s.count - 1 - i]
            if d == 0 { continue }
            if !(d == 1 && unit == "十" && out.isEmpty) { out.append(digits[d]) }
            if let unit { out.append(unit) }
        }
        return out
    }
}
