import CModernImage

/// AVIF through libavif and JPEG XL through libjxl, both opened on first use
/// (`Sources/CModernImage`); first frame of a sequence or animation.
///
/// https://aomediacodec.github.io/av1-avif/ · https://jpeg.org/jpegxl/
enum ModernImageCodec {
    enum Kind {
        case avif, jxl

        var name: String { self == .avif ? "AVIF" : "JPEG XL" }
    }

    static func probe(_ bytes: [UInt8], _ kind: Kind) -> (width: Double, height: Double)? {
        var width: UInt32 = 0, height: UInt32 = 0
        let message = bytes.withUnsafeBufferPointer { input -> UnsafePointer<CChar>? in
            switch kind {
            case .avif: folio_avif_probe(input.baseAddress, input.count, &width, &height)
            case .jxl: folio_jxl_probe(input.baseAddress, input.count, &width, &height)
            }
        }
        guard message == nil, width > 0, height > 0 else { return nil }
        return (Double(width), Double(height))
    }

    static func decode(_ bytes: [UInt8], _ kind: Kind, maxPixels: Int) throws(ImageError) -> Bitmap {
        var width: UInt32 = 0, height: UInt32 = 0
        let problem = bytes.withUnsafeBufferPointer { input -> UnsafePointer<CChar>? in
            switch kind {
            case .avif: folio_avif_probe(input.baseAddress, input.count, &width, &height)
            case .jxl: folio_jxl_probe(input.baseAddress, input.count, &width, &height)
            }
        }
        if let problem { throw error(problem, kind) }
        try Bitmap.checkSize(width: Int(width), height: Int(height), maxPixels: maxPixels)
        let limit = UInt32(clamping: maxPixels)
        var bitmap = Bitmap(transparentWidth: Int(width), height: Int(height))
        let stride = bitmap.stride
        let message = bytes.withUnsafeBufferPointer { input in
            bitmap.pixels.withUnsafeMutableBufferPointer { output -> UnsafePointer<CChar>? in
                switch kind {
                case .avif: folio_avif_decode(input.baseAddress, input.count, width, height, limit, output.baseAddress, stride, output.count)
                case .jxl: folio_jxl_decode(input.baseAddress, input.count, width, height, limit, output.baseAddress, stride, output.count)
                }
            }
        }
        if let message { throw error(message, kind) }
        return bitmap
    }

    private static func error(_ message: UnsafePointer<CChar>, _ kind: Kind) -> ImageError {
        let text = String(cString: message)
        return text.contains("not installed") ? .corrupt(text) : .corrupt("\(kind.name): \(text)")
    }
}
