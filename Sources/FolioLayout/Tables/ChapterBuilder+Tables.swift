import FolioStyle

/// Tables. https://www.w3.org/TR/CSS2/tables.html
extension ChapterBuilder {
    /// Lays out a table: for now its rows stack and their cells stack inside them.
    func layoutTable(_ node: StyledNode, x: Double, width: Double) {
        let metrics = BoxMetrics(node.computed, available: width)
        layoutBox(node, x: x, metrics: metrics) { builder, x, width in
            builder.layoutChildren(of: node, x: x, width: width)
        }
    }
}
