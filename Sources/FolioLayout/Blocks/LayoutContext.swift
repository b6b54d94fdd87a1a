import FolioCore
import FolioStyle
import FolioText

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
    /// Takes an image a document carries — an inline `<svg>` drawing written out as an SVG
    /// document, a `data:` URL's bytes — under a path of its own (for the renderer to draw like
    /// any image) and gives its intrinsic size; nil where no renderer draws or the bytes are no
    /// image (then a drawing is shown as its declared box, an image as its alt text, with a warning).
    public var inlineImage: ((_ path: String, _ data: [UInt8]) -> (width: Double, height: Double)?)?
    /// The media type of a file of the container (its manifest entry's), nil when the container
    /// lacks it: whether an `<audio>` or `<video>` has a source a reader can play.
    public var mediaType: ((String) -> String?)?
    /// The first page of a document of the book (by container path) laid out in a viewport of
    /// the given CSS size, for an `<iframe>`: its items from the viewport's top-left and its
    /// text; nil when the path is no XHTML document of the book or documents embed each other
    /// too deep.
    public var embeddedDocument: ((_ path: String, _ width: Double, _ height: Double) -> (items: [FrameItem], text: String)?)?
    /// The language of text whose document does not say (the publication's first
    /// `dc:language`), for hyphenation and shaping.
    public var defaultLanguage: String?
    public var diagnostics: Diagnostics { inline.fonts.diagnostics }

    public init(page: PageGeometry, inline: InlineContext, imageSize: @escaping (String) -> (width: Double, height: Double)?) {
        self.page = page
        self.inline = inline
        self.imageSize = imageSize
    }
}
