import FolioStyle

/// Bordered boxes under the cell metric (terminal pages), snapped as table cells are: a
/// border is a box-drawing line one cell thick, so each drawn edge takes a whole row or
/// column of the box, and the padding inside it whole cells. The box's text then starts a
/// whole row below its top line and a whole column right of its left one, whatever fraction
/// of a cell the margins above or beside it left, and never shares a cell with the line.
extension ChapterBuilder {
    /// The node with its style snapped to cells (`snappedToCells`) when the cell metric is in
    /// use and the box draws a border; otherwise the node as it is.
    func snappedToCells(_ node: StyledNode, basis: Double) -> StyledNode {
        guard usesCells, Self.drawsBorder(node.computed) else { return node }
        let snapped = snappedToCells(node.computed, basis: basis)
        guard snapped != node.computed else { return node }
        var out = node
        out.style = interner.intern(snapped)
        return out
    }

    /// Whether any edge of the box's border is drawn (a width, and a style that shows).
    static func drawsBorder(_ style: ComputedStyle) -> Bool {
        let b = style.border
        return [(b.width.top, b.style.top), (b.width.right, b.style.right), (b.width.bottom, b.style.bottom), (b.width.left, b.style.left)]
            .contains { $0.0 > 0 && $0.1 != .none && $0.1 != .hidden }
    }
}
