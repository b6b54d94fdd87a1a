import FolioCore
import FolioStyle
import FolioText
import FolioXML

/// Lays out one styled content document into a `ChapterFlow`: block boxes stacked with
/// collapsing margins, their inline content set in lines by the paragraph setter, each line
/// and image a unit the paginator may break before.
public final class ChapterBuilder {
    let document: StyledDocument
    let path: String
    var context: LayoutContext
    let offsets: TextOffsets
    let interner = StyleInterner()
    /// Link targets resolved so far, by `href` as written (a specification links to the same
    /// few chapters thousands of times).
    var resolvedLinks: [String: String?] = [:]
    /// Small-caps styles met so far, with the styles their text is drawn in (`capsStyles`).
    var smallCapsStyles: [ObjectIdentifier: (style: SharedStyle, styles: (SharedStyle, SharedStyle)?)] = [:]

    /// The bottom of what has been placed; the pending margin is below it.
    var y = 0.0
    var margins = MarginCollapser()
    var units: [FlowUnit] = []
    var placed: [PlacedItem?] = []
    var anchors: [String: Int] = [:]

    /// Boxes opened and waiting for their top (margins collapsing through them).
    var openTops: [Int] = []
    var boxTops: [Int: Double] = [:]
    /// The highest box top opened since the last unit: where a page starting with the next unit starts.
    var pendingBreakTop: Double?
    /// The y before the margins of the next unit, for a page after a forced break.
    var pendingForcedTop: Double?
    var pendingBreak = BreakClass.normal
    /// The chapter text offset reached, for units with no text of their own.
    var lastOffset = 0
    /// An outside list marker waiting for its item's first line.
    var pendingMarker: ParagraphLayout?
    /// The text decoration blocks being laid out give their text.
    var blockDecoration: PropagatedDecoration?
    /// The top and right end of the last line set, for floats that go beside it.
    var lastLine: (top: Double, right: Double)?
    /// Floats still beside the content being placed.
    var floats: [FloatArea] = []
    /// Table layout's state while it lays out or measures cells (see Tables/).
    var tableState = TableLayoutState()
    /// Table headers to repeat on the pages their bodies run onto.
    var repeatedHeaders: [RepeatedHeader] = []

    public init(document: StyledDocument, path: String, context: LayoutContext) {
        self.document = document
        self.path = path
        self.context = context
        offsets = TextOffsets(tree: document.tree)
    }

    /// Lays out the document.
    public func build() -> ChapterFlow {
        let width = context.page.contentWidth
        if let root = document.root, root.computed.box.display != .none {
            layoutBlock(root, x: 0, width: width)
        }
        clearFloats(.both)
        if let ending = units.indices.last { units[ending].endsBlock = true }
        fillPageIfImageOnly()
        return ChapterFlow(width: width, units: units, placed: placed.compactMap { $0 }, anchors: anchors,
                           offsets: offsets, background: pageBackground(), repeatedHeaders: repeatedHeaders)
    }

    /// A chapter that is one image and no text (a cover, a plate) shows the image as large
    /// as the page allows, centred.
    private func fillPageIfImageOnly() {
        let images = placed.indices.filter { k in
            if case .image = placed[k]?.item { return true }
            return false
        }
        guard images.count == 1, let k = images.first, case .image(var image)? = placed[k]?.item,
              units.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) else { return }
        let page = context.page
        image.rect = page.filling(width: image.rect.width, height: image.rect.height)
        let first = units[0]
        repeatedHeaders = []
        units = [FlowUnit(top: 0, bottom: page.contentHeight, breakTop: 0, forcedTop: 0, breakBefore: .normal,
                          start: first.start, end: units.map(\.end).max() ?? first.end, text: "", endsBlock: true)]
        placed = placed.compactMap { item -> PlacedItem? in
            guard let item else { return nil }
            switch item.item {
            case .image: return PlacedItem(item: .image(image), firstUnit: 0, lastUnit: 0)
            case .link(_, let href): return PlacedItem(item: .link(image.rect, href: href), firstUnit: 0, lastUnit: 0)
            default: return nil
            }
        }
    }

    // MARK: Units

    /// Places the pending margin: content is about to be drawn at `y`.
    func flushMargin() {
        if pendingForcedTop == nil { pendingForcedTop = y }
        y += margins.take()
        for box in openTops { boxTops[box] = y }
        if !openTops.isEmpty { notePageTop(y) }
        openTops.removeAll()
    }

    func notePageTop(_ top: Double) {
        pendingBreakTop = min(pendingBreakTop ?? top, top)
    }

    /// Adds a unit from `top` to `bottom` (already placed: `y` is at or below `bottom`).
    @discardableResult
    func addUnit(top: Double, bottom: Double, start: Int? = nil, end: Int? = nil, text: String = "",
                 breakBefore: BreakClass = .normal) -> Int {
        let start = start ?? lastOffset
        let end = max(start, end ?? start)
        lastOffset = max(lastOffset, end)
        let breakTop = min(pendingBreakTop ?? top, top)
        units.append(FlowUnit(top: top, bottom: bottom, breakTop: breakTop, forcedTop: min(pendingForcedTop ?? breakTop, breakTop),
                              breakBefore: max(pendingBreak, breakBefore), start: start, end: end, text: text, endsBlock: false))
        pendingBreakTop = nil
        pendingForcedTop = nil
        pendingBreak = .normal
        return units.count - 1
    }

    /// Records a break between the last unit and the next one.
    func requestBreak(_ value: BreakBetween) {
        switch value {
        case .page, .left, .right, .recto, .verso, .always, .all: pendingBreak = .forced
        case .avoid, .avoidPage: pendingBreak = max(pendingBreak, .avoid)
        case .auto, .avoidColumn, .column, .region, .avoidRegion: break
        }
    }

    /// Adds an item drawn with units `first...last`; returns its slot.
    @discardableResult
    func place(_ item: FrameItem, first: Int, last: Int) -> Int {
        placed.append(PlacedItem(item: item, firstUnit: first, lastUnit: max(first, last)))
        return placed.count - 1
    }

    /// Reserves a slot so a box's background paints below the content placed after it.
    func reserveSlot() -> Int {
        placed.append(nil)
        return placed.count - 1
    }

    // MARK: Page colour

    private func pageBackground() -> RGBA {
        guard let root = document.root else { return .white }
        let rootColor = root.computed.resolve(root.computed.background.color)
        if rootColor.alpha > 0 { return rootColor.over(.white) }
        for child in document.children(of: root) where child.source?.localName == "body" {
            let color = child.computed.resolve(child.computed.background.color)
            if color.alpha > 0 { return color.over(.white) }
        }
        return .white
    }
}

extension RGBA {
    /// This colour composited over an opaque one.
    func over(_ base: RGBA) -> RGBA {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * alpha + Double(b) * (1 - alpha)).rounded()) }
        return RGBA(red: mix(red, base.red), green: mix(green, base.green), blue: mix(blue, base.blue))
    }
}
