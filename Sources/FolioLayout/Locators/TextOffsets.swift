import FolioXML

/// Cumulative text offsets of a content document's text nodes (CDATA included), in document
/// order: what `Locator.offset` counts.
public struct TextOffsets: Sendable {
    /// Text node indices in document order, and the offset where each starts.
    private let nodes: [Int]
    private let starts: [Int]
    private let startByNode: [Int: Int]
    public let length: Int

    public init(tree: XMLTree) {
        var nodes: [Int] = []
        var starts: [Int] = []
        var byNode: [Int: Int] = [:]
        var total = 0
        for node in tree.document.descendants() where node.kind == .text || node.kind == .cdata {
            let i = Int(node.index)
            nodes.append(i)
            starts.append(total)
            byNode[i] = total
            total += (node.text ?? "").unicodeScalars.count
        }
        self.nodes = nodes
        self.starts = starts
        startByNode = byNode
        length = total
    }

    /// The chapter offset of a position in a text node.
    public func offset(node: Int, offsetInNode: Int) -> Int {
        guard let start = startByNode[node] else { return 0 }
        return min(length, start + max(0, offsetInNode))
    }
}

extension TextOffsets {
    /// The offset where an element's content starts: that of the first text node after it
    /// in document order.
    public func offset(ofElement node: Int) -> Int {
        // Text node indices increase in document order (the tree is built depth first).
        var low = 0, high = nodes.count
        while low < high {
            let mid = (low + high) / 2
            if nodes[mid] <= node { low = mid + 1 } else { high = mid }
        }
        return low < starts.count ? starts[low] : length
    }
}
