import FolioStyle

/// A size along a flow's two axes: inline (the way lines run) and block (the way lines and
/// blocks stack). https://www.w3.org/TR/css-writing-modes-4/#abstract-axes
public struct LogicalSize: Sendable, Hashable {
    public var inline: Double
    public var block: Double

    public init(inline: Double, block: Double) {
        self.inline = inline
        self.block = block
    }
}

/// Where a column's coordinates land on a page: the one place layout's logical coordinates
/// become physical ones.
///
/// Layout works in flow coordinates: `x` counts along the inline axis from the column's
/// line-left edge, `y` along the block axis from its block-start edge (CSS Writing Modes'
/// line-relative inline axis, so `direction` does not flip it; bidi reordering happens inside
/// lines). A `FrameItem` of a column holds flow coordinates in its x and y until the
/// paginator hands it to this mapping, which turns it into page coordinates: in
/// `horizontal-tb` the column's content box is shifted into the page's margins; in the
/// vertical modes block-start is the right (`vertical-rl`) or left (`vertical-lr`) edge and
/// lines run top to bottom.
/// https://www.w3.org/TR/css-writing-modes-4/#logical-to-physical
public struct FlowMapping: Sendable, Hashable {
    public var writingMode: WritingMode
    public var page: PageGeometry

    public init(writingMode: WritingMode = .horizontalTB, page: PageGeometry) {
        self.writingMode = writingMode
        self.page = page
    }

    /// The column's size on the page: the content box's width and height along the axes.
    public var columnSize: LogicalSize {
        writingMode.isVertical
            ? LogicalSize(inline: page.contentHeight, block: page.contentWidth)
            : LogicalSize(inline: page.contentWidth, block: page.contentHeight)
    }

    /// A rectangle of the column (flow coordinates), with the column's block-axis window
    /// starting at `windowStart` shown from `shift` past the page's block-start content edge.
    func physical(_ rect: Rect, windowStart: Double, shift: Double) -> Rect {
        switch writingMode {
        case .horizontalTB:
            return Rect(x: rect.x + page.margins.left, y: rect.y + (page.margins.top - windowStart + shift), width: rect.width, height: rect.height)
        case .verticalRL, .sidewaysRL:
            let blockStart = rect.y - windowStart + shift
            return Rect(x: page.width - page.margins.right - blockStart - rect.height, y: page.margins.top + rect.x,
                        width: rect.height, height: rect.width)
        case .verticalLR, .sidewaysLR:
            return Rect(x: page.margins.left + rect.y - windowStart + shift, y: page.margins.top + rect.x, width: rect.height, height: rect.width)
        }
    }

    /// A point of the column (flow coordinates) on the page.
    func physical(_ point: Point, windowStart: Double, shift: Double) -> Point {
        let r = physical(Rect(x: point.x, y: point.y, width: 0, height: 0), windowStart: windowStart, shift: shift)
        return Point(x: r.x, y: r.y)
    }

    /// An item of the column on the page; `inlineShift` moves it along the inline axis first.
    func physical(_ item: FrameItem, windowStart: Double, shift: Double, inlineShift: Double = 0) -> FrameItem {
        if writingMode == .horizontalTB {
            // The common case moves every item by one offset, computed once as before.
            return item.moved(dx: page.margins.left + inlineShift, dy: page.margins.top - windowStart + shift)
        }
        let item = inlineShift == 0 ? item : item.moved(dx: inlineShift, dy: 0)
        switch item {
        case .text(let origin, let run):
            return .text(origin: physical(origin, windowStart: windowStart, shift: shift), run: run)
        case .fill(let rect, let color):
            return .fill(physical(rect, windowStart: windowStart, shift: shift), color)
        case .border(var border):
            border.rect = physical(border.rect, windowStart: windowStart, shift: shift)
            return .border(border)
        case .image(var image):
            image.rect = physical(image.rect, windowStart: windowStart, shift: shift)
            return .image(image)
        case .link(let rect, let href):
            return .link(physical(rect, windowStart: windowStart, shift: shift), href: href)
        case .line(let rect, let setting):
            return .line(physical(rect, windowStart: windowStart, shift: shift), setting)
        }
    }
}
