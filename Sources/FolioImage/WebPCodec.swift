import CLibWebP

/// WebP through libwebp (still images) and its demuxer (first frame of an animation).
///
/// https://developers.google.com/speed/webp/docs/riff_container
enum WebPCodec {
    static func probe(_ bytes: [UInt8]) -> (width: Double, height: Double)? {
        guard let features = features(bytes), features.width > 0, features.height > 0 else { return nil }
        return (Double(features.width), Double(features.height))
    }

    static func decode(_ bytes: [UInt8], maxPixels: Int) throws(ImageError) -> Bitmap {
        guard let features = features(bytes) else { throw .corrupt("WebP header is unreadable") }
        // For an animation these are the canvas's size, which the demuxer allocates.
        let (width, height) = (Int(features.width), Int(features.height))
        try Bitmap.checkSize(width: width, height: height, maxPixels: maxPixels)
        return features.has_animation != 0
            ? try firstFrame(bytes, width: width, height: height)
            : try still(bytes, width: width, height: height)
    }

    /// libwebp's premultiplied mode matching Cairo's native-endian ARGB32 word.
    #if _endian(little)
    private static let cairoMode = MODE_bgrA
    #else
    private static let cairoMode = MODE_Argb
    #endif

    private static func features(_ bytes: [UInt8]) -> WebPBitstreamFeatures? {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        return status == VP8_STATUS_OK ? features : nil
    }

    private static func still(_ bytes: [UInt8], width: Int, height: Int) throws(ImageError) -> Bitmap {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw .unsupported }
        var bitmap = Bitmap(transparentWidth: width, height: height)
        let stride = bitmap.stride
        let status = bytes.withUnsafeBufferPointer { input in
            bitmap.pixels.withUnsafeMutableBufferPointer { output in
                config.output.colorspace = cairoMode
                config.output.is_external_memory = 1
                config.output.u.RGBA.rgba = output.baseAddress
                config.output.u.RGBA.stride = Int32(stride)
                config.output.u.RGBA.size = output.count
                defer { WebPFreeDecBuffer(&config.output) }
                return WebPDecode(input.baseAddress, input.count, &config)
            }
        }
        guard status == VP8_STATUS_OK else { throw error(status) }
        guard Int(config.output.width) == width, Int(config.output.height) == height else {
            throw .corrupt("WebP decoded size differs from its header")
        }
        return bitmap
    }

    private static func firstFrame(_ bytes: [UInt8], width: Int, height: Int) throws(ImageError) -> Bitmap {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw .unsupported }
        options.color_mode = cairoMode
        options.use_threads = 0
        let pixels: [UInt8]? = bytes.withUnsafeBufferPointer { input in
            var data = WebPData(bytes: input.baseAddress, size: input.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { return nil }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            var frame: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0,
                  Int(info.canvas_width) == width, Int(info.canvas_height) == height,
                  WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else { return nil }
            return Array(UnsafeBufferPointer(start: frame, count: 4 * width * height))
        }
        guard let pixels else { throw .corrupt("WebP animation's first frame could not be decoded") }
        return Bitmap(width: width, height: height, stride: 4 * width, pixels: pixels)
    }

    private static func error(_ status: VP8StatusCode) -> ImageError {
        switch status {
        case VP8_STATUS_UNSUPPORTED_FEATURE: .unsupported
        case VP8_STATUS_NOT_ENOUGH_DATA: .corrupt("WebP data is truncated")
        case VP8_STATUS_OUT_OF_MEMORY: .corrupt("WebP decoder ran out of memory")
        default: .corrupt("WebP bitstream error (status \(status.rawValue))")
        }
    }
}
