import FolioCore
import FolioXML

/// Reads the nested `ol`/`li` lists of NAV `nav` elements into `NavPoint`s, recovering from
/// the common mistakes (lists directly inside lists, `ul` for `ol`, links wrapped in `p`).
///
/// https://www.w3.org/TR/epub-33/#sec-nav-def-model
struct NavListReader {
    let path: String
    let diagnostics: Diagnostics

    private static let lists: Set<String> = ["ol", "ul"]
    private static let labels: Set<String> = ["a", "span"]

    /// The entries of one `nav` element's list.
    func entries(ofNav nav: XMLNode, hidden: Bool) -> [NavPoint] {
        var lists = nav.elementChildren.filter { NavText.isHTML($0, Self.lists) }
        if lists.isEmpty {
            // A list wrapped in a div, say: use the first one found, outside nested navs.
            guard let nested = nav.descendants().first(where: { NavText.isHTML($0, Self.lists) && !isInsideAnotherNav($0, nav) }) else {
                diagnostics.warn("nav.missing-list", "nav '\(nav.epubTypes.joined(separator: " "))' has no ol list", at: nav.location)
                return []
            }
            diagnostics.warn("nav.misplaced-list", "the nav's ol is not its direct child; read anyway", at: nested.location)
            lists = [nested]
        }
        if lists.count > 1 {
            diagnostics.warn("nav.extra-list", "nav has \(lists.count) lists where one is expected; all are read", at: nav.location)
        }
        return lists.flatMap { entries(ofList: $0, hidden: hidden, depth: 1) }
    }

    private func entries(ofList list: XMLNode, hidden: Bool, depth: Int) -> [NavPoint] {
        if list.localName == "ul" {
            diagnostics.warn("nav.unordered-list", "ul used where the navigation model requires ol; read anyway", at: list.location)
        }
        guard depth <= NavParser.maximumDepth else {
            diagnostics.warn("nav.too-deep", "navigation nested deeper than \(NavParser.maximumDepth) levels; the rest is left out", at: list.location)
            return []
        }
        let hidden = hidden || list.attribute("hidden") != nil
        var points: [NavPoint] = []
        for child in list.elementChildren {
            if NavText.isHTML(child, ["li"]) {
                if let entry = entry(child, hidden: hidden, depth: depth) { points.append(entry) }
            } else if NavText.isHTML(child, Self.lists) {
                // `<ol><li>…</li><ol>…</ol></ol>`: the author meant the sublist of the entry before.
                diagnostics.warn("nav.misplaced-list", "a list directly inside a list is read as the previous entry's children", at: child.location)
                let sub = entries(ofList: child, hidden: hidden, depth: depth + 1)
                if points.isEmpty { points = sub } else { points[points.count - 1].children += sub }
            } else if NavText.isHTML(child, Self.labels) {
                diagnostics.warn("nav.entry-outside-li", "\(child.localName) directly inside a list is read as an entry", at: child.location)
                points.append(point(label: child, hidden: hidden, children: []))
            } else {
                diagnostics.warn("nav.unexpected-element", "\(child.localName) inside a navigation list is ignored", at: child.location)
            }
        }
        return points
    }

    /// One `li`: its `a` or `span` label and its optional sublist.
    private func entry(_ li: XMLNode, hidden: Bool, depth: Int) -> NavPoint? {
        let hidden = hidden || li.attribute("hidden") != nil
        let sublists = li.elementChildren.filter { NavText.isHTML($0, Self.lists) }
        let children = sublists.flatMap { entries(ofList: $0, hidden: hidden, depth: depth + 1) }
        if let label = li.elementChildren.first(where: { NavText.isHTML($0, Self.labels) }) {
            if label.localName == "span" && sublists.isEmpty {
                diagnostics.warn("nav.heading-without-list", "a span heading without a sublist", severity: .info, at: label.location)
            }
            return point(label: label, hidden: hidden, children: children)
        }
        // No direct a/span: a link wrapped in another element (`<li><p><a>`), else the li's own text.
        let isSublist: (XMLNode) -> Bool = { NavText.isHTML($0, Self.lists) }
        if let wrapped = firstLabel(in: li) {
            diagnostics.warn("nav.wrapped-label", "the entry's \(wrapped.localName) is not a direct child of its li; read anyway", at: wrapped.location)
            return point(label: wrapped, hidden: hidden, children: children)
        }
        let text = NavText.label(of: li, skipping: isSublist)
        diagnostics.warn("nav.entry-without-label", "li without an a or span label", at: li.location)
        if text.isEmpty && children.isEmpty { return nil }
        return NavPoint(title: text, href: nil, children: children, hidden: hidden)
    }

    /// The first `a`/`span` inside `li` but outside its sublists.
    private func firstLabel(in li: XMLNode) -> XMLNode? {
        var stack: [XMLNode] = li.elementChildren.reversed()
        while let node = stack.popLast() {
            if NavText.isHTML(node, Self.lists) { continue }
            if NavText.isHTML(node, Self.labels) { return node }
            stack.append(contentsOf: node.elementChildren.reversed())
        }
        return nil
    }

    private func point(label: XMLNode, hidden: Bool, children: [NavPoint]) -> NavPoint {
        let type = label.epubTypes
        return NavPoint(title: title(of: label), href: href(of: label), children: children,
                        type: type.isEmpty ? nil : type.joined(separator: " "), hidden: hidden)
    }

    /// The label's text (images read as their alt text), else its `title`.
    ///
    /// https://www.w3.org/TR/epub-33/#sec-nav-def-model: a label with non-text content must carry
    /// a text alternative.
    private func title(of label: XMLNode) -> String {
        let text = NavText.label(of: label)
        if !text.isEmpty { return text }
        if let title = NavText.titleAttribute(of: label) { return title }
        diagnostics.warn("nav.empty-label", "a navigation entry has no text, alt or title", at: label.location)
        return ""
    }

    private func href(of label: XMLNode) -> String? {
        guard label.localName == "a" else { return nil }
        guard let raw = label.attribute("href"), !raw.trimmingSpaces().isEmpty else {
            diagnostics.warn("nav.link-without-href", "a navigation link without href is kept as a heading", at: label.location)
            return nil
        }
        return NavText.resolveLink(raw, in: path, codePrefix: "nav", diagnostics: diagnostics, at: label.location)
    }

    private func isInsideAnotherNav(_ node: XMLNode, _ nav: XMLNode) -> Bool {
        var p = node.parentElement
        while let e = p, e != nav {
            if e.isElement("nav") { return true }
            p = e.parentElement
        }
        return false
    }
}
