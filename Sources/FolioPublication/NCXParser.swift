import FolioCore
import FolioXML

/// Reads the EPUB 2 NCX: `navMap` (the TOC), `pageList` and `navList`s.
///
/// https://idpf.org/epub/20/spec/OPF_2.0.1_draft.htm#Section2.4.1 and
/// https://daisy.org/z3986/2005/Z3986-2005.html#NCX
///
/// Elements are matched by local name in any namespace: NCX files without (or with a prefixed)
/// DAISY namespace are common and mean the same.
public enum NCXParser {
    /// Parses an already-parsed NCX found at `path` (a container path); links resolve against it.
    public static func parse(_ tree: XMLTree, path: String, diagnostics: Diagnostics) -> Navigation {
        var navigation = Navigation(source: .ncx)
        guard let root = tree.root, root.isElement("ncx") else {
            diagnostics.warn("ncx.not-ncx", "the NCX's root element is not ncx", at: path)
            return navigation
        }
        let reader = Reader(path: path, diagnostics: diagnostics)
        if let navMap = root.child("navMap") {
            navigation.toc = reader.navPoints(in: navMap, depth: 1)
        } else {
            diagnostics.warn("ncx.missing-navmap", "the NCX has no navMap", at: path)
        }
        if let pageList = root.child("pageList") {
            navigation.pageList = pageList.children("pageTarget").map { reader.target($0, children: []) }
        }
        for list in root.children("navList") {
            let label = reader.label(of: list)
            let name = list.attribute("class").map(NavText.collapsed).flatMap { $0.isEmpty ? nil : $0 } ?? label ?? list.attribute("id") ?? "navList"
            navigation.otherLists.append(NavList(name: name, title: label, entries: list.children("navTarget").map { reader.target($0, children: []) }))
        }
        return navigation
    }

    private struct Reader {
        let path: String
        let diagnostics: Diagnostics

        /// The `navPoint` children of `parent`, with theirs.
        func navPoints(in parent: XMLNode, depth: Int) -> [NavPoint] {
            guard depth <= NavParser.maximumDepth else {
                diagnostics.warn("ncx.too-deep", "navMap nested deeper than \(NavParser.maximumDepth) levels; the rest is left out", at: parent.location)
                return []
            }
            return parent.children("navPoint").map { target($0, children: navPoints(in: $0, depth: depth + 1)) }
        }

        /// A `navPoint`, `pageTarget` or `navTarget`: label, `content@src`, `playOrder`.
        func target(_ element: XMLNode, children: [NavPoint]) -> NavPoint {
            var title = label(of: element) ?? ""
            if title.isEmpty, let value = element.attribute("value") {
                title = value  // a pageTarget's page number
            }
            if title.isEmpty {
                diagnostics.warn("ncx.missing-label", "\(element.localName) without navLabel text", at: element.location)
            }
            let type = element.localName == "pageTarget" ? element.attribute("type") : element.attribute("class")
            let playOrder = element.attribute("playOrder").flatMap { Int($0.trimmingSpaces()) }
            return NavPoint(title: title, href: href(of: element), children: children, type: type, playOrder: playOrder)
        }

        /// The first non-empty `navLabel/text` (several labels are alternatives, e.g. per language).
        func label(of element: XMLNode) -> String? {
            for navLabel in element.children("navLabel") {
                if let text = navLabel.child("text").map({ NavText.collapsed($0.textContent) }), !text.isEmpty {
                    return text
                }
            }
            return nil
        }

        private func href(of element: XMLNode) -> String? {
            guard let src = element.child("content")?.attribute("src"), !src.trimmingSpaces().isEmpty else {
                diagnostics.warn("ncx.missing-content", "\(element.localName) without content src is kept as a heading", at: element.location)
                return nil
            }
            return NavText.resolveLink(src, in: path, codePrefix: "ncx", diagnostics: diagnostics, at: element.location)
        }
    }
}
