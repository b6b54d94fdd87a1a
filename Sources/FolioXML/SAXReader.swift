import CLibXML2
import FolioCore

/// Reads an XML document with libxml2's SAX2 parser straight into a `TreeBuilder`: the parser
/// reports each element, attribute and piece of text as it reads it, and no libxml2 tree is
/// made, walked and freed. (That tree was a third of parsing: a node allocated per element
/// and text, names and short texts looked up in the parser's dictionary, the whole freed
/// again; a book of MathML spent a fifth of its layout time on it.)
///
/// The tree is the one libxml2's own SAX2 handlers would have built and `TreeBuilder` copied:
/// the same names (an undeclared prefix stays part of the local name, without a namespace),
/// attributes without the DTD's defaults, attribute values with their entity references
/// read as libxml2 reads them, adjacent text as one node, internal entities' plain text
/// copied in. The parser's context carries the reader in `_private`; the parse of an entity's
/// replacement text that libxml2 makes to check it has a context of its own, whose reports go
/// to libxml2's handlers (see `reader(_:)`), not into the tree.
struct SAXReader {
    private(set) var builder: TreeBuilder
    /// Names by libxml2's pointers to their local name, prefix and namespace URI: the parser
    /// keeps one copy of each in its dictionary for the whole parse, so the same three
    /// pointers are the same name, found without making its strings and hashing them.
    private var elementNames = NameCache()
    private var attributeNames = NameCache()
    /// Each entity as `TreeBuilder` takes it, by libxml2's declaration.
    private var entities: [UnsafeRawPointer: TreeBuilder.Entity] = [:]
    private let context: xmlParserCtxtPtr

    private struct Pointers: Hashable {
        var local: UnsafeRawPointer
        var prefix: UnsafeRawPointer?
        var uri: UnsafeRawPointer?
    }

    /// Names by their pointers: a few hundred slots, each holding the last name whose
    /// pointers fall there, in front of a dictionary. A document uses few names many times;
    /// a slot is three comparisons where the dictionary hashed three pointers (a sixth of
    /// reading a MathML document's elements).
    private struct NameCache {
        private var slots = [(key: Pointers, name: Int32)?](filled: nil, count: 512)
        private var all: [Pointers: Int32] = [:]

        private static func slot(_ key: Pointers) -> Int {
            let a = UInt(bitPattern: key.local), b = UInt(bitPattern: key.uri)
            return Int(truncatingIfNeeded: (a >> 3) ^ (a >> 12) ^ (b >> 4)) & 511
        }

        /// The name of `key`, made by `make` the first time.
        mutating func name(_ key: Pointers, make: () -> Int32) -> Int32 {
            let k = Self.slot(key)
            if let hit = slots[k], hit.key == key { return hit.name }
            let name: Int32
            if let known = all[key] {
                name = known
            } else {
                name = make()
                all[key] = name
            }
            slots[k] = (key, name)
            return name
        }
    }

    private init(builder: TreeBuilder, context: xmlParserCtxtPtr) {
        self.builder = builder
        self.context = context
    }

    /// Parses `bytes` with `options`: the tree (nil when libxml2 gives up, or, if
    /// `wellFormedOnly`, when the document is not well-formed) and libxml2's reason for the
    /// first error (kept per call: documents are parsed on several threads at once).
    static func read(_ bytes: [UInt8], path: String, options: Int32, diagnostics: Diagnostics,
                     wellFormedOnly: Bool) -> (tree: XMLTree?, reason: String?) {
        guard let ctxt = xmlNewParserCtxt() else { return (nil, "out of memory") }
        defer { xmlFreeParserCtxt(ctxt) }
        guard let sax = ctxt.pointee.sax else { return (nil, "out of memory") }
        // The handlers for the DTD stay libxml2's: they keep the declared entities in the
        // parser's document, where references are looked up.
        sax.pointee.startElementNs = startElement
        sax.pointee.endElementNs = endElement
        sax.pointee.characters = characters
        sax.pointee.ignorableWhitespace = characters
        sax.pointee.cdataBlock = characters
        sax.pointee.comment = comment
        sax.pointee.processingInstruction = processingInstruction
        sax.pointee.reference = reference
        var reader = SAXReader(builder: TreeBuilder(path: path, fromHTML: false, diagnostics: diagnostics), context: ctxt)
        let doc: xmlDocPtr? = withUnsafeMutablePointer(to: &reader) { pointer in
            ctxt.pointee._private = UnsafeMutableRawPointer(pointer)
            defer { ctxt.pointee._private = nil }
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlCtxtReadMemory(ctxt, $0, Int32(clamping: buffer.count), nil, nil, options)
                }
            }
        }
        let reason = MarkupParser.errorReason(xmlCtxtGetLastError(ctxt))
        guard let doc else { return (nil, reason) }
        // The document holds no content, only the DTD's declarations.
        xmlFreeDoc(doc)
        if wellFormedOnly && ctxt.pointee.wellFormed == 0 { return (nil, reason) }
        // A name that is no qualified name breaks the Namespaces in XML well-formedness rules,
        // though libxml2 reads on: such a document is recovered and says so.
        if wellFormedOnly && reader.builder.hasInvalidNames { return (nil, "an element name is not a valid qualified name (Namespaces in XML)") }
        return (reader.builder.finish(), reason)
    }

    // MARK: What the parser reports

    /// The reader a callback is for; nil in the parse of an entity's replacement text, whose
    /// context libxml2 gives the reader too (`_private` is passed on) but which is not the
    /// reader's. That parse goes to libxml2's own handlers, which make the entity's nodes as
    /// they always did: with none, libxml2 would parse the text again at every reference.
    private static func reader(_ ctx: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<SAXReader>? {
        guard let ctx else { return nil }
        let ctxt = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let reader = ctxt.pointee._private?.assumingMemoryBound(to: SAXReader.self), reader.pointee.context == ctxt else { return nil }
        return reader
    }

    /// Closes the elements libxml2 has closed without saying so: in recovery, an element
    /// whose start tag does not end is dropped from its stack with no end reported, and what
    /// follows belongs to its parent. libxml2's stack (`nameNr`) is what is open.
    private mutating func followParserDepth() {
        builder.closeElements(downTo: Int(context.pointee.nameNr))
    }

    private var line: Int32 {
        guard let input = context.pointee.input else { return 0 }
        return input.pointee.line
    }

    private static let startElement: startElementNsSAX2Func = { ctx, localname, prefix, uri, namespaceCount, namespaces, count, defaulted, attributes in
        guard let reader = reader(ctx) else {
            return xmlSAX2StartElementNs(ctx, localname, prefix, uri, namespaceCount, namespaces, count, defaulted, attributes)
        }
        guard let localname else { return }
        // The element is not on libxml2's stack yet: what is there are its ancestors.
        reader.pointee.followParserDepth()
        // Attributes the DTD gives defaults to are not the document's (libxml2's tree leaves them out too).
        reader.pointee.openElement(localname, prefix, uri, attributes: attributes, count: Int(count) - Int(defaulted))
    }

    private static let endElement: endElementNsSAX2Func = { ctx, localname, prefix, uri in
        guard let reader = reader(ctx) else { return xmlSAX2EndElementNs(ctx, localname, prefix, uri) }
        // The element ending is still on libxml2's stack.
        reader.pointee.followParserDepth()
        reader.pointee.builder.closeElement()
    }

    private static let characters: charactersSAXFunc = { ctx, bytes, length in
        guard let reader = reader(ctx) else { return xmlSAX2Characters(ctx, bytes, length) }
        guard let bytes, length > 0 else { return }
        reader.pointee.followParserDepth()
        let line = reader.pointee.line
        reader.pointee.builder.addText(UnsafeBufferPointer(start: bytes, count: Int(length)), line: line)
    }

    private static let comment: commentSAXFunc = { ctx, value in
        // One in the DTD's internal subset is the DTD's, not the document's.
        guard let reader = reader(ctx), reader.pointee.context.pointee.inSubset == 0 else { return xmlSAX2Comment(ctx, value) }
        reader.pointee.followParserDepth()
        let line = reader.pointee.line
        reader.pointee.builder.addText(.comment, string(value), line: line)
    }

    private static let processingInstruction: processingInstructionSAXFunc = { ctx, target, data in
        guard let reader = reader(ctx), reader.pointee.context.pointee.inSubset == 0 else {
            return xmlSAX2ProcessingInstruction(ctx, target, data)
        }
        reader.pointee.followParserDepth()
        let line = reader.pointee.line
        reader.pointee.builder.addProcessingInstruction(target: string(target), data: string(data), line: line)
    }

    private static let reference: referenceSAXFunc = { ctx, name in
        guard let reader = reader(ctx) else { return xmlSAX2Reference(ctx, name) }
        guard let name else { return }
        reader.pointee.followParserDepth()
        reader.pointee.addReference(name)
    }

    // MARK: Pieces

    private mutating func openElement(_ localname: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
                                      attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        let key = Pointers(local: UnsafeRawPointer(localname), prefix: prefix.map(UnsafeRawPointer.init), uri: uri.map(UnsafeRawPointer.init))
        let name = elementNames.name(key) { builder.internElementName(Self.qualifiedName(localname, prefix, uri)) }
        builder.openElement(name, line: line)
        guard let attributes, count > 0 else { return }
        for k in 0..<count {
            // Each attribute is five pointers: local name, prefix, URI, value and its end.
            let base = 5 * k
            guard let local = attributes[base], let value = attributes[base + 3], let end = attributes[base + 4] else { continue }
            let prefix = attributes[base + 1], uri = attributes[base + 2]
            let key = Pointers(local: UnsafeRawPointer(local), prefix: prefix.map(UnsafeRawPointer.init), uri: uri.map(UnsafeRawPointer.init))
            let name = attributeNames.name(key) { builder.intern(Self.qualifiedName(local, prefix, uri)) }
            builder.addAttribute(name, value: attributeValue(value, count: end - value))
        }
    }

    /// A name as libxml2 names its node: with an undeclared prefix the prefix stays part of
    /// the local name, in no namespace.
    private static func qualifiedName(_ local: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) -> QualifiedName {
        if let prefix, uri == nil {
            return QualifiedName(namespaceURI: nil, prefix: nil, localName: string(prefix) + ":" + string(local))
        }
        return QualifiedName(namespaceURI: uri.map { string($0) }, prefix: prefix.map { string($0) }, localName: string(local))
    }

    /// An attribute's value. One with a reference in it reaches the handler with the
    /// reference still written (`&name;`, and `&#38;` for a literal ampersand): libxml2 reads
    /// it into text and references (`xmlStringLenGetNodeList`), and each reference puts in
    /// what it would in text (`TreeBuilder.entityText`: plain internal entities, within the
    /// document's budget), so that entities multiplied in attributes cannot grow the tree.
    private mutating func attributeValue(_ value: UnsafePointer<xmlChar>, count: Int) -> String {
        let bytes = UnsafeBufferPointer(start: value, count: max(0, count))
        guard bytes.contains(0x26) else { return String(decoding: bytes, as: UTF8.self) }
        guard let list = xmlStringLenGetNodeList(context.pointee.myDoc, value, Int32(clamping: bytes.count)) else { return "" }
        defer { xmlFreeNodeList(list) }
        var text = ""
        var node: xmlNodePtr? = list
        while let n = node {
            switch n.pointee.type {
            case XML_TEXT_NODE:
                text += string(n.pointee.content)
            case XML_ENTITY_REF_NODE:
                if let name = n.pointee.name,
                   let content = builder.entityText(string(name), entity(named: name), line: line, warnsUndefined: false) {
                    text += content
                }
            default:
                break
            }
            node = n.pointee.next
        }
        return text
    }

    /// An entity as the parser's document declares it, its text copied and looked at once.
    private mutating func entity(named name: UnsafePointer<xmlChar>) -> TreeBuilder.Entity {
        guard let declared = xmlGetDocEntity(context.pointee.myDoc, name) else { return .undefined }
        if let known = entities[UnsafeRawPointer(declared)] { return known }
        let entity: TreeBuilder.Entity = declared.pointee.etype == XML_INTERNAL_GENERAL_ENTITY
            ? TreeBuilder.Entity(internalText: string(declared.pointee.content)) : .external
        entities[UnsafeRawPointer(declared)] = entity
        return entity
    }

    /// A reference to an entity the parser did not replace: its declaration, looked up in the
    /// parser's document.
    private mutating func addReference(_ name: UnsafePointer<xmlChar>) {
        builder.addEntityReference(string(name), entity(named: name), line: line)
    }
}
