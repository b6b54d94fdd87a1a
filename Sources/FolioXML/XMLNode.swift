/// A handle on one node of an `XMLTree`: cheap to copy, valid as long as the tree lives.
public struct XMLNode: Sendable, Hashable {
    public enum Kind: UInt8, Sendable {
        case document, element, text, cdata, comment, processingInstruction
    }

    public let tree: XMLTree
    public let index: Int32

    init(tree: XMLTree, index: Int32) {
        self.tree = tree
        self.index = index
    }

    public static func == (a: XMLNode, b: XMLNode) -> Bool { a.tree === b.tree && a.index == b.index }
    public func hash(into hasher: inout Hasher) { hasher.combine(index) }

    private var record: XMLTree.Record { tree.records[Int(index)] }

    public var kind: Kind { record.kind }
    /// Whether the element has attributes at all (before asking for one by name).
    public var hasAttributes: Bool { record.attributeCount > 0 }
    public var isElement: Bool { record.kind == .element }

    /// The element's (or PI's) name; nil for other nodes.
    public var name: QualifiedName? {
        let n = record.name
        return n >= 0 ? tree.names[Int(n)] : nil
    }

    /// `QualifiedName.key` of the element's local name lowercased; nil for non-elements.
    public var localNameKey: UInt32? {
        let n = record.name
        return n >= 0 ? tree.nameKeys[Int(n)] : nil
    }

    /// The element's local name, or "" for non-elements.
    public var localName: String {
        // One field read in place: `name?.localName` would copy all three of the name's strings.
        let n = record.name
        return n >= 0 ? tree.names[Int(n)].localName : ""
    }

    public var namespaceURI: String? {
        let n = record.name
        return n >= 0 ? tree.names[Int(n)].namespaceURI : nil
    }

    /// True for an element with this local name in this namespace (any namespace when nil).
    public func isElement(_ localName: String, namespace: String? = nil) -> Bool {
        let r = record
        guard r.kind == .element, r.name >= 0 else { return false }
        if let namespace, tree.names[Int(r.name)].namespaceURI != namespace { return false }
        return tree.names[Int(r.name)].localName == localName
    }

    /// The text of a text, CDATA, comment or PI node.
    public var text: String? {
        let t = record.text
        return t >= 0 ? tree.texts[Int(t)] : nil
    }

    /// True for text (or CDATA) that is XML white space only, or empty.
    public var isBlankText: Bool {
        let r = record
        return (r.kind == .text || r.kind == .cdata) && r.text >= 0 && tree.blankTexts[Int(r.text)]
    }

    /// The line the node started on in its source, when known.
    public var line: Int { Int(record.line) }

    /// `path:line`, for warnings.
    public var location: String { line > 0 ? "\(tree.path):\(line)" : tree.path }

    public var parent: XMLNode? { node(record.parent) }
    public var firstChild: XMLNode? { node(record.firstChild) }
    public var lastChild: XMLNode? { node(record.lastChild) }
    public var nextSibling: XMLNode? { node(record.nextSibling) }
    public var previousSibling: XMLNode? { node(record.previousSibling) }

    public var parentElement: XMLNode? {
        guard let p = parent, p.kind == .element else { return nil }
        return p
    }

    public var nextElementSibling: XMLNode? {
        var n = nextSibling
        while let c = n, c.kind != .element { n = c.nextSibling }
        return n
    }

    public var previousElementSibling: XMLNode? {
        var n = previousSibling
        while let c = n, c.kind != .element { n = c.previousSibling }
        return n
    }

    private func node(_ i: Int32) -> XMLNode? { i >= 0 ? XMLNode(tree: tree, index: i) : nil }

    /// The node's children, in order.
    public var children: Children { Children(first: firstChild) }

    /// The element children only.
    public var elementChildren: [XMLNode] { children.filter { $0.kind == .element } }

    /// Element children with this local name (and namespace, when given).
    public func children(_ localName: String, namespace: String? = nil) -> [XMLNode] {
        children.filter { $0.isElement(localName, namespace: namespace) }
    }

    /// The first element child with this local name (and namespace, when given).
    public func child(_ localName: String, namespace: String? = nil) -> XMLNode? {
        children.first { $0.isElement(localName, namespace: namespace) }
    }

    public struct Children: Sequence, Sendable {
        let first: XMLNode?
        public func makeIterator() -> AnyIterator<XMLNode> {
            var next = first
            return AnyIterator {
                let current = next
                next = current?.nextSibling
                return current
            }
        }
    }

    // MARK: Attributes

    /// The element's attributes in document order.
    public var attributes: [(name: QualifiedName, value: String)] {
        let r = record
        guard r.attributeCount > 0 else { return [] }
        return (Int(r.attributeStart)..<Int(r.attributeStart + r.attributeCount)).map { i in
            let a = tree.attributes[i]
            return (tree.names[Int(a.name)], tree.texts[Int(a.value)])
        }
    }

    /// True when `other` (of the same tree) has the same name and the same attributes, in the
    /// same order: what selectors and presentational hints read of an element itself.
    public func hasSameNameAndAttributes(as other: XMLNode) -> Bool {
        guard tree === other.tree else { return false }
        let a = record, b = other.record
        guard a.name == b.name, a.attributeCount == b.attributeCount else { return false }
        for k in 0..<Int(a.attributeCount) {
            let x = tree.attributes[Int(a.attributeStart) + k], y = tree.attributes[Int(b.attributeStart) + k]
            guard x.name == y.name, tree.texts[Int(x.value)] == tree.texts[Int(y.value)] else { return false }
        }
        return true
    }

    /// A hash of the element's name and attributes: equal for elements that
    /// `hasSameNameAndAttributes`.
    public var nameAndAttributesHash: Int {
        let r = record
        var hasher = Hasher()
        hasher.combine(r.name)
        for k in Int(r.attributeStart)..<Int(r.attributeStart + r.attributeCount) {
            let a = tree.attributes[k]
            hasher.combine(a.name)
            hasher.combine(tree.texts[Int(a.value)])
        }
        return hasher.finalize()
    }

    /// The value of an attribute. With `namespace` nil, only an attribute in no namespace matches.
    public func attribute(_ localName: String, namespace: String? = nil) -> String? {
        let r = record
        guard r.attributeCount > 0 else { return nil }
        // The name's fields are read where they lie: a copy of a name retains its three strings.
        let names = tree.names
        for i in Int(r.attributeStart)..<Int(r.attributeStart + r.attributeCount) {
            let a = tree.attributes[i]
            if names[Int(a.name)].localName == localName && names[Int(a.name)].namespaceURI == namespace {
                return tree.texts[Int(a.value)]
            }
        }
        return nil
    }

    /// `xml:lang`, else `lang`, inherited from the nearest ancestor that has one.
    public var language: String? {
        var n: XMLNode? = self
        while let e = n {
            if e.kind == .element {
                if let l = e.attribute("lang", namespace: Namespace.xml) ?? e.attribute("lang") { return l }
            }
            n = e.parent
        }
        return nil
    }

    /// The whitespace-separated values of `epub:type`.
    public var epubTypes: [String] {
        (attribute("type", namespace: Namespace.epub) ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }

    // MARK: Text

    /// All descendant text, in document order (walked without recursion).
    public var textContent: String {
        if let t = text, kind != .element { return t }
        // One text child (a MathML token, most inline elements): its text, with no list made.
        let first = record.firstChild
        if first >= 0, let only = node(first), only.record.nextSibling < 0, only.kind == .text || only.kind == .cdata {
            return only.text ?? ""
        }
        var out = ""
        for d in descendants() where d.kind == .text || d.kind == .cdata {
            out += d.text ?? ""
        }
        return out
    }

    /// Descendants in document order (not including self), walked without recursion.
    public func descendants() -> [XMLNode] {
        var out: [XMLNode] = []
        visitDescendants { out.append($0); return true }
        return out
    }

    /// Calls `visit` with each descendant in document order, without building a list of them;
    /// where `visit` returns false, that node's own descendants are skipped. A node's
    /// descendants are the indices after it up to its subtree's end (`XMLTree.forEachNodeInOrder`).
    public func visitDescendants(_ visit: (XMLNode) -> Bool) {
        var i = index + 1
        let end = Self.subtreeEnd(of: index, in: tree)
        while i < end {
            i = visit(XMLNode(tree: tree, index: i)) ? i + 1 : Self.subtreeEnd(of: i, in: tree)
        }
    }

    /// The index after the last descendant of node `index`: its next sibling's, or its nearest
    /// ancestor's that has one, else the end of the tree.
    static func subtreeEnd(of index: Int32, in tree: XMLTree) -> Int32 {
        var node = index
        while node >= 0 {
            let record = tree.records[Int(node)]
            if record.nextSibling >= 0 { return record.nextSibling }
            node = record.parent
        }
        return Int32(tree.records.count)
    }

    /// Descendant elements with this local name (and namespace, when given), in document order.
    public func descendants(_ localName: String, namespace: String? = nil) -> [XMLNode] {
        var out: [XMLNode] = []
        visitDescendants { node in
            if node.isElement(localName, namespace: namespace) { out.append(node) }
            return true
        }
        return out
    }

    /// Descendant elements whose name `wanted` accepts, in document order. `wanted` is asked
    /// once per distinct name in the tree, not once per element.
    public func descendantElements(named wanted: (QualifiedName) -> Bool) -> [XMLNode] {
        let accepted = tree.names.map(wanted)
        guard accepted.contains(true) else { return [] }
        var out: [XMLNode] = []
        visitDescendants { node in
            let record = tree.records[Int(node.index)]
            if record.kind == .element, record.name >= 0, accepted[Int(record.name)] { out.append(node) }
            return true
        }
        return out
    }

    /// The depth below the document node (the root element is 1).
    public var depth: Int {
        var d = 0
        var p = record.parent
        while p >= 0 {
            d += 1
            p = tree.records[Int(p)].parent
        }
        return d
    }
}
