/// Turns a declaration's value into typed longhand values, expanding shorthands,
/// mapping vendor-prefixed and legacy names, and rejecting invalid values.
///
/// https://www.w3.org/TR/css-cascade-4/#shorthand, https://www.w3.org/TR/css-syntax-3/#declaration
public enum PropertyParser {
    /// Longhands with their values, in the order the shorthand lists them.
    public typealias Longhands = [(PropertyID, SpecifiedValue)]

    /// What a declaration turned out to be.
    public enum Outcome: Sendable {
        /// A valid declaration; empty for accepted properties Folio does not use
        /// (`outline`, system fonts in `font`).
        case longhands(Longhands)
        /// A vendor-prefixed property with no standard equivalent: ignore silently.
        case ignored
        /// A property name Folio does not know (warn `css.unknown-property`).
        case unknownProperty
        /// A known property with a value its grammar rejects (warn `css.invalid-value`).
        case invalidValue
    }

    /// The longhands a declaration sets, or nil when the cascade must drop it.
    /// Ignored vendor properties give an empty list.
    public static func parse(_ declaration: Declaration) -> Longhands? {
        parse(name: declaration.name, value: declaration.value)
    }

    /// The longhands `name: value` sets, or nil when it is invalid or unknown.
    public static func parse(name: String, value: [ComponentValue]) -> Longhands? {
        switch interpret(name: name, value: value) {
        case .longhands(let longhands): longhands
        case .ignored: []
        case .unknownProperty, .invalidValue: nil
        }
    }

    /// Whether `@supports (name: value)` holds: the property is known (directly or
    /// through a vendor mapping) and the value valid.
    ///
    /// https://www.w3.org/TR/css-conditional-3/#support-definition
    public static func isSupported(name: String, value: [ComponentValue]) -> Bool {
        if case .longhands = interpret(name: name.asciiLowercased, value: value) { return true }
        return false
    }

    /// Classifies and parses one declaration. `name` must be lowercase, as the parser
    /// gives it.
    public static func interpret(name: String, value: [ComponentValue]) -> Outcome {
        let items = value.withoutWhitespace
        if let mapped = vendorMapping(name, items) { return mapped }
        if name.hasPrefix("-") {
            for prefix in vendorPrefixes where name.hasPrefix(prefix) {
                let standard = String(name.dropFirst(prefix.count))
                guard isKnown(standard) else { return .ignored }
                return interpret(name: standard, value: value)
            }
            return .ignored
        }
        guard isKnown(name) else { return .unknownProperty }
        if ignoredProperties.contains(name) { return .longhands([]) }
        guard !items.isEmpty else { return .invalidValue }
        if items.count == 1, let keyword = items[0].keyword, let wide = CSSWideKeyword(rawValue: keyword) {
            let longhands = shorthands[name] ?? PropertyID(name: name).map { [$0] } ?? []
            return .longhands(longhands.map { ($0, .cssWide(wide)) })
        }
        if let longhands = shorthand(name, items) ?? longhandList(name, items) {
            return .longhands(longhands)
        }
        return .invalidValue
    }

    static let vendorPrefixes = ["-webkit-", "-epub-", "-moz-", "-adobe-", "-ms-", "-o-"]

    private static func isKnown(_ name: String) -> Bool {
        PropertyID(name: name) != nil || shorthands[name] != nil || ignoredProperties.contains(name)
    }

    private static func longhandList(_ name: String, _ items: [ComponentValue]) -> Longhands? {
        guard let id = PropertyID(name: name), let value = longhand(id, items) else { return nil }
        return [(id, value)]
    }

    /// Standard properties Folio accepts but does not use: valid, no effect.
    static let ignoredProperties: Set<String> = [
        "outline", "outline-width", "outline-style", "outline-color", "outline-offset",
        "cursor", "pointer-events", "user-select", "resize", "speak", "text-rendering",
        "text-size-adjust", "font-kerning", "font-variant-ligatures", "font-variant-numeric",
        "font-variant-east-asian", "font-variant-position", "font-synthesis", "font-size-adjust",
        "font-language-override", "font-optical-sizing", "font-variation-settings",
        "transition", "animation", "transform", "box-shadow", "text-shadow", "filter",
        "column-gap", "column-rule", "column-rule-width", "column-rule-style", "column-rule-color",
        "column-fill", "column-span", "page", "size", "marks", "bleed", "clip", "clip-path",
        "text-underline-offset", "text-decoration-thickness",
        "text-decoration-skip", "text-decoration-skip-ink",
        "image-rendering", "image-orientation", "object-fit",
        "object-position", "border-image", "border-image-source", "border-image-slice",
        "border-image-width", "border-image-outset", "border-image-repeat", "will-change",
        "mix-blend-mode", "isolation", "text-overflow", "ruby-position", "ruby-align",
        "hyphenate-character", "text-spacing",
        // SVG presentation properties, met in style sheets shared with SVG documents.
        "fill", "fill-opacity", "fill-rule", "clip-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
        "stroke-linejoin", "stroke-dasharray", "color-rendering", "shape-rendering", "stop-color", "stop-opacity",
        "text-anchor", "dominant-baseline", "paint-order", "vector-effect", "mask", "marker", "marker-start",
        "marker-mid", "marker-end",
    ]

    /// Legacy and vendor names whose values differ from the standard property's.
    private static func vendorMapping(_ name: String, _ items: [ComponentValue]) -> Outcome? {
        func one(_ id: PropertyID, _ table: [String: SpecifiedValue]) -> Outcome {
            guard let keyword = items.singleKeyword else { return .invalidValue }
            if let wide = CSSWideKeyword(rawValue: keyword) { return .longhands([(id, .cssWide(wide))]) }
            return table[keyword].map { .longhands([(id, $0)]) } ?? .invalidValue
        }
        switch name {
        case "page-break-before", "page-break-after":
            let id: PropertyID = name == "page-break-before" ? .breakBefore : .breakAfter
            return one(id, [
                "auto": .breakBetween(.auto), "always": .breakBetween(.page), "avoid": .breakBetween(.avoid),
                "left": .breakBetween(.left), "right": .breakBetween(.right),
                "recto": .breakBetween(.recto), "verso": .breakBetween(.verso),
            ])
        case "page-break-inside":
            return one(.breakInside, ["auto": .breakInside(.auto), "avoid": .breakInside(.avoid)])
        case "-webkit-column-break-before", "-webkit-column-break-after":
            let id: PropertyID = name.hasSuffix("before") ? .breakBefore : .breakAfter
            return one(id, ["auto": .breakBetween(.auto), "always": .breakBetween(.column), "avoid": .breakBetween(.avoidColumn)])
        case "-webkit-column-break-inside":
            return one(.breakInside, ["auto": .breakInside(.auto), "avoid": .breakInside(.avoidColumn)])
        case "-webkit-text-combine", "-epub-text-combine", "-epub-text-combine-horizontal", "-webkit-text-combine-horizontal":
            return one(.textCombineUpright, [
                "none": .textCombineUpright(.none), "horizontal": .textCombineUpright(.all), "all": .textCombineUpright(.all),
            ])
        case "adobe-hyphenate", "-adobe-hyphenate":
            return one(.hyphens, ["none": .hyphens(.none), "explicit": .hyphens(.manual), "auto": .hyphens(.auto)])
        case "word-wrap":
            return interpret(name: "overflow-wrap", value: items)
        default:
            return nil
        }
    }

    /// Each shorthand's longhands, for expanding CSS-wide keywords.
    static let shorthands: [String: [PropertyID]] = [
        "margin": [.marginTop, .marginRight, .marginBottom, .marginLeft],
        "padding": [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft],
        "inset": [.top, .right, .bottom, .left],
        "border-width": [.borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth],
        "border-style": [.borderTopStyle, .borderRightStyle, .borderBottomStyle, .borderLeftStyle],
        "border-color": [.borderTopColor, .borderRightColor, .borderBottomColor, .borderLeftColor],
        "border-top": [.borderTopWidth, .borderTopStyle, .borderTopColor],
        "border-right": [.borderRightWidth, .borderRightStyle, .borderRightColor],
        "border-bottom": [.borderBottomWidth, .borderBottomStyle, .borderBottomColor],
        "border-left": [.borderLeftWidth, .borderLeftStyle, .borderLeftColor],
        "border": [
            .borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth,
            .borderTopStyle, .borderRightStyle, .borderBottomStyle, .borderLeftStyle,
            .borderTopColor, .borderRightColor, .borderBottomColor, .borderLeftColor,
        ],
        "border-radius": [.borderTopLeftRadius, .borderTopRightRadius, .borderBottomRightRadius, .borderBottomLeftRadius],
        "font": [.fontStyle, .fontVariantCaps, .fontWeight, .fontStretch, .fontSize, .lineHeight, .fontFamily],
        "font-variant": [.fontVariantCaps],
        "background": [
            .backgroundImage, .backgroundPosition, .backgroundSize, .backgroundRepeat,
            .backgroundAttachment, .backgroundOrigin, .backgroundClip, .backgroundColor,
        ],
        "list-style": [.listStyleType, .listStylePosition, .listStyleImage],
        "text-decoration": [.textDecorationLine, .textDecorationStyle, .textDecorationColor],
        "text-emphasis": [.textEmphasisStyle, .textEmphasisColor],
        "columns": [.columnWidth, .columnCount],
        "overflow": [.overflowX, .overflowY],
    ]
}
