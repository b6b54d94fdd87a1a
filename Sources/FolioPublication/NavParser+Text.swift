import FolioCore
import FolioXML

/// Text of navigation labels and headings, as a reading system shows it.
enum NavText {
    /// The text of `element` with `img` elements read as their `alt`, whitespace collapsed.
    ///
    /// Subtrees for which `skip` is true are left out (a nested list inside a malformed `li`).
    /// `alt` is read in place because EPUB 3.3 labels must have a text rendering and the
    /// W3C tests nav-non-text_img* expect the image's alt text as the label.
    static func label(of element: XMLNode, skipping skip: (XMLNode) -> Bool = { _ in false }) -> String {
        var out = ""
        // Walk without recursion: a label nested absurdly deep must not exhaust the stack.
        var stack: [XMLNode] = Array(element.children.reversed())
        while let node = stack.popLast() {
            switch node.kind {
            case .text, .cdata:
                out += node.text ?? ""
            case .element:
                if skip(node) || isInvisible(node) { continue }
                if node.isElement("img"), isHTML(node), let alt = node.attribute("alt") {
                    out += " \(alt) "
                }
                stack.append(contentsOf: node.children.reversed())
            case .document, .comment, .processingInstruction:
                continue
            }
        }
        return collapsed(out)
    }

    /// The `title` of the element or, failing that, of the first image inside it.
    static func titleAttribute(of element: XMLNode) -> String? {
        if let t = element.attribute("title").map(collapsed), !t.isEmpty { return t }
        for img in element.descendants() where img.isElement("img") || img.isElement("image") {
            if let t = img.attribute("title").map(collapsed), !t.isEmpty { return t }
        }
        return nil
    }

    /// Collapses runs of ASCII whitespace to one space and trims the ends (HTML's rule:
    /// a no-break space is content, not whitespace).
    static func collapsed(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        var pendingSpace = false
        for scalar in s.unicodeScalars {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0C}":
                pendingSpace = !out.isEmpty
            default:
                if pendingSpace { out.unicodeScalars.append(" ") }
                pendingSpace = false
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// True for an element in the XHTML namespace, or in none (a sloppy document without `xmlns`).
    static func isHTML(_ node: XMLNode) -> Bool {
        node.namespaceURI == nil || node.namespaceURI == Namespace.xhtml
    }

    /// True for an HTML element with one of these local names.
    static func isHTML(_ node: XMLNode, _ names: Set<String>) -> Bool {
        node.isElement && isHTML(node) && names.contains(node.localName)
    }

    private static func isInvisible(_ node: XMLNode) -> Bool {
        ["script", "style", "template"].contains(node.localName) && isHTML(node)
    }
}

extension NavText {
    /// A navigation link as a container path with its fragment: nil (kept as a heading) when it
    /// leaves the publication, and a warning when it climbs above the container root.
    static func resolveLink(_ raw: String, in path: String, codePrefix: String, diagnostics: Diagnostics, at location: String) -> String? {
        guard let resolved = ContainerPath.resolveLink(raw, relativeTo: path) else {
            diagnostics.warn("\(codePrefix).link-outside-container", "link '\(raw)' leaves the publication; kept without a target", at: location)
            return nil
        }
        if ContainerPath.climbsAboveRoot(raw, relativeTo: path) {
            diagnostics.warn("\(codePrefix).link-above-root", "link '\(raw)' climbs above the container root; read as \(resolved)", at: location)
        }
        return resolved
    }
}
