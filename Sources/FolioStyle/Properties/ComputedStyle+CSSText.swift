/// Computed values as CSS text, for JSON dumps and tests.
///
/// Lengths are px (`16px`), colours `rgb(…)`/`rgba(…)` with `currentColor` resolved,
/// keywords their CSS spelling, in the spirit of `getComputedStyle`.
/// https://www.w3.org/TR/cssom-1/#resolved-values
extension ComputedStyle {
    /// Every property with its computed value, in `PropertyID` order. With `baseline`,
    /// only the properties whose value differs from it (pass `.initial` for a compact dump).
    public func cssProperties(differingFrom baseline: ComputedStyle? = nil) -> [(name: String, value: String)] {
        PropertyID.allCases.compactMap { id in
            let value = cssValue(of: id)
            if let baseline, baseline.cssValue(of: id) == value { return nil }
            return (id.name, value)
        }
    }

    /// One property's computed value as CSS text.
    public func cssValue(of id: PropertyID) -> String {
        switch id {
        case .display: box.display.rawValue
        case .position: box.position.rawValue
        case .float: box.float.rawValue
        case .clear: box.clear.rawValue
        case .boxSizing: box.boxSizing.rawValue
        case .width: box.width.description
        case .height: box.height.description
        case .minWidth: box.minWidth.description
        case .minHeight: box.minHeight.description
        case .maxWidth: box.maxWidth.description
        case .maxHeight: box.maxHeight.description
        case .marginTop: box.margin.top.description
        case .marginRight: box.margin.right.description
        case .marginBottom: box.margin.bottom.description
        case .marginLeft: box.margin.left.description
        case .paddingTop: box.padding.top.description
        case .paddingRight: box.padding.right.description
        case .paddingBottom: box.padding.bottom.description
        case .paddingLeft: box.padding.left.description
        case .borderTopWidth: px(border.width.top)
        case .borderRightWidth: px(border.width.right)
        case .borderBottomWidth: px(border.width.bottom)
        case .borderLeftWidth: px(border.width.left)
        case .borderTopStyle: border.style.top.rawValue
        case .borderRightStyle: border.style.right.rawValue
        case .borderBottomStyle: border.style.bottom.rawValue
        case .borderLeftStyle: border.style.left.rawValue
        case .borderTopColor: resolve(border.color.top).description
        case .borderRightColor: resolve(border.color.right).description
        case .borderBottomColor: resolve(border.color.bottom).description
        case .borderLeftColor: resolve(border.color.left).description
        case .borderTopLeftRadius: border.radius.topLeft.description
        case .borderTopRightRadius: border.radius.topRight.description
        case .borderBottomRightRadius: border.radius.bottomRight.description
        case .borderBottomLeftRadius: border.radius.bottomLeft.description
        case .top: box.inset.top.description
        case .right: box.inset.right.description
        case .bottom: box.inset.bottom.description
        case .left: box.inset.left.description
        case .overflowX: box.overflowX.rawValue
        case .overflowY: box.overflowY.rawValue
        case .visibility: text.visibility.rawValue
        case .zIndex: box.zIndex.map(String.init) ?? "auto"
        case .opacity: cssNumber(box.opacity)
        case .verticalAlign: box.verticalAlign.description
        case .fontFamily: font.family.map(\.description).joined(separator: ", ")
        case .fontSize: px(font.size)
        case .fontWeight: String(font.weight)
        case .fontStyle: font.style.rawValue
        case .fontVariantCaps: font.variantCaps.rawValue
        case .fontStretch: cssNumber(font.stretch) + "%"
        case .fontFeatureSettings:
            font.featureSettings.isEmpty ? "normal" : font.featureSettings.map(\.description).joined(separator: ", ")
        case .lineHeight: font.lineHeight.description
        case .color: text.color.description
        case .textAlign: text.align.rawValue
        case .textAlignLast: text.alignLast.rawValue
        case .textIndent: text.indent.description
        case .textTransform: text.transform.rawValue
        case .textDecorationLine: box.textDecorationLine.description
        case .textDecorationStyle: box.textDecorationStyle.rawValue
        case .textDecorationColor: resolve(box.textDecorationColor).description
        case .letterSpacing: text.letterSpacing == 0 ? "normal" : px(text.letterSpacing)
        case .wordSpacing: text.wordSpacing.description
        case .whiteSpace: text.whiteSpace.rawValue
        case .wordBreak: text.wordBreak.rawValue
        case .overflowWrap: text.overflowWrap.rawValue
        case .lineBreak: text.lineBreak.rawValue
        case .hyphens: text.hyphens.rawValue
        case .hyphenateLimitChars: rareInherited.hyphenateLimitChars.description
        case .hangingPunctuation: rareInherited.hangingPunctuation.description
        case .textJustify: rareInherited.textJustify.rawValue
        case .direction: text.direction.rawValue
        case .unicodeBidi: box.unicodeBidi.rawValue
        case .writingMode: text.writingMode.rawValue
        case .textOrientation: text.textOrientation.rawValue
        case .textCombineUpright: box.textCombineUpright.description
        case .textEmphasisStyle: rareInherited.emphasisStyle.description
        case .textEmphasisColor: resolve(rareInherited.emphasisColor).description
        case .textEmphasisPosition: rareInherited.emphasisPosition.description
        case .textUnderlinePosition: rareInherited.underlinePosition.description
        case .backgroundColor: resolve(background.color).description
        case .backgroundImage: list(background.images)
        case .backgroundPosition: list(background.positions)
        case .backgroundSize: list(background.sizes)
        case .backgroundRepeat: list(background.repeats)
        case .backgroundAttachment: list(background.attachments)
        case .backgroundOrigin: list(background.origins)
        case .backgroundClip: list(background.clips)
        case .listStyleType: rareInherited.listStyleType.description
        case .listStylePosition: rareInherited.listStylePosition.rawValue
        case .listStyleImage: rareInherited.listStyleImage.description
        case .borderCollapse: rareInherited.borderCollapse.rawValue
        case .borderSpacing: rareInherited.borderSpacing.description
        case .captionSide: rareInherited.captionSide.rawValue
        case .tableLayout: box.tableLayout.rawValue
        case .emptyCells: rareInherited.emptyCells.rawValue
        case .content: generated.content.description
        case .counterReset: counters(generated.counterReset)
        case .counterIncrement: counters(generated.counterIncrement)
        case .counterSet: counters(generated.counterSet)
        case .quotes: rareInherited.quotes.description
        case .breakBefore: box.breakBefore.rawValue
        case .breakAfter: box.breakAfter.rawValue
        case .breakInside: box.breakInside.rawValue
        case .orphans: String(text.orphans)
        case .widows: String(text.widows)
        case .tabSize: String(rareInherited.tabSize)
        case .columnCount: box.columnCount.map(String.init) ?? "auto"
        case .columnWidth: box.columnWidth.map(px) ?? "auto"
        }
    }

    private func px(_ value: Double) -> String { cssNumber(value) + "px" }

    private func list<T: CustomStringConvertible>(_ values: [T]) -> String {
        values.map(\.description).joined(separator: ", ")
    }

    private func counters(_ changes: [CounterChange]) -> String {
        changes.isEmpty ? "none" : changes.map(\.description).joined(separator: " ")
    }
}
