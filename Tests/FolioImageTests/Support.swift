import FolioImage
import Foundation

/// Fixtures of this target, found through `#filePath`.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static func bytes(_ name: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: url(name))) }

    /// Every image fixture that decodes: the ones the hostile-input tests cut and damage.
    static let decodable = [
        "red-blue-16x8.jpg", "progressive-red-blue-16x8.jpg", "exif-orientation-6.jpg", "grayscale.jpg", "cmyk-adobe-red.jpg",
        "rgba-4x3.png", "palette-transparent.png",
        "two-frames.gif", "interlaced.gif", "frame-offset.gif",
        "lossless-rgba-4x3.webp", "lossy-red-blue-16x8.webp", "animated-red-then-blue.webp",
        "lossless-rgba-4x3.avif", "lossless-rgba-4x3.jxl",
        "red-blue-halves.svg", "viewbox-only.svg",
    ]
}

/// ARGB32 words the tests expect (`0xAARRGGBB`, premultiplied).
enum ARGB {
    static let red: UInt32 = 0xFFFF_0000
    static let blue: UInt32 = 0xFF00_00FF
    static let green: UInt32 = 0xFF00_FF00
    static let white: UInt32 = 0xFFFF_FFFF
    static let transparent: UInt32 = 0

    /// Whether every channel of `a` is within `tolerance` of `b` (for lossy formats).
    static func near(_ a: UInt32, _ b: UInt32, tolerance: Int = 12) -> Bool {
        [24, 16, 8, 0].allSatisfy { shift in abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)) <= tolerance }
    }

    static func hex(_ word: UInt32) -> String { "0x" + String(word, radix: 16, uppercase: true) }
}

extension Bitmap {
    /// Every pixel, row by row.
    var words: [UInt32] {
        (0..<height).flatMap { y in (0..<width).map { x in pixel(x: x, y: y) } }
    }
}
