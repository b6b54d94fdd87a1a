import CCairo
import FolioImage
import FolioLayout
import FolioStyle
import FolioText

/// Draws a page `Frame` with Cairo and encodes it as a PNG file.
///
/// Output is deterministic: fixed antialiasing (grey, no hinting, unhinted metrics as layout
/// measured them), no timestamps or text chunks in the PNG, and no dependence on thread
/// order, so the same frame and options give byte-identical files.
///
/// A renderer keeps a Cairo font face per `FontFace` it has drawn; reuse one renderer for a
/// book's pages. Safe to share between threads.
public struct PNGRenderer: Sendable {
    /// Device pixels per CSS px.
    public let dpr: Double
    /// The zlib level, 0 (stored) to 9 (smallest); 1 is fast and still small for pages.
    public let compression: Int
    /// Decodes the image at a container path to about `width` × `height` device pixels;
    /// nil draws the placeholder with the alt text.
    let images: @Sendable (_ path: String, _ width: Int, _ height: Int) -> Bitmap?
    let fonts = CairoFontCache()
    let placeholderText: PlaceholderText

    /// - Parameters:
    ///   - fonts: the fonts the alt text of missing images is set in; the pinned defaults
    ///     (loaded when first needed) when nil.
    ///   - images: decodes a book image at the device-pixel size it will be drawn at.
    public init(dpr: Double, compression: Int = 1, fonts: FontContext? = nil,
                images: @escaping @Sendable (_ path: String, _ width: Int, _ height: Int) -> Bitmap?) {
        self.dpr = dpr.isFinite && dpr > 0 ? dpr : 1
        self.compression = min(9, max(0, compression))
        self.images = images
        placeholderText = PlaceholderText(fonts: fonts)
    }

    /// The page as a PNG file: RGB when every pixel is opaque (a page with an opaque
    /// background always is), else RGBA with straight (un-premultiplied) alpha.
    public func render(_ frame: Frame) -> [UInt8] {
        PNGEncoder.encode(pixels(frame), level: compression)
    }

    /// The page's pixels, `ceil(width × dpr)` × `ceil(height × dpr)`, in Cairo's premultiplied
    /// ARGB32: for diffing pages without decoding PNGs.
    public func pixels(_ frame: Frame) -> Bitmap {
        let width = deviceSize(frame.width), height = deviceSize(frame.height)
        guard let canvas = CairoCanvas(width: width, height: height, scale: dpr) else {
            return Bitmap(width: 0, height: 0, stride: 0, pixels: [])
        }
        canvas.fill(Rect(x: 0, y: 0, width: Double(width) / dpr, height: Double(height) / dpr), frame.background)
        for item in frame.items {
            switch item {
            case .text(let origin, let run): drawText(run, at: origin, on: canvas)
            case .fill(let rect, let color): canvas.fill(rect, color)
            case .border(let border): drawBorder(border, on: canvas)
            case .image(let image): drawImage(image, on: canvas)
            case .link: break  // an active area for hit-testing: nothing to see
            }
        }
        return canvas.bitmap()
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
