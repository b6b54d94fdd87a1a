import FolioCore
import FolioXML

/// Reads the EPUB 3 navigation document: its `toc`, `page-list`, `landmarks` and other `nav` lists.
///
/// https://www.w3.org/TR/epub-33/#sec-nav
///
/// Lenient: a malformed list is recovered entry by entry and warned about (`nav.…`); links that
/// leave the container are kept as entries without an href.
public enum NavParser {
    /// Deeper lists than this are not read: no real book nests a TOC so far, a hostile one might.
    static let maximumDepth = 64

    /// Parses an already-parsed navigation document found at `path` (a container path).
    public static func parse(_ tree: XMLTree, path: String, diagnostics: Diagnostics) -> Navigation {
        var navigation = Navigation(source: .nav)
        guard let root = tree.root else {
            diagnostics.warn("nav.empty", "the navigation document has no root element", at: path)
            return navigation
        }
        let reader = NavListReader(path: path, diagnostics: diagnostics)
        var seen: Set<String> = []
        for nav in root.descendants("nav") where NavText.isHTML(nav) {
            let types = nav.epubTypes
            guard !types.isEmpty else { continue }  // an ordinary HTML nav: not EPUB navigation
            let hidden = nav.attribute("hidden") != nil
            let entries = reader.entries(ofNav: nav, hidden: hidden)
            // The first nav of each kind counts; a second one is kept among the other lists.
            if types.contains("toc"), seen.insert("toc").inserted {
                navigation.toc = entries
            } else if types.contains("page-list"), seen.insert("page-list").inserted {
                navigation.pageList = entries
            } else if types.contains("landmarks"), seen.insert("landmarks").inserted {
                navigation.landmarks = entries
            } else {
                if types.contains(where: { ["toc", "page-list", "landmarks"].contains($0) }) {
                    diagnostics.warn("nav.duplicate-nav", "a second '\(types.joined(separator: " "))' nav is kept as another list", at: nav.location)
                }
                navigation.otherLists.append(NavList(name: types.joined(separator: " "), title: heading(of: nav), entries: entries, hidden: hidden))
            }
        }
        if !seen.contains("toc") {
            diagnostics.warn("nav.missing-toc", "the navigation document has no nav with epub:type 'toc'", at: path)
        }
        return navigation
    }

    /// The `h1`–`h6` heading before a nav's list, if any.
    static func heading(of nav: XMLNode) -> String? {
        let heading = nav.elementChildren.first { NavText.isHTML($0, ["h1", "h2", "h3", "h4", "h5", "h6", "hgroup"]) }
        return heading.map { NavText.label(of: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
