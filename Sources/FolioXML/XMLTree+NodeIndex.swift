extension XMLTree {
    /// The node with this index (`XMLNode.index`), or nil when the index is out of range.
    ///
    /// Indices are stable for the life of the tree, so other stages can keep a node as a plain
    /// integer (a text position, a CFI step's target) and look it up again.
    public func node(at index: Int) -> XMLNode? {
        guard index >= 0, index < records.count else { return nil }
        return XMLNode(tree: self, index: Int32(index))
    }
}
