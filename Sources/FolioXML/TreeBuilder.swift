import FolioCore

/// Builds an `XMLTree` from a document's parts in document order — an element opening and
/// closing, its attributes, text, a comment, a processing instruction, an entity reference —
/// as libxml2's SAX2 parser reports them (`SAXReader`, for XML) or a walk of the HTML
/// parser's tree finds them (`TreeBuilder+HTML`).
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

    private var records = [XMLTree.Record(kind: .document)]
    private var attributes: [XMLTree.Attribute] = []
    private var names = NameTable()
    private var texts = TextTable()
    /// The records content goes into, the document's first: the open elements, innermost
    /// last (past `maximumDepth`, the element at the limit stands for those inside it).
    private var open: [Int32] = [0]
    /// The element opened last, which takes the attributes given next.
    private var element: Int32 = 0
    /// Text read but not yet made a node: libxml2 reports a long text in parts of some 300
    /// bytes, which are gathered and made one string of the text's size.
    private var pending = PendingText()
    /// Characters of internal entities copied in, into text and attribute values, bounded so
    /// an entity bomb cannot grow the tree.
    private var entityBudget = 1 << 20
    private var warnedTooDeep = false
    /// Warnings about the document, merged into `diagnostics` when the tree is finished: a
    /// parse whose tree is not taken (XML that turns out not to be well-formed, read again)
    /// says nothing. A sink of its own, so they are bounded and kept once as there.
    private let warnings: Diagnostics

    init(path: String, fromHTML: Bool, diagnostics: Diagnostics) {
        self.path = path
        self.fromHTML = fromHTML
        self.diagnostics = diagnostics
        warnings = Diagnostics(limit: diagnostics.limit)
    }

    /// An element or attribute name that is no qualified name (`p::p`, `:p`): libxml2 reports
    /// it as a namespace error only and keeps the name whole.
    var hasInvalidNames: Bool { names.hasInvalidNames }

    mutating func finish() -> XMLTree {
        flushText()
        diagnostics.merge(warnings)
        return XMLTree(path: path, wasRecovered: fromHTML, records: records, attributes: attributes, names: names.names, texts: texts.texts,
                blankTexts: texts.blank)
    }

    /// The number of a name, the same for equal names.
    mutating func intern(_ name: QualifiedName) -> Int32 {
        names.intern(name)
    }

    /// The same for an element's name as written in XML, which is checked for a colon.
    mutating func internElementName(_ name: QualifiedName) -> Int32 {
        if name.localName.isEmpty || name.localName.utf8.contains(0x3A) { names.hasInvalidNames = true }
        return names.intern(name)
    }

    // MARK: Events

    /// Opens an element (`name` as `intern` numbers it) that starts on `line`.
    mutating func openElement(_ name: Int32, line: Int32) {
        flushText()
        let record = XMLTree.Record(kind: .element, name: name, attributeStart: Int32(attributes.count), line: line)
        if open.count > Self.maximumDepth {
            // Too deep: the element hangs from the ancestor at the limit, and so do its
            // children, after it — every element and text stays, in document order (a div
            // stays a block), only the nesting goes.
            if !warnedTooDeep {
                warnedTooDeep = true
                warn("xml.too-deep", "elements nested deeper than \(Self.maximumDepth) levels are flattened into siblings; "
                     + "their text is kept", line: line)
            }
            let container = open[Self.maximumDepth]
            element = append(record, to: container)
            open.append(container)
        } else {
            element = append(record, to: open[open.count - 1])
            open.append(element)
        }
    }

    /// Adds an attribute to the element opened last.
    mutating func addAttribute(_ name: Int32, value: String) {
        attributes.append(XMLTree.Attribute(name: name, value: texts.add(value)))
        records[Int(element)].attributeCount += 1
    }

    /// Closes the innermost open elements until `depth` are open.
    mutating func closeElements(downTo depth: Int) {
        while open.count - 1 > max(0, depth) { closeElement() }
    }

    /// Closes the innermost open element.
    mutating func closeElement() {
        flushText()
        if open.count > 1 { open.removeLast() }
    }

    /// Adds text (or a comment, or CDATA); `blank` says whether it is white space only, when
    /// known. Adjacent text (read in parts, or around an expanded entity) is one node.
    mutating func addText(_ kind: XMLNode.Kind, _ text: String, blank: Bool? = nil, line: Int32) {
        flushText()
        let parent = open[open.count - 1]
        let last = records[Int(parent)].lastChild
        if kind == .text, last >= 0, records[Int(last)].kind == .text {
            texts.extend(records[Int(last)].text, with: text, blank: blank)
            return
        }
        _ = append(XMLTree.Record(kind: kind, text: texts.add(text, blank: blank), line: line), to: parent)
    }

    /// Adds text as UTF-8, which may be one part of a longer text.
    mutating func addText(_ bytes: UnsafeBufferPointer<UInt8>, line: Int32) {
        if pending.bytes.isEmpty { pending.line = line }
        pending.bytes.append(contentsOf: bytes)
    }

    /// Makes the text gathered so far a node.
    private mutating func flushText() {
        guard !pending.bytes.isEmpty else { return }
        let (text, blank) = pending.bytes.withUnsafeBufferPointer { texts.string($0) }
        pending.bytes.removeAll(keepingCapacity: true)
        addText(.text, text, blank: blank, line: pending.line)
    }

    mutating func addProcessingInstruction(target: String, data: String, line: Int32) {
        flushText()
        let text = texts.add(data)
        _ = append(XMLTree.Record(kind: .processingInstruction, name: intern(QualifiedName(namespaceURI: nil, prefix: nil, localName: target)),
                                  text: text, line: line), to: open[open.count - 1])
    }

    /// What an entity reference names, as the parser found it declared (worked out once per
    /// entity: a document may refer to one a million times).
    enum Entity {
        case undefined
        case external
        /// An internal general entity whose text holds markup or references: never put in.
        case markup
        /// An internal general entity of plain text.
        case plain(String)

        init(internalText text: String) {
            let bytes = text.utf8
            self = bytes.contains(UInt8(ascii: "&")) || bytes.contains(UInt8(ascii: "<")) ? .markup : .plain(text)
        }
    }

    /// An entity reference in text: an internal entity's plain text is copied in; others are
    /// left out, with a warning.
    mutating func addEntityReference(_ name: String, _ entity: Entity, line: Int32) {
        flushText()
        if let text = entityText(name, entity, line: line, warnsUndefined: true) { addText(.text, text, line: line) }
    }

    /// What a reference to an entity puts in, in text or in an attribute value: an internal
    /// entity's text when it is plain (markup or nested references could multiply, a "billion
    /// laughs") and the document's budget allows; nil, with a warning, otherwise. An undefined
    /// entity in an attribute value is left out silently, as libxml2 reads attributes.
    mutating func entityText(_ name: String, _ entity: Entity, line: Int32, warnsUndefined: Bool) -> String? {
        switch entity {
        case .undefined:
            if warnsUndefined { warn("xml.undefined-entity", "entity '&\(name);' is not defined and was left out", line: line) }
            return nil
        case .external:
            warn("xml.external-entity-refused", "external entity '&\(name);' was not loaded", line: line)
            return nil
        case .markup:
            warn("xml.entity-refused", "entity '&\(name);' was not expanded (nested references, markup or too large)", line: line)
            return nil
        case .plain(let text):
            let count = text.utf8.count
            guard count <= entityBudget else {
                warn("xml.entity-refused", "entity '&\(name);' was not expanded (nested references, markup or too large)", line: line)
                return nil
            }
            entityBudget -= count
            return text
        }
    }

    private mutating func warn(_ code: String, _ message: String, line: Int32) {
        warnings.warn(code, message, at: "\(path):\(line)")
    }

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
}

/// Text being read, in parts.
private struct PendingText {
    var bytes: [UInt8] = []
    /// The line its first part was read on.
    var line: Int32 = 0
}

/// A document's names, each once.
private struct NameTable {
    var names: [QualifiedName] = []
    var index: [QualifiedName: Int32] = [:]
    var hasInvalidNames = false

    mutating func intern(_ name: QualifiedName) -> Int32 {
        if let i = index[name] { return i }
        let i = Int32(names.count)
        names.append(name)
        index[name] = i
        return i
    }
}

/// A document's strings — text, comments, attribute values — and whether each is white space only.
private struct TextTable {
    var texts: [String] = []
    /// `XMLTree.blankTexts`: known as they are made (indentation is), not looked at again.
    var blank: [Bool] = []
    /// Indentation between tags — a line feed and then only spaces, or only tabs — is most of
    /// a pretty-printed document's text nodes: each length is made into a string once.
    private var indentations: [[String?]] = [Array(filled: nil, count: 128), Array(filled: nil, count: 128)]

    /// Adds a string; returns its number.
    mutating func add(_ text: String, blank isBlank: Bool? = nil) -> Int32 {
        texts.append(text)
        blank.append(isBlank ?? XMLTree.isBlank(text))
        return Int32(texts.count - 1)
    }

    mutating func extend(_ k: Int32, with text: String, blank isBlank: Bool?) {
        texts[Int(k)] += text
        blank[Int(k)] = blank[Int(k)] && (isBlank ?? XMLTree.isBlank(text))
    }

    /// UTF-8 text as a string, and whether it is blank when that is seen on the way.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, blank: Bool?) {
        let count = bytes.count
        guard count >= 2, count < 128, bytes[0] == 0x0A, bytes[1] == 0x20 || bytes[1] == 0x09 else {
            return (String(decoding: bytes, as: UTF8.self), nil)
        }
        let fill = bytes[1]
        for k in 2..<count where bytes[k] != fill { return (String(decoding: bytes, as: UTF8.self), nil) }
        let kind = fill == 0x20 ? 0 : 1
        if let made = indentations[kind][count] { return (made, true) }
        let made = String(decoding: bytes, as: UTF8.self)
        indentations[kind][count] = made
        return (made, true)
    }
}
