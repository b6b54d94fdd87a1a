/// Storing one cascaded value into its computed field.
extension ComputedStyle {
    /// Computes `value` for `id` into this style. Values of a kind the property does not
    /// take (which the parser never produces) are ignored.
    mutating func apply(_ id: PropertyID, _ value: SpecifiedValue, parent: ComputedStyle, lengths: LengthResolver, environment: ValueContext) {
        if case .cssWide(let keyword) = value {
            let inherit = switch keyword {
            case .inherit: true
            case .initial: false
            case .unset, .revert, .revertLayer: id.isInherited
            }
            if inherit {
                copy(id, from: parent)
            } else {
                copy(id, from: .initial)
                if id == .fontSize { font.size = environment.mediumFontSize }
            }
            return
        }
        func lp() -> LengthPercentage? {
            if case .length(let length) = value { return lengths.lengthPercentage(length) }
            return nil
        }
        func lpOrAuto() -> LengthPercentageOrAuto? {
            if case .auto = value { return .auto }
            return lp().map(LengthPercentageOrAuto.length)
        }
        func color() -> CSSColor? {
            if case .color(let color) = value { return color }
            return nil
        }
        func px() -> Double? {
            switch value {
            case .length(let length), .borderWidth(let length): max(0, lengths.px(length))
            default: nil
            }
        }
        func radius() -> CornerRadius? {
            guard case .cornerRadius(let h, let v) = value else { return nil }
            return CornerRadius(
                horizontal: lengths.lengthPercentage(h).clampedNonNegative, vertical: lengths.lengthPercentage(v).clampedNonNegative
            )
        }

        switch (id, value) {
        case (.display, .display(let v)): box.display = v
        case (.position, .position(let v)): box.position = v
        case (.float, .float(let v)): box.float = v
        case (.clear, .clear(let v)): box.clear = v
        case (.boxSizing, .boxSizing(let v)): box.boxSizing = v
        case (.width, _): if let v = lpOrAuto() { box.width = v.nonNegative }
        case (.height, _): if let v = lpOrAuto() { box.height = v.nonNegative }
        case (.minWidth, _): if let v = lpOrAuto() { box.minWidth = v.nonNegative }
        case (.minHeight, _): if let v = lpOrAuto() { box.minHeight = v.nonNegative }
        case (.maxWidth, .none): box.maxWidth = .none
        case (.maxWidth, _): if let v = lp() { box.maxWidth = .length(v.clampedNonNegative) }
        case (.maxHeight, .none): box.maxHeight = .none
        case (.maxHeight, _): if let v = lp() { box.maxHeight = .length(v.clampedNonNegative) }
        case (.marginTop, _): if let v = lpOrAuto() { box.margin.top = v }
        case (.marginRight, _): if let v = lpOrAuto() { box.margin.right = v }
        case (.marginBottom, _): if let v = lpOrAuto() { box.margin.bottom = v }
        case (.marginLeft, _): if let v = lpOrAuto() { box.margin.left = v }
        case (.paddingTop, _): if let v = lp() { box.padding.top = v.clampedNonNegative }
        case (.paddingRight, _): if let v = lp() { box.padding.right = v.clampedNonNegative }
        case (.paddingBottom, _): if let v = lp() { box.padding.bottom = v.clampedNonNegative }
        case (.paddingLeft, _): if let v = lp() { box.padding.left = v.clampedNonNegative }
        case (.borderTopWidth, _): if let v = px() { border.width.top = v }
        case (.borderRightWidth, _): if let v = px() { border.width.right = v }
        case (.borderBottomWidth, _): if let v = px() { border.width.bottom = v }
        case (.borderLeftWidth, _): if let v = px() { border.width.left = v }
        case (.borderTopStyle, .borderStyle(let v)): border.style.top = v
        case (.borderRightStyle, .borderStyle(let v)): border.style.right = v
        case (.borderBottomStyle, .borderStyle(let v)): border.style.bottom = v
        case (.borderLeftStyle, .borderStyle(let v)): border.style.left = v
        case (.borderTopColor, _): if let v = color() { border.color.top = v }
        case (.borderRightColor, _): if let v = color() { border.color.right = v }
        case (.borderBottomColor, _): if let v = color() { border.color.bottom = v }
        case (.borderLeftColor, _): if let v = color() { border.color.left = v }
        case (.borderTopLeftRadius, _): if let v = radius() { border.radius.topLeft = v }
        case (.borderTopRightRadius, _): if let v = radius() { border.radius.topRight = v }
        case (.borderBottomRightRadius, _): if let v = radius() { border.radius.bottomRight = v }
        case (.borderBottomLeftRadius, _): if let v = radius() { border.radius.bottomLeft = v }
        case (.top, _): if let v = lpOrAuto() { box.inset.top = v }
        case (.right, _): if let v = lpOrAuto() { box.inset.right = v }
        case (.bottom, _): if let v = lpOrAuto() { box.inset.bottom = v }
        case (.left, _): if let v = lpOrAuto() { box.inset.left = v }
        case (.overflowX, .overflow(let v)): box.overflowX = v
        case (.overflowY, .overflow(let v)): box.overflowY = v
        case (.visibility, .visibility(let v)): text.visibility = v
        case (.zIndex, .auto): box.zIndex = nil
        case (.zIndex, .integer(let v)): box.zIndex = v
        case (.opacity, .number(let v)): box.opacity = min(1, max(0, v))
        case (.verticalAlign, .verticalAlign(let v)): box.verticalAlign = .keyword(v)
        case (.verticalAlign, _): if let v = lp() { box.verticalAlign = .length(v) }
        case (.unicodeBidi, .unicodeBidi(let v)): box.unicodeBidi = v
        case (.fontFamily, .fontFamily(let v)): font.family = v
        case (.fontSize, _): break  // computed first, in compute()
        case (.fontWeight, .fontWeight(let v)): font.weight = v.resolve(parent: parent.font.weight)
        case (.fontStyle, .fontStyle(let v)): font.style = v
        case (.fontVariantCaps, .fontVariantCaps(let v)): font.variantCaps = v
        case (.fontStretch, .fontStretch(let v)): font.stretch = v
        case (.fontFeatureSettings, .fontFeatures(let v)): font.featureSettings = v
        case (.lineHeight, .lineHeight(let v)): font.lineHeight = computeLineHeight(v, lengths)
        case (.color, .color(let v)): text.color = v == .currentColor ? parent.text.color : parent.resolve(v)
        case (.textAlign, .textAlign(let v)): text.align = v
        case (.textAlign, .matchParent):
            let inherited = parent.text.align
            let ltr = parent.text.direction == .ltr
            text.align = switch inherited {
            case .start: ltr ? .left : .right
            case .end: ltr ? .right : .left
            default: inherited
            }
        case (.textAlignLast, .textAlignLast(let v)): text.alignLast = v
        case (.textIndent, _): if let v = lp() { text.indent = v }
        case (.textTransform, .textTransform(let v)): text.transform = v
        case (.textDecorationLine, .textDecorationLine(let v)): box.textDecorationLine = v
        case (.textDecorationStyle, .textDecorationStyle(let v)): box.textDecorationStyle = v
        case (.textDecorationColor, _): if let v = color() { box.textDecorationColor = v }
        case (.letterSpacing, .normal): text.letterSpacing = 0
        case (.letterSpacing, .length(let v)): text.letterSpacing = lengths.px(v)
        case (.wordSpacing, .normal): text.wordSpacing = .zero
        case (.wordSpacing, _): if let v = lp() { text.wordSpacing = v }
        case (.whiteSpace, .whiteSpace(let v)): text.whiteSpace = v
        case (.wordBreak, .wordBreak(let v)): text.wordBreak = v
        case (.overflowWrap, .overflowWrap(let v)): text.overflowWrap = v
        case (.lineBreak, .lineBreak(let v)): text.lineBreak = v
        case (.hyphens, .hyphens(let v)): text.hyphens = v
        case (.hyphenateLimitChars, .hyphenateLimitChars(let v)): rareInherited.hyphenateLimitChars = v
        case (.hangingPunctuation, .hangingPunctuation(let v)): rareInherited.hangingPunctuation = v
        case (.textJustify, .textJustify(let v)): rareInherited.textJustify = v
        case (.direction, .direction(let v)): text.direction = v
        case (.writingMode, .writingMode(let v)): text.writingMode = v
        case (.textOrientation, .textOrientation(let v)): text.textOrientation = v
        case (.textCombineUpright, .textCombineUpright(let v)): box.textCombineUpright = v
        case (.textEmphasisStyle, .textEmphasisStyle(let v)): rareInherited.emphasisStyle = v
        case (.textEmphasisPosition, .textEmphasisPosition(let v)): rareInherited.emphasisPosition = v
        case (.textUnderlinePosition, .textUnderlinePosition(let v)): rareInherited.underlinePosition = v
        case (.textEmphasisColor, _): if let v = color() { rareInherited.emphasisColor = v }
        case (.backgroundColor, _): if let v = color() { background.color = v }
        case (.backgroundImage, .backgroundImages(let v)): background.images = v
        case (.backgroundPosition, .backgroundPositions(let v)):
            background.positions = v.map { BackgroundPosition(x: lengths.lengthPercentage($0.x), y: lengths.lengthPercentage($0.y)) }
        case (.backgroundSize, .backgroundSizes(let v)):
            background.sizes = v.map { size in
                switch size {
                case .cover: .cover
                case .contain: .contain
                case .size(let w, let h): .size(width: w.map { lengths.lengthPercentage($0) }, height: h.map { lengths.lengthPercentage($0) })
                }
            }
        case (.backgroundRepeat, .backgroundRepeats(let v)): background.repeats = v
        case (.backgroundAttachment, .backgroundAttachments(let v)): background.attachments = v
        case (.backgroundOrigin, .backgroundBoxes(let v)): background.origins = v
        case (.backgroundClip, .backgroundBoxes(let v)): background.clips = v
        case (.listStyleType, .listStyleType(let v)): rareInherited.listStyleType = v
        case (.listStylePosition, .listStylePosition(let v)): rareInherited.listStylePosition = v
        case (.listStyleImage, .image(let v)): rareInherited.listStyleImage = v
        case (.borderCollapse, .borderCollapse(let v)): rareInherited.borderCollapse = v
        case (.borderSpacing, .borderSpacing(let h, let v)):
            rareInherited.borderSpacing = BorderSpacing(horizontal: max(0, lengths.px(h)), vertical: max(0, lengths.px(v)))
        case (.captionSide, .captionSide(let v)): rareInherited.captionSide = v
        case (.tableLayout, .tableLayout(let v)): box.tableLayout = v
        case (.emptyCells, .emptyCells(let v)): rareInherited.emptyCells = v
        case (.content, .normal): generated.content = .normal
        case (.content, .none): generated.content = .none
        case (.content, .content(let v)): generated.content = .items(v)
        case (.counterReset, .counters(let v)): generated.counterReset = v
        case (.counterIncrement, .counters(let v)): generated.counterIncrement = v
        case (.counterSet, .counters(let v)): generated.counterSet = v
        case (.quotes, .auto): rareInherited.quotes = .auto
        case (.quotes, .none): rareInherited.quotes = .none
        case (.quotes, .quotes(let v)): rareInherited.quotes = .pairs(v)
        case (.breakBefore, .breakBetween(let v)): box.breakBefore = v
        case (.breakAfter, .breakBetween(let v)): box.breakAfter = v
        case (.breakInside, .breakInside(let v)): box.breakInside = v
        case (.orphans, .integer(let v)): text.orphans = max(1, v)
        case (.widows, .integer(let v)): text.widows = max(1, v)
        case (.tabSize, .integer(let v)): rareInherited.tabSize = min(max(0, v), 100)
        case (.columnCount, .auto): box.columnCount = nil
        case (.columnCount, .integer(let v)): box.columnCount = max(1, v)
        case (.columnWidth, .auto): box.columnWidth = nil
        case (.columnWidth, _): if let v = px() { box.columnWidth = v }
        default: break
        }
    }

    /// `line-height`: numbers stay numbers (children scale them by their own size);
    /// lengths and percentages become px of this element's font.
    private func computeLineHeight(_ value: LineHeightValue, _ lengths: LengthResolver) -> LineHeight {
        switch value {
        case .normal: .normal
        case .number(let number): .number(number)
        case .length(let length): .px(max(0, lengths.lengthPercentage(length).resolve(against: font.size)))
        }
    }
}

extension LengthPercentageOrAuto {
    var nonNegative: LengthPercentageOrAuto {
        switch self {
        case .auto: .auto
        case .length(let length): .length(length.clampedNonNegative)
        }
    }
}
