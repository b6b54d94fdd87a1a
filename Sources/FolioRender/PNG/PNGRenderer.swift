import FolioImage
import FolioLayout
import FolioText

/// Draws a page `Frame` with Cairo on an image surface and encodes it as a PNG file.
///
/// Output is deterministic: the painter's fixed font options, no timestamps or text chunks in
/// the PNG, and no dependence on thread order, so the same frame and options give
/// byte-identical files.
///
/// A renderer keeps a Cairo font face per `FontFace` it has drawn; reuse one renderer for a
/// book's pages. Safe to share between threads.
public struct PNGRenderer: Sendable {
    /// Device pixels per CSS px.
    public var dpr: Double { painter.dpr }
    /// The zlib level, 0 (stored) to 9 (smallest); 1 is fast and still small for pages.
    public let compression: Int
    let painter: FramePainter

    /// - Parameters:
    ///   - fonts: the fonts the alt text of missing images is set in; the pinned defaults
    ///     (loaded when first needed) when nil.
    ///   - images: decodes a book image at the device-pixel size it will be drawn at.
    public init(dpr: Double, compression: Int = 1, fonts: FontContext? = nil,
                images: @escaping @Sendable (_ path: String, _ width: Int, _ height: Int) -> Bitmap?) {
        self.compression = min(9, max(0, compression))
        painter = FramePainter(dpr: dpr, fonts: fonts, images: images)
    }

    /// The page as a PNG file, in the smallest colour type that holds its pixels (see
    /// `PNGEncoder.encode`).
    public func render(_ frame: Frame) -> [UInt8] {
        PNGEncoder.encode(pixels(frame), level: compression)
    }

    /// The page's pixels, `ceil(width × dpr)` × `ceil(height × dpr)`, in Cairo's premultiplied
    /// ARGB32: for diffing pages without decoding PNGs.
    public func pixels(_ frame: Frame) -> Bitmap {
        guard let canvas = CairoCanvas(width: painter.deviceSize(frame.width), height: painter.deviceSize(frame.height), scale: dpr) else {
            return Bitmap(width: 0, height: 0, stride: 0, pixels: [])
        }
        painter.paint(frame, on: canvas)
        return canvas.bitmap()
    }
}
