import FolioCore

/// A parsed XML or HTML document as an immutable, flat tree.
///
/// Nodes live in arrays and refer to each other by index, so that a document nested
/// arbitrarily deep is walked and freed without recursion. `XMLNode` is the handle
/// the rest of Folio uses.
public final class XMLTree: Sendable {
    /// The document's path in its container, used in warnings and to resolve relative URLs.
    public let path: String
    /// True when the document was not well-formed and came through the HTML parser's recovery.
    public let wasRecovered: Bool

    let records: [Record]
    let attributes: [Attribute]
    let names: [QualifiedName]
    let texts: [String]

    struct Record: Sendable {
        var kind: XMLNode.Kind
        /// Index into `names` for elements and processing instructions.
        var name: Int32 = -1
        /// Index into `texts` for text, comment, CDATA and PI content.
        var text: Int32 = -1
        var parent: Int32 = -1
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        var previousSibling: Int32 = -1
        var attributeStart: Int32 = 0
        var attributeCount: Int32 = 0
        var line: Int32 = 0
    }

    struct Attribute: Sendable {
        var name: Int32
        var value: Int32
    }

    init(path: String, wasRecovered: Bool, records: [Record], attributes: [Attribute], names: [QualifiedName], texts: [String],
         blankTexts: [Bool]) {
        self.path = path
        self.wasRecovered = wasRecovered
        self.records = records
        self.attributes = attributes
        self.names = names
        self.texts = texts
        nameKeys = names.map { QualifiedName.key(lowercased: $0.localName.lowercased()) }
        self.blankTexts = blankTexts
    }

    /// Whether each of `texts` is XML white space only (or empty): a formula's or table's
    /// indentation, which layout asks about again and again.
    let blankTexts: [Bool]

    /// Whether `text` holds nothing but XML white space.
    static func isBlank(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isSpace) } ?? text.utf8.allSatisfy(isSpace)
    }

    /// XML's white space (the S production): space, tab, line feed, carriage return.
    public static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    /// `QualifiedName.key` of each name's local name, lowercased.
    let nameKeys: [UInt32]

    /// The document node (index 0). Its element children hold the root element.
    public var document: XMLNode { XMLNode(tree: self, index: 0) }

    /// The root element, if the document has one.
    public var root: XMLNode? { document.children.first { $0.kind == .element } }

    /// How many nodes the tree holds.
    public var nodeCount: Int { records.count }

    /// Calls `body` with every node but the document, in document order — which is index
    /// order: the builder appends each node after everything before it in the document (a
    /// flattened too-deep element too), and `addingClasses` keeps indices. With each node's
    /// index comes its text when it is a text or CDATA node, and whether that text is XML
    /// white space only. No handle is made per node.
    public func forEachNodeInOrder(_ body: (_ index: Int, _ text: String?, _ isBlank: Bool) -> Void) {
        records.withUnsafeBufferPointer { records in
            guard records.count > 1 else { return }
            for index in 1..<records.count {
                let record = records[index]
                let hasText = (record.kind == .text || record.kind == .cdata) && record.text >= 0
                body(index, hasText ? texts[Int(record.text)] : nil, hasText && blankTexts[Int(record.text)])
            }
        }
    }
}

extension QualifiedName {
    /// A number for a lowercased local name (FNV-1a of its UTF-8): names equal, or equal but
    /// for case, have the same key; different names almost always different ones. Selectors
    /// compare keys before names (`XMLNode.localNameKey`).
    public static func key(lowercased name: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hash
    }
}

/// A name with its namespace, as the parser resolved it.
public struct QualifiedName: Sendable, Hashable {
    public var namespaceURI: String?
    public var prefix: String?
    public var localName: String

    public init(namespaceURI: String?, prefix: String?, localName: String) {
        self.namespaceURI = namespaceURI
        self.prefix = prefix
        self.localName = localName
    }

    /// `prefix:local` or `local`.
    public var qualified: String {
        if let prefix, !prefix.isEmpty { return "\(prefix):\(localName)" }
        return localName
    }
}

/// Well-known namespaces.
public enum Namespace {
    public static let xhtml = "http://www.w3.org/1999/xhtml"
    public static let epub = "http://www.idpf.org/2007/ops"
    public static let xml = "http://www.w3.org/XML/1998/namespace"
    public static let svg = "http://www.w3.org/2000/svg"
    public static let mathml = "http://www.w3.org/1998/Math/MathML"
    public static let xlink = "http://www.w3.org/1999/xlink"
    public static let opf = "http://www.idpf.org/2007/opf"
    /// The OEBPS 1.x package namespace, read as the OPF one.
    public static let oebPackage = "http://openebook.org/namespaces/oeb-package/1.0/"
    public static let dc = "http://purl.org/dc/elements/1.1/"
    public static let ncx = "http://www.daisy.org/z3986/2005/ncx/"
    public static let container = "urn:oasis:names:tc:opendocument:xmlns:container"
    public static let smil = "http://www.w3.org/ns/SMIL"
    public static let encryption = "http://www.w3.org/2001/04/xmlenc#"
    public static let signature = "http://www.w3.org/2000/09/xmldsig#"
}
