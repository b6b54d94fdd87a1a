import CLibXML2
import FolioCore

extension TreeBuilder {
    /// Adds what libxml2's HTML parser made of a document (the recovery for content documents
    /// that are not well-formed), walking its tree by its own pointers — down to children,
    /// across to siblings, back up through an explicit stack — so depth costs heap, not stack.
    mutating func addHTMLDocument(_ doc: xmlDocPtr) {
        // The open elements, and the namespace each gives its children.
        var stack: [(node: xmlNodePtr, namespace: String?)] = []
        var node: xmlNodePtr? = doc.pointee.children
        while true {
            guard let n = node else {
                // No more siblings: close the innermost element and go on after it.
                guard let done = stack.popLast() else { return }
                closeElement()
                node = done.node.pointee.next
                continue
            }
            node = n.pointee.next
            let line = Int32(clamping: xmlGetLineNo(n))
            switch n.pointee.type {
            case XML_ELEMENT_NODE:
                let name = Self.htmlElementName(n, inherited: stack.last?.namespace ?? Namespace.xhtml)
                openElement(intern(name), line: line)
                var attribute = n.pointee.properties
                while let a = attribute {
                    addAttribute(intern(Self.htmlAttributeName(a)), value: Self.value(of: a, in: n))
                    attribute = a.pointee.next
                }
                if let children = n.pointee.children {
                    stack.append((n, name.namespaceURI))
                    node = children
                } else {
                    closeElement()
                }
            case XML_TEXT_NODE:
                let content = n.pointee.content
                addText(UnsafeBufferPointer(start: content, count: content.map { Int(xmlStrlen($0)) } ?? 0), line: line)
            case XML_CDATA_SECTION_NODE:
                addText(.cdata, string(n.pointee.content), line: line)
            case XML_COMMENT_NODE:
                addText(.comment, string(n.pointee.content), line: line)
            case XML_PI_NODE:
                addProcessingInstruction(target: string(n.pointee.name), data: string(n.pointee.content), line: line)
            default:
                break  // DTD nodes and the like: not content.
            }
        }
    }

    /// An attribute's value: its one text child read in place, or its children's text.
    private static func value(of a: xmlAttrPtr, in element: xmlNodePtr) -> String {
        if let only = a.pointee.children, only.pointee.next == nil, only.pointee.type == XML_TEXT_NODE {
            return string(only.pointee.content)
        }
        guard let v = xmlNodeListGetString(element.pointee.doc, a.pointee.children, 1) else { return "" }
        defer { folio_xmlFree(v) }
        return String(cString: v)
    }

    /// The HTML parser keeps prefixed names whole: the prefixes EPUB content uses are mapped.
    private static func htmlAttributeName(_ a: xmlAttrPtr) -> QualifiedName {
        let local = string(a.pointee.name)
        if let ns = a.pointee.ns {
            return QualifiedName(namespaceURI: optionalString(ns.pointee.href), prefix: optionalString(ns.pointee.prefix), localName: local)
        }
        guard let colon = local.firstIndex(of: ":") else { return QualifiedName(namespaceURI: nil, prefix: nil, localName: local) }
        let prefix = String(local[..<colon])
        let rest = String(local[local.index(after: colon)...])
        let uri = ["xml": Namespace.xml, "epub": Namespace.epub, "xlink": Namespace.xlink][prefix]
        return QualifiedName(namespaceURI: uri, prefix: prefix, localName: uri == nil ? local : rest)
    }

    /// HTML parsing has no namespaces: elements take the ones an HTML5 parser would give them.
    private static func htmlElementName(_ n: xmlNodePtr, inherited: String?) -> QualifiedName {
        let local = string(n.pointee.name)
        if let ns = n.pointee.ns {
            return QualifiedName(namespaceURI: optionalString(ns.pointee.href), prefix: optionalString(ns.pointee.prefix), localName: local)
        }
        let lower = local.lowercased()
        if lower == "svg" { return QualifiedName(namespaceURI: Namespace.svg, prefix: nil, localName: local) }
        if lower == "math" { return QualifiedName(namespaceURI: Namespace.mathml, prefix: nil, localName: lower) }
        if inherited == Namespace.svg || inherited == Namespace.mathml {
            return QualifiedName(namespaceURI: inherited, prefix: nil, localName: local)
        }
        return QualifiedName(namespaceURI: Namespace.xhtml, prefix: nil, localName: lower)
    }
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
