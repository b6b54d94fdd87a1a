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
    /// Takes an inline `<svg>` drawing as an SVG document under a path of its own (for the
    /// renderer to draw like any image) and gives its intrinsic size; nil where no renderer
    /// draws (then such a drawing is shown as its declared box, with a warning).
    public var inlineImage: ((_ path: String, _ svg: [UInt8]) -> (width: Double, height: Double)?)?
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
