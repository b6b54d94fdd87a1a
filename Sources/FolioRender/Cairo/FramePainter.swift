import CCairo
import FolioImage
import FolioLayout
import FolioStyle
import FolioText

/// Draws a page `Frame` with Cairo on a canvas: the page colour, then each item in painting
/// order. What the canvas is (an image surface for PNG pages, a PDF page) is the caller's
/// business, so every output draws its pages with the same code.
///
/// Deterministic: fixed font options (greyscale antialiasing, no hinting, unhinted metrics as
/// layout measured them) and nothing that depends on time or thread order.
///
/// A painter keeps a Cairo font face per `FontFace` it has drawn; reuse one for a book's
/// pages. Safe to share between threads (each thread drawing on its own canvas).
struct FramePainter: Sendable {
    /// Device pixels per CSS px: the resolution images are decoded at, and the width of a
    /// placeholder's hairline frame.
    let dpr: Double
    /// Decodes the image at a container path to about `width` × `height` device pixels;
    /// nil draws the placeholder with the alt text.
    let images: @Sendable (_ path: String, _ width: Int, _ height: Int) -> Bitmap?
    let fonts = CairoFontCache()
    let placeholderText: PlaceholderText

    /// - Parameter fonts: the fonts the alt text of missing images is set in; the pinned
    ///   defaults (loaded when first needed) when nil.
    init(dpr: Double, fonts: FontContext?, images: @escaping @Sendable (_ path: String, _ width: Int, _ height: Int) -> Bitmap?) {
        self.dpr = dpr.isFinite && dpr > 0 ? dpr : 1
        self.images = images
        placeholderText = PlaceholderText(fonts: fonts)
    }

    /// Paints the whole canvas in the frame's background, then draws its items. The canvas's
    /// user space is CSS px.
    func paint(_ frame: Frame, on canvas: CairoCanvas) {
        canvas.paint(frame.background)
        for item in frame.items {
            switch item {
            case .text(let origin, let run): drawText(run, at: origin, on: canvas)
            case .fill(let rect, let color): canvas.fill(rect, color)
            case .border(let border): drawBorder(border, on: canvas)
            case .image(let image): drawImage(image, on: canvas)
            case .link, .line: break  // an active area: nothing to see (a PDF makes it an annotation)
            }
        }
    }

    /// Device pixels for a length in CSS px: at least 1, at most 16384 (a bound on memory).
    func deviceSize(_ length: Double) -> Int {
        let scaled = (length * dpr).rounded(.up)
        guard scaled.isFinite else { return 1 }
        // A hair of tolerance so that 600 × 1.1 does not become 661 through rounding error.
        let snapped = abs(scaled - 1 - length * dpr) < 1e-9 ? scaled - 1 : scaled
        return Int(min(16384, max(1, snapped)))
    }
}
