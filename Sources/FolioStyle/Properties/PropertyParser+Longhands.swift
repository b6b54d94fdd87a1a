/// Grammars of the longhand properties.
extension PropertyParser {
    /// Parses a longhand's whitespace-free value; nil when the grammar rejects it.
    static func longhand(_ id: PropertyID, _ v: [ComponentValue]) -> SpecifiedValue? {
        switch id {
        case .display: return display(v)
        case .position: return one(v, Position.self).map(SpecifiedValue.position)
        case .float: return one(v, FloatMode.self).map(SpecifiedValue.float)
        case .clear: return one(v, Clear.self).map(SpecifiedValue.clear)
        case .boxSizing: return one(v, BoxSizing.self).map(SpecifiedValue.boxSizing)
        case .width, .height, .minWidth, .minHeight: return lengthOr(v, "auto", .auto, negative: false)
        case .maxWidth, .maxHeight: return lengthOr(v, "none", .none, negative: false)
        case .marginTop, .marginRight, .marginBottom, .marginLeft, .top, .right, .bottom, .left:
            return lengthOr(v, "auto", .auto, negative: true)
        case .paddingTop, .paddingRight, .paddingBottom, .paddingLeft:
            return v.count == 1 ? Length.parse(v[0], negative: false).map(SpecifiedValue.length) : nil
        case .borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth:
            return v.count == 1 ? borderWidth(v[0]) : nil
        case .borderTopStyle, .borderRightStyle, .borderBottomStyle, .borderLeftStyle:
            return one(v, BorderStyle.self).map(SpecifiedValue.borderStyle)
        case .borderTopColor, .borderRightColor, .borderBottomColor, .borderLeftColor, .color,
             .textDecorationColor, .textEmphasisColor, .backgroundColor:
            return v.count == 1 ? CSSColor.parse(v[0]).map(SpecifiedValue.color) : nil
        case .borderTopLeftRadius, .borderTopRightRadius, .borderBottomRightRadius, .borderBottomLeftRadius:
            return lengthPair(v).map(SpecifiedValue.cornerRadius)
        case .overflowX, .overflowY: return one(v, Overflow.self).map(SpecifiedValue.overflow)
        case .visibility: return one(v, Visibility.self).map(SpecifiedValue.visibility)
        case .zIndex:
            if v.singleKeyword == "auto" { return .auto }
            return v.count == 1 ? v[0].integer.map(SpecifiedValue.integer) : nil
        case .opacity:
            guard v.count == 1 else { return nil }
            if case .token(.percentage(let percent)) = v[0] { return .number(percent / 100) }
            return v[0].number.map(SpecifiedValue.number)
        case .verticalAlign:
            guard v.count == 1 else { return nil }
            if let keyword = VerticalAlignKeyword.parse(v[0]) { return .verticalAlign(keyword) }
            return Length.parse(v[0]).map(SpecifiedValue.length)
        case .unicodeBidi:
            guard v.count == 1, let keyword = v[0].keyword else { return nil }
            let unprefixed = keyword.hasPrefix("-webkit-") ? String(keyword.dropFirst(8)) : keyword
            return UnicodeBidi(rawValue: unprefixed).map(SpecifiedValue.unicodeBidi)
        case .fontFamily: return fontFamily(v).map(SpecifiedValue.fontFamily)
        case .fontSize: return v.count == 1 ? fontSize(v[0]).map(SpecifiedValue.fontSize) : nil
        case .fontWeight: return v.count == 1 ? fontWeight(v[0]).map(SpecifiedValue.fontWeight) : nil
        case .fontStyle: return fontStyle(v)
        case .fontVariantCaps: return one(v, FontVariantCaps.self).map(SpecifiedValue.fontVariantCaps)
        case .fontStretch: return v.count == 1 ? fontStretch(v[0]).map(SpecifiedValue.fontStretch) : nil
        case .fontFeatureSettings: return fontFeatureSettings(v)
        case .lineHeight: return v.count == 1 ? lineHeight(v[0]).map(SpecifiedValue.lineHeight) : nil
        case .textAlign:
            guard let keyword = v.singleKeyword else { return nil }
            if keyword == "match-parent" { return .matchParent }
            return (TextAlign(rawValue: keyword) ?? TextAlign.aliases[keyword]).map(SpecifiedValue.textAlign)
        case .textAlignLast: return one(v, TextAlignLast.self).map(SpecifiedValue.textAlignLast)
        case .textIndent:
            // `hanging` and `each-line` (CSS Text 3) are accepted and not applied.
            let lengths = v.filter { $0.keyword != "hanging" && $0.keyword != "each-line" }
            return lengths.count == 1 ? Length.parse(lengths[0]).map(SpecifiedValue.length) : nil
        case .textTransform: return textTransform(v)
        case .textDecorationLine: return textDecorationLine(v).map(SpecifiedValue.textDecorationLine)
        case .textDecorationStyle: return one(v, TextDecorationStyle.self).map(SpecifiedValue.textDecorationStyle)
        case .letterSpacing: return lengthOr(v, "normal", .normal, percent: false)
        case .wordSpacing: return lengthOr(v, "normal", .normal)
        case .whiteSpace:
            guard let keyword = v.singleKeyword else { return nil }
            return (WhiteSpace(rawValue: keyword) ?? WhiteSpace.aliases[keyword]).map(SpecifiedValue.whiteSpace)
        case .wordBreak: return one(v, WordBreak.self).map(SpecifiedValue.wordBreak)
        case .overflowWrap: return one(v, OverflowWrap.self).map(SpecifiedValue.overflowWrap)
        case .lineBreak: return one(v, LineBreak.self).map(SpecifiedValue.lineBreak)
        case .hyphens: return one(v, Hyphens.self).map(SpecifiedValue.hyphens)
        // CSS Text 3 keeps `distribute` as a legacy alias of `inter-character`.
        case .textJustify:
            if v.count == 1, v[0].keyword == "distribute" { return .textJustify(.interCharacter) }
            return one(v, TextJustify.self).map(SpecifiedValue.textJustify)
        case .hyphenateLimitChars: return HyphenateLimitChars.parse(v).map(SpecifiedValue.hyphenateLimitChars)
        case .hangingPunctuation: return HangingPunctuation.parse(v).map(SpecifiedValue.hangingPunctuation)
        case .direction: return one(v, Direction.self).map(SpecifiedValue.direction)
        case .writingMode:
            guard let keyword = v.singleKeyword else { return nil }
            return (WritingMode(rawValue: keyword) ?? WritingMode.aliases[keyword]).map(SpecifiedValue.writingMode)
        case .textOrientation:
            guard let keyword = v.singleKeyword else { return nil }
            return (TextOrientation(rawValue: keyword) ?? TextOrientation.aliases[keyword]).map(SpecifiedValue.textOrientation)
        case .textCombineUpright: return textCombineUpright(v).map(SpecifiedValue.textCombineUpright)
        case .textEmphasisStyle: return textEmphasisStyle(v).map(SpecifiedValue.textEmphasisStyle)
        case .textEmphasisPosition: return textEmphasisPosition(v).map(SpecifiedValue.textEmphasisPosition)
        case .textUnderlinePosition: return textUnderlinePosition(v).map(SpecifiedValue.textUnderlinePosition)
        case .backgroundImage: return layers(v, CSSImage.parse).map(SpecifiedValue.backgroundImages)
        case .backgroundPosition: return layers(v, position).map(SpecifiedValue.backgroundPositions)
        case .backgroundSize: return layers(v, backgroundSize).map(SpecifiedValue.backgroundSizes)
        case .backgroundRepeat: return layers(v, backgroundRepeat).map(SpecifiedValue.backgroundRepeats)
        case .backgroundAttachment: return layers(v) { $0.count == 1 ? BackgroundAttachment.parse($0[0]) : nil }.map(SpecifiedValue.backgroundAttachments)
        case .backgroundOrigin:
            return layers(v) { $0.count == 1 ? BackgroundBox.parse($0[0]).flatMap { $0 == .text ? nil : $0 } : nil }
                .map(SpecifiedValue.backgroundBoxes)
        case .backgroundClip: return layers(v) { $0.count == 1 ? BackgroundBox.parse($0[0]) : nil }.map(SpecifiedValue.backgroundBoxes)
        case .listStyleType: return v.count == 1 ? ListStyleType.parse(v[0]).map(SpecifiedValue.listStyleType) : nil
        case .listStylePosition: return one(v, ListStylePosition.self).map(SpecifiedValue.listStylePosition)
        case .listStyleImage: return v.count == 1 ? CSSImage.parse(v[0]).map(SpecifiedValue.image) : nil
        case .borderCollapse: return one(v, BorderCollapse.self).map(SpecifiedValue.borderCollapse)
        case .borderSpacing:
            guard let (h, vertical) = lengthPair(v, percent: false) else { return nil }
            return .borderSpacing(h, vertical)
        case .captionSide: return one(v, CaptionSide.self).map(SpecifiedValue.captionSide)
        case .tableLayout: return one(v, TableLayout.self).map(SpecifiedValue.tableLayout)
        case .emptyCells: return one(v, EmptyCells.self).map(SpecifiedValue.emptyCells)
        case .content: return content(v)
        case .counterReset: return counters(v, defaultValue: 0, allowReversed: true)
        case .counterSet: return counters(v, defaultValue: 0, allowReversed: false)
        case .counterIncrement: return counters(v, defaultValue: 1, allowReversed: false)
        case .quotes: return quotes(v)
        case .breakBefore, .breakAfter: return one(v, BreakBetween.self).map(SpecifiedValue.breakBetween)
        case .breakInside: return one(v, BreakInside.self).map(SpecifiedValue.breakInside)
        case .orphans, .widows:
            guard v.count == 1, let count = v[0].integer, count >= 1 else { return nil }
            return .integer(count)
        case .columnCount:
            if v.singleKeyword == "auto" { return .auto }
            guard v.count == 1, let count = v[0].integer, count >= 1 else { return nil }
            return .integer(count)
        case .columnWidth: return lengthOr(v, "auto", .auto, percent: false, negative: false)
        case .tabSize:
            // https://www.w3.org/TR/css-text-3/#tab-size-property: a count of spaces. A
            // <length> is valid CSS but not supported: tabs are laid out as spaces.
            guard v.count == 1, let count = v[0].integer, count >= 0 else { return nil }
            return .integer(count)
        }
    }

    /// A single keyword of `K`.
    static func one<K: CSSKeyword>(_ v: [ComponentValue], _: K.Type) -> K? {
        v.count == 1 ? K.parse(v[0]) : nil
    }

    /// A length or the given keyword.
    static func lengthOr(
        _ v: [ComponentValue], _ keyword: String, _ value: SpecifiedValue, percent: Bool = true, negative: Bool = true
    ) -> SpecifiedValue? {
        guard v.count == 1 else { return nil }
        if v[0].keyword == keyword { return value }
        return Length.parse(v[0], percent: percent, negative: negative).map(SpecifiedValue.length)
    }

    /// One or two non-negative lengths (the second defaults to the first).
    static func lengthPair(_ v: [ComponentValue], percent: Bool = true) -> (Length, Length)? {
        guard v.count == 1 || v.count == 2,
              let first = Length.parse(v[0], percent: percent, negative: false),
              let second = v.count == 2 ? Length.parse(v[1], percent: percent, negative: false) : first
        else { return nil }
        return (first, second)
    }

    /// `thin | medium | thick | <length>`. https://www.w3.org/TR/css-backgrounds-3/#border-width
    static func borderWidth(_ value: ComponentValue) -> SpecifiedValue? {
        switch value.keyword {
        case "thin": return .borderWidth(.px(1))
        case "medium": return .borderWidth(.px(3))
        case "thick": return .borderWidth(.px(5))
        default: return Length.parse(value, percent: false, negative: false).map(SpecifiedValue.borderWidth)
        }
    }

    static func display(_ v: [ComponentValue]) -> SpecifiedValue? {
        if v.count == 2, let first = v[0].keyword, let second = v[1].keyword {
            return Display.parse(pair: first, second).map(SpecifiedValue.display)
        }
        guard let keyword = v.singleKeyword else { return nil }
        return (Display(rawValue: keyword) ?? Display.fallbacks[keyword]).map(SpecifiedValue.display)
    }

    static func textTransform(_ v: [ComponentValue]) -> SpecifiedValue? {
        // `capitalize full-width` and the like keep the case transform, which matters most.
        var result: TextTransform?
        for item in v {
            guard let keyword = item.keyword else { return nil }
            let transform = TextTransform(rawValue: keyword)
                ?? (["fullwidth", "-epub-fullwidth"].contains(keyword) ? .fullWidth : nil)
            guard let transform else { return nil }
            if transform == .none && v.count > 1 { return nil }
            if result == nil || [.fullWidth, .fullSizeKana].contains(result) { result = transform }
        }
        return result.map(SpecifiedValue.textTransform)
    }

    static func textDecorationLine(_ v: [ComponentValue]) -> TextDecorationLine? {
        if v.singleKeyword == "none" { return [] }
        var lines: TextDecorationLine = []
        for item in v {
            guard let keyword = item.keyword, let line = TextDecorationLine.keywords.first(where: { $0.0 == keyword })?.1,
                  !lines.contains(line)
            else { return nil }
            lines.insert(line)
        }
        return lines.isEmpty ? nil : lines
    }

    static func textCombineUpright(_ v: [ComponentValue]) -> TextCombineUpright? {
        switch v.first?.keyword {
        case "none" where v.count == 1: return TextCombineUpright.none
        case "all" where v.count == 1: return .all
        case "digits":
            if v.count == 1 { return .digits(2) }
            guard v.count == 2, let count = v[1].integer, (2...4).contains(count) else { return nil }
            return .digits(count)
        default: return nil
        }
    }

    static func textEmphasisStyle(_ v: [ComponentValue]) -> TextEmphasisStyle? {
        if v.singleKeyword == "none" { return TextEmphasisStyle.none }
        if v.count == 1, let string = v[0].string { return .string(string) }
        var fill: Bool?
        var shape: TextEmphasisShape?
        for item in v {
            switch item.keyword {
            case "filled" where fill == nil: fill = true
            case "open" where fill == nil: fill = false
            default:
                guard shape == nil, let parsed = TextEmphasisShape.parse(item) else { return nil }
                shape = parsed
            }
        }
        guard fill != nil || shape != nil else { return nil }
        return .mark(filled: fill ?? true, shape: shape)
    }

    /// `[ over | under ] && [ right | left ]?`, each keyword once.
    static func textEmphasisPosition(_ v: [ComponentValue]) -> TextEmphasisPosition? {
        var vertical: Bool?
        var side: Bool?
        for item in v {
            switch item.keyword {
            case "over" where vertical == nil: vertical = false
            case "under" where vertical == nil: vertical = true
            case "left" where side == nil: side = true
            case "right" where side == nil: side = false
            default: return nil
            }
        }
        guard let under = vertical else { return nil }
        return TextEmphasisPosition(under: under, left: side ?? false)
    }

    /// `auto | from-font | [ under || [ left | right ] ]`.
    static func textUnderlinePosition(_ v: [ComponentValue]) -> TextUnderlinePosition? {
        if v.singleKeyword == "auto" || v.singleKeyword == "from-font" { return .auto }
        var position = TextUnderlinePosition()
        for item in v {
            switch item.keyword {
            case "under" where !position.under: position.under = true
            case "left" where position.side == nil: position.side = .left
            case "right" where position.side == nil: position.side = .right
            default: return nil
            }
        }
        return v.isEmpty ? nil : position
    }

    /// A comma-separated list with one value per background layer.
    static func layers<T>(_ v: [ComponentValue], _ parse: ([ComponentValue]) -> T?) -> [T]? {
        var result: [T] = []
        for part in v.splitAtCommas {
            guard let value = parse(part) else { return nil }
            result.append(value)
        }
        return result
    }

    static func layers<T>(_ v: [ComponentValue], _ parse: (ComponentValue) -> T?) -> [T]? {
        layers(v) { (part: [ComponentValue]) in part.count == 1 ? parse(part[0]) : nil }
    }
}
