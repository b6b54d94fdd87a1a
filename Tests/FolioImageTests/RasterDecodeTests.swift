import FolioImage
import Testing

@Suite struct RasterDecodeTests {
    @Test(arguments: ["red-blue-16x8.jpg", "progressive-red-blue-16x8.jpg", "lossy-red-blue-16x8.webp"])
    func lossyImagesDecodeToTheirColours(fixture: String) throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes(fixture))
        try #require((bitmap.width, bitmap.height, bitmap.stride) == (16, 8, 64))
        #expect(ARGB.near(bitmap.pixel(x: 2, y: 4), ARGB.red), "\(ARGB.hex(bitmap.pixel(x: 2, y: 4)))")
        #expect(ARGB.near(bitmap.pixel(x: 13, y: 4), ARGB.blue), "\(ARGB.hex(bitmap.pixel(x: 13, y: 4)))")
    }

    /// The stored image is red on the left, blue on the right.
    @Test(arguments: [
        ("exif-orientation-6.jpg", 8, 16, ARGB.red, ARGB.blue),    // left side turned to the top
        ("exif-orientation-8.jpg", 8, 16, ARGB.blue, ARGB.red),    // left side turned to the bottom
        ("exif-orientation-3.jpg", 16, 8, ARGB.blue, ARGB.red),    // upside down: left is now right
    ])
    func jpegPixelsAreTurnedAsExifSays(fixture: String, width: Int, height: Int, first: UInt32, last: UInt32) throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes(fixture))
        try #require((bitmap.width, bitmap.height) == (width, height))
        let (start, end) = width > height ? ((2, 4), (13, 4)) : ((4, 2), (4, 13))
        #expect(ARGB.near(bitmap.pixel(x: start.0, y: start.1), first))
        #expect(ARGB.near(bitmap.pixel(x: end.0, y: end.1), last))
    }

    @Test func grayscaleJPEGDecodesToEqualChannels() throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes("grayscale.jpg"))
        #expect(bitmap.words.allSatisfy { ARGB.near($0, 0xFF80_8080, tolerance: 2) })
    }

    @Test func adobeCMYKJPEGDecodesWithInvertedInks() throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes("cmyk-adobe-red.jpg"))
        #expect((bitmap.width, bitmap.height) == (8, 8))
        #expect(bitmap.words.allSatisfy { ARGB.near($0, ARGB.red) }, "\(ARGB.hex(bitmap.pixel(x: 0, y: 0)))")
    }

    /// Row 0: red, green at alpha 128, transparent blue, white; rows 1–2 blue. Exact: lossless.
    /// The AVIF and JPEG XL files are rgba-4x3.png encoded by `avifenc --lossless` and `cjxl -d 0`.
    @Test(arguments: ["rgba-4x3.png", "lossless-rgba-4x3.webp", "lossless-rgba-4x3.avif", "lossless-rgba-4x3.jxl"])
    func losslessImagesDecodeToPremultipliedARGB(fixture: String) throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes(fixture))
        #expect((bitmap.width, bitmap.height, bitmap.stride, bitmap.pixels.count) == (4, 3, 16, 48))
        #expect(bitmap.words.map(ARGB.hex) == [
            ARGB.red, 0x8000_8000, ARGB.transparent, ARGB.white,
            ARGB.blue, ARGB.blue, ARGB.blue, ARGB.blue,
            ARGB.blue, ARGB.blue, ARGB.blue, ARGB.blue,
        ].map(ARGB.hex))
    }

    @Test func aRedPNGPixelIsFFFF0000AsANativeWord() throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes("rgba-4x3.png"))
        let word = bitmap.pixels.withUnsafeBytes { $0.load(as: UInt32.self) }
        #expect(word == 0xFFFF_0000)
    }

    @Test func paletteTransparencyBecomesAlpha() throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes("palette-transparent.png"))
        #expect(bitmap.words == [ARGB.red, ARGB.transparent])
    }

    @Test func gifDecodesItsFirstFrameWithTransparency() throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes("two-frames.gif"))
        #expect((bitmap.width, bitmap.height) == (4, 2))
        #expect(bitmap.words == [ARGB.red, ARGB.red, ARGB.red, ARGB.transparent, ARGB.blue, ARGB.blue, ARGB.blue, ARGB.blue])
    }

    @Test func interlacedGIFRowsLandInPlace() throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes("interlaced.gif"))
        let colours = [ARGB.red, ARGB.blue, ARGB.green]
        #expect((0..<10).map { bitmap.pixel(x: 1, y: $0) } == (0..<10).map { colours[$0 % 3] })
    }

    @Test func aGIFFrameSitsAtItsOffsetOnATransparentCanvas() throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes("frame-offset.gif"))
        #expect((bitmap.width, bitmap.height) == (6, 6))
        let red = Set((2...3).flatMap { y in (2...3).map { x in y * 6 + x } })
        #expect(bitmap.words.enumerated().allSatisfy { $0.element == (red.contains($0.offset) ? ARGB.red : ARGB.transparent) })
    }

    @Test func aGIFFrameLargerThanItsScreenIsDecodedWhole() throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes("frame-larger-than-screen.gif"))
        #expect((bitmap.width, bitmap.height) == (3, 2))
        #expect(bitmap.words == Array(repeating: ARGB.blue, count: 6))
    }

    @Test func animatedWebPDecodesItsFirstFrame() throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes("animated-red-then-blue.webp"))
        #expect((bitmap.width, bitmap.height) == (4, 4))
        #expect(bitmap.words == Array(repeating: ARGB.red, count: 16))
    }

    @Test func decodingInParallelGivesTheSamePixels() async throws {
        let fixtures = Fixture.decodable
        let serial = try fixtures.map { try ImageDecoder.decode(Fixture.bytes($0)).pixels }
        let parallel = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for _ in 0..<4 {
                for (index, name) in fixtures.enumerated() {
                    let bytes = try Fixture.bytes(name)
                    group.addTask { (index, try ImageDecoder.decode(bytes).pixels) }
                }
            }
            var results: [(Int, [UInt8])] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(parallel.count == 4 * fixtures.count)
        #expect(parallel.allSatisfy { serial[$0.0] == $0.1 })
    }
}
