import FolioImage
import FoundationEssentials
import Glibc

extension PixelComparator {
    /// A bitmap's pixels as 32-bit words.
    struct Pixels {
        let width: Int
        let height: Int
        /// Words per row.
        let stride: Int
        let words: [UInt32]

        init(_ bitmap: Bitmap) {
            width = bitmap.width
            height = bitmap.height
            stride = bitmap.stride / 4
            let count = bitmap.pixels.count / 4
            words = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
                bitmap.pixels.withUnsafeBytes { raw in
                    if let source = raw.baseAddress, let target = buffer.baseAddress { memcpy(target, source, count * 4) }
                }
                initialized = count
            }
        }

        /// Whether row `y` is byte for byte the same in both (the common case: checked with memcmp).
        func rowEquals(_ other: Pixels, _ y: Int) -> Bool {
            words.withUnsafeBufferPointer { a in
                other.words.withUnsafeBufferPointer { b in
                    guard let pa = a.baseAddress, let pb = b.baseAddress else { return false }
                    return memcmp(pa + y * stride, pb + y * other.stride, width * 4) == 0
                }
            }
        }
    }

    /// Pixels borrowed for the comparison loop, with pixelmatch's neighbourhood tests. Callers
    /// pass coordinates inside the bitmap.
    struct PixelView {
        let words: UnsafeBufferPointer<UInt32>
        let width: Int
        let height: Int
        let stride: Int

        init(_ pixels: Pixels, _ words: UnsafeBufferPointer<UInt32>) {
            self.words = words
            width = pixels.width
            height = pixels.height
            stride = pixels.stride
        }

        @inline(__always)
        func at(_ x: Int, _ y: Int) -> UInt32 { words[y * stride + x] }

        /// Pixelmatch's test: the pixel has both a darker and a brighter neighbour, at most two
        /// neighbours of its own brightness, and the darkest or brightest neighbour sits in a
        /// flat area (3+ identical neighbours) in both images.
        func isAntiAliased(_ x1: Int, _ y1: Int, other: PixelView) -> Bool {
            let centre = PixelComparator.brightness(at(x1, y1))
            var zeroes = x1 == 0 || y1 == 0 || x1 == width - 1 || y1 == height - 1 ? 1 : 0
            var darkest = 0, brightest = 0
            var darkestAt = (0, 0), brightestAt = (0, 0)
            for y in max(y1 - 1, 0)...min(y1 + 1, height - 1) {
                for x in max(x1 - 1, 0)...min(x1 + 1, width - 1) where x != x1 || y != y1 {
                    let delta = centre - PixelComparator.brightness(at(x, y))
                    if delta == 0 {
                        zeroes += 1
                        if zeroes > 2 { return false }
                    } else if delta < darkest {
                        darkest = delta
                        darkestAt = (x, y)
                    } else if delta > brightest {
                        brightest = delta
                        brightestAt = (x, y)
                    }
                }
            }
            guard darkest != 0, brightest != 0 else { return false }
            return (hasManySiblings(darkestAt.0, darkestAt.1) && other.hasManySiblings(darkestAt.0, darkestAt.1))
                || (hasManySiblings(brightestAt.0, brightestAt.1) && other.hasManySiblings(brightestAt.0, brightestAt.1))
        }

        /// Whether more than two neighbours have exactly this pixel's value (an image edge counts as one).
        func hasManySiblings(_ x1: Int, _ y1: Int) -> Bool {
            guard x1 < width, y1 < height else { return false }
            let centre = at(x1, y1)
            var zeroes = x1 == 0 || y1 == 0 || x1 == width - 1 || y1 == height - 1 ? 1 : 0
            for y in max(y1 - 1, 0)...min(y1 + 1, height - 1) {
                for x in max(x1 - 1, 0)...min(x1 + 1, width - 1) where (x != x1 || y != y1) && at(x, y) == centre {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
            return false
        }
    }

    /// YIQ brightness in fixed point (×65536), over white: only its order and equality matter here.
    @inline(__always)
    static func brightness(_ pixel: UInt32) -> Int {
        let clear = 255 - Int(pixel >> 24)
        return (Int((pixel >> 16) & 0xFF) + clear) * 19588 + (Int((pixel >> 8) & 0xFF) + clear) * 38445 + (Int(pixel & 0xFF) + clear) * 7503
    }
}
