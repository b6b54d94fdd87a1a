/// Reads an image's format and intrinsic size without decoding its pixels, for layout.
public enum ImageProbe {
    /// The format (sniffed from the bytes) and intrinsic size in CSS px, or nil when the bytes are
    /// not an image Folio can read. Reads headers only (SVG: parses the document). Bytes that
    /// are only the file's beginning (`complete` false) are read as far as the header goes; a
    /// whole file's PNG chunks are all checked to lie within it, so a truncated one is refused.
    public static func probe(_ bytes: [UInt8], complete: Bool = true) -> ImageInfo? {
        guard let format = ImageFormat(sniffing: bytes) else { return nil }
        let size: (width: Double, height: Double)?
        switch format {
        case .jpeg: size = JPEGCodec.probe(bytes)
        case .png: size = PNGCodec.probe(bytes, headerOnly: !complete)
        case .gif: size = GIFCodec.probe(bytes)
        case .webp: size = WebPCodec.probe(bytes)
        case .avif: size = ModernImageCodec.probe(bytes, .avif)
        case .jxl: size = ModernImageCodec.probe(bytes, .jxl)
        case .svg: size = SVGCodec.probe(bytes)
        }
        return size.map { ImageInfo(format: format, width: $0.width, height: $0.height) }
    }
}
