/// Parsing of `<color>`: names, hex, `rgb()`/`rgba()`, `hsl()`/`hsla()`, `hwb()`,
/// `currentColor`, `transparent`, and the common system colours.
///
/// https://www.w3.org/TR/css-color-4/#color-syntax
extension CSSColor {
    /// Parses one component value as a colour; nil when it is not one.
    static func parse(_ value: ComponentValue) -> CSSColor? {
        switch value {
        case .token(.ident(let name)):
            let lower = name.asciiLowercased
            if lower == "currentcolor" { return .currentColor }
            if let hex = namedColors[lower] { return .rgba(RGBA(hex: hex)) }
            if lower == "transparent" { return .transparent }
            if let hex = systemColors[lower] { return .rgba(RGBA(hex: hex)) }
            return nil
        case .token(.hash(let digits, _)):
            return parseHex(digits).map(CSSColor.rgba)
        case .function(let name, let arguments):
            switch name.asciiLowercased {
            case "rgb", "rgba": return parseRGB(arguments).map(CSSColor.rgba)
            case "hsl", "hsla": return parseHSL(arguments, whiteness: false).map(CSSColor.rgba)
            case "hwb": return parseHSL(arguments, whiteness: true).map(CSSColor.rgba)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`.
    ///
    /// https://www.w3.org/TR/css-color-4/#hex-notation
    static func parseHex(_ digits: String) -> RGBA? {
        var nibbles: [UInt8] = []
        for byte in digits.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibbles.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibbles.append(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibbles.append(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        switch nibbles.count {
        case 3, 4:
            let c = nibbles.map { $0 * 17 }
            return RGBA(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? Double(c[3]) / 255 : 1)
        case 6, 8:
            let c = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] * 16 + nibbles[$0 + 1] }
            return RGBA(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? Double(c[3]) / 255 : 1)
        default:
            return nil
        }
    }

    /// The arguments of a colour function: three channels and an optional alpha, in the
    /// legacy comma syntax or the modern space syntax with `/ alpha`.
    private static func channels(_ arguments: [ComponentValue]) -> (values: [ComponentValue], alpha: ComponentValue?, legacy: Bool)? {
        let items = arguments.withoutWhitespace
        if items.contains(where: \.isComma) {
            let parts = items.splitAtCommas
            guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ $0.count == 1 }) else { return nil }
            return (parts.prefix(3).map { $0[0] }, parts.count == 4 ? parts[3][0] : nil, true)
        }
        if items.count == 3 { return (items, nil, false) }
        if items.count == 5, items[3].isDelim("/") { return (Array(items.prefix(3)), items[4], false) }
        return nil
    }

    /// An alpha value: a number (0…1) or a percentage; `none` is 0.
    private static func alpha(_ value: ComponentValue?) -> Double? {
        guard let value else { return 1 }
        switch value {
        case .token(.number(let number, _, _)): return number
        case .token(.percentage(let number)): return number / 100
        case .token(.ident(let name)) where name.asciiLowercased == "none": return 0
        default: return nil
        }
    }

    private static func parseRGB(_ arguments: [ComponentValue]) -> RGBA? {
        guard let (values, alphaValue, legacy) = channels(arguments), let alpha = alpha(alphaValue) else { return nil }
        var rgb: [Double] = []
        var sawNumber = false, sawPercent = false
        for value in values {
            switch value {
            case .token(.number(let number, _, _)):
                rgb.append(number)
                sawNumber = true
            case .token(.percentage(let number)):
                rgb.append(number * 255 / 100)
                sawPercent = true
            case .token(.ident(let name)) where !legacy && name.asciiLowercased == "none":
                rgb.append(0)
            default:
                return nil
            }
        }
        // Legacy syntax may not mix numbers and percentages.
        if legacy && sawNumber && sawPercent { return nil }
        return RGBA(clampingRed: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha)
    }

    /// `hsl()` (saturation, lightness) or `hwb()` (whiteness, blackness).
    ///
    /// https://www.w3.org/TR/css-color-4/#hsl-to-rgb
    private static func parseHSL(_ arguments: [ComponentValue], whiteness: Bool) -> RGBA? {
        guard let (values, alphaValue, legacy) = channels(arguments), let alpha = alpha(alphaValue) else { return nil }
        if whiteness && legacy { return nil }
        guard let hue = hue(values[0]) else { return nil }
        var fractions: [Double] = []
        for value in values.dropFirst() {
            switch value {
            case .token(.percentage(let number)): fractions.append(number / 100)
            case .token(.number(let number, _, _)) where !legacy: fractions.append(number / 100)
            case .token(.ident(let name)) where !legacy && name.asciiLowercased == "none": fractions.append(0)
            default: return nil
            }
        }
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        if whiteness {
            let (w, b) = (Swift.max(0, fractions[0]), Swift.max(0, fractions[1]))
            if w + b >= 1 {
                let gray = w / (w + b) * 255
                return RGBA(clampingRed: gray, green: gray, blue: gray, alpha: alpha)
            }
            let base = hslToRGB(h, 1, 0.5)
            let rgb = base.map { ($0 * (1 - w - b) + w) * 255 }
            return RGBA(clampingRed: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha)
        }
        let s = Swift.min(1, Swift.max(0, fractions[0]))
        let l = Swift.min(1, Swift.max(0, fractions[1]))
        let rgb = hslToRGB(h, s, l).map { $0 * 255 }
        return RGBA(clampingRed: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha)
    }

    /// A hue in degrees: a number or an angle.
    private static func hue(_ value: ComponentValue) -> Double? {
        switch value {
        case .token(.number(let number, _, _)): return number
        case .token(.dimension(let number, let unit, _)):
            switch unit.asciiLowercased {
            case "deg": return number
            case "rad": return number * 180 / Double.pi
            case "grad": return number * 0.9
            case "turn": return number * 360
            default: return nil
            }
        case .token(.ident(let name)) where name.asciiLowercased == "none": return 0
        default: return nil
        }
    }

    private static func hslToRGB(_ hue: Double, _ saturation: Double, _ lightness: Double) -> [Double] {
        func f(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * Swift.min(lightness, 1 - lightness)
            return lightness - a * Swift.max(-1, Swift.min(k - 3, 9 - k, 1))
        }
        return [f(0), f(8), f(4)]
    }
}

extension RGBA {
    /// A colour written as CSS text (a name, `#hex`, `rgb()` …), as attributes outside CSS give
    /// them (MathML's `mathcolor`); nil for anything else, `currentColor` included.
    public init?(cssText text: String) {
        let values = CSSParser.parseComponentValues(text).filter {
            if case .token(.whitespace) = $0 { return false }
            return true
        }
        guard values.count == 1, case .rgba(let color)? = CSSColor.parse(values[0]) else { return nil }
        self = color
    }
}
