import FolioStyle

/// A column's boxes as a tree over its units: each box knows its containing block (its
/// parent in the tree), the units its content made, its border box, and its break
/// properties. Units are the leaves (lines, images, table rows); the break opportunities
/// between them and their classes come from this tree (`BreakOpportunities`), and an
/// out-of-flow box will find here the block whose size it waits for.
/// https://www.w3.org/TR/css-break-3/#possible-breaks
struct FragmentTree {
    private(set) var boxes: [BoxFragment] = []
    /// The boxes open while their content is laid out, innermost last.
    private var open: [Int] = []
    /// Table headers to repeat on the pages their bodies run onto.
    private(set) var repeatedHeaders: [RepeatedHeader] = []

    /// The innermost open box: the containing block of what is laid out now.
    var current: Int? { open.last }

    /// Opens a box whose content starts at unit `first`.
    mutating func open(_ kind: BoxFragment.Kind, node: Int32, style: ComputedStyle?, first: Int) -> Int {
        open(kind, node: node, breaks: style.map(BoxFragment.Breaks.init) ?? BoxFragment.Breaks(), first: first)
    }

    /// The same for a box with a style: read in place, not copied into an optional.
    mutating func open(_ kind: BoxFragment.Kind, node: Int32, style: ComputedStyle, first: Int) -> Int {
        open(kind, node: node, breaks: BoxFragment.Breaks(style), first: first)
    }

    private mutating func open(_ kind: BoxFragment.Kind, node: Int32, breaks: BoxFragment.Breaks, first: Int) -> Int {
        boxes.append(BoxFragment(kind: kind, node: node, containingBlock: open.last, units: first..<first, breaks: breaks))
        open.append(boxes.count - 1)
        return boxes.count - 1
    }

    /// Closes a box: its content ended before unit `end`; `rect` is its border box.
    mutating func close(_ box: Int, end: Int, rect: Rect? = nil) {
        boxes[box].units = boxes[box].units.lowerBound..<max(boxes[box].units.lowerBound, end)
        boxes[box].rect = rect
        if let k = open.lastIndex(of: box) { open.remove(at: k) }
    }

    /// Adds a fragment's boxes, laid out in a column of their own, as the content of `parent`
    /// from unit `firstUnit` on, their rectangles moved by (`dx`, `dy`).
    mutating func graft(_ other: [BoxFragment], under parent: Int?, firstUnit: Int, dx: Double, dy: Double) {
        let base = boxes.count
        for var box in other {
            box.containingBlock = box.containingBlock.map { $0 + base } ?? parent
            box.units = (box.units.lowerBound + firstUnit)..<(box.units.upperBound + firstUnit)
            box.rect = box.rect?.moved(dx: dx, dy: dy)
            boxes.append(box)
        }
    }

    /// Moves the rectangles of `boxes` (those a box recorded inside it, as the box is placed
    /// or moved by its relative position).
    mutating func move(_ range: Range<Int>, dx: Double, dy: Double) {
        guard !range.isEmpty else { return }
        boxes.withUnsafeMutableBufferPointer { boxes in
            guard let base = boxes.baseAddress else { return }
            for k in range { (base + k).pointee.rect = (base + k).pointee.rect?.moved(dx: dx, dy: dy) }
        }
    }

    /// Every box made to hold `count` units from 0 (a chapter that became one page-filling
    /// image), with no header to repeat.
    mutating func collapse(to count: Int) {
        for k in boxes.indices { boxes[k].units = 0..<count }
        repeatedHeaders = []
    }

    /// Records a table's header rows, to repeat on the pages its body runs onto.
    mutating func repeatHeader(_ header: RepeatedHeader) {
        repeatedHeaders.append(header)
    }

    /// Moves the headers recorded from `first` on `dy` along the block axis (their table's box
    /// is placed).
    mutating func moveHeaders(from first: Int, dy: Double) {
        for k in first..<repeatedHeaders.count {
            repeatedHeaders[k].top += dy
            repeatedHeaders[k].bottom += dy
        }
    }
}

/// One box of the fragment tree.
struct BoxFragment: Sendable {
    enum Kind: Sendable {
        /// A block box (a paragraph's container, a list item, a table box, a caption).
        case block
        /// A replaced element laid out as a block.
        case image
        /// A table wrapper box: the table's margins and breaks around captions and table box.
        case tableWrapper
        case rowGroup
        case row
        /// A float, placed beside the flow (its own boxes follow it in the tree).
        case float
    }

    /// The break properties that act on the boundaries of a box and inside it.
    struct Breaks: Sendable {
        var before = BreakBetween.auto
        var after = BreakBetween.auto
        var inside = BreakInside.auto

        init() {}

        init(_ style: borrowing ComputedStyle) {
            before = style.box.breakBefore
            after = style.box.breakAfter
            inside = style.box.breakInside
        }
    }

    var kind: Kind
    /// The styled node (negative for anonymous boxes).
    var node: Int32
    /// The box whose content box holds this one (nil for the column's outermost boxes).
    var containingBlock: Int?
    /// The units its content made, in block order (empty for a box that made none).
    var units: Range<Int>
    var breaks: Breaks
    /// Its border box in flow coordinates, once closed (nil where no rectangle is drawn).
    var rect: Rect?
}
