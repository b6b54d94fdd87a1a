/// A palette of at most a given number of colours for an image, by median cut, and each
/// pixel's entry in it: deterministic (no random seeds, no hash order), so the same image
/// always gives the same bytes.
///
/// An image with few enough colours keeps them exactly, in the order they first appear.
/// Otherwise colours are bucketed to 5 bits a channel, the buckets split again and again
/// across the widest channel of the box with the widest range, at its pixel-weighted median,
/// and each box's entry is the mean of its pixels. Heckbert, "Color image quantization for
/// frame buffer display" (SIGGRAPH 1982).
struct MedianCut {
    /// The palette, `0xRRGGBB` each.
    var palette: [UInt32]
    /// Each pixel's index in `palette`, in the order the pixels were given.
    var indices: [UInt8]

    /// Quantises `pixels` (`0xRRGGBB` each) to at most `limit` (≤ 256) colours.
    init(_ pixels: [UInt32], limit: Int = 256) {
        let limit = max(1, min(256, limit))
        if let exact = Self.exact(pixels, limit: limit) {
            self = exact
            return
        }
        // Buckets of 5 bits a channel, with the sums of the colours that fell in each.
        var buckets: [Int: Bucket] = [:]
        for pixel in pixels {
            let key = Self.bucket(of: pixel)
            buckets[key, default: Bucket(key: key)].add(pixel)
        }
        var boxes = [buckets.values.sorted { $0.key < $1.key }]
        while boxes.count < limit {
            // The box with the widest channel range (the first on a tie) is split next.
            var best: (index: Int, channel: Int, range: Int)?
            for (index, box) in boxes.enumerated() where box.count > 1 {
                let (channel, range) = Self.widestChannel(box)
                if range > 0, best.map({ range > $0.range }) ?? true { best = (index, channel, range) }
            }
            guard let best else { break }
            let sorted = boxes[best.index].sorted {
                let (a, b) = ($0.channel(best.channel), $1.channel(best.channel))
                return a != b ? a < b : $0.key < $1.key
            }
            let total = sorted.reduce(0) { $0 + $1.count }
            var running = 0, split = 1
            for (k, bucket) in sorted.enumerated() {
                running += bucket.count
                if running * 2 >= total {
                    split = k + 1
                    break
                }
            }
            split = min(max(1, split), sorted.count - 1)
            boxes[best.index] = Array(sorted[..<split])
            boxes.insert(Array(sorted[split...]), at: best.index + 1)
        }
        var entryOfBucket: [Int: UInt8] = [:]
        palette = boxes.enumerated().map { index, box in
            for bucket in box { entryOfBucket[bucket.key] = UInt8(index) }
            return Self.mean(box)
        }
        indices = pixels.map { entryOfBucket[Self.bucket(of: $0)] ?? 0 }
    }

    /// A colour's 15-bit bucket: the top 5 bits of red, green and blue.
    static func bucket(of pixel: UInt32) -> Int {
        let red: UInt32 = (pixel >> 19) & 31
        let green: UInt32 = (pixel >> 11) & 31
        let blue: UInt32 = (pixel >> 3) & 31
        return Int(red << 10 | green << 5 | blue)
    }

    /// The image's own colours when there are at most `limit` of them.
    private static func exact(_ pixels: [UInt32], limit: Int) -> MedianCut? {
        var entry: [UInt32: UInt8] = [:]
        var palette: [UInt32] = []
        var indices: [UInt8] = []
        indices.reserveCapacity(pixels.count)
        for pixel in pixels {
            if let known = entry[pixel] {
                indices.append(known)
                continue
            }
            guard palette.count < limit else { return nil }
            entry[pixel] = UInt8(palette.count)
            indices.append(UInt8(palette.count))
            palette.append(pixel)
        }
        return MedianCut(palette: palette, indices: indices)
    }

    private init(palette: [UInt32], indices: [UInt8]) {
        self.palette = palette
        self.indices = indices
    }

    /// Pixels that fell in one 15-bit bucket: how many, and their channel sums.
    struct Bucket {
        let key: Int
        var count = 0
        var sums = (0, 0, 0)

        init(key: Int) {
            self.key = key
        }

        mutating func add(_ pixel: UInt32) {
            count += 1
            sums.0 += Int(pixel >> 16 & 0xFF)
            sums.1 += Int(pixel >> 8 & 0xFF)
            sums.2 += Int(pixel & 0xFF)
        }

        /// The bucket's 5-bit level of a channel: 0 red, 1 green, 2 blue.
        func channel(_ channel: Int) -> Int { key >> (10 - 5 * channel) & 31 }
    }

    /// The channel (red, green, blue first on a tie) whose levels spread widest in `box`.
    private static func widestChannel(_ box: [Bucket]) -> (channel: Int, range: Int) {
        var best = (channel: 0, range: -1)
        for channel in 0..<3 {
            var low = Int.max, high = Int.min
            for bucket in box {
                let level = bucket.channel(channel)
                low = min(low, level)
                high = max(high, level)
            }
            if high - low > best.range { best = (channel, high - low) }
        }
        return best
    }

    /// The mean colour of the pixels in a box.
    private static func mean(_ box: [Bucket]) -> UInt32 {
        var count = 0, sums = (0, 0, 0)
        for bucket in box {
            count += bucket.count
            sums.0 += bucket.sums.0
            sums.1 += bucket.sums.1
            sums.2 += bucket.sums.2
        }
        guard count > 0 else { return 0 }
        func average(_ sum: Int) -> UInt32 { UInt32((sum + count / 2) / count) }
        return average(sums.0) << 16 | average(sums.1) << 8 | average(sums.2)
    }
}
