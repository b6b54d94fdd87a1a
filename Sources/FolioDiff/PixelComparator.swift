import FolioImage
import FoundationEssentials
import Glibc

/// Compares two page images pixel by pixel, telling real differences from anti-aliasing noise.
///
/// After pixelmatch (Mapbox, ISC licence; Kotsalou & Mosner, "Anti-aliased pixel and intensity
/// slope detector", 2009): two pixels differ when their perceived colour difference (YIQ)
/// exceeds `threshold`; a differing pixel that is anti-aliasing in either image (it lies
/// between a darker and a brighter neighbour, one of which is a flat area in both images) is
/// counted apart and not as a difference. Sub-pixel shifts of glyph edges are thus not changes,
/// while a changed word (whose solid strokes have no darker neighbour) is.
public struct PixelComparator: Sendable {
    /// The colour difference under which two pixels are the same, 0 (exact) to 1. Half pixelmatch's 0.1, which
    /// takes a light beige and a light blue for one colour; anti-aliasing is told apart separately.
    public var threshold: Double

    public init(threshold: Double = 0.05) {
        self.threshold = min(1, max(0, threshold))
    }

    /// Compares `baseline` with `current`, and with `heatMap` draws where they differ: the
    /// baseline faded to a light grey, differences red, anti-aliasing yellow, masks blue. Pixels outside
    /// the smaller image count as differing. Pixels inside `masks` count as the same (the
    /// images are not changed, so anti-aliasing next to a mask is judged as without it).
    public func compare(_ baseline: Bitmap, _ current: Bitmap, heatMap: Bool = false, masks: [PixelBox] = []) -> (PixelDifference, Bitmap?) {
        let width = max(baseline.width, current.width), height = max(baseline.height, current.height)
        let a = Pixels(baseline), b = Pixels(current)
        var map = heatMap ? [UInt32](repeating: Self.red, count: width * height) : []
        let limit = 35215 * threshold * threshold
        var differing = 0, antiAliased = 0
        var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
        var fade = FadeCache()
        // Unsafe buffers: this loop visits every pixel of a page, and must stay quick in debug builds too.
        a.words.withUnsafeBufferPointer { wa in
            b.words.withUnsafeBufferPointer { wb in
                let va = PixelView(a, wa), vb = PixelView(b, wb)
                map.withUnsafeMutableBufferPointer { heat in
                    let shared = min(a.width, b.width)
                    for y in 0..<height {
                        let row = y * width
                        guard y < a.height, y < b.height else {
                            differing += width
                            box = Self.extend(box, 0, y, width - 1, y)
                            continue  // the heat map is red already
                        }
                        let rowA = y * a.stride, rowB = y * b.stride
                        if a.width == b.width && a.rowEquals(b, y) {
                            if heatMap { for x in 0..<width { heat[row + x] = fade.faded(wa[rowA + x]) } }
                            continue
                        }
                        let masked = masks.isEmpty ? [] : masks.filter { y >= $0.y && y < $0.y + $0.height }
                        for x in 0..<shared {
                            let pa = wa[rowA + x], pb = wb[rowB + x]
                            if pa == pb || abs(Self.delta(pa, pb)) <= limit
                                || (!masked.isEmpty && masked.contains { x >= $0.x && x < $0.x + $0.width }) {
                                if heatMap { heat[row + x] = fade.faded(pa) }
                            } else if va.isAntiAliased(x, y, other: vb) || vb.isAntiAliased(x, y, other: va) {
                                antiAliased += 1
                                if heatMap { heat[row + x] = Self.yellow }
                            } else {
                                differing += 1
                                box = Self.extend(box, x, y, x, y)
                            }
                        }
                        if shared < width {
                            differing += width - shared
                            box = Self.extend(box, shared, y, width - 1, y)
                        }
                    }
                }
            }
        }
        let difference = PixelDifference(differing: differing, antiAliased: antiAliased, total: width * height,
                                          box: box.map { PixelBox(x: $0.x0, y: $0.y0, width: $0.x1 - $0.x0 + 1, height: $0.y1 - $0.y0 + 1) })
        guard heatMap else { return (difference, nil) }
        Self.tint(&map, width: width, height: height, masks: masks)
        let bytes = map.withUnsafeBytes { Array($0) }
        return (difference, Bitmap(width: width, height: height, stride: 4 * width, pixels: bytes))
    }

    static let red: UInt32 = 0xFFE0_0000

    /// Tints the masked pixels of a heat map blue (faded pixels are grey: the grey level keeps
    /// the page's text legible under the tint), so a reviewer sees what was not compared.
    static func tint(_ map: inout [UInt32], width: Int, height: Int, masks: [PixelBox]) {
        guard !masks.isEmpty else { return }
        // Masks overlap (a date's box on both sides): each pixel is tinted once.
        var inside = [Bool](repeating: false, count: width * height)
        for mask in masks {
            let x0 = max(0, mask.x), x1 = min(width, mask.x + mask.width)
            let y0 = max(0, mask.y), y1 = min(height, mask.y + mask.height)
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 { for x in x0..<x1 { inside[y * width + x] = true } }
        }
        for k in map.indices where inside[k] {
            let grey = map[k] & 0xFF
            map[k] = 0xFF00_00FF | (grey * 3 / 4) << 16 | (grey * 7 / 8) << 8
        }
    }

    static let yellow: UInt32 = 0xFFFF_E38A

    private static func extend(_ box: (x0: Int, y0: Int, x1: Int, y1: Int)?, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int)
        -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        guard let box else { return (x0, y0, x1, y1) }
        return (min(box.x0, x0), min(box.y0, y0), max(box.x1, x1), max(box.y1, y1))
    }

    /// `faded` for runs of the same colour (a page is mostly its background) without recomputing it.
    struct FadeCache {
        var input: UInt32 = 0xFFFF_FFFF
        var output: UInt32 = 0xFFFF_FFFF

        mutating func faded(_ pixel: UInt32) -> UInt32 {
            if pixel != input {
                input = pixel
                output = PixelComparator.faded(pixel)
            }
            return output
        }
    }

    /// A pixel of the baseline as a light grey, so red and yellow stand out over the page's shape.
    static func faded(_ pixel: UInt32) -> UInt32 {
        let luma = Self.luma(pixel)
        let grey = UInt32(255 - (255 - luma) * 0.3)
        return 0xFF00_0000 | grey << 16 | grey << 8 | grey
    }

    /// Pixelmatch's colour difference: squared YIQ distance (35215 at most), negative when the
    /// first pixel is the lighter. Colours are blended over white.
    static func delta(_ p: UInt32, _ q: UInt32) -> Double {
        let (r1, g1, b1) = blended(p), (r2, g2, b2) = blended(q)
        let y1 = yiqY(r1, g1, b1), y2 = yiqY(r2, g2, b2)
        let y = y1 - y2
        let i = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
        let q = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
        let d = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -d : d
    }

    static func luma(_ pixel: UInt32) -> Double {
        let (r, g, b) = blended(pixel)
        return yiqY(r, g, b)
    }

    @inline(__always)
    static func yiqY(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }

    /// A premultiplied ARGB pixel over white: `c + (255 − alpha)`.
    @inline(__always)
    static func blended(_ pixel: UInt32) -> (Double, Double, Double) {
        let clear = Double(255 - (pixel >> 24))
        return (Double((pixel >> 16) & 0xFF) + clear, Double((pixel >> 8) & 0xFF) + clear, Double(pixel & 0xFF) + clear)
    }
}

/// How two page images differ.
public struct PixelDifference: Sendable, Hashable {
    /// Pixels that differ beyond the threshold and are not anti-aliasing.
    public var differing: Int
    /// Pixels that differ only as anti-aliasing does (not counted as differences).
    public var antiAliased: Int
    /// Pixels compared (the larger of the two sizes).
    public var total: Int
    /// Where the differing pixels are; nil when none are.
    public var box: PixelBox?

    public init(differing: Int, antiAliased: Int, total: Int, box: PixelBox?) {
        self.differing = differing
        self.antiAliased = antiAliased
        self.total = total
        self.box = box
    }

    /// The share of pixels that differ, 0 to 1.
    public var fraction: Double { total == 0 ? 0 : Double(differing) / Double(total) }
}
