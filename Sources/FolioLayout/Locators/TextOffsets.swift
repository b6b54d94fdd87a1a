import FolioXML

/// Cumulative text offsets of a content document: the coordinate system of `Locator.offset`.
///
/// An offset counts the Unicode scalars of the document's text and CDATA nodes in document order.
/// Comments and processing instructions do not count, and generated content (CSS `content`) is not
/// in the tree, so an offset depends on the document alone, never on page size, fonts or styles.
/// Nodes are named by their `XMLNode.index` in the tree the offsets were built from.
public struct TextOffsets: Sendable {
    /// Per node index: the scalars of text before the node in document order.
    private let starts: [Int]
    /// Per node index: the node's own scalars (0 for anything but text and CDATA).
    private let lengths: [Int32]
    /// The non-empty text and CDATA nodes in document order, and where each starts; their starts
    /// strictly increase, so a binary search finds the node holding an offset.
    private let textNodes: [Int]
    private let textStarts: [Int]

    /// Total scalars of text in the document.
    public let length: Int

    public init(tree: XMLTree) {
        var starts = [Int](filled: 0, count: tree.nodeCount)
        var lengths = [Int32](filled: 0, count: tree.nodeCount)
        var textNodes: [Int] = []
        var textStarts: [Int] = []
        var running = 0
        tree.forEachNodeInOrder { index, text, isBlank in
            starts[index] = running
            guard let text else { return }
            // White space is ASCII: a scalar a byte, counted by the string already.
            let count = isBlank ? text.utf8.count : Self.scalarCount(text)
            lengths[index] = Int32(clamping: count)
            if count > 0 {
                textNodes.append(index)
                textStarts.append(running)
            }
            running += count
        }
        self.starts = starts
        self.lengths = lengths
        self.textNodes = textNodes
        self.textStarts = textStarts
        self.length = running
    }

    /// The scalars in a text: its UTF-8 bytes that start one.
    static func scalarCount(_ text: String) -> Int {
        let counted = text.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            // Continuation bytes (10xxxxxx) counted without branches, so that the loop is vectorised.
            var continuations = 0
            for i in 0..<bytes.count { continuations &+= Int(truncatingIfNeeded: (bytes[i] >> 6) == 2 ? 1 : 0) }
            return bytes.count - continuations
        }
        return counted ?? text.unicodeScalars.count
    }

    /// The chapter offset of a position inside a node: `offsetInNode` scalars into a text or CDATA
    /// node (clamped to the node's text). For any other node, where it starts: an element's content
    /// start (as `offset(ofElement:)`), a comment's place in the text. An index outside the tree
    /// clamps to the start or the end of the text.
    public func offset(node: Int, offsetInNode: Int) -> Int {
        guard node >= 0 else { return 0 }
        guard node < starts.count else { return length }
        let own = Int(lengths[node])
        return starts[node] + min(max(offsetInNode, 0), own)
    }

    /// The text node holding a chapter offset, and the offset in it (in scalars).
    ///
    /// An offset at the boundary of two text nodes belongs to the following node, as the next
    /// character to read is there; the end of the text maps to the end of the last node. Offsets
    /// outside the text clamp to its start or end. Nil only when the document has no text.
    public func position(of offset: Int) -> (node: Int, offsetInNode: Int)? {
        guard let last = textNodes.last else { return nil }
        let offset = min(max(offset, 0), length)
        if offset == length { return (last, Int(lengths[last])) }
        // The last node starting at or before the offset.
        var low = 0
        var high = textStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if textStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (textNodes[low], offset - textStarts[low])
    }

    /// The document's text between two offsets, as its text nodes hold it (whitespace and all):
    /// what a text quote of that range is made of. `tree` is the tree the offsets were built from.
    public func text(in range: Range<Int>, tree: XMLTree) -> String {
        let lower = min(max(range.lowerBound, 0), length), upper = min(max(range.upperBound, lower), length)
        guard lower < upper, let first = position(of: lower) else { return "" }
        var out = String.UnicodeScalarView()
        guard var k = textNodes.firstIndex(of: first.node) else { return "" }
        while k < textNodes.count, textStarts[k] < upper {
            let start = textStarts[k]
            if let scalars = tree.node(at: textNodes[k])?.text?.unicodeScalars {
                var i = scalars.startIndex, at = start
                while i < scalars.endIndex, at < upper {
                    if at >= lower { out.append(scalars[i]) }
                    scalars.formIndex(after: &i)
                    at += 1
                }
            }
            k += 1
        }
        return String(out)
    }

    /// The offset where an element's content starts: the text before it in document order. This is
    /// where a `#fragment` link to the element lands.
    public func offset(ofElement node: Int) -> Int {
        offset(node: node, offsetInNode: 0)
    }
}
