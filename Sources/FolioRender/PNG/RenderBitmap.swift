import FolioStyle

/// A raster image in Cairo's ARGB32 layout: 32-bit native-endian words, alpha in the high
/// byte, colour premultiplied by alpha (on x86-64 the bytes of a pixel are B, G, R, A).
/// https://www.cairographics.org/manual/cairo-Image-Surfaces.html#cairo-format-t
///
/// Decoded book images arrive in this form (the renderer asks for them at the device-pixel
/// size of their rectangle), and `PNGRenderer.pixels(_:)` returns a page in it.
public struct RenderBitmap: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// Bytes from one row to the next (at least `4 * width`).
    public var stride: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, stride: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
    }

    /// One pixel as a premultiplied 32-bit word (`0xAARRGGBB`), or nil outside the bitmap.
    public func argb(x: Int, y: Int) -> UInt32? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let at = y * stride + x * 4
        guard at + 3 < pixels.count else { return nil }
        // Native-endian: assemble the word the way the CPU would read it.
        let bytes = (pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3])
        let little = UInt32(bytes.0) | UInt32(bytes.1) << 8 | UInt32(bytes.2) << 16 | UInt32(bytes.3) << 24
        return little.littleEndian == little ? little : little.byteSwapped
    }
}

extension RenderBitmap {
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
