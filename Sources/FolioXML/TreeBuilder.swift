import CLibXML2
import FolioCore

/// Copies a libxml2 document into an `XMLTree`, without recursion.
///
/// Elements nested deeper than `maximumDepth` are flattened: each hangs from the ancestor at
/// that depth, followed by its former children, so no element or text is lost. libxml2 itself
/// no longer stops at 256 levels (see MarkupParser), and stages that walk an `XMLTree`
/// recursively must not meet a document of thousands of nested divs. The styled tree flattens
/// earlier (from 128 levels) keeping each element's style; this is the backstop for every
/// other reader of the tree.
struct TreeBuilder {
    /// libxml2's own former limit: deeper than any real document's nesting.
    static let maximumDepth = 256

    let path: String
    let fromHTML: Bool
    let diagnostics: Diagnostics

    private var records: [XMLTree.Record] = []
    private var attributes: [XMLTree.Attribute] = []
    private var names: [QualifiedName] = []
    private var nameIndex: [QualifiedName: Int32] = [:]
    /// Names met so far by libxml2's own pointer to the local name and the namespace it is in:
    /// the parser keeps one copy of each name (in its dictionary, or at least one per node, all
    /// alive with the document), so the same pointer and namespace are the same name, found
    /// without making its strings and hashing them.
    private var namesByPointer: [NamePointers: Int32] = [:]
    /// Namespace declarations met so far (libxml2 keeps one record per declaration: every
    /// `math` element of a book may declare MathML's), numbered by their URI and prefix.
    private var namespacesByPointer: [UnsafeRawPointer: Int32] = [:]
    private var namespaceNumbers: [NamespaceName: Int32] = [:]
    /// The declaration met last and its number: most elements are in the namespace of the one
    /// before.
    private var lastNamespace: UnsafeRawPointer?
    private var lastNamespaceNumber: Int32 = -1
    private var texts: [String] = []
    /// Whether each of `texts` is XML white space only (`XMLTree.blankTexts`), known as they are
    /// made: indentation is, without looking at it again.
    private var blankTexts: [Bool] = []
    /// Indentation between tags — a line feed and then only spaces, or only tabs — is most of
    /// a pretty-printed document's text nodes: each length is made into a string once.
    private var indentations: [[String?]] = [Array(repeating: nil, count: 128), Array(repeating: nil, count: 128)]
    /// Characters of internal entities copied in, bounded so an entity bomb cannot grow the tree.
    private var entityBudget = 1 << 20
    private var warnedTooDeep = false
    /// An element or attribute name that is no qualified name (`p::p`, `:p`): libxml2 reports
    /// it as a namespace error only and keeps the name whole.
    private(set) var hasInvalidNames = false

    init(path: String, fromHTML: Bool, diagnostics: Diagnostics) {
        self.path = path
        self.fromHTML = fromHTML
        self.diagnostics = diagnostics
    }

    mutating func build(_ doc: xmlDocPtr) -> XMLTree {
        records.append(XMLTree.Record(kind: .document))
        walk(doc)
        return XMLTree(path: path, wasRecovered: fromHTML, records: records, attributes: attributes, names: names, texts: texts,
                       blankTexts: blankTexts)
    }

    /// Walks libxml2's tree by its own pointers: down to children, across to siblings, and back up
    /// through an explicit stack, so depth costs heap, not stack.
    private mutating func walk(_ doc: xmlDocPtr) {
        struct Frame {
            var record: Int32
            var namespace: String?
            var source: xmlNodePtr?
        }
        var frames: [Frame] = [Frame(record: 0, namespace: fromHTML ? Namespace.xhtml : nil, source: nil)]
        var node: xmlNodePtr? = doc.pointee.children
        while true {
            guard let n = node else {
                // No more siblings: close the innermost element and go on after it.
                guard frames.count > 1 else { return }
                node = frames.removeLast().source?.pointee.next
                continue
            }
            let parent = frames[frames.count - 1]
            node = n.pointee.next
            switch n.pointee.type {
            case XML_ELEMENT_NODE where frames.count > Self.maximumDepth:
                // Too deep: the element hangs from the ancestor at the limit, and so do its
                // children, after it — every element and text stays, in document order (a
                // div stays a block), only the nesting goes.
                if !warnedTooDeep {
                    warnedTooDeep = true
                    diagnostics.warn("xml.too-deep", "elements nested deeper than \(Self.maximumDepth) levels are flattened into siblings; "
                                     + "their text is kept", at: "\(path):\(line(n))")
                }
                let container = frames[Self.maximumDepth].record
                let name = elementName(n, inherited: parent.namespace)
                let index = append(XMLTree.Record(kind: .element, name: name, line: line(n)), to: container)
                copyAttributes(n, into: index)
                if let children = n.pointee.children {
                    frames.append(Frame(record: container, namespace: names[Int(name)].namespaceURI, source: n))
                    node = children
                }
            case XML_ELEMENT_NODE:
                let name = elementName(n, inherited: parent.namespace)
                let index = append(XMLTree.Record(kind: .element, name: name, line: line(n)), to: parent.record)
                copyAttributes(n, into: index)
                if let children = n.pointee.children {
                    frames.append(Frame(record: index, namespace: names[Int(name)].namespaceURI, source: n))
                    node = children
                }
            case XML_TEXT_NODE:
                let (content, blank) = text(n.pointee.content)
                appendText(.text, content, blank: blank, to: parent.record, line: line(n))
            case XML_CDATA_SECTION_NODE:
                appendText(.cdata, string(n.pointee.content), to: parent.record, line: line(n))
            case XML_COMMENT_NODE:
                appendText(.comment, string(n.pointee.content), to: parent.record, line: line(n))
            case XML_PI_NODE:
                appendString(string(n.pointee.content))
                let name = intern(QualifiedName(namespaceURI: nil, prefix: nil, localName: string(n.pointee.name)))
                _ = append(XMLTree.Record(kind: .processingInstruction, name: name, text: Int32(texts.count - 1), line: line(n)), to: parent.record)
            case XML_ENTITY_REF_NODE:
                expandEntityReference(n, into: parent.record)
            default:
                break  // DTD nodes and the like: not content.
            }
        }
    }

    // MARK: Pieces

    private mutating func append(_ record: XMLTree.Record, to parent: Int32) -> Int32 {
        var record = record
        let index = Int32(records.count)
        record.parent = parent
        let last = records[Int(parent)].lastChild
        if last >= 0 {
            records[Int(last)].nextSibling = index
            record.previousSibling = last
        } else {
            records[Int(parent)].firstChild = index
        }
        records[Int(parent)].lastChild = index
        records.append(record)
        return index
    }

    private mutating func appendText(_ kind: XMLNode.Kind, _ text: String, blank: Bool? = nil, to parent: Int32, line: Int32) {
        // Adjacent text (e.g. around an expanded entity) merges into one node.
        let last = records[Int(parent)].lastChild
        if kind == .text, last >= 0, records[Int(last)].kind == .text {
            let merged = Int(records[Int(last)].text)
            texts[merged] += text
            blankTexts[merged] = blankTexts[merged] && (blank ?? XMLTree.isBlank(text))
            return
        }
        appendString(text, blank: blank)
        _ = append(XMLTree.Record(kind: kind, text: Int32(texts.count - 1), line: line), to: parent)
    }

    private mutating func expandEntityReference(_ n: xmlNodePtr, into parent: Int32) {
        let name = string(n.pointee.name)
        guard let raw = n.pointee.children else {
            diagnostics.warn("xml.undefined-entity", "entity '&\(name);' is not defined and was left out", at: "\(path):\(line(n))")
            return
        }
        let entity = UnsafeMutableRawPointer(raw).assumingMemoryBound(to: xmlEntity.self)
        guard entity.pointee.type == XML_ENTITY_DECL else { return }
        guard entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY else {
            diagnostics.warn("xml.external-entity-refused", "external entity '&\(name);' was not loaded", severity: .warning, at: "\(path):\(line(n))")
            return
        }
        let content = string(entity.pointee.content)
        // Only plain-text entities are copied: markup or nested references could multiply (a "billion laughs").
        if content.contains("&") || content.contains("<") || content.utf8.count > entityBudget {
            diagnostics.warn("xml.entity-refused", "entity '&\(name);' was not expanded (nested references, markup or too large)", at: "\(path):\(line(n))")
            return
        }
        entityBudget -= content.utf8.count
        appendText(.text, content, to: parent, line: line(n))
    }

    /// A text node's content, indentation made once per length (and known to be blank).
    private mutating func text(_ p: UnsafeMutablePointer<xmlChar>?) -> (String, blank: Bool?) {
        guard let p, p[0] == 0x0A else { return (string(p), nil) }
        let fill = p[1]
        guard fill == 0x20 || fill == 0x09 else { return (string(p), nil) }
        var length = 1
        while length < 128, p[length] == fill { length += 1 }
        guard length < 128, p[length] == 0 else { return (string(p), nil) }
        let kind = fill == 0x20 ? 0 : 1
        if let made = indentations[kind][length] { return (made, true) }
        let made = string(p)
        indentations[kind][length] = made
        return (made, true)
    }

    /// Adds a string to `texts`, with whether it is blank (looked at unless known).
    private mutating func appendString(_ text: String, blank: Bool? = nil) {
        texts.append(text)
        blankTexts.append(blank ?? XMLTree.isBlank(text))
    }

    private mutating func copyAttributes(_ n: xmlNodePtr, into element: Int32) {
        var attr = n.pointee.properties
        let start = Int32(attributes.count)
        while let a = attr {
            attributes.append(XMLTree.Attribute(name: attributeName(a), value: Int32(texts.count)))
            var value = ""
            if let only = a.pointee.children, only.pointee.next == nil, only.pointee.type == XML_TEXT_NODE {
                // One text child (no entity reference): its content is the value, read in place.
                value = string(only.pointee.content)
            } else if let v = xmlNodeListGetString(n.pointee.doc, a.pointee.children, 1) {
                value = String(cString: v)
                folio_xmlFree(v)
            }
            appendString(value)
            attr = a.pointee.next
        }
        records[Int(element)].attributeStart = start
        records[Int(element)].attributeCount = Int32(attributes.count) - start
    }

    /// An attribute's name, interned (by libxml2's pointers once met).
    private mutating func attributeName(_ a: xmlAttrPtr) -> Int32 {
        let key = NamePointers(name: UnsafeRawPointer(a.pointee.name), namespace: namespaceNumber(a.pointee.ns))
        if let known = namesByPointer[key] { return known }
        let local = string(a.pointee.name)
        let qname: QualifiedName
        if let ns = a.pointee.ns {
            qname = QualifiedName(namespaceURI: optionalString(ns.pointee.href), prefix: optionalString(ns.pointee.prefix), localName: local)
        } else if fromHTML, let colon = local.firstIndex(of: ":") {
            // The HTML parser keeps prefixed names whole: map the prefixes EPUB content uses.
            let prefix = String(local[..<colon])
            let rest = String(local[local.index(after: colon)...])
            let uri = ["xml": Namespace.xml, "epub": Namespace.epub, "xlink": Namespace.xlink][prefix]
            qname = QualifiedName(namespaceURI: uri, prefix: prefix, localName: uri == nil ? local : rest)
        } else {
            qname = QualifiedName(namespaceURI: nil, prefix: nil, localName: local)
        }
        let index = intern(qname)
        namesByPointer[key] = index
        return index
    }

    /// An element's name, interned. In XHTML it is the name as written, found by libxml2's
    /// pointers once met; the HTML parser's names take a namespace from where they stand.
    private mutating func elementName(_ n: xmlNodePtr, inherited: String?) -> Int32 {
        guard !fromHTML else { return intern(qualifiedElementName(n, inherited: inherited)) }
        let key = NamePointers(name: UnsafeRawPointer(n.pointee.name), namespace: namespaceNumber(n.pointee.ns))
        if let known = namesByPointer[key] { return known }
        let index = intern(qualifiedElementName(n, inherited: inherited))
        namesByPointer[key] = index
        return index
    }

    private mutating func qualifiedElementName(_ n: xmlNodePtr, inherited: String?) -> QualifiedName {
        let local = string(n.pointee.name)
        if !fromHTML, local.isEmpty || local.utf8.contains(0x3A) { hasInvalidNames = true }
        if let ns = n.pointee.ns {
            return QualifiedName(namespaceURI: optionalString(ns.pointee.href), prefix: optionalString(ns.pointee.prefix), localName: local)
        }
        guard fromHTML else { return QualifiedName(namespaceURI: nil, prefix: nil, localName: local) }
        // HTML parsing has no namespaces: give elements the ones an HTML5 parser would.
        let lower = local.lowercased()
        if lower == "svg" { return QualifiedName(namespaceURI: Namespace.svg, prefix: nil, localName: local) }
        if lower == "math" { return QualifiedName(namespaceURI: Namespace.mathml, prefix: nil, localName: lower) }
        if inherited == Namespace.svg || inherited == Namespace.mathml {
            return QualifiedName(namespaceURI: inherited, prefix: nil, localName: local)
        }
        return QualifiedName(namespaceURI: Namespace.xhtml, prefix: nil, localName: lower)
    }

    private struct NamePointers: Hashable {
        var name: UnsafeRawPointer?
        var namespace: Int32
    }

    private struct NamespaceName: Hashable {
        var uri: String?
        var prefix: String?
    }

    /// The number of a namespace declaration's URI and prefix; -1 for none.
    private mutating func namespaceNumber(_ ns: xmlNsPtr?) -> Int32 {
        guard let ns else { return -1 }
        if lastNamespace == UnsafeRawPointer(ns) { return lastNamespaceNumber }
        let number = declaredNamespaceNumber(ns)
        lastNamespace = UnsafeRawPointer(ns)
        lastNamespaceNumber = number
        return number
    }

    private mutating func declaredNamespaceNumber(_ ns: xmlNsPtr) -> Int32 {
        if let known = namespacesByPointer[UnsafeRawPointer(ns)] { return known }
        let name = NamespaceName(uri: optionalString(ns.pointee.href), prefix: optionalString(ns.pointee.prefix))
        let number = namespaceNumbers[name] ?? Int32(namespaceNumbers.count)
        namespaceNumbers[name] = number
        namespacesByPointer[UnsafeRawPointer(ns)] = number
        return number
    }

    private mutating func intern(_ name: QualifiedName) -> Int32 {
        if let i = nameIndex[name] { return i }
        let i = Int32(names.count)
        names.append(name)
        nameIndex[name] = i
        return i
    }

    private func line(_ n: xmlNodePtr) -> Int32 { Int32(clamping: xmlGetLineNo(n)) }
}

func string(_ p: UnsafePointer<xmlChar>?) -> String {
    guard let p else { return "" }
    return String(cString: p)
}

func string(_ p: UnsafeMutablePointer<xmlChar>?) -> String {
    guard let p else { return "" }
    return String(cString: p)
}

func optionalString(_ p: UnsafePointer<xmlChar>?) -> String? {
    guard let p else { return nil }
    return String(cString: p)
}
