import CFolioJPEG

/// JPEG through libjpeg-turbo, by way of the `CFolioJPEG` wrapper that catches libjpeg's longjmp errors.
///
/// https://www.w3.org/Graphics/JPEG/itu-t81.pdf; EXIF orientation as in `EXIFOrientation`.
enum JPEGCodec {
    /// The upright size: stored size with width and height swapped for orientations 5–8.
    static func probe(_ bytes: [UInt8]) -> (width: Double, height: Double)? {
        try? withHeader(bytes, maxMemory: headerMemory) { jpeg throws(ImageError) in
            let (width, height) = (Int(folio_jpeg_get_width(jpeg)), Int(folio_jpeg_get_height(jpeg)))
            guard width > 0, height > 0 else { throw .corrupt("JPEG has no pixels") }
            let upright = orientation(jpeg).swapsAxes ? (height, width) : (width, height)
            return (Double(upright.0), Double(upright.1))
        }
    }

    static func decode(_ bytes: [UInt8], maxPixels: Int) throws(ImageError) -> Bitmap {
        // libjpeg's working memory (a progressive file keeps every coefficient: 2 bytes a sample,
        // up to 4 samples a pixel) is bounded by the same pixel budget as the output.
        let (budget, overflow) = maxPixels.multipliedReportingOverflow(by: 8)
        let maxMemory = overflow ? Int.max : budget + headerMemory
        return try withHeader(bytes, maxMemory: maxMemory) { jpeg throws(ImageError) in
            let (width, height) = (Int(folio_jpeg_get_width(jpeg)), Int(folio_jpeg_get_height(jpeg)))
            try Bitmap.checkSize(width: width, height: height, maxPixels: maxPixels)
            let orientation = orientation(jpeg)  // before decoding, which frees the saved markers
            var bitmap = Bitmap(transparentWidth: width, height: height)
            let stride = bitmap.stride
            let status = bitmap.pixels.withUnsafeMutableBufferPointer { folio_jpeg_decode(jpeg, $0.baseAddress, stride) }
            try check(status, jpeg, width: width, height: height)
            return bitmap.oriented(orientation)
        }
    }

    /// Enough for Huffman tables, saved APP1 markers and one row of a large image.
    private static let headerMemory = 16 << 20

    /// Opens the decompressor over the bytes (kept alive for its whole use) and reads the header.
    private static func withHeader<R>(_ bytes: [UInt8], maxMemory: Int,
                                      _ body: (OpaquePointer) throws(ImageError) -> R) throws(ImageError) -> R {
        let result: Result<R, ImageError> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let jpeg = folio_jpeg_open(base, buffer.count, maxMemory) else {
                return .failure(.corrupt("JPEG could not be opened"))
            }
            defer { folio_jpeg_close(jpeg) }
            do throws(ImageError) {
                try check(folio_jpeg_get_status(jpeg), jpeg, width: 0, height: 0)
                return .success(try body(jpeg))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func check(_ status: folio_jpeg_status, _ jpeg: OpaquePointer, width: Int, height: Int) throws(ImageError) {
        switch status {
        case FOLIO_JPEG_OK: return
        case FOLIO_JPEG_UNSUPPORTED: throw .unsupported
        case FOLIO_JPEG_NO_MEMORY: throw .tooLarge(width: width, height: height, limit: nil)
        default: throw .corrupt("JPEG: " + String(cString: folio_jpeg_get_message(jpeg)))
        }
    }

    private static func orientation(_ jpeg: OpaquePointer) -> EXIFOrientation {
        var size = 0
        guard let exif = folio_jpeg_get_exif(jpeg, &size) else { return .up }
        return EXIFOrientation(app1: UnsafeBufferPointer(start: exif, count: size))
    }
}
