import FolioCore
import FolioPublication
import FolioXML

/// What a check needs to know of one content document, read in one walk of its tree: the ids
/// it defines, the links and resources it refers to, and the structure accessibility rules ask
/// about (images, headings, tables, languages, page breaks, styles).
struct ContentDocument {
    /// A reference from the document to something else, in or out of the book.
    struct Reference {
        enum Kind {
            /// A link a reader follows (`<a href>`, `<area href>`).
            case link
            /// A resource the page needs (an image, a stylesheet, a media source, a frame).
            case resource
        }
        var kind: Kind
        /// The element (`img`, `link`, `a` …), for messages.
        var element: String
        var href: String
        var line: Int
    }

    struct Heading {
        var level: Int
        var line: Int
    }

    let path: String
    let tree: XMLTree
    /// Ids (and legacy `<a name>` anchors) the document defines.
    var ids: Set<String> = []
    var duplicateIDs: [(id: String, line: Int)] = []
    var references: [Reference] = []
    /// `<img>` elements with no `alt` attribute that are not marked decorative.
    var imagesWithoutAlt: [(src: String, line: Int)] = []
    var headings: [Heading] = []
    /// Data tables (not `role="presentation"`) without a header cell.
    var tablesWithoutHeaders: [Int] = []
    /// The root element's language (`xml:lang` or `lang`), when it has one.
    var language: String?
    var hasPageBreaks = false
    /// Linked stylesheets (container paths, with the `media` each asks for) and `<style>` texts.
    var stylesheets: [(path: String, media: String?, line: Int)] = []
    var styleElements: [(text: String, line: Int)] = []
    /// `style` attributes: their text and line.
    var styleAttributes: [(text: String, line: Int)] = []

    /// Reads a parsed document.
    init(path: String, tree: XMLTree) {
        self.path = path
        self.tree = tree
        guard let root = tree.root else { return }
        language = root.attribute("lang", namespace: Namespace.xml) ?? root.attribute("lang")
        var seen: [String: Int] = [:]
        root.visitDescendants { node in
            guard node.isElement else { return true }
            visit(node, seen: &seen)
            return true
        }
        if let id = root.attribute("id") { ids.insert(id) }
    }

    private mutating func visit(_ node: XMLNode, seen: inout [String: Int]) {
        if let id = node.attribute("id") {
            if seen[id] != nil { duplicateIDs.append((id, node.line)) } else { seen[id] = node.line }
            ids.insert(id)
        }
        if let style = node.attribute("style"), !style.isEmpty { styleAttributes.append((style, node.line)) }
        let types = (node.attribute("type", namespace: Namespace.epub) ?? "").split(separator: " ")
        if types.contains("pagebreak") || node.attribute("role") == "doc-pagebreak" { hasPageBreaks = true }
        let html = node.namespaceURI == Namespace.xhtml || node.namespaceURI == nil
        if node.namespaceURI == Namespace.svg {
            if node.localName == "image" || node.localName == "use",
               let href = node.attribute("href", namespace: Namespace.xlink) ?? node.attribute("href"), !href.hasPrefix("#") {
                references.append(Reference(kind: .resource, element: "svg:" + node.localName, href: href, line: node.line))
            }
            if node.localName == "a", let href = node.attribute("href", namespace: Namespace.xlink) ?? node.attribute("href") {
                references.append(Reference(kind: .link, element: "svg:a", href: href, line: node.line))
            }
            return
        }
        guard html else { return }
        let name = node.localName
        switch name {
        case "a", "area":
            if let href = node.attribute("href") { references.append(Reference(kind: .link, element: name, href: href, line: node.line)) }
            if name == "a", let anchor = node.attribute("name") { ids.insert(anchor) }
        case "img":
            if let src = node.attribute("src") { references.append(Reference(kind: .resource, element: name, href: src, line: node.line)) }
            let role = (node.attribute("role") ?? "").lowercased()
            if node.attribute("alt") == nil, role != "presentation", role != "none", node.attribute("aria-hidden") != "true" {
                imagesWithoutAlt.append((node.attribute("src") ?? "", node.line))
            }
        case "audio", "video", "source", "track", "embed", "iframe", "script":
            if let src = node.attribute("src") { references.append(Reference(kind: .resource, element: name, href: src, line: node.line)) }
            if name == "video", let poster = node.attribute("poster") {
                references.append(Reference(kind: .resource, element: "video poster", href: poster, line: node.line))
            }
        case "object":
            if let data = node.attribute("data") { references.append(Reference(kind: .resource, element: name, href: data, line: node.line)) }
        case "link":
            let rel = (node.attribute("rel") ?? "").lowercased().split(whereSeparator: \.isWhitespace)
            guard let href = node.attribute("href") else { break }
            if rel.contains("stylesheet") {
                references.append(Reference(kind: .resource, element: "link", href: href, line: node.line))
                if !rel.contains("alternate"), let resolved = ContainerPath.resolve(href, relativeTo: path)?.path {
                    stylesheets.append((resolved, node.attribute("media"), node.line))
                }
            }
        case "style":
            styleElements.append((node.textContent, node.line))
        case "h1", "h2", "h3", "h4", "h5", "h6":
            if let level = Int(name.dropFirst()) { headings.append(Heading(level: level, line: node.line)) }
        case "table":
            let role = (node.attribute("role") ?? "").lowercased()
            guard role != "presentation", role != "none" else { break }
            var hasHeader = false
            node.visitDescendants { inner in
                guard inner.isElement, !hasHeader else { return false }
                if inner.localName == "table" && inner != node { return false }   // a nested table is judged on its own
                if inner.localName == "th" || inner.localName == "thead" { hasHeader = true }
                if inner.localName == "td", inner.attribute("scope") != nil || inner.attribute("role") == "rowheader" || inner.attribute("role") == "columnheader" {
                    hasHeader = true
                }
                return true
            }
            if !hasHeader { tablesWithoutHeaders.append(node.line) }
        default:
            break
        }
    }
}
