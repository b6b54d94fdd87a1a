import FoundationEssentials
import Glibc
import FolioXML

extension SearchText {
    /// The searchable text of a parsed content document; `anchorIDs` are the element ids whose
    /// offsets are wanted in `anchors`.
    public init(tree: XMLTree, anchorIDs: Set<String> = []) {
        var builder = Builder(anchorIDs: anchorIDs)
        builder.walk(tree.document)
        // Copies of exact size: a pager keeps the text of every chapter searched.
        func exact<T>(_ array: [T]) -> [T] { array.withUnsafeBufferPointer { Array($0) } }
        self.init(utf8: exact(builder.utf8), segmentBytes: exact(builder.segmentBytes), segmentOffsets: exact(builder.segmentOffsets),
                  segmentPreviousEnds: exact(builder.segmentPreviousEnds), anchors: builder.anchors)
    }

    /// Elements that end a line of text: a hit never runs across them.
    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "br", "caption", "dd", "details", "dialog", "div", "dl", "dt",
        "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "img", "li", "main",
        "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
    ]
    /// Elements whose text is not shown.
    static let unshownElements: Set<String> = ["head", "script", "style", "template", "rt", "rp", "noscript"]

    /// Walks a document in the order `TextOffsets` counts its text.
    struct Builder {
        let anchorIDs: Set<String>
        var utf8: [UInt8] = []
        var segmentBytes: [Int32] = []
        var segmentOffsets: [Int32] = []
        var segmentPreviousEnds: [Int32] = []
        /// Where the text written last ends in the document.
        var lastEnd = 0
        var anchors: [String: Int] = [:]
        /// Scalars of text seen so far, shown or not: the chapter offset.
        var offset = 0
        /// A new run starts at the next scalar written.
        var runBroken = true

        init(anchorIDs: Set<String>) {
            self.anchorIDs = anchorIDs
        }

        mutating func walk(_ root: XMLNode) {
            // An explicit stack: documents nest deeper than the thread's stack allows.
            var stack: [(node: XMLNode, shown: Bool, leaving: Bool)] = [(root, true, false)]
            while let (node, shown, leaving) = stack.popLast() {
                if leaving {
                    if shown { lineBreak() }
                    continue
                }
                switch node.kind {
                case .text, .cdata:
                    guard let text = node.text else { continue }
                    if shown { append(text) } else { offset += text.unicodeScalars.count; runBroken = true }
                case .element:
                    if !anchorIDs.isEmpty, let id = node.attribute("id"), anchorIDs.contains(id), anchors[id] == nil {
                        anchors[id] = offset
                    }
                    let showsContent = shown && Self.isShown(node)
                    let block = SearchText.blockElements.contains(node.localName)
                    if block && showsContent { lineBreak() }
                    if block { stack.append((node, showsContent, true)) }
                    var children: [XMLNode] = []
                    var child = node.lastChild
                    while let c = child {
                        children.append(c)
                        child = c.previousSibling
                    }
                    for c in children { stack.append((c, showsContent, false)) }
                default:
                    var child = node.lastChild
                    while let c = child {
                        stack.append((c, shown, false))
                        child = c.previousSibling
                    }
                }
            }
            if utf8.last == 0x0A || utf8.last == 0x20 { utf8.removeLast() }
        }

        static func isShown(_ element: XMLNode) -> Bool {
            if SearchText.unshownElements.contains(element.localName) { return false }
            if element.attribute("hidden") != nil { return false }
            if let style = element.attribute("style"), style.contains("none") {
                let compact = style.lowercased().filter { !$0.isWhitespace }
                if compact.contains("display:none") { return false }
            }
            return true
        }

        mutating func lineBreak() {
            if utf8.last == 0x20 { utf8.removeLast() }
            guard !utf8.isEmpty, utf8.last != 0x0A else { return }
            mark()
            utf8.append(0x0A)
            runBroken = true
        }

        /// Starts a run at the next byte, at the current offset.
        mutating func mark() {
            segmentBytes.append(Int32(clamping: utf8.count))
            segmentOffsets.append(Int32(clamping: offset))
            segmentPreviousEnds.append(Int32(clamping: lastEnd))
            runBroken = false
        }

        mutating func append(_ text: String) {
            let saved = (bytes: utf8.count, segments: segmentBytes.count, offset: offset, runBroken: runBroken, lastEnd: lastEnd)
            // On the UTF-8 bytes: ASCII, nearly all of most books' text, a byte at a time;
            // other scalars decoded from their bytes.
            var text = text
            let decomposed = text.withUTF8 { bytes -> Bool in
                var k = 0
                let n = bytes.count
                while k < n {
                    let byte = bytes[k]
                    if byte < 0x80 {
                        if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                            appendScalar(Unicode.Scalar(byte))
                            offset += 1
                            k += 1
                            continue
                        }
                        // A run of visible ASCII (a word, its punctuation) is copied at once.
                        var end = k + 1
                        while end < n, bytes[end] > 0x20, bytes[end] < 0x80 { end += 1 }
                        if runBroken { mark() }
                        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[k..<end]))
                        offset += end - k
                        lastEnd = offset
                        k = end
                        continue
                    }
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                    guard k + length <= n else { return false }  // a String's UTF-8 is whole
                    var value = UInt32(byte) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
                    for j in 1..<length { value = value << 6 | UInt32(bytes[k + j] & 0x3F) }
                    guard let scalar = Unicode.Scalar(value) else { return false }
                    if Self.isCombining(scalar) { return true }
                    appendScalar(scalar)
                    offset += 1
                    k += length
                }
                return false
            }
            guard decomposed else { return }
            // Decomposed text (rare): written again, composed.
            utf8.removeSubrange(saved.bytes...)
            segmentBytes.removeSubrange(saved.segments...)
            segmentOffsets.removeSubrange(saved.segments...)
            segmentPreviousEnds.removeSubrange(saved.segments...)
            (offset, runBroken, lastEnd) = (saved.offset, saved.runBroken, saved.lastEnd)
            appendComposing(text)
        }

        /// Text with combining marks, composed (NFC) a character at a time, each character's
        /// scalars mapped to its first.
        mutating func appendComposing(_ text: String) {
            for character in text {
                let composed = String(character).nfc
                let start = offset
                runBroken = true
                for scalar in composed.unicodeScalars { appendScalar(scalar) }
                offset = start + character.unicodeScalars.count
                lastEnd = offset
                runBroken = true
            }
        }

        /// Writes one scalar of the document (at `offset`), white space collapsed.
        mutating func appendScalar(_ scalar: Unicode.Scalar) {
            let value = scalar.value
            if Self.isSpace(value) {
                // A run of white space is one space, standing for its first character.
                if utf8.isEmpty || utf8.last == 0x20 || utf8.last == 0x0A {
                    runBroken = true
                    return
                }
                if runBroken { mark() }
                utf8.append(0x20)
                lastEnd = offset + 1
                return
            }
            if Self.isInvisible(value) {
                runBroken = true
                return
            }
            if runBroken { mark() }
            if value < 0x80 {
                utf8.append(UInt8(value))
            } else {
                UTF8.encode(scalar) { utf8.append($0) }
            }
            lastEnd = offset + 1
        }

        /// A combining mark (the general punctuation block, common in any text, has none).
        static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            guard value >= 0x300, !(0x2000...0x206F).contains(value) else { return false }
            return scalar.properties.canonicalCombiningClass != .notReordered
        }

        static func isSpace(_ value: UInt32) -> Bool {
            value == 0x20 || value == 0x0A || value == 0x09 || value == 0x0D || value == 0x0C || value == 0xA0
                || value == 0x2028 || value == 0x2029 || (0x2000...0x200A).contains(value) || value == 0x202F || value == 0x3000
        }

        /// Soft hyphens, zero-width spaces, word joiners, byte order marks.
        static func isInvisible(_ value: UInt32) -> Bool {
            value == 0xAD || value == 0x200B || value == 0x2060 || value == 0xFEFF
        }
    }
}
