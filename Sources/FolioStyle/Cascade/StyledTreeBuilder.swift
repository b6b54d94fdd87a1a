import FolioCore
import FolioXML

/// Walks a document once, without recursion, computing each element's style from its parent's
/// and generating `::marker`, `::before` and `::after` content with counters and quotes.
struct StyledTreeBuilder {
    let tree: XMLTree
    let rules: RuleSet
    let context: StyleContext
    private var matcher: ElementMatcher
    private var nodes: [StyledNode] = []
    private var counters = CounterScopes()
    private var quoteDepth = 0
    private var rootStyle: ComputedStyle?
    /// Alttexts that describe no formula, found when the first `math` element is met.
    private var placeholderAlttexts: Set<String>?
    /// Elements with the same parent style and the same cascaded values compute the same style
    /// (most paragraphs of a chapter): computed once, shared.
    private var computed: [ComputeKey: SharedStyle] = [:]
    /// The same, by the rules that matched (`ElementMatcher.Result.rules`), which settle the
    /// cascaded values: found without cascading them, or hashing and comparing them.
    private var computedByRules: [RulesKey: SharedStyle] = [:]
    private var flattened = false

    /// Elements whose cascade others may share. An element of the same kind (name and
    /// attributes, `ElementMatcher.prepare`) as one met before, whose parent has the same style and is of the same family (below),
    /// and which matches the same of the rules that depend on place, matches the same rules
    /// of all (`Selector.dependsOnPlace`): it skips matching, cascading and computing — the
    /// paragraphs of a chapter, the lines of a poem, the cells of a play's rows. The last few
    /// kinds of child are kept per family and parent style.
    private var twins: [TwinKey: [Twin]] = [:]
    private static let twinsKept = 8
    /// Families and parent styles kept at once; past it the cache starts again.
    private static let twinKeysKept = 1024

    private struct TwinKey: Hashable {
        var family: Int
        var parentStyle: ObjectIdentifier?
    }

    private struct Twin {
        var kind: Int
        var placed: [Int32]
        var cascaded: ElementMatcher.Result
        var style: SharedStyle
    }

    /// Families: two elements are of one family when their parents are, they are of the same
    /// kind, and the same parts of selectors that look at an ancestor's place
    /// hold for them (`RuleSet.ancestorPlaceTests`). Every selector then matches the same way
    /// on the ancestors of their children, which is what lets cousins share (the `td`s of two
    /// rows). 0 is the document's.
    private var families: [FamilyKey: Int] = [:]
    private var familyCount = 0
    /// Past this many families (a document whose every element has an id), new ones are not
    /// kept: an element then starts a family of its own, its children still share as siblings.
    private static let familiesKept = 50_000

    private struct FamilyKey: Hashable {
        var parent: Int
        var kind: Int
        var tests: [Int32]
    }

    /// The family of `element`, of `kind`, a child of an element of family `parent`.
    private mutating func family(of element: XMLNode, kind: Int, parent: Int) -> Int {
        var tests: [Int32] = []
        for (k, test) in rules.ancestorPlaceTests.enumerated() where test.matches(element) { tests.append(Int32(k)) }
        let key = FamilyKey(parent: parent, kind: kind, tests: tests)
        if let known = families[key] { return known }
        familyCount += 1
        if familyCount <= Self.familiesKept { families[key] = familyCount }
        return familyCount
    }

    private struct ComputeKey: Hashable {
        var parent: ObjectIdentifier?
        var cascaded: CascadedValues
    }

    private struct RulesKey: Hashable {
        var parent: ObjectIdentifier?
        var rules: [Int32]
    }

    /// The deepest nesting of styled elements kept (Chromium's HTML parser keeps 512; a debug build lays out about 250 on an 8 MB stack): deeper
    /// elements become siblings at this depth, so layout, which recurses through the tree,
    /// stays within its stack however deep a document nests.
    static let maxDepth = 128

    init(tree: XMLTree, rules: RuleSet, context: StyleContext) {
        self.tree = tree
        self.rules = rules
        self.context = context
        self.matcher = ElementMatcher(rules: rules)
    }

    /// An element whose children are being walked.
    private struct Frame {
        var element: XMLNode
        var index: Int32
        /// The element's style, held by reference: a `ComputedStyle` copied into each frame and
        /// passed on to each child cost some 500 instructions an element.
        var style: SharedStyle
        /// The element's family (`families`), which its children share under.
        var family: Int
        var next: XMLNode?
        var after: CascadedValues?
    }

    mutating func build() -> StyledDocument {
        let faces = rules.fontFaces
        guard let root = tree.root else { return StyledDocument(tree: tree, nodes: [], fontFaces: faces, pageRules: rules.pages) }
        var stack: [Frame] = []
        if let frame = open(root, parent: -1, parentStyle: nil, parentFamily: 0) { stack.append(frame) }
        while !stack.isEmpty {
            guard let child = stack[stack.count - 1].next else {
                close(stack.removeLast())
                continue
            }
            stack[stack.count - 1].next = child.nextSibling
            let parent = stack[stack.count - 1]
            // Past `maxDepth`, nodes hang from the ancestor at that depth, after their preceding
            // siblings: deep nesting is flattened, in document order, and nothing is lost.
            let container = stack.count > Self.maxDepth ? stack[Self.maxDepth - 1].index : parent.index
            if container != parent.index && !flattened {
                flattened = true
                context.diagnostics.warn("css.nesting-flattened", "elements nest more than \(Self.maxDepth) deep; deeper ones are laid out "
                                         + "as siblings at that depth (their text is all kept)", at: child.location)
            }
            switch child.kind {
            case .element:
                if let frame = open(child, parent: parent.index, parentStyle: parent.style, parentFamily: parent.family,
                                    container: container) { stack.append(frame) }
            case .text, .cdata:
                let style = nodes[Int(parent.index)].style
                append(StyledNode(kind: .text, index: 0, source: child, style: style, text: child.text), to: container)
            case .comment, .processingInstruction, .document:
                continue
            }
        }
        return StyledDocument(tree: tree, nodes: nodes, fontFaces: faces, pageRules: rules.pages, mathPlaceholders: placeholderAlttexts ?? [])
    }

    /// Styles an element and its leading generated content; nil when its children are not shown.
    /// It inherits from `parent` and hangs from `container` (the parent but in flattened depths).
    private mutating func open(_ element: XMLNode, parent: Int32, parentStyle: SharedStyle?, parentFamily: Int,
                               container: Int32? = nil) -> Frame? {
        let (kind, placed) = matcher.prepare(element)
        // A `style` attribute is parsed for each element, so that its warnings name each one.
        let sharable = element.attribute("style") == nil
        let cascaded: ElementMatcher.Result
        let shared: SharedStyle
        let twinKey = TwinKey(family: parentFamily, parentStyle: parent >= 0 ? ObjectIdentifier(nodes[Int(parent)].style) : nil)
        if sharable, let twin = twins[twinKey]?.last(where: { $0.kind == kind && $0.placed == placed }) {
            cascaded = twin.cascaded
            shared = twin.style
        } else {
            cascaded = matcher.match(element, placed: placed, extra: ownDeclarations(element))
            shared = computedStyle(cascaded, of: element, parent: parent, parentStyle: parentStyle)
            if sharable {
                if twins[twinKey] == nil && twins.count >= Self.twinKeysKept { twins.removeAll(keepingCapacity: true) }
                var list = twins[twinKey, default: []]
                if list.count == Self.twinsKept { list.removeFirst() }
                list.append(Twin(kind: kind, placed: placed, cascaded: cascaded, style: shared))
                twins[twinKey] = list
            }
        }
        if parentStyle == nil { rootStyle = shared.style }
        var node = StyledNode(kind: .element, index: 0, source: element, style: shared)
        if let firstLetter = cascaded.pseudo[.firstLetter] { node.firstLetter = pseudoStyle(firstLetter, parent: shared.style) }
        if let firstLine = cascaded.pseudo[.firstLine] { node.firstLine = pseudoStyle(firstLine, parent: shared.style) }
        // A formula's text is made when layout asks for it (`StyledDocument.mathText`).
        if placeholderAlttexts == nil, element.namespaceURI == Namespace.mathml, element.localName == "math" {
            placeholderAlttexts = tree.root.map(ForeignContent.placeholderAlttexts(in:)) ?? []
        }
        let index = append(node, to: container ?? parent)
        guard shared.style.box.display != .none else { return nil }
        // SVG and MathML stay whole in the source tree for the renderer; their insides are not CSS boxes.
        guard !ForeignContent.isOpaque(element) else { return nil }

        counters.enter(shared.style.generated.value, isListItem: shared.style.box.display == .listItem, parentScope: parent)
        if shared.style.box.display == .listItem {
            addMarker(for: element, style: shared.style, cascaded: cascaded.pseudo[.marker] ?? CascadedValues(), to: index)
        }
        if let before = cascaded.pseudo[.before] {
            addGenerated(.before, for: element, cascaded: before, parentStyle: shared.style, to: index)
        }
        return Frame(element: element, index: index, style: shared, family: family(of: element, kind: kind, parent: parentFamily),
                     next: element.firstChild, after: cascaded.pseudo[.after])
    }

    /// The style computed from `cascaded` under `parent`, shared with every element that has the
    /// same parent style and cascaded values.
    private mutating func computedStyle(_ matched: ElementMatcher.Result, of element: XMLNode, parent: Int32,
                                        parentStyle: SharedStyle?) -> SharedStyle {
        let parentID = parent >= 0 ? ObjectIdentifier(nodes[Int(parent)].style) : nil
        let rulesKey = matched.rules.map { RulesKey(parent: parentID, rules: $0) }
        if let rulesKey, let hit = computedByRules[rulesKey] { return hit }
        let shared = computedStyle(matched.cascaded, of: element, parent: parentID, parentStyle: parentStyle)
        if let rulesKey { computedByRules[rulesKey] = shared }
        return shared
    }

    private mutating func computedStyle(_ cascaded: CascadedValues, of element: XMLNode, parent: ObjectIdentifier?,
                                        parentStyle: SharedStyle?) -> SharedStyle {
        let key = ComputeKey(parent: parent, cascaded: cascaded)
        if let hit = computed[key] { return hit }
        let (style, clamped) = ComputedStyle.computeWithinLimits(cascaded: cascaded, parent: parentStyle?.style, root: rootStyle,
                                                                 environment: context.valueContext)
        if !clamped.isEmpty {
            context.diagnostics.warn("css.value-clamped", "<\(element.localName)> has \(clamped.joined(separator: ", ")) out of range; "
                                     + "clamped to Folio's limit (\(StyleLimits.describe(clamped)))", at: element.location)
        }
        let shared = context.interner.intern(style)
        computed[key] = shared
        return shared
    }

    private mutating func close(_ frame: Frame) {
        if let after = frame.after {
            addGenerated(.after, for: frame.element, cascaded: after, parentStyle: frame.style.style, to: frame.index)
        }
        counters.leave(frame.index)
    }

    /// Presentational hints (lowest author precedence) and the `style` attribute (highest).
    private func ownDeclarations(_ element: XMLNode) -> [ElementMatcher.Match] {
        var out: [ElementMatcher.Match] = []
        let location = element.location
        if let hints = PresentationalHints.css(for: element),
           let block = rules.parse(CSSParser.parseDeclarations(hints, diagnostics: Diagnostics(), location: location), origin: .author, base: tree.path, location: location) {
            out.append(ElementMatcher.Match(rank: Origin.author.rank(important: false), specificity: .zero, order: -1, longhands: block.normal))
        }
        if let inline = element.attribute("style"), !inline.isEmpty,
           let block = rules.parse(CSSParser.parseDeclarations(inline, diagnostics: context.diagnostics, location: location), origin: .author, base: tree.path, location: location) {
            let attributeSpecificity = Specificity(a: 1 << 20, b: 0, c: 0)
            out.append(ElementMatcher.Match(rank: Origin.author.rank(important: false), specificity: attributeSpecificity, order: .max, longhands: block.normal))
            out.append(ElementMatcher.Match(rank: Origin.author.rank(important: true), specificity: attributeSpecificity, order: .max, longhands: block.important))
        }
        return out
    }

    private func pseudoStyle(_ cascaded: CascadedValues, parent: ComputedStyle) -> SharedStyle {
        context.interner.intern(ComputedStyle.compute(cascaded: cascaded, parent: parent, root: rootStyle, environment: context.valueContext))
    }

    /// A list item's marker: its counter in the list style, or the `list-style-image`.
    private mutating func addMarker(for element: XMLNode, style: ComputedStyle, cascaded: CascadedValues, to parent: Int32) {
        let markerStyle = pseudoStyle(cascaded, parent: style)
        var marker = StyledNode(kind: .pseudo(.marker), index: 0, source: element, style: markerStyle)
        if case .items = markerStyle.style.generated.content {
            (marker.text, marker.image) = resolveContent(markerStyle.style, element: element)
        } else if case .url(let url) = style.rareInherited.listStyleImage {
            marker.image = url
        } else {
            marker.text = CounterFormatting.marker(counters.value("list-item"), style: style.rareInherited.listStyleType)
        }
        guard marker.text != nil || marker.image != nil else { return }
        append(marker, to: parent)
    }

    private mutating func addGenerated(_ pseudo: PseudoElement, for element: XMLNode, cascaded: CascadedValues,
                                       parentStyle: ComputedStyle, to parent: Int32) {
        let style = pseudoStyle(cascaded, parent: parentStyle)
        guard case .items = style.style.generated.content, style.style.box.display != .none else { return }
        counters.enter(style.style.generated.value, isListItem: false, parentScope: parent)
        var node = StyledNode(kind: .pseudo(pseudo), index: 0, source: element, style: style)
        (node.text, node.image) = resolveContent(style.style, element: element)
        append(node, to: parent)
    }

    /// `content` as text (strings, `attr()`, counters, quotes) and an image for `url()`.
    private mutating func resolveContent(_ style: ComputedStyle, element: XMLNode) -> (String?, String?) {
        guard case .items(let items) = style.generated.content else { return (nil, nil) }
        var text = ""
        var image: String?
        for item in items {
            switch item {
            case .string(let s): text += s
            case .attribute(let name): text += element.attribute(name) ?? ""
            case .counter(let name, let listStyle): text += CounterFormatting.text(counters.value(name), style: listStyle)
            case .counters(let name, let separator, let listStyle):
                text += counters.values(name).map { CounterFormatting.text($0, style: listStyle) }.joined(separator: separator)
            case .openQuote:
                text += quote(style, open: true)
                quoteDepth += 1
            case .closeQuote:
                quoteDepth = max(0, quoteDepth - 1)
                text += quote(style, open: false)
            case .noOpenQuote: quoteDepth += 1
            case .noCloseQuote: quoteDepth = max(0, quoteDepth - 1)
            case .url(let url): image = url
            }
        }
        return (text, image)
    }

    private func quote(_ style: ComputedStyle, open: Bool) -> String {
        let pairs: [QuotePair]
        switch style.rareInherited.quotes {
        case .none: return ""
        case .pairs(let list): pairs = list
        case .auto: pairs = [QuotePair(open: "\u{201C}", close: "\u{201D}"), QuotePair(open: "\u{2018}", close: "\u{2019}")]
        }
        guard let pair = pairs.isEmpty ? nil : pairs[min(quoteDepth, pairs.count - 1)] else { return "" }
        return open ? pair.open : pair.close
    }

    @discardableResult
    private mutating func append(_ node: consuming StyledNode, to parent: Int32) -> Int32 {
        let index = Int32(nodes.count)
        node.index = index
        node.parent = parent
        if parent >= 0 {
            let last = nodes[Int(parent)].lastChild
            if last >= 0 { nodes[Int(last)].nextSibling = index } else { nodes[Int(parent)].firstChild = index }
            nodes[Int(parent)].lastChild = index
        }
        nodes.append(node)
        return index
    }
}
