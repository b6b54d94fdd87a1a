import FolioCore
import FolioPublication
import FolioXML

/// The text around a narrated fragment, as a player without pages shows it: the block (paragraph,
/// heading, list item …) holding the fragment, whitespace collapsed, with the fragment's place in it.
public struct NarratedPassage: Sendable, Hashable {
    public var text: String
    /// The fragment's characters in `text` (all of it when the fragment is the block).
    public var highlight: Range<Int>

    public init(text: String, highlight: Range<Int>) {
        self.text = text
        self.highlight = highlight
    }

    /// Elements whose text stands as a passage of its own.
    static let blocks: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "dt", "dd", "blockquote", "figcaption", "caption",
        "td", "th", "pre", "div", "section", "article", "aside", "header", "footer", "body", "text",
    ]
}

/// Passages of a book's content documents; each document is parsed once (the last few are kept).
public final class NarratedPassages {
    private let publication: Publication
    private var trees: [(path: String, tree: XMLTree?)] = []
    private let diagnostics = Diagnostics()

    public init(publication: Publication) {
        self.publication = publication
    }

    /// The passage holding `target`; for a target without a fragment, or one not found, nil.
    public func passage(_ target: TextTarget) -> NarratedPassage? {
        guard let fragment = target.fragment, let tree = tree(target.path), let root = tree.root,
              let element = root.descendants().first(where: { $0.isElement && $0.attribute("id") == fragment }) else { return nil }
        var block = element
        while !NarratedPassage.blocks.contains(block.localName), let parent = block.parentElement { block = parent }
        var characters: [Character] = []
        var start: Int?, end = 0
        var pendingSpace = false
        for node in block.descendants() where node.kind == .text || node.kind == .cdata {
            let inside = Self.isInside(node, element)
            for character in node.text ?? "" {
                if character.isWhitespace {
                    pendingSpace = !characters.isEmpty
                    continue
                }
                if pendingSpace {
                    characters.append(" ")
                    pendingSpace = false
                }
                if inside {
                    if start == nil { start = characters.count }
                    end = characters.count + 1
                }
                characters.append(character)
            }
        }
        guard let start else { return NarratedPassage(text: String(characters), highlight: 0..<0) }
        return NarratedPassage(text: String(characters), highlight: start..<end)
    }

    private static func isInside(_ node: XMLNode, _ element: XMLNode) -> Bool {
        var current = node.parent
        while let c = current {
            if c == element { return true }
            current = c.parent
        }
        return false
    }

    private func tree(_ path: String) -> XMLTree? {
        if let known = trees.first(where: { $0.path == path }) { return known.tree }
        let bytes = try? publication.read(path, limit: Publication.documentLimit)
        let tree = bytes.flatMap { try? MarkupParser.parse($0, path: path, recovery: .html, diagnostics: diagnostics) }
        trees.append((path, tree))
        if trees.count > 4 { trees.removeFirst() }
        return tree
    }
}
