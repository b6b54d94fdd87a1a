import FolioCore
import FolioPublication

/// Style rules that apply to the target, flattened out of `@media`, `@supports` and `@import`,
/// with their declarations parsed once into longhands, and bucketed by the key of each
/// selector's rightmost compound so that an element only tries rules that can match it.
struct RuleSet {
    /// What the cascade needs of a rule's selector besides matching it (`matchers`), in a
    /// value with nothing to retain: matching reads an entry for each rule it tries.
    struct Entry {
        var block: Int32
        var origin: Origin
        var order: Int32
        var specificity: Specificity
        var pseudoElement: PseudoElement?
        /// `Selector.dependsOnPlace`, worked out once.
        var dependsOnPlace: Bool
        /// `Selector.hasIntrinsicSubject`, worked out once.
        var intrinsicSubject: Bool
        /// The selector is its subject alone: no combinator.
        var isSubjectOnly: Bool
    }

    /// A rule's declarations, parsed: the normal and the `!important` longhands.
    struct Block {
        var normal: PropertyParser.Longhands
        var important: PropertyParser.Longhands
    }

    private(set) var entries: [Entry] = []
    /// The entries' selectors, as matching reads them.
    private(set) var matchers: [SelectorMatcher] = []
    private(set) var blocks: [Block] = []
    private(set) var byID: [String: [Int32]] = [:]
    private(set) var byClass: [String: [Int32]] = [:]
    private(set) var byTag: [String: [Int32]] = [:]
    /// Rules whose subject needs an attribute (Standard Ebooks style a hundred `epub:type`
    /// semantics this way), by the attribute's name: an element without it skips them.
    private(set) var byAttribute: [String: [Int32]] = [:]
    /// Rules whose subject needs a token in an attribute, by attribute name and token: an
    /// element tries only those its attributes' tokens name.
    private(set) var byAttributeToken: [String: [String: [Int32]]] = [:]
    private(set) var universal: [Int32] = []
    /// The parts of selectors matched against an element's ancestors that look at an
    /// ancestor's place or content (`tr:first-child` in `tr:first-child td`, `h1 + div` in
    /// `h1 + div p`), each once, as selectors of their own: what an element's children's
    /// matching depends on besides the ancestors' names and attributes (`StyledTreeBuilder`).
    private(set) var ancestorPlaceTests: [Selector] = []
    private var ancestorPlaceTestKeys: Set<AncestorPart> = []

    private struct AncestorPart: Hashable {
        var compounds: [CompoundSelector]
        var combinators: [Combinator]
    }
    private(set) var fontFaces: [(rule: FontFaceRule, sheet: String)] = []
    private(set) var pages: [PageRule] = []

    unowned let context: StyleContext

    init(context: StyleContext) {
        self.context = context
    }

    /// Adds a stylesheet's rules in order; `@import`s are added where they stand, before the rest.
    mutating func add(_ sheet: Stylesheet, origin: Origin, importChain: [String] = []) {
        addRules(sheet.rules, sheet: sheet.path, origin: origin, chain: importChain + [sheet.path])
    }

    private mutating func addRules(_ rules: [CSSRule], sheet: String, origin: Origin, chain: [String]) {
        for rule in rules {
            switch rule {
            case .style(let style):
                addStyleRule(style, sheet: sheet, origin: origin)
            case .media(let media):
                if media.queries.matches(context.environment) {
                    addRules(media.rules, sheet: sheet, origin: origin, chain: chain)
                }
            case .supports(let supports):
                if supports.condition.evaluate(PropertyParser.isSupported) {
                    addRules(supports.rules, sheet: sheet, origin: origin, chain: chain)
                }
            case .importRule(let rule):
                addImport(rule, from: sheet, origin: origin, chain: chain)
            case .fontFace(let face):
                fontFaces.append((face, sheet))
            case .page(let page):
                pages.append(page)
            case .namespace:
                break  // resolved by the parser into the selectors
            }
        }
    }

    /// https://www.w3.org/TR/css-cascade-4/#at-import
    private mutating func addImport(_ rule: ImportRule, from sheet: String, origin: Origin, chain: [String]) {
        guard rule.media.matches(context.environment),
              rule.supports?.evaluate(PropertyParser.isSupported) ?? true else { return }
        guard let path = resolveHref(rule.href, from: sheet) else {
            context.diagnostics.warn("css.import-outside-container", "@import \"\(rule.href)\" points outside the book and is ignored", at: sheet)
            return
        }
        guard !chain.contains(path) else {
            context.diagnostics.warn("css.import-cycle", "@import of \(path) would import itself again; the cycle is broken here", at: sheet)
            return
        }
        guard chain.count < 16 else {
            context.diagnostics.warn("css.import-too-deep", "@import nesting deeper than 16 sheets is ignored", at: sheet)
            return
        }
        guard let imported = context.stylesheet(at: path) else { return }
        add(imported, origin: origin, importChain: chain)
    }

    private mutating func addStyleRule(_ rule: StyleRule, sheet: String, origin: Origin) {
        guard let block = parse(rule.declarations, origin: origin, base: sheet, location: "\(sheet):\(rule.line)") else { return }
        blocks.append(block)
        let blockIndex = Int32(blocks.count - 1)
        for selector in rule.selectors {
            let index = Int32(entries.count)
            entries.append(Entry(block: blockIndex, origin: origin, order: index, specificity: selector.specificity,
                                 pseudoElement: selector.pseudoElement, dependsOnPlace: selector.dependsOnPlace,
                                 intrinsicSubject: selector.hasIntrinsicSubject, isSubjectOnly: selector.combinators.isEmpty))
            matchers.append(selector.matcher)
            addAncestorPlaceTests(of: selector)
            switch selector.rightmostKey {
            case .id(let id): byID[id, default: []].append(index)
            case .className(let name): byClass[name, default: []].append(index)
            case .tag(let tag): byTag[tag, default: []].append(index)
            case .attribute(let name): byAttribute[name, default: []].append(index)
            case .attributeToken(let name, let token): byAttributeToken[name, default: [:]][token, default: []].append(index)
            case .universal: universal.append(index)
            }
        }
    }

    /// Records the parts of `selector` left of its subject (and the siblings it is reached from)
    /// that depend on place: runs of compounds joined by `+` or `~`, or a compound with a
    /// structural pseudo-class, `:empty` or `:has()`.
    private mutating func addAncestorPlaceTests(of selector: Selector) {
        let compounds = selector.compounds, combinators = selector.combinators
        func isSibling(_ k: Int) -> Bool { combinators[k] == .nextSibling || combinators[k] == .subsequentSibling }
        var end = 0
        while end < combinators.count && isSibling(end) { end += 1 }
        var start = end + 1
        while start < compounds.count {
            end = start
            while end < combinators.count && isSibling(end) { end += 1 }
            let part = AncestorPart(compounds: Array(compounds[start...end]), combinators: Array(combinators[start..<end]))
            let test = Selector(compounds: part.compounds, combinators: part.combinators, pseudoElement: nil,
                                source: selector.source, prefix: "part of " + selector.prefix)
            if (end > start || test.dependsOnPlace) && ancestorPlaceTestKeys.insert(part).inserted {
                ancestorPlaceTests.append(test)
            }
            start = end + 1
        }
    }

    /// Parses declarations into longhands, warning about each one dropped, with `url()`s resolved
    /// against `base` (the sheet's or document's path). Nil when nothing is left.
    func parse(_ declarations: [Declaration], origin: Origin, base: String, location: String) -> Block? {
        var block = Block(normal: [], important: [])
        for declaration in declarations {
            if origin == .author && !context.settings.publisherStyles && !StructuralProperties.keeps(declaration.name) { continue }
            if declaration.name.hasPrefix("--") { continue }  // custom properties: no var() support yet
            switch PropertyParser.interpret(name: declaration.name, value: declaration.value) {
            case .longhands(let parsed):
                let longhands = parsed.map { ($0.0, $0.1.resolvingURLs(against: base)) }
                for case (.position, .position(let position)) in longhands where position != .static && position != .relative {
                    context.diagnostics.warn("css.position-unsupported", "position: \(position.rawValue) is laid out as static (Folio pages flow content)", severity: .info, at: location)
                }
                if declaration.important { block.important += longhands } else { block.normal += longhands }
            case .ignored:
                break
            case .unknownProperty:
                context.diagnostics.warn("css.unknown-property", "unknown property '\(declaration.name)' is ignored", severity: .info, at: location)
            case .invalidValue:
                context.diagnostics.warn("css.invalid-value", "'\(declaration.name): \(declaration.value.cssText)' is not a valid value and is ignored", at: location)
            }
        }
        return block.normal.isEmpty && block.important.isEmpty ? nil : block
    }

    /// The entries whose rightmost compound could match this element, in no particular order.
    /// `attributes` are the element's attributes by name: local and, when prefixed, qualified.
    func candidates(id: String?, classes: [Substring], tag: String, attributes: [(name: String, value: String)], into out: inout [Int32]) {
        if let id, let list = byID[id] { out += list }
        for name in classes { if let list = byClass[String(name)] { out += list } }
        if let list = byTag[tag] { out += list }
        if hasAttributeRules {
            // Each name once: an element may hold `type` in two namespaces (the tokens of both
            // are looked up; the selector itself then checks the right one).
            for (i, attribute) in attributes.enumerated() where !attributes[..<i].contains(where: { $0.name == attribute.name }) {
                if let list = byAttribute[attribute.name] { out += list }
                if let tokens = byAttributeToken[attribute.name] {
                    var seen: [Substring] = []
                    for same in attributes[i...] where same.name == attribute.name {
                        for token in same.value.split(whereSeparator: Self.isSeparator) where !seen.contains(token) {
                            seen.append(token)
                            if let list = tokens[String(token)] { out += list }
                        }
                    }
                }
            }
        }
        out += universal
    }

    /// HTML's ASCII whitespace, which separates tokens (of `class` too); CR LF is one Character.
    static func isSeparator(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n" || c == "\u{0C}" }

    /// True when some rule is bucketed by an attribute name or an attribute's token.
    var hasAttributeRules: Bool { !byAttribute.isEmpty || !byAttributeToken.isEmpty }
}

/// A stylesheet or document href as a container path (no fragment); nil when it leaves the book.
func resolveHref(_ href: String, from base: String) -> String? {
    ContainerPath.resolve(href, relativeTo: base)?.path
}

/// Properties kept when the reader turns the publisher's styles off: structure, not design.
enum StructuralProperties {
    static let names: Set<String> = [
        "display", "white-space", "vertical-align", "list-style", "list-style-type", "list-style-position",
        "font-style", "font-weight", "text-decoration", "text-decoration-line", "direction", "unicode-bidi",
        "writing-mode", "break-before", "break-after", "break-inside", "page-break-before", "page-break-after",
        "page-break-inside", "content", "counter-reset", "counter-increment", "counter-set", "quotes",
        "border-collapse", "border-spacing", "caption-side", "table-layout", "empty-cells", "visibility", "text-align",
    ]

    static func keeps(_ name: String) -> Bool { names.contains(name) }
}
