extension Bitmap {
    /// The bitmap turned upright as its EXIF orientation says.
    func oriented(_ orientation: EXIFOrientation) -> Bitmap {
        guard orientation != .up else { return self }
        let (w, h) = (width, height)
        var result = orientation.swapsAxes ? Bitmap(transparentWidth: h, height: w) : Bitmap(transparentWidth: w, height: h)
        let outStride = result.stride
        pixels.withUnsafeBytes { source in
            result.pixels.withUnsafeMutableBytes { target in
                for y in 0..<h {
                    for x in 0..<w {
                        let (dx, dy): (Int, Int)
                        switch orientation {
                        case .up: (dx, dy) = (x, y)
                        case .upMirrored: (dx, dy) = (w - 1 - x, y)
                        case .down: (dx, dy) = (w - 1 - x, h - 1 - y)
                        case .downMirrored: (dx, dy) = (x, h - 1 - y)
                        case .leftMirrored: (dx, dy) = (y, x)
                        case .right: (dx, dy) = (h - 1 - y, x)
                        case .rightMirrored: (dx, dy) = (h - 1 - y, w - 1 - x)
                        case .left: (dx, dy) = (y, w - 1 - x)
                        }
                        let word = source.loadUnaligned(fromByteOffset: y * stride + 4 * x, as: UInt32.self)
                        target.storeBytes(of: word, toByteOffset: dy * outStride + 4 * dx, as: UInt32.self)
                    }
                }
            }
        }
        return result
    }
}
