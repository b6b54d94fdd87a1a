import FolioXML

/// How a CFI sees a document's nodes (§3.1.1): child elements take even step indices, the
/// (possibly empty) chunks of character data between them odd ones. Text and CDATA nodes are
/// character data; comments and processing instructions are ignored, so the text on either side
/// of a comment is one chunk.
enum CFINodes {
    /// The ID an element's step asserts: `id`, else `xml:id`; nil when absent or empty.
    static func id(of element: XMLNode) -> String? {
        let id = element.attribute("id") ?? element.attribute("id", namespace: Namespace.xml)
        guard let id, !id.isEmpty else { return nil }
        return id
    }

    static func isCharacterData(_ node: XMLNode) -> Bool {
        node.kind == .text || node.kind == .cdata
    }

    /// How many element siblings come before a node.
    static func elementsBefore(_ node: XMLNode) -> Int {
        var count = 0
        var sibling = node.previousSibling
        while let s = sibling {
            if s.isElement { count += 1 }
            sibling = s.previousSibling
        }
        return count
    }

    /// The steps from `root` down to `element` (none when it is `root`), each with the element's ID
    /// asserted; nil when `element` is not inside `root`.
    static func steps(to element: XMLNode, from root: XMLNode) -> [EPUBCFI.Step]? {
        var steps: [EPUBCFI.Step] = []
        var current = element
        while current != root {
            guard current.isElement, let parent = current.parent else { return nil }
            steps.append(EPUBCFI.Step(index: (elementsBefore(current) + 1) * 2, id: id(of: current)))
            current = parent
        }
        return steps.reversed()
    }

    /// The character data nodes of chunk `chunk` (0 for the one before the first child element) of
    /// `parent`, in order; empty for an empty chunk.
    static func chunk(_ chunk: Int, of parent: XMLNode) -> [XMLNode] {
        var nodes: [XMLNode] = []
        var elementsSeen = 0
        for child in parent.children {
            if child.isElement {
                elementsSeen += 1
                if elementsSeen > chunk { break }
            } else if elementsSeen == chunk && isCharacterData(child) {
                nodes.append(child)
            }
        }
        return nodes
    }

    /// The character data siblings before `node` in its chunk.
    static func chunkBefore(_ node: XMLNode) -> [XMLNode] {
        var nodes: [XMLNode] = []
        var sibling = node.previousSibling
        while let s = sibling, !s.isElement {
            if isCharacterData(s) { nodes.append(s) }
            sibling = s.previousSibling
        }
        return nodes
    }

    /// The first element of the tree with this ID (§3.5: an ID assertion wins over the step).
    static func element(withID id: String, in tree: XMLTree) -> XMLNode? {
        tree.document.descendants().first { $0.isElement && Self.id(of: $0) == id }
    }

    /// The last character data node with text inside `element`, in document order.
    static func lastText(in element: XMLNode) -> XMLNode? {
        element.descendants().last { isCharacterData($0) && !($0.text ?? "").isEmpty }
    }

    // MARK: UTF-16 offsets

    /// UTF-16 code units of a node's text: CFI character offsets count these (§3.1.4).
    static func utf16Length(_ node: XMLNode) -> Int {
        node.text?.utf16.count ?? 0
    }

    /// UTF-16 code units of the first `scalars` scalars of `text`.
    ///
    /// Called once per page with offsets into the same (possibly megabyte-long) text node: ASCII
    /// text answers at once (the UTF-16 count of a native string is remembered by the string),
    /// other text is walked by the standard library's scalar index, not scalar by scalar here.
    static func utf16Offset(ofScalars scalars: Int, in text: String) -> Int {
        guard scalars > 0 else { return 0 }
        if text.utf16.count == text.utf8.count { return min(scalars, text.utf8.count) }
        let end = text.unicodeScalars.index(text.startIndex, offsetBy: scalars, limitedBy: text.endIndex) ?? text.endIndex
        return text.utf16.distance(from: text.startIndex, to: end)
    }

    /// The scalars of `text` before UTF-16 offset `units`; an offset inside a surrogate pair
    /// rounds down to the scalar's start.
    static func scalarOffset(ofUTF16 units: Int, in text: String) -> Int {
        var seen = 0
        var scalars = 0
        for c in text.unicodeScalars {
            seen += c.utf16.count
            if seen > units { break }
            scalars += 1
        }
        return scalars
    }
}
