import FolioImage
import FolioStyle

/// Book images arrive as `FolioImage.Bitmap` (Cairo's ARGB32 layout: premultiplied,
/// native-endian `0xAARRGGBB` words), decoded at the device-pixel size of their rectangle,
/// and `PNGRenderer.pixels(_:)` returns a page in the same form.
extension Bitmap {
    /// One pixel as a premultiplied 32-bit word (`0xAARRGGBB`), or nil outside the bitmap.
    public func argb(x: Int, y: Int) -> UInt32? {
        guard x >= 0, y >= 0, x < width, y < height, y * stride + x * 4 + 3 < pixels.count else { return nil }
        return pixel(x: x, y: y)
    }

    /// One pixel un-premultiplied, as an sRGB colour with alpha; nil outside the bitmap.
    public func color(x: Int, y: Int) -> RGBA? {
        guard let word = argb(x: x, y: y) else { return nil }
        let alpha = UInt8(word >> 24)
        func straight(_ shift: UInt32) -> UInt8 {
            let value = UInt32((word >> shift) & 0xFF)
            guard alpha > 0 else { return 0 }
            return UInt8(min(255, (value * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
        }
        return RGBA(red: straight(16), green: straight(8), blue: straight(0), alpha: Double(alpha) / 255)
    }
}
