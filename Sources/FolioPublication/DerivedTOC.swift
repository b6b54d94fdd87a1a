import FolioCore
import FolioXML

/// A table of contents made from the spine, for books with neither a navigation document nor an NCX.
///
/// One entry per spine item, titled by the item's first heading (`h1`–`h6`), else its
/// `<title>`, else its file name. EPUB 3.3 requires a navigation document
/// (https://www.w3.org/TR/epub-33/#sec-nav), so this only rescues broken books.
public enum DerivedTOC {
    /// Builds the TOC from the spine items in reading order. `tree` is nil for an item that is
    /// not a parsed document (an image, or one that could not be read).
    public static func build(spine items: [(path: String, tree: XMLTree?)], diagnostics: Diagnostics) -> Navigation {
        var navigation = Navigation(source: .spine)
        if !items.isEmpty {
            diagnostics.warn("nav.derived-toc", "no navigation document or NCX; the table of contents is made from the spine", severity: .info)
        }
        navigation.toc = items.map { item in
            NavPoint(title: item.tree.flatMap(title(of:)) ?? fileName(item.path), href: item.path)
        }
        return navigation
    }

    /// The first non-empty heading of the document's body, else its `title`.
    static func title(of tree: XMLTree) -> String? {
        guard let root = tree.root else { return nil }
        let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
        let body = root.child("body") ?? root
        for node in body.descendants() where NavText.isHTML(node, headings) {
            let text = NavText.label(of: node)
            if !text.isEmpty { return text }
        }
        // XHTML `head/title`, or an SVG document's own `title`.
        let title = root.child("head")?.child("title") ?? root.child("title")
        return title.map { NavText.collapsed($0.textContent) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
