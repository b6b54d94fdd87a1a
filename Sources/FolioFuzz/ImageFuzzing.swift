import FolioImage

/// Probes an image's header, then decodes it the way pages draw it (SVG at the probed size),
/// with a pixel budget small enough that one input cannot take the fuzzer's memory.
enum ImageFuzzing {
    static let maxPixels = 4_000_000
    /// The largest box an SVG is drawn into here: pages are smaller than this.
    static let largestBox = 2048.0

    static func run(_ bytes: [UInt8]) -> String {
        let info = ImageProbe.probe(bytes)
        if let info {
            // Layout scales and rounds these to pixels: they must be real sizes. Zero is one (an
            // SVG with height="0" draws nothing, and layout gives it no room).
            precondition(info.width.isFinite && info.height.isFinite && info.width >= 0 && info.height >= 0,
                         "probe gave an intrinsic size of \(info.width)×\(info.height)")
        }
        let size = info.map { (width: Int(min($0.width, largestBox).rounded(.up)), height: Int(min($0.height, largestBox).rounded(.up))) }
        let probed = info.map { "probed \($0.format) \($0.width)×\($0.height)" } ?? "probed nothing"
        do {
            let bitmap = try ImageDecoder.decode(bytes, size: size, maxPixels: maxPixels)
            precondition(bitmap.pixels.count >= bitmap.stride * bitmap.height, "bitmap smaller than its rows")
            return "decoded \(bitmap.width)×\(bitmap.height), \(probed)"
        } catch {
            return "refused (\(error)), \(probed)"
        }
    }
}
