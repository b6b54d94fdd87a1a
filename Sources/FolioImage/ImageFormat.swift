/// An image format Folio decodes: the EPUB core media types for raster and vector images.
///
/// https://www.w3.org/TR/epub-33/#sec-core-media-types
public enum ImageFormat: String, Sendable {
    case jpeg, png, gif, webp, avif, jxl, svg

    /// The format the bytes announce by their signature, or nil.
    ///
    /// Sniffed from the content, never from a file name or a declared media type: books mislabel
    /// images often. Signatures as in https://mimesniff.spec.whatwg.org/#matching-an-image-type-pattern;
    /// SVG has none, so any document whose first non-blank character is `<` is offered to librsvg.
    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
        } else if Self.isAVIF(bytes) {
            self = .avif
        } else if bytes.starts(with: [0xFF, 0x0A]) || bytes.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            self = .jxl  // a bare JPEG XL codestream, or the ISO BMFF container with its JXL signature box
        } else if Self.looksLikeMarkup(bytes) {
            self = .svg
        } else {
            return nil
        }
    }

    /// An ISO BMFF file whose `ftyp` box names the AVIF brands (`avif` still, `avis` sequence),
    /// as its major brand or a compatible one.
    /// https://aomediacodec.github.io/av1-avif/#brands-overview
    private static func isAVIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, bytes[4..<8].elementsEqual("ftyp".utf8) else { return false }
        let size = min(bytes.count, bytes[0..<4].reduce(0) { $0 << 8 | Int($1) })
        var offset = 8
        while offset + 4 <= size {
            let brand = bytes[offset..<offset + 4]
            if brand.elementsEqual("avif".utf8) || brand.elementsEqual("avis".utf8) { return true }
            offset += offset == 8 ? 8 : 4  // the minor version follows the major brand
        }
        return false
    }

    private static func looksLikeMarkup(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // UTF-8 byte order mark
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<")
    }
}
