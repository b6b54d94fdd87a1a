import FolioStyle
import FolioText
import FolioXML

/// Highlighting text on pages: the fragment a Media Overlay is reading, a search hit.
///
/// Ranges are chapter text offsets (the coordinates of `Locator.offset`, see `TextOffsets`). The
/// steps: the range of an element (`textRange(ofElementID:inSpineItem:)`), the page holding its start
/// (`ChapterPages.pageIndex(of:)`), the rectangles covering it there (`highlightRects(_:on:)`), and a
/// frame with fills beneath that text (`Frame.highlighting(_:color:)`).
extension BookLayout {
    /// The text range of the element with this `id` in a spine item's document: from where its
    /// content starts to where it ends. Nil when the chapter has no such element; empty for an
    /// element without text.
    public func textRange(ofElementID id: String, inSpineItem spineIndex: Int) -> Range<Int>? {
        let chapter = chapter(spineIndex)
        guard let tree = chapter.tree, let offsets = chapter.offsets, let root = tree.root,
              let element = root.descendants().first(where: { $0.isElement && $0.attribute("id") == id }) else { return nil }
        let start = offsets.offset(ofElement: Int(element.index))
        // The element ends where the first node after its subtree begins.
        var node: XMLNode? = element
        while let current = node, current.nextSibling == nil { node = current.parent }
        let end = node?.nextSibling.map { offsets.offset(ofElement: Int($0.index)) } ?? offsets.length
        return start..<max(start, end)
    }

    /// The text and CDATA nodes (by `XMLNode.index`) inside the elements of a spine item's
    /// document that any of `selectors` matches (selectors of a pseudo-element match nothing):
    /// what a snapshot's mask hides. Empty for a chapter without a document.
    public func textNodes(inElementsMatching selectors: [Selector], inSpineItem spineIndex: Int) -> Set<Int> {
        let selectors = selectors.filter { $0.pseudoElement == nil }
        guard !selectors.isEmpty, let root = chapter(spineIndex).tree?.root else { return [] }
        var nodes: Set<Int> = []
        root.visitDescendants { node in
            guard node.isElement, selectors.contains(where: { $0.matches(node) }) else { return true }
            node.visitDescendants { inner in
                if inner.kind == .text || inner.kind == .cdata { nodes.insert(Int(inner.index)) }
                return true
            }
            return false
        }
        return nodes
    }

    /// The rectangles (page coordinates, CSS px) covering the text of `range` on `page`: one per
    /// line, or per run where runs are apart. Empty when none of the range is on the page.
    public func highlightRects(_ range: Range<Int>, on page: Page) -> [Rect] {
        guard let offsets = chapter(page.spineIndex).offsets else { return [] }
        return page.frame.textRects(covering: range, offsets: offsets, metric: metric)
    }
}

extension ChapterPages {
    /// The chapter's text offsets (nil for an image page or a chapter that could not be read).
    public var textOffsets: TextOffsets? { offsets }
}

/// What a book's stylesheet does to an element when a reading system gives it a class: the Media
/// Overlays `media:active-class` on the fragment being read and `media:playback-active-class` on the
/// document element while narration plays. Only colours are taken (a highlight must not reflow
/// the page): the element's background, and the text whose colour changes.
/// https://www.w3.org/TR/epub-33/#sec-docs-assoc-style
/// Narration's colours for a view without pages: the fragment's text and background, the
/// rest of the text (each nil where the book's classes leave it as it is).
public struct NarrationColors: Sendable, Hashable {
    public var text: RGBA?
    public var background: RGBA?
    public var rest: RGBA?

    public init(text: RGBA? = nil, background: RGBA? = nil, rest: RGBA? = nil) {
        self.text = text
        self.background = background
        self.rest = rest
    }
}

public struct ClassHighlight: Sendable, Hashable {
    /// The active element's background under the class; nil when the class gives none.
    public var background: RGBA?
    /// Text colours that change, by text node index (`TextSource.node`).
    public var textColors: [Int: RGBA]

    public init(background: RGBA?, textColors: [Int: RGBA]) {
        self.background = background
        self.textColors = textColors
    }

    /// True when the book gives the classes no visible style.
    public var isEmpty: Bool { background == nil && textColors.isEmpty }

    /// The highlight Folio draws when the book does not style its active class: a pale yellow on
    /// light pages, a dark amber on dark ones (the text keeps its colour either way).
    public static func defaultFill(on page: RGBA) -> RGBA {
        let luminance = 0.2126 * Double(page.red) + 0.7152 * Double(page.green) + 0.0722 * Double(page.blue)
        return luminance >= 128 ? RGBA(red: 0xFF, green: 0xE5, blue: 0x8F) : RGBA(red: 0x6B, green: 0x52, blue: 0x00)
    }
}

extension BookLayout {
    /// Restyles a chapter as if the element with `elementID` had `activeClass` (and the document
    /// element `playbackActiveClass`), and says what changed. Nil when there is no such element.
    /// Runs the cascade twice over the document: call it once per active element, not per frame.
    public func classHighlight(elementID: String, activeClass: String?, playbackActiveClass: String? = nil,
                               inSpineItem spineIndex: Int) -> ClassHighlight? {
        let chapter = chapter(spineIndex)
        guard let tree = chapter.tree, let root = tree.root,
              let element = root.descendants().first(where: { $0.isElement && $0.attribute("id") == elementID }) else { return nil }
        var additions: [(node: Int, className: String)] = []
        if let activeClass { additions.append((Int(element.index), activeClass)) }
        if let playbackActiveClass { additions.append((Int(root.index), playbackActiveClass)) }
        guard !additions.isEmpty else { return ClassHighlight(background: nil, textColors: [:]) }
        let plain = Cascade.style(tree, context: styles)
        let active = Cascade.style(tree.addingClasses(additions), context: styles)
        var colors: [Int: RGBA] = [:]
        var background: RGBA?
        let before = Self.styles(plain), after = Self.styles(active)
        for (node, style) in after.text where before.text[node]?.text.color != style.text.color {
            colors[node] = style.text.color
        }
        if activeClass != nil, let style = after.elements[Int(element.index)] {
            let color = style.resolve(style.background.value.color)
            if color.alpha > 0, color != before.elements[Int(element.index)].map({ $0.resolve($0.background.value.color) }) {
                background = color
            }
        }
        return ClassHighlight(background: background, textColors: colors)
    }

    /// The colours a text-only view (`folio narrate`'s screen) shows narration in, from the
    /// book's active classes: the fragment's text and background, and the colour the playback
    /// class gives the rest of the text. Nil when the classes give none of them.
    public func narrationColors(elementID: String, activeClass: String?, playbackActiveClass: String?,
                                inSpineItem spineIndex: Int) -> NarrationColors? {
        guard let style = classHighlight(elementID: elementID, activeClass: activeClass, playbackActiveClass: playbackActiveClass,
                                         inSpineItem: spineIndex), !style.isEmpty,
              let root = chapter(spineIndex).tree?.root,
              let element = root.descendants().first(where: { $0.isElement && $0.attribute("id") == elementID }) else { return nil }
        let inside = Set(element.descendants().map { Int($0.index) })
        var colors = NarrationColors(background: style.background)
        for (node, color) in style.textColors.sorted(by: { $0.key < $1.key }) {
            if inside.contains(node) {
                if colors.text == nil { colors.text = color }
            } else if colors.rest == nil {
                colors.rest = color
            }
        }
        return colors
    }

    /// Computed styles of a styled document's text and element nodes, by tree node index.
    private static func styles(_ document: StyledDocument) -> (text: [Int: ComputedStyle], elements: [Int: ComputedStyle]) {
        var text: [Int: ComputedStyle] = [:], elements: [Int: ComputedStyle] = [:]
        for node in document.nodes {
            guard let source = node.source else { continue }
            switch node.kind {
            case .text: text[Int(source.index)] = node.computed
            case .element: elements[Int(source.index)] = node.computed
            case .pseudo: continue
            }
        }
        return (text, elements)
    }
}
