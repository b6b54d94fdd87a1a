import CLibPNG

/// PNG through libpng's simplified API, which catches libpng's own longjmp errors and reports
/// them as return codes (so no C wrapper is needed).
///
/// https://www.w3.org/TR/png-3/; libpng 1.6 `png_image_*` (png.h, "Simplified API").
enum PNGCodec {
    /// With `headerOnly`, the chunks before the image data are all that is checked, so the
    /// file's first bytes are enough.
    static func probe(_ bytes: [UInt8], headerOnly: Bool = false) -> (width: Double, height: Double)? {
        try? withImage(bytes, headerOnly: headerOnly) { image throws(ImageError) in
            guard image.pointee.width > 0, image.pointee.height > 0 else { throw .corrupt("PNG has no pixels") }
            return (Double(image.pointee.width), Double(image.pointee.height))
        }
    }

    static func decode(_ bytes: [UInt8], maxPixels: Int) throws(ImageError) -> Bitmap {
        try withImage(bytes) { image throws(ImageError) in
            let (width, height) = (Int(image.pointee.width), Int(image.pointee.height))
            try Bitmap.checkSize(width: width, height: height, maxPixels: maxPixels)
            // Cairo's native-endian ARGB32 word is B, G, R, A in memory on little-endian machines.
            #if _endian(little)
            image.pointee.format = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_BGR
            #else
            image.pointee.format = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_AFIRST
            #endif
            var bitmap = Bitmap(transparentWidth: width, height: height)
            let rowComponents = png_int_32(bitmap.stride)  // 1-byte channels: components = bytes
            let done = bitmap.pixels.withUnsafeMutableBytes {
                png_image_finish_read(image, nil, $0.baseAddress, rowComponents, nil)
            }
            guard done != 0 else { throw .corrupt("PNG: " + message(image)) }
            // The simplified API returns straight alpha for 8-bit channels; Cairo wants it premultiplied.
            bitmap.premultiply()
            return bitmap
        }
    }

    /// Reads the header (every chunk before the image data); the bytes stay alive, as libpng
    /// reads from them, until `body` returns.
    private static func withImage<R>(_ bytes: [UInt8], headerOnly: Bool = false,
                                     _ body: (UnsafeMutablePointer<png_image>) throws(ImageError) -> R) throws(ImageError) -> R {
        try checkChunkLengths(bytes, beforeImageData: headerOnly)
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }  // harmless when libpng has already freed it
        let result: Result<R, ImageError> = bytes.withUnsafeBytes { buffer in
            withUnsafeMutablePointer(to: &image) { image in
                guard png_image_begin_read_from_memory(image, buffer.baseAddress, buffer.count) != 0 else {
                    return .failure(.corrupt("PNG: " + message(image)))
                }
                do throws(ImageError) {
                    return .success(try body(image))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    /// Refuses a chunk that claims more bytes than the file has left.
    ///
    /// libpng 1.6.39 allocates (and clears) a text chunk's claimed length before reading it: one
    /// damaged length field costs up to 2 GB. Walking the chunk headers (PNG §5.3: length, type,
    /// data, CRC) first bounds every chunk by the file's own size. https://www.w3.org/TR/png-3/#5Chunk-layout
    /// With `beforeImageData`, only the chunks libpng reads before the first IDAT (all the
    /// header a probe reads) are walked: the file may be only its first bytes.
    static func checkChunkLengths(_ bytes: [UInt8], beforeImageData: Bool = false) throws(ImageError) {
        var offset = 8  // after the signature
        while offset + 8 <= bytes.count {
            if beforeImageData && bytes[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) { return }
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - offset - 12 else { throw .corrupt("PNG chunk runs past the end of the file") }
            if bytes[offset + 4..<offset + 8].elementsEqual("IEND".utf8) { return }
            offset += 12 + length
        }
    }

    private static func message(_ image: UnsafeMutablePointer<png_image>) -> String {
        withUnsafeBytes(of: image.pointee.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
