import FolioStyle
import FolioText

/// One page as positioned items: what a renderer draws, with nothing about how it was laid out.
///
/// Coordinates are CSS px from the page's top-left corner; renderers scale by the device
/// pixel ratio. Items are in painting order (backgrounds before the text over them).
public struct Frame: Sendable {
    public var width: Double
    public var height: Double
    /// The page colour (the theme's background, or the root's when the book sets one).
    public var background: RGBA
    public var items: [FrameItem]

    public init(width: Double, height: Double, background: RGBA, items: [FrameItem] = []) {
        self.width = width
        self.height = height
        self.background = background
        self.items = items
    }
}

/// A drawable (or clickable) thing on a page. Renderers handle every case in one `switch`.
///
/// A chapter's items are its largest arrays after its glyphs, held twice while it is cut into
/// pages (the column's and the pages' frames): the large cases are kept behind a reference
/// (a run's fields in `PositionedRun`, the others `indirect`), so that an item is 56 bytes,
/// not the 144 of a border.
public enum FrameItem: Sendable {
    /// Glyphs of one face: the run's glyph positions are relative to `origin` (the left content
    /// edge of its line and the line's top), its baseline is `origin.y + run.baseline`.
    case text(origin: Point, run: PositionedRun)
    /// A filled rectangle: a background colour, a rule, a text decoration line.
    case fill(Rect, RGBA)
    /// A box's border; an edge of width 0 is not drawn.
    indirect case border(BorderItem)
    /// An image file of the book (a container path) drawn into `rect`; `alt` stands in when it
    /// cannot be decoded.
    indirect case image(ImageItem)
    /// A link's active area: `href` is a container path with an optional `#fragment`, or an
    /// absolute URL outside the book.
    case link(Rect, href: String)
    /// Not drawn: a paragraph line's box (its room from its start edge, its height) and how it
    /// was set, for tools that judge the setting (`folio layout --json`).
    indirect case line(Rect, LineSetting)
}

extension FrameItem {
    /// The item moved by (`dx`, `dy`).
    public func moved(dx: Double, dy: Double) -> FrameItem {
        switch self {
        case .text(let origin, let run):
            return .text(origin: Point(x: origin.x + dx, y: origin.y + dy), run: run)
        case .fill(let rect, let color):
            return .fill(rect.moved(dx: dx, dy: dy), color)
        case .border(var border):
            border.rect = border.rect.moved(dx: dx, dy: dy)
            return .border(border)
        case .image(var image):
            image.rect = image.rect.moved(dx: dx, dy: dy)
            return .image(image)
        case .link(let rect, let href):
            return .link(rect.moved(dx: dx, dy: dy), href: href)
        case .line(let rect, let setting):
            return .line(rect.moved(dx: dx, dy: dy), setting)
        }
    }
}

public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public func moved(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
}

/// A border: the border box, each edge's width, style and colour, and the corner radii (px).
public struct BorderItem: Sendable, Hashable {
    public var rect: Rect
    public var widths: Edges<Double>
    public var styles: Edges<BorderStyle>
    public var colors: Edges<RGBA>
    /// Horizontal radii of the top-left, top-right, bottom-right and bottom-left corners.
    public var radii: [Double]

    public init(rect: Rect, widths: Edges<Double>, styles: Edges<BorderStyle>, colors: Edges<RGBA>, radii: [Double] = [0, 0, 0, 0]) {
        self.rect = rect
        self.widths = widths
        self.styles = styles
        self.colors = colors
        self.radii = radii
    }
}

/// An image placed on a page.
public struct ImageItem: Sendable, Hashable {
    public var rect: Rect
    /// The image's path in the container; nil for an image that is missing from the book.
    public var path: String?
    public var alt: String

    public init(rect: Rect, path: String?, alt: String) {
        self.rect = rect
        self.path = path
        self.alt = alt
    }
}
