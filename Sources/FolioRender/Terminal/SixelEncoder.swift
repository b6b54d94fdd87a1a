import FolioImage
import FolioStyle

/// Writes a bitmap as a DEC sixel image: a palette of at most 256 colour registers chosen by
/// median cut, then bands six pixels tall, each painted colour by colour with repeated
/// characters run-length encoded.
/// https://vt100.net/docs/vt3xx-gp/chapter14.html
public enum SixelEncoder {
    /// The DCS sequence showing `bitmap` at the cursor at its own pixel size. Pixels are laid
    /// over `background` (a sixel pixel is either painted or left alone). `P2 = 1` leaves the
    /// unpainted rows of the last band showing what was there; the raster attributes
    /// (`"1;1;W;H`) give square pixels and the image's size.
    public static func encode(_ bitmap: Bitmap, background: RGBA = .white, colors: Int = 256) -> [UInt8] {
        let width = bitmap.width, height = bitmap.height
        guard width > 0, height > 0 else { return [] }
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let color = bitmap.opaqueColor(x: x, y: y, over: background) ?? background
                pixels.append(UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue))
            }
        }
        let quantized = MedianCut(pixels, limit: colors)
        var out = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        for (index, color) in quantized.palette.enumerated() {
            func percent(_ shift: UInt32) -> Int { (Int(color >> shift & 0xFF) * 100 + 127) / 255 }
            out += Array("#\(index);2;\(percent(16));\(percent(8));\(percent(0))".utf8)
        }
        var sixels = [[UInt8]](repeating: [], count: quantized.palette.count)
        for top in stride(from: 0, to: height, by: 6) {
            // Each colour's six-pixel columns across the band: bit k is row top + k.
            var used: [Int] = []
            for k in 0..<min(6, height - top) {
                let row = (top + k) * width
                for x in 0..<width {
                    let index = Int(quantized.indices[row + x])
                    if sixels[index].isEmpty {
                        sixels[index] = [UInt8](repeating: 0, count: width)
                        used.append(index)
                    }
                    sixels[index][x] |= 1 << k
                }
            }
            for (n, index) in used.sorted().enumerated() {
                if n > 0 { out.append(UInt8(ascii: "$")) }  // back to the band's left edge
                out += Array("#\(index)".utf8)
                appendRuns(sixels[index], to: &out)
                sixels[index] = []
            }
            if top + 6 < height { out.append(UInt8(ascii: "-")) }  // the next band
        }
        out += Array("\u{1B}\\".utf8)
        return out
    }

    /// One colour's sixels, `?` (nothing) to `~` (all six), runs of four or more as `!n c`,
    /// with nothing written after the last painted column.
    static func appendRuns(_ bits: [UInt8], to out: inout [UInt8]) {
        guard let last = bits.lastIndex(where: { $0 != 0 }) else { return }
        var x = 0
        while x <= last {
            var end = x + 1
            while end <= last, bits[end] == bits[x] { end += 1 }
            let character = 63 + bits[x]
            let run = end - x
            if run >= 4 {
                out += Array("!\(run)".utf8)
                out.append(character)
            } else {
                out += [UInt8](repeating: character, count: run)
            }
            x = end
        }
    }
}
