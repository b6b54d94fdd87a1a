import FolioXML

/// A content document with every element's computed style: what layout consumes.
///
/// Nodes are stored flat and linked by index (like `XMLTree`), so a deep document costs heap,
/// not stack. Generated content (`::before`, `::after`, list markers) appears as nodes of its
/// own, with its text resolved (counters, quotes, `attr()`).
public final class StyledDocument: Sendable {
    public let tree: XMLTree
    public let nodes: [StyledNode]
    /// `@font-face` rules that applied, with the path of the sheet each came from (for its URLs).
    public let fontFaces: [(rule: FontFaceRule, sheet: String)]
    /// `@page` rules that applied, in cascade order (page size and margins, for pagination).
    public let pageRules: [PageRule]
    /// Alttexts that describe no formula (`ForeignContent.placeholderAlttexts`).
    let mathPlaceholders: Set<String>

    init(tree: XMLTree, nodes: [StyledNode], fontFaces: [(rule: FontFaceRule, sheet: String)], pageRules: [PageRule],
         mathPlaceholders: Set<String> = []) {
        self.tree = tree
        self.nodes = nodes
        self.fontFaces = fontFaces
        self.pageRules = pageRules
        self.mathPlaceholders = mathPlaceholders
    }

    /// A MathML `math` element's text where the formula is not drawn: its alttext, else a TeX
    /// or plain-text annotation, else the text of its tokens. Made when asked for: a drawn
    /// formula has a text of its own, and most are drawn. Nil for other nodes, and for a
    /// formula with no text at all.
    public func mathText(_ node: StyledNode) -> String? {
        guard node.kind == .element, let source = node.source else { return nil }
        return ForeignContent.mathFallback(source, placeholders: mathPlaceholders)
    }

    /// Whether `mathText` has a text for the node, mostly without making it.
    public func hasMathText(_ node: StyledNode) -> Bool {
        guard node.kind == .element, let source = node.source else { return false }
        return ForeignContent.hasMathFallback(source, placeholders: mathPlaceholders)
    }

    /// The root element's node, if the document has one.
    public var root: StyledNode? { nodes.first }

    /// The children of a node, in order.
    public func children(of node: StyledNode) -> [StyledNode] {
        var out: [StyledNode] = []
        var i = node.firstChild
        while i >= 0 {
            out.append(nodes[Int(i)])
            i = nodes[Int(i)].nextSibling
        }
        return out
    }
}

/// One node of a `StyledDocument`.
public struct StyledNode: Sendable {
    public enum Kind: Sendable, Hashable {
        case element
        case text
        /// Generated content: `::before`, `::after` or `::marker`.
        case pseudo(PseudoElement)
    }

    public var kind: Kind
    public var index: Int32
    /// The element or text node this comes from; for generated content, the element that generates it.
    public var source: XMLNode?
    public var style: SharedStyle
    /// A text node's text, or generated content's resolved text.
    public var text: String?
    /// Generated content's image (`content: url(…)` or `list-style-image`), as a container path.
    public var image: String?
    /// `::first-letter` and `::first-line` styles of an element, when rules give it one.
    public var firstLetter: SharedStyle?
    public var firstLine: SharedStyle?

    public var parent: Int32 = -1
    public var firstChild: Int32 = -1
    public var lastChild: Int32 = -1
    public var nextSibling: Int32 = -1

    /// The node's computed style, lent rather than copied: `node.computed.box.display` reads
    /// one field (inlinable, so other modules see through it).
    @inlinable
    public var computed: ComputedStyle {
        _read { yield style.style }
    }
}
