/// Decoded pixels in Cairo's `CAIRO_FORMAT_ARGB32` layout, ready for `cairo_image_surface_create_for_data`.
///
/// Each pixel is a native-endian 32-bit word `0xAARRGGBB` with premultiplied alpha (B, G, R, A bytes
/// on little-endian machines); rows are `stride` bytes apart.
/// https://www.cairographics.org/manual/cairo-Image-Surfaces.html#cairo-format-t
public struct Bitmap: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var stride: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, stride: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
    }

    /// A transparent bitmap with rows packed (`stride == 4 * width`).
    init(transparentWidth width: Int, height: Int) {
        self.init(width: width, height: height, stride: 4 * width, pixels: [UInt8](repeating: 0, count: 4 * width * height))
    }

    /// The pixel at column `x`, row `y` as `0xAARRGGBB`.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the bitmap")
        return pixels.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: y * stride + 4 * x, as: UInt32.self) }
    }

    /// Refuses sizes that are empty, or larger than `maxPixels`, before anything is allocated.
    static func checkSize(width: Int, height: Int, maxPixels: Int) throws(ImageError) {
        guard width > 0, height > 0 else { throw .corrupt("image has no pixels (\(width) × \(height))") }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        // 4 bytes a pixel must also fit the Int32 row strides and sizes the C libraries take.
        guard !overflow, count <= maxPixels, width <= Int(Int32.max) / 4 else {
            throw .tooLarge(width: width, height: height, limit: maxPixels)
        }
    }

    /// Scales colour channels by alpha, for libraries that return straight (unassociated) alpha.
    mutating func premultiply() {
        let rowPixels = width
        let stride = self.stride
        pixels.withUnsafeMutableBytes { raw in
            for y in 0..<height {
                for x in 0..<rowPixels {
                    let offset = y * stride + 4 * x
                    let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                    let alpha = word >> 24
                    guard alpha != 255 else { continue }
                    func scaled(_ shift: UInt32) -> UInt32 {
                        let channel = (word >> shift) & 0xFF
                        return ((channel * alpha + 127) / 255) << shift  // parentheses: << binds tighter than /
                    }
                    let result = alpha == 0 ? 0 : alpha << 24 | scaled(16) | scaled(8) | scaled(0)
                    raw.storeBytes(of: result, toByteOffset: offset, as: UInt32.self)
                }
            }
        }
    }
}
