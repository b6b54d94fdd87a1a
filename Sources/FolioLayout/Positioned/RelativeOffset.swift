import FolioStyle
import FolioXML

/// The offset of a relatively positioned box: laid out where it would be, then drawn moved by
/// its `top`/`bottom` and `left`/`right`, with nothing around it moving
/// (https://www.w3.org/TR/CSS2/visuren.html#relative-positioning). Books use it to raise
/// note references without opening their lines (`sup { position: relative; top: -0.5em;
/// vertical-align: baseline }`) and to nudge letters of a logo.
struct RelativeOffset: Hashable {
    var dx: Double
    var dy: Double

    /// The offset `style` asks for in a containing block `width` wide; nil when the box is not
    /// relatively positioned or is not moved. `left` wins over `right`, unless the direction is
    /// right to left; `top` wins over `bottom`. A percentage of `top` or `bottom` is of the
    /// containing block's height, which a flow does not know before it ends: it counts as `auto`.
    init?(_ style: borrowing ComputedStyle, containingWidth width: Double) {
        guard style.box.position == .relative else { return nil }
        let inset = style.box.inset
        func horizontal(_ value: LengthPercentageOrAuto) -> Double? {
            if case .length(let length) = value { return length.resolve(against: width) }
            return nil
        }
        func vertical(_ value: LengthPercentageOrAuto) -> Double? {
            if case .length(let length) = value { return length.fixed }
            return nil
        }
        let left = horizontal(inset.left), right = horizontal(inset.right)
        if let left, let right {
            dx = style.text.direction == .rtl ? -right : left
        } else {
            dx = left ?? right.map { -$0 } ?? 0
        }
        dy = vertical(inset.top) ?? vertical(inset.bottom).map { -$0 } ?? 0
        guard dx != 0 || dy != 0, dx.isFinite, dy.isFinite else { return nil }
    }

    init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// An ancestor's offset and a box's own inside it, added up; nil when neither moves.
    static func sum(_ outer: RelativeOffset?, _ own: RelativeOffset?) -> RelativeOffset? {
        guard let outer else { return own }
        guard let own else { return outer }
        return RelativeOffset(dx: outer.dx + own.dx, dy: outer.dy + own.dy)
    }
}

/// Moves relatively positioned boxes once they are laid out (`RelativeOffset`).
struct RelativePositioner {
    let chapter: ChapterLayout

    /// The offset of `node` if it is relatively positioned. Never in cells: a terminal's rows
    /// cannot move by part of a row, and a whole one would write over the neighbouring lines.
    func relativeOffset(_ node: StyledNode, containingWidth width: Double) -> RelativeOffset? {
        chapter.usesCells ? nil : RelativeOffset(node.computed, containingWidth: width)
    }

    /// Where a relatively positioned box's content starts in the column, taken before it is
    /// laid out (`start`) and moved after (`finish`).
    struct Mark {
        let offset: RelativeOffset
        let slot: Int, box: Int, unit: Int
        let element: XMLNode?
    }

    /// Notes where `node`'s content will start if it is relatively positioned (nil if not).
    func start(_ node: StyledNode, containingWidth width: Double) -> Mark? {
        guard let offset = relativeOffset(node, containingWidth: width) else { return nil }
        return Mark(offset: offset, slot: chapter.column.placed.count, box: chapter.column.tree.boxes.count, unit: chapter.column.units.count,
                    element: node.source)
    }

    /// Moves what a relatively positioned box drew since `mark` (and the boxes it recorded) by
    /// its offset. Its units stay where they are: the flow and what follows are as if it had not
    /// moved. Two things a screen does not need and a page does: the box is moved sideways no
    /// further than keeps it in the column (a `left: 230px` meant for a wide window would put
    /// it off a phone's page), and each of its units makes room for its content where it is
    /// drawn, lower or higher, so that a page holding the unit shows it whole.
    func finish(_ mark: Mark?) {
        guard let mark else { return }
        var offset = mark.offset
        let slots = mark.slot..<chapter.column.placed.count
        // The column being filled may be a box's content: its items are seen from the page's column.
        let inline = chapter.column.origin.x
        let extent = horizontalExtent(slots).map { (low: $0.low + inline, high: $0.high + inline) }
        offset.dx = Self.keptInColumn(offset.dx, extent: extent, width: chapter.context.page.contentWidth)
        if abs(offset.dx - mark.offset.dx) >= 0.5 {
            // A publisher's preview should say so: the offset was written for a wider window.
            let name = mark.element?.localName ?? "box"
            func px(_ value: Double) -> String { String(printf: "%.0f", value) }
            chapter.warn("layout.box-moved-less", "a relatively positioned \(name) moves \(px(offset.dx)) px sideways instead of the "
                         + "\(px(mark.offset.dx)) px it asks, to stay on the page", about: mark.element)
        }
        for k in slots { chapter.column.placed[k]?.move(dx: offset.dx, dy: offset.dy) }
        chapter.column.tree.move(mark.box..<chapter.column.tree.boxes.count, dx: offset.dx, dy: offset.dy)
        for k in mark.unit..<chapter.column.units.count {
            if offset.dy > 0 {
                chapter.column.units[k].bottom += offset.dy
            } else {
                chapter.column.units[k].breakTop = min(chapter.column.units[k].breakTop, chapter.column.units[k].top + offset.dy)
                chapter.column.units[k].forcedTop = min(chapter.column.units[k].forcedTop, chapter.column.units[k].top + offset.dy)
            }
        }
    }

    /// How far the items in `slots` reach across the column, nil when they draw nothing there.
    private func horizontalExtent(_ slots: Range<Int>) -> (low: Double, high: Double)? {
        var extent: (low: Double, high: Double)?
        for k in slots {
            guard let item = chapter.column.placed[k]?.item, let span = BlockLayouter.span(of: item) else { continue }
            extent = (min(extent?.low ?? span.low, span.low), max(extent?.high ?? span.high, span.high))
        }
        return extent
    }

    /// A sideways move cut short where it would take content reaching from `extent` out of a
    /// column `width` wide; content already outside is not moved further out.
    static func keptInColumn(_ dx: Double, extent: (low: Double, high: Double)?, width: Double) -> Double {
        guard let extent else { return dx }
        if dx > 0 { return min(dx, max(0, width - extent.high)) }
        return max(dx, min(0, -extent.low))
    }
}
