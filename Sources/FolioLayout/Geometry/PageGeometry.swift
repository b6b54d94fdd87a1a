import FolioStyle

/// The page a chapter is laid out for: its size and the reader's margins, in CSS px.
public struct PageGeometry: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var margins: Edges<Double>

    public init(width: Double, height: Double, margins: Edges<Double>) {
        self.width = width
        self.height = height
        self.margins = margins
    }

    /// A page of the environment's viewport with the same margin on every side.
    public init(environment: MediaEnvironment, margin: Double) {
        self.init(width: environment.widthPx, height: environment.heightPx, margins: Edges(all: margin))
    }

    /// The reader's page: its margin all round (`ReaderSettings.margin`), wider at the sides
    /// where the text column would be longer than the reader's measure.
    public init(environment: MediaEnvironment, settings: ReaderSettings) {
        let width = environment.widthPx, height = environment.heightPx
        let side = settings.horizontalMargin(pageWidth: width, pageHeight: height)
        let margin = settings.margin(pageWidth: width, pageHeight: height)
        self.init(width: width, height: height, margins: Edges(top: margin, right: side, bottom: margin, left: side))
    }

    /// The width and height of the area content flows into.
    public var contentWidth: Double { max(1, width - margins.left - margins.right) }
    public var contentHeight: Double { max(1, height - margins.top - margins.bottom) }

    /// An image of this size made as large as the page allows, aspect kept, centred; relative
    /// to the content box's top-left corner. A page-filling image (a cover) may use the side
    /// margins the reader's measure adds: it fills the area inside the page's base margin (the
    /// smaller of the top and side margins, all round), not the text column.
    public func filling(width: Double, height: Double) -> Rect {
        let inset = min(margins.top, margins.left)
        let areaWidth = margins.left > inset ? max(1, self.width - 2 * inset) : contentWidth
        let scale = min(areaWidth / max(0.01, width), contentHeight / max(0.01, height))
        let w = width * scale, h = height * scale
        let x = margins.left > inset ? (self.width - w) / 2 - margins.left : (contentWidth - w) / 2
        return Rect(x: x, y: (contentHeight - h) / 2, width: w, height: h)
    }
}
