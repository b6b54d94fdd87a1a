/// Grammars of the font properties and the `font` shorthand.
///
/// https://www.w3.org/TR/css-fonts-3/#font-prop
extension PropertyParser {
    /// `[ <family-name> | <generic-family> ]#`
    static func fontFamily(_ v: [ComponentValue]) -> [FontFamily]? {
        var families: [FontFamily] = []
        for part in v.splitAtCommas {
            if part.count == 1, let string = part[0].string {
                families.append(.named(string))
                continue
            }
            var words: [String] = []
            for item in part {
                guard case .token(.ident(let word)) = item else { return nil }
                words.append(word)
            }
            guard let first = words.first else { return nil }
            if words.count == 1 {
                let lower = first.asciiLowercased
                if let generic = GenericFamily(rawValue: lower) {
                    families.append(.generic(generic))
                    continue
                }
                if CSSWideKeyword(rawValue: lower) != nil || lower == "default" { return nil }
            }
            families.append(.named(words.joined(separator: " ")))
        }
        return families
    }

    /// `<absolute-size> | <relative-size> | <length-percentage [0,∞]>`
    static func fontSize(_ value: ComponentValue) -> FontSizeValue? {
        if let keyword = value.keyword {
            switch keyword {
            case "smaller": return .smaller
            case "larger": return .larger
            case "-webkit-xxx-large": return .keyword(.xxxLarge)
            default: return FontSizeKeyword(rawValue: keyword).map(FontSizeValue.keyword)
            }
        }
        return Length.parse(value, negative: false).map(FontSizeValue.length)
    }

    /// `normal | bold | bolder | lighter | <number [1,1000]>`
    static func fontWeight(_ value: ComponentValue) -> FontWeightValue? {
        switch value.keyword {
        case "normal": return .absolute(400)
        case "bold": return .absolute(700)
        case "bolder": return .bolder
        case "lighter": return .lighter
        case nil:
            guard let number = value.number, number >= 1, number <= 1000 else { return nil }
            return .absolute(Int(number.rounded()))
        default: return nil
        }
    }

    /// `normal | italic | oblique <angle>?` (the angle is accepted and not kept).
    static func fontStyle(_ v: [ComponentValue]) -> SpecifiedValue? {
        guard let style = v.first.flatMap(FontStyle.parse) else { return nil }
        if v.count == 1 { return .fontStyle(style) }
        guard v.count == 2, style == .oblique, isAngle(v[1]) else { return nil }
        return .fontStyle(style)
    }

    static func isAngle(_ value: ComponentValue) -> Bool {
        if case .token(.dimension(_, let unit, _)) = value {
            return ["deg", "rad", "grad", "turn"].contains(unit.asciiLowercased)
        }
        return false
    }

    /// A `font-stretch` keyword or non-negative percentage, as a percentage.
    static func fontStretch(_ value: ComponentValue) -> Double? {
        if let keyword = FontStretchKeyword.parse(value) { return keyword.percent }
        if case .token(.percentage(let percent)) = value, percent >= 0 { return percent }
        return nil
    }

    /// `normal | [ <string> [ <integer [0,∞]> | on | off ]? ]#`
    static func fontFeatureSettings(_ v: [ComponentValue]) -> SpecifiedValue? {
        if v.singleKeyword == "normal" { return .fontFeatures([]) }
        var features: [FontFeature] = []
        for part in v.splitAtCommas {
            guard let tag = part.first?.string, tag.utf8.count == 4, tag.utf8.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E })
            else { return nil }
            var value = 1
            if part.count == 2 {
                switch part[1].keyword {
                case "on": value = 1
                case "off": value = 0
                default:
                    guard let number = part[1].integer, number >= 0 else { return nil }
                    value = number
                }
            } else if part.count != 1 {
                return nil
            }
            features.append(FontFeature(tag: tag, value: value))
        }
        return .fontFeatures(features)
    }

    /// `normal | <number [0,∞]> | <length-percentage [0,∞]>`
    static func lineHeight(_ value: ComponentValue) -> LineHeightValue? {
        if value.keyword == "normal" { return .normal }
        if let number = value.number { return number >= 0 ? .number(number) : nil }
        if case .function = value, let calc = Calc.parse(value), calc.type == .number {
            return .number(Swift.max(0, calc.constantValue))
        }
        return Length.parse(value, negative: false).map(LineHeightValue.length)
    }

    /// The `font` shorthand.
    ///
    /// `[ <font-style> || <font-variant-css2> || <font-weight> || <font-stretch-css3> ]?
    ///  <font-size> [ / <line-height> ]? <font-family>`, or a system font keyword, which
    /// is accepted and ignored (Folio has no system UI fonts to take it from).
    /// https://www.w3.org/TR/css-fonts-3/#font-prop
    static func font(_ v: [ComponentValue]) -> Longhands? {
        let systemFonts: Set<String> = ["caption", "icon", "menu", "message-box", "small-caption", "status-bar"]
        if let keyword = v.singleKeyword, systemFonts.contains(keyword) { return [] }
        var style: SpecifiedValue?, caps: SpecifiedValue?, weight: SpecifiedValue?, stretch: SpecifiedValue?
        var index = 0
        var prefixCount = 0
        var size: FontSizeValue?
        while index < v.count {
            let item = v[index]
            if let parsed = fontSize(item), item.number == nil {
                size = parsed
                index += 1
                break
            }
            prefixCount += 1
            guard prefixCount <= 4 else { return nil }
            if item.keyword == "normal" {
                index += 1
            } else if style == nil, let parsed = FontStyle.parse(item) {
                style = .fontStyle(parsed)
                index += 1
                if parsed == .oblique, index < v.count, isAngle(v[index]) { index += 1 }
            } else if caps == nil, item.keyword == "small-caps" {
                caps = .fontVariantCaps(.smallCaps)
                index += 1
            } else if weight == nil, let parsed = fontWeight(item) {
                weight = .fontWeight(parsed)
                index += 1
            } else if stretch == nil, let parsed = FontStretchKeyword.parse(item) {
                stretch = .fontStretch(parsed.percent)
                index += 1
            } else {
                return nil
            }
        }
        guard let size else { return nil }
        var height = LineHeightValue.normal
        if index < v.count, v[index].isDelim("/") {
            guard index + 1 < v.count, let parsed = lineHeight(v[index + 1]) else { return nil }
            height = parsed
            index += 2
        }
        guard index < v.count, let families = fontFamily(Array(v[index...])) else { return nil }
        return [
            (.fontStyle, style ?? .fontStyle(.normal)),
            (.fontVariantCaps, caps ?? .fontVariantCaps(.normal)),
            (.fontWeight, weight ?? .fontWeight(.absolute(400))),
            (.fontStretch, stretch ?? .fontStretch(100)),
            (.fontSize, .fontSize(size)),
            (.lineHeight, .lineHeight(height)),
            (.fontFamily, .fontFamily(families)),
        ]
    }

    /// The `font-variant` shorthand: the caps value is kept; the other font-variant
    /// keywords are accepted and not applied (Folio shapes with default features).
    ///
    /// https://www.w3.org/TR/css-fonts-3/#font-variant-prop
    static func fontVariant(_ v: [ComponentValue]) -> Longhands? {
        if let keyword = v.singleKeyword, keyword == "normal" || keyword == "none" {
            return [(.fontVariantCaps, .fontVariantCaps(.normal))]
        }
        let others: Set<String> = [
            "common-ligatures", "no-common-ligatures", "discretionary-ligatures", "no-discretionary-ligatures",
            "historical-ligatures", "no-historical-ligatures", "contextual", "no-contextual", "lining-nums",
            "oldstyle-nums", "proportional-nums", "tabular-nums", "diagonal-fractions", "stacked-fractions",
            "ordinal", "slashed-zero", "jis78", "jis83", "jis90", "jis04", "simplified", "traditional",
            "full-width", "proportional-width", "ruby", "sub", "super",
        ]
        var caps = FontVariantCaps.normal
        for item in v {
            if let parsed = FontVariantCaps.parse(item), parsed != .normal {
                caps = parsed
            } else if let keyword = item.keyword, others.contains(keyword) {
                continue
            } else {
                return nil
            }
        }
        return [(.fontVariantCaps, .fontVariantCaps(caps))]
    }
}
