/// Decodes images to Cairo-ready pixels with the field's libraries: libjpeg-turbo, libpng, giflib,
/// libwebp, libavif, libjxl and librsvg.
///
/// Bytes are untrusted: sizes are checked before pixels are allocated, library errors become
/// `ImageError`, and SVG documents cannot reach files or the network. No state is shared between
/// calls, so any number may run at once.
public enum ImageDecoder {
    /// Decodes to pixels. Raster images at their own size (JPEG with EXIF orientation applied, GIF first frame, PNG/WebP with alpha);
    /// SVG rendered by librsvg at `size` (px) when given, else its intrinsic size. Images over `maxPixels` (default 50 million) are refused before decoding.
    public static func decode(_ bytes: [UInt8], size: (width: Int, height: Int)? = nil, maxPixels: Int = 50_000_000) throws(ImageError) -> Bitmap {
        guard let format = ImageFormat(sniffing: bytes) else { throw .unsupported }
        switch format {
        case .jpeg: return try JPEGCodec.decode(bytes, maxPixels: maxPixels)
        case .png: return try PNGCodec.decode(bytes, maxPixels: maxPixels)
        case .gif: return try GIFCodec.decode(bytes, maxPixels: maxPixels)
        case .webp: return try WebPCodec.decode(bytes, maxPixels: maxPixels)
        case .avif: return try ModernImageCodec.decode(bytes, .avif, maxPixels: maxPixels)
        case .jxl: return try ModernImageCodec.decode(bytes, .jxl, maxPixels: maxPixels)
        case .svg: return try SVGCodec.decode(bytes, size: size, maxPixels: maxPixels)
        }
    }
}
