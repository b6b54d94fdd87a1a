import FolioCore
import FolioStyle
import FolioText

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

    /// The width and height of the area content flows into.
    public var contentWidth: Double { max(1, width - margins.left - margins.right) }
    public var contentHeight: Double { max(1, height - margins.top - margins.bottom) }

    /// An image of this size made as large as the content box allows, aspect kept, centred in
    /// it; relative to the content box's top-left corner.
    public func filling(width: Double, height: Double) -> Rect {
        let scale = min(contentWidth / max(0.01, width), contentHeight / max(0.01, height))
        let w = width * scale, h = height * scale
        return Rect(x: (contentWidth - w) / 2, y: (contentHeight - h) / 2, width: w, height: h)
    }
}

/// What block layout needs besides the styled document: the page, the paragraph setter's
/// context (fonts, shaping cache, hyphenation) and a way to learn an image's intrinsic size.
///
/// One per thread: the `InlineContext`'s shaper is not shareable.
public struct LayoutContext {
    public var page: PageGeometry
    public var inline: InlineContext
    /// The intrinsic size in CSS px of an image of the container, by path; nil when the file
    /// is missing or not an image.
    public var imageSize: (String) -> (width: Double, height: Double)?
    /// Takes an inline `<svg>` drawing as an SVG document under a path of its own (for the
    /// renderer to draw like any image) and gives its intrinsic size; nil where no renderer
    /// draws (then such a drawing is shown as its declared box, with a warning).
    public var inlineImage: ((_ path: String, _ svg: [UInt8]) -> (width: Double, height: Double)?)?
    public var diagnostics: Diagnostics { inline.fonts.diagnostics }

    public init(page: PageGeometry, inline: InlineContext, imageSize: @escaping (String) -> (width: Double, height: Double)?) {
        self.page = page
        self.inline = inline
        self.imageSize = imageSize
    }
}
