/// What layout needs to know of an image before drawing it: its format and intrinsic size.
///
/// https://www.w3.org/TR/css-images-3/#intrinsic-dimensions
public struct ImageInfo: Sendable, Hashable {
    public var format: ImageFormat
    /// Intrinsic width in CSS px: for JPEG after EXIF orientation (5–8 swap width and height);
    /// for SVG from `width`/`height`, else the `viewBox`, else 300 × 150.
    public var width: Double
    public var height: Double

    public init(format: ImageFormat, width: Double, height: Double) {
        self.format = format
        self.width = width
        self.height = height
    }
}
