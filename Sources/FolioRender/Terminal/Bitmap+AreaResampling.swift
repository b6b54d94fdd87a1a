import FolioImage
import FolioStyle

/// Scaling book images to the few pixels a terminal shows them with.
extension Bitmap {
    /// The bitmap scaled to `width`×`height` with a box (area-averaging) filter: each output
    /// pixel is the mean of the source pixels under it, each weighted by the share of it that
    /// is covered. Averaging premultiplied words keeps transparent pixels from darkening the
    /// edges. Downscaling by large factors (a photo into 40 columns) keeps every source pixel's
    /// contribution, where point sampling would alias; upscaling repeats pixels.
    /// Nil for an empty size or a bitmap whose pixels do not match its dimensions.
    public func areaResampled(width: Int, height: Int) -> Bitmap? {
        guard width > 0, height > 0, self.width > 0, self.height > 0, stride >= self.width * 4,
              pixels.count >= stride * (self.height - 1) + self.width * 4 else { return nil }
        let across = Self.areaWeights(source: self.width, destination: width)
        let down = Self.areaWeights(source: self.height, destination: height)
        let sourceHeight = self.height, sourceStride = stride

        // Rows first: every source row shrunk to `width` pixels, four channels each.
        var rows = [Float](repeating: 0, count: sourceHeight * width * 4)
        pixels.withUnsafeBytes { source in
            rows.withUnsafeMutableBufferPointer { out in
                for y in 0..<sourceHeight {
                    for x in 0..<width {
                        var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for (index, weight) in across[x] {
                            let word = source.loadUnaligned(fromByteOffset: y * sourceStride + index * 4, as: UInt32.self)
                            sum.0 += weight * Float(word >> 24)
                            sum.1 += weight * Float((word >> 16) & 0xFF)
                            sum.2 += weight * Float((word >> 8) & 0xFF)
                            sum.3 += weight * Float(word & 0xFF)
                        }
                        let at = (y * width + x) * 4
                        (out[at], out[at + 1], out[at + 2], out[at + 3]) = sum
                    }
                }
            }
        }
        // Then columns: each output row is a weighted sum of shrunk source rows.
        var result = [UInt8](repeating: 0, count: width * height * 4)
        rows.withUnsafeBufferPointer { rows in
            result.withUnsafeMutableBytes { out in
                for y in 0..<height {
                    for x in 0..<width {
                        var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for (index, weight) in down[y] {
                            let at = (index * width + x) * 4
                            sum.0 += weight * rows[at]
                            sum.1 += weight * rows[at + 1]
                            sum.2 += weight * rows[at + 2]
                            sum.3 += weight * rows[at + 3]
                        }
                        func byte(_ value: Float) -> UInt32 { UInt32(min(255, max(0, value.rounded()))) }
                        let alpha = byte(sum.0)
                        // Premultiplied channels never exceed alpha (rounding could push them over).
                        let word = alpha << 24 | min(alpha, byte(sum.1)) << 16 | min(alpha, byte(sum.2)) << 8 | min(alpha, byte(sum.3))
                        out.storeBytes(of: word, toByteOffset: (y * width + x) * 4, as: UInt32.self)
                    }
                }
            }
        }
        return Bitmap(width: width, height: height, stride: width * 4, pixels: result)
    }

    /// For each of `destination` pixels along one axis, the source pixels it covers and the
    /// share each contributes (the shares add up to 1).
    static func areaWeights(source: Int, destination: Int) -> [[(index: Int, weight: Float)]] {
        let scale = Double(source) / Double(destination)
        return (0..<destination).map { d in
            let start = Double(d) * scale, end = Double(d + 1) * scale
            var weights: [(index: Int, weight: Float)] = []
            var s = Int(start.rounded(.down))
            while Double(s) < end && s < source {
                let overlap = min(end, Double(s + 1)) - max(start, Double(s))
                if overlap > 1e-9 { weights.append((s, Float(overlap / scale))) }
                s += 1
            }
            return weights
        }
    }

    /// The pixels of `columns`×`rows` from (`x`, `y`) on, or nil when that is not inside.
    public func cropped(x: Int, y: Int, width columns: Int, height rows: Int) -> Bitmap? {
        guard x >= 0, y >= 0, columns > 0, rows > 0, x + columns <= width, y + rows <= height,
              pixels.count >= stride * (height - 1) + width * 4 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(columns * rows * 4)
        for row in y..<(y + rows) {
            let start = row * stride + x * 4
            out.append(contentsOf: pixels[start..<(start + columns * 4)])
        }
        return Bitmap(width: columns, height: rows, stride: columns * 4, pixels: out)
    }

    /// The pixel at (`x`, `y`) laid over an opaque `background`, or nil when it is (nearly)
    /// transparent: less than a quarter covered, it is better left to the terminal's own
    /// background than drawn as a faint blend.
    func opaqueColor(x: Int, y: Int, over background: RGBA) -> RGBA? {
        guard let word = argb(x: x, y: y) else { return nil }
        let alpha = word >> 24
        guard alpha >= 64 else { return nil }
        func channel(_ shift: UInt32, _ base: UInt8) -> UInt8 {
            // Premultiplied source over an opaque base: s + b × (1 − a).
            let value = (word >> shift) & 0xFF
            return UInt8(min(255, value + (UInt32(base) * (255 - alpha) + 127) / 255))
        }
        return RGBA(red: channel(16, background.red), green: channel(8, background.green), blue: channel(0, background.blue))
    }
}
