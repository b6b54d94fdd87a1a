/// Expansion of the shorthand properties.
///
/// https://www.w3.org/TR/css-cascade-4/#shorthand
extension PropertyParser {
    /// The longhands a shorthand expands to, nil when `name` is no shorthand or the value
    /// is invalid.
    static func shorthand(_ name: String, _ v: [ComponentValue]) -> Longhands? {
        switch name {
        case "margin":
            return sides(v, [.marginTop, .marginRight, .marginBottom, .marginLeft]) { lengthOr([$0], "auto", .auto) }
        case "padding":
            return sides(v, [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft]) {
                Length.parse($0, negative: false).map(SpecifiedValue.length)
            }
        case "inset":
            return sides(v, [.top, .right, .bottom, .left]) { lengthOr([$0], "auto", .auto) }
        case "border-width":
            return sides(v, [.borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth], borderWidth)
        case "border-style":
            return sides(v, [.borderTopStyle, .borderRightStyle, .borderBottomStyle, .borderLeftStyle]) {
                BorderStyle.parse($0).map(SpecifiedValue.borderStyle)
            }
        case "border-color":
            return sides(v, [.borderTopColor, .borderRightColor, .borderBottomColor, .borderLeftColor]) {
                CSSColor.parse($0).map(SpecifiedValue.color)
            }
        case "border":
            guard let (width, style, color) = borderSide(v) else { return nil }
            let all = shorthands["border"] ?? []
            return all.prefix(4).map { ($0, width) } + all.dropFirst(4).prefix(4).map { ($0, style) } + all.suffix(4).map { ($0, color) }
        case "border-top", "border-right", "border-bottom", "border-left":
            guard let (width, style, color) = borderSide(v), let ids = shorthands[name], ids.count == 3 else { return nil }
            return [(ids[0], width), (ids[1], style), (ids[2], color)]
        case "border-radius": return borderRadius(v)
        case "font": return font(v)
        case "font-variant": return fontVariant(v)
        case "background": return background(v)
        case "list-style": return listStyle(v)
        case "text-decoration": return textDecoration(v)
        case "text-emphasis": return textEmphasis(v)
        case "columns": return columns(v)
        case "overflow":
            guard v.count == 1 || v.count == 2, let x = Overflow.parse(v[0]), let y = v.count == 2 ? Overflow.parse(v[1]) : x
            else { return nil }
            return [(.overflowX, .overflow(x)), (.overflowY, .overflow(y))]
        default:
            return nil
        }
    }

    /// One to four values for top, right, bottom, left (CSS 2.1 box shorthands).
    ///
    /// https://www.w3.org/TR/CSS2/box.html#propdef-margin
    static func sides(_ v: [ComponentValue], _ ids: [PropertyID], _ parse: (ComponentValue) -> SpecifiedValue?) -> Longhands? {
        guard (1...4).contains(v.count) else { return nil }
        var values: [SpecifiedValue] = []
        for item in v {
            guard let value = parse(item) else { return nil }
            values.append(value)
        }
        let (top, right) = (values[0], values.count > 1 ? values[1] : values[0])
        let bottom = values.count > 2 ? values[2] : top
        let left = values.count > 3 ? values[3] : right
        return [(ids[0], top), (ids[1], right), (ids[2], bottom), (ids[3], left)]
    }

    /// `<line-width> || <line-style> || <color>`, missing parts at their initial values.
    static func borderSide(_ v: [ComponentValue]) -> (SpecifiedValue, SpecifiedValue, SpecifiedValue)? {
        guard (1...3).contains(v.count) else { return nil }
        var width: SpecifiedValue?, style: SpecifiedValue?, color: SpecifiedValue?
        for item in v {
            if width == nil, let parsed = borderWidth(item) {
                width = parsed
            } else if style == nil, let parsed = BorderStyle.parse(item) {
                style = .borderStyle(parsed)
            } else if color == nil, let parsed = CSSColor.parse(item) {
                color = .color(parsed)
            } else {
                return nil
            }
        }
        return (width ?? .borderWidth(.px(3)), style ?? .borderStyle(.none), color ?? .color(.currentColor))
    }

    /// `<length-percentage [0,∞]>{1,4} [ / <length-percentage [0,∞]>{1,4} ]?`
    ///
    /// https://www.w3.org/TR/css-backgrounds-3/#border-radius
    static func borderRadius(_ v: [ComponentValue]) -> Longhands? {
        let slash = v.firstIndex { $0.isDelim("/") }
        func corners(_ items: ArraySlice<ComponentValue>) -> [Length]? {
            guard (1...4).contains(items.count) else { return nil }
            var lengths: [Length] = []
            for item in items {
                guard let length = Length.parse(item, negative: false) else { return nil }
                lengths.append(length)
            }
            let (a, b) = (lengths[0], lengths.count > 1 ? lengths[1] : lengths[0])
            let c = lengths.count > 2 ? lengths[2] : a
            let d = lengths.count > 3 ? lengths[3] : b
            return [a, b, c, d]  // top-left, top-right, bottom-right, bottom-left
        }
        guard let horizontal = corners(v[..<(slash ?? v.endIndex)]) else { return nil }
        var vertical = horizontal
        if let slash {
            guard let parsed = corners(v[(slash + 1)...]) else { return nil }
            vertical = parsed
        }
        let ids: [PropertyID] = [.borderTopLeftRadius, .borderTopRightRadius, .borderBottomRightRadius, .borderBottomLeftRadius]
        return (0..<4).map { (ids[$0], .cornerRadius(horizontal[$0], vertical[$0])) }
    }

    /// `<list-style-type> || <list-style-position> || <list-style-image>`, where `none`
    /// sets whichever of type and image is not otherwise given.
    ///
    /// https://www.w3.org/TR/css-lists-3/#list-style-property
    static func listStyle(_ v: [ComponentValue]) -> Longhands? {
        guard (1...3).contains(v.count) else { return nil }
        var type: ListStyleType?, position: ListStylePosition?, image: CSSImage?
        var noneCount = 0
        for item in v {
            if item.keyword == "none" {
                noneCount += 1
            } else if position == nil, let parsed = ListStylePosition.parse(item) {
                position = parsed
            } else if image == nil, let parsed = CSSImage.parse(item) {
                image = parsed
            } else if type == nil, let parsed = ListStyleType.parse(item) {
                type = parsed
            } else {
                return nil
            }
        }
        switch noneCount {
        case 0: break
        case 1:
            if type == nil { type = ListStyleType.none } else if image == nil { image = CSSImage.none } else { return nil }
        case 2:
            guard type == nil, image == nil else { return nil }
            (type, image) = (ListStyleType.none, CSSImage.none)
        default: return nil
        }
        return [
            (.listStyleType, .listStyleType(type ?? .disc)),
            (.listStylePosition, .listStylePosition(position ?? .outside)),
            (.listStyleImage, .image(image ?? CSSImage.none)),
        ]
    }

    /// `<text-decoration-line> || <text-decoration-style> || <color>` (a thickness is
    /// accepted and not kept).
    ///
    /// https://www.w3.org/TR/css-text-decor-3/#text-decoration-property
    static func textDecoration(_ v: [ComponentValue]) -> Longhands? {
        var lines: TextDecorationLine?, style: TextDecorationStyle?, color: CSSColor?, thickness = false
        for item in v {
            if item.keyword == "none", lines == nil {
                lines = []
            } else if let keyword = item.keyword, let line = TextDecorationLine.keywords.first(where: { $0.0 == keyword })?.1 {
                guard lines?.contains(line) != true, lines != [] else { return nil }
                lines = (lines ?? []).union(line)
            } else if style == nil, let parsed = TextDecorationStyle.parse(item) {
                style = parsed
            } else if color == nil, let parsed = CSSColor.parse(item) {
                color = parsed
            } else if !thickness, item.keyword == "auto" || item.keyword == "from-font" || Length.parse(item) != nil {
                thickness = true
            } else {
                return nil
            }
        }
        return [
            (.textDecorationLine, .textDecorationLine(lines ?? [])),
            (.textDecorationStyle, .textDecorationStyle(style ?? .solid)),
            (.textDecorationColor, .color(color ?? .currentColor)),
        ]
    }

    /// `<text-emphasis-style> || <text-emphasis-color>`
    ///
    /// https://www.w3.org/TR/css-text-decor-3/#text-emphasis-property
    static func textEmphasis(_ v: [ComponentValue]) -> Longhands? {
        var styleItems: [ComponentValue] = []
        var color: CSSColor?
        for item in v {
            if color == nil, item.keyword != "none", let parsed = CSSColor.parse(item) {
                color = parsed
            } else {
                styleItems.append(item)
            }
        }
        var style = TextEmphasisStyle.none
        if !styleItems.isEmpty {
            guard let parsed = textEmphasisStyle(styleItems) else { return nil }
            style = parsed
        }
        return [(.textEmphasisStyle, .textEmphasisStyle(style)), (.textEmphasisColor, .color(color ?? .currentColor))]
    }

    /// `<'column-width'> || <'column-count'>`
    ///
    /// https://www.w3.org/TR/css-multicol-1/#columns
    static func columns(_ v: [ComponentValue]) -> Longhands? {
        guard (1...2).contains(v.count) else { return nil }
        var width: SpecifiedValue?, count: SpecifiedValue?
        for item in v {
            if item.keyword == "auto" {
                continue  // `auto` is the initial value of both
            } else if count == nil, let number = item.integer, number >= 1 {
                count = .integer(number)
            } else if width == nil, let length = Length.parse(item, percent: false, negative: false) {
                width = .length(length)
            } else {
                return nil
            }
        }
        return [(.columnWidth, width ?? .auto), (.columnCount, count ?? .auto)]
    }
}
