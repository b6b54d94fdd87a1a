import FolioCore
import FoundationEssentials
import Glibc
import FolioXML

/// The author stylesheets of one content document, in document order: `<link rel="stylesheet">`
/// and `<style>`, each honouring `media`; alternate and disabled sheets are left out.
///
/// https://html.spec.whatwg.org/multipage/semantics.html#link-type-stylesheet
enum AuthorStyleSheets {
    /// Each sheet with a key that identifies it across documents (its path, or an inline sheet's text),
    /// so that documents sharing their sheets share one rule set.
    static func collect(_ tree: XMLTree, context: StyleContext) -> [(key: String, sheet: Stylesheet)] {
        guard let root = tree.root else { return [] }
        var sheets: [(key: String, sheet: Stylesheet)] = []
        let candidates = root.descendantElements { name in
            (name.namespaceURI == Namespace.xhtml || name.namespaceURI == nil) && (name.localName == "link" || name.localName == "style")
        }
        for node in candidates {
            switch node.localName {
            case "link":
                guard let sheet = linkedSheet(node, tree: tree, context: context) else { continue }
                sheets.append(("link " + sheet.path, sheet))
            case "style":
                guard isCSS(node.attribute("type")), mediaMatches(node, context: context) else { continue }
                // An inline sheet takes the document's path, so its relative URLs resolve against it.
                let text = node.textContent
                sheets.append(("style " + tree.path + "\n" + text, CSSParser.parseStylesheet(text, path: tree.path, diagnostics: context.diagnostics)))
            default:
                continue
            }
        }
        return sheets
    }

    private static func linkedSheet(_ node: XMLNode, tree: XMLTree, context: StyleContext) -> Stylesheet? {
        let rel = (node.attribute("rel") ?? "").lowercased().split(whereSeparator: \.isWhitespace)
        guard rel.contains("stylesheet"), !rel.contains("alternate"), node.attribute("disabled") == nil,
              isCSS(node.attribute("type")), let href = node.attribute("href") else { return nil }
        guard mediaMatches(node, context: context) else { return nil }
        guard let path = resolveHref(href, from: tree.path) else {
            context.diagnostics.warn("css.stylesheet-outside-container", "stylesheet \"\(href)\" is outside the book and is not loaded", at: node.location)
            return nil
        }
        return context.stylesheet(at: path)
    }

    private static func isCSS(_ type: String?) -> Bool {
        guard let type = type?.trimmingWhitespace().lowercased(), !type.isEmpty else { return true }
        return type == "text/css"
    }

    private static func mediaMatches(_ node: XMLNode, context: StyleContext) -> Bool {
        guard let media = node.attribute("media"), !media.trimmingWhitespace().isEmpty else { return true }
        return MediaQueryList.parse(media).matches(context.environment)
    }
}
