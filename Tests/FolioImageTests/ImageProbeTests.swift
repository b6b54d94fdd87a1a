import FolioImage
import Testing

@Suite struct ImageProbeTests {
    @Test(arguments: [
        ("red-blue-16x8.jpg", ImageFormat.jpeg, 16.0, 8.0),
        ("progressive-red-blue-16x8.jpg", .jpeg, 16, 8),
        ("rgba-4x3.png", .png, 4, 3),
        ("two-frames.gif", .gif, 4, 2),
        ("lossless-rgba-4x3.webp", .webp, 4, 3),
        ("lossy-red-blue-16x8.webp", .webp, 16, 8),
        ("animated-red-then-blue.webp", .webp, 4, 4),
        ("lossless-rgba-4x3.avif", .avif, 4, 3),
        ("lossless-rgba-4x3.jxl", .jxl, 4, 3),
        ("red-blue-halves.svg", .svg, 10, 10),
    ])
    func eachFormatReportsItsSizeFromItsHeader(fixture: String, format: ImageFormat, width: Double, height: Double) throws {
        let info = try #require(ImageProbe.probe(Fixture.bytes(fixture)))
        #expect(info == ImageInfo(format: format, width: width, height: height))
    }

    /// Layout reads only an image's first bytes for its size: a PNG cut inside its image data
    /// still gives its size read as a beginning, and is refused read as a whole file (its data
    /// chunk runs past the end), as a truncated file is.
    @Test func aPNGsBeginningGivesItsSizeAndTheSameBytesAsAWholeFileDoNot() throws {
        let whole = try Fixture.bytes("rgba-4x3.png")
        let dataChunk = try #require(whole.indices.first { whole[$0..<min($0 + 4, whole.count)].elementsEqual("IDAT".utf8) })
        let cut = Array(whole.prefix(dataChunk + 6))
        #expect(ImageProbe.probe(cut, complete: false) == ImageInfo(format: .png, width: 4, height: 3))
        #expect(ImageProbe.probe(cut) == nil)
        // The beginnings of other formats give what their whole files give.
        for name in ["red-blue-16x8.jpg", "exif-orientation-6.jpg", "two-frames.gif", "lossy-red-blue-16x8.webp"] {
            let bytes = try Fixture.bytes(name)
            #expect(ImageProbe.probe(bytes, complete: false) == ImageProbe.probe(bytes), "\(name)")
        }
    }

    @Test(arguments: [
        ("exif-orientation-6.jpg", 8.0, 16.0),  // turned a quarter clockwise: axes swap
        ("exif-orientation-8.jpg", 8, 16),      // a quarter anticlockwise (little-endian EXIF)
        ("exif-orientation-3.jpg", 16, 8),      // half a turn: axes stay
    ])
    func exifOrientationFiveToEightSwapsWidthAndHeight(fixture: String, width: Double, height: Double) throws {
        let info = try #require(ImageProbe.probe(Fixture.bytes(fixture)))
        #expect((info.width, info.height) == (width, height))
    }

    @Test(arguments: [
        ("width-height-in-units.svg", 192.0, 96.0),      // 2in × 72pt at 96 px an inch
        ("viewbox-only.svg", 40, 20),                    // the viewBox size
        ("width-and-viewbox.svg", 100, 50),              // width, and height from the viewBox ratio
        ("percent-size-and-viewbox.svg", 30, 10),        // percentages need a viewport: the viewBox decides
        ("no-size.svg", 300, 150),                       // CSS's default object size
    ])
    func svgSizeComesFromWidthHeightOrViewBox(fixture: String, width: Double, height: Double) throws {
        let info = try #require(ImageProbe.probe(Fixture.bytes(fixture)))
        #expect(info.format == .svg)
        #expect(abs(info.width - width) < 0.001 && abs(info.height - height) < 0.001, "\(info)")
    }

    @Test func aGIFWhoseFrameOutgrowsItsScreenTakesTheFrameSize() throws {
        let info = try #require(ImageProbe.probe(Fixture.bytes("frame-larger-than-screen.gif")))
        #expect((info.width, info.height) == (3, 2))
    }

    @Test func theFormatIsSniffedFromTheBytes() throws {
        #expect(ImageFormat(sniffing: try Fixture.bytes("two-frames.gif")) == .gif)
        #expect(ImageFormat(sniffing: try Fixture.bytes("lossy-red-blue-16x8.webp")) == .webp)
        #expect(ImageFormat(sniffing: Array("\u{FEFF}  <svg/>".utf8)) == .svg)
        // AVIF by its ftyp brands (major or compatible), JPEG XL bare or in its container.
        #expect(ImageFormat(sniffing: try Fixture.bytes("lossless-rgba-4x3.avif")) == .avif)
        let compatible: [UInt8] = [0, 0, 0, 24] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("miafavif".utf8)
        #expect(ImageFormat(sniffing: compatible) == .avif)
        #expect(ImageFormat(sniffing: [0, 0, 0, 20] + Array("ftypisom".utf8) + [0, 0, 0, 0] + Array("mp41".utf8)) == nil)
        #expect(ImageFormat(sniffing: try Fixture.bytes("lossless-rgba-4x3.jxl")) == .jxl)
        #expect(ImageFormat(sniffing: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A, 0, 0]) == .jxl)
        // A signature alone is not an image: the library must read a header after it.
        #expect(ImageFormat(sniffing: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]) == .png)
        #expect(ImageProbe.probe([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]) == nil)
        #expect(ImageProbe.probe(Array("image/png, or so the manifest said".utf8)) == nil)
        #expect(ImageProbe.probe([]) == nil)
    }

    @Test(arguments: [
        ("claims-100000x100000.png", 100_000.0, 100_000.0),
        ("claims-65000x65000.jpg", 65_000, 65_000),
        ("claims-65535x65535.gif", 65_535, 65_535),
        ("claims-16383x16383.webp", 16_383, 16_383),
    ])
    func probingAHugeHeaderReportsItWithoutDecoding(fixture: String, width: Double, height: Double) throws {
        let info = try #require(ImageProbe.probe(Fixture.bytes(fixture)))
        #expect((info.width, info.height) == (width, height))
    }

    @Test(arguments: ["zero-width.png", "zero-height.jpg", "malformed.svg"])
    func headersWithoutPixelsProbeAsNothing(fixture: String) throws {
        #expect(ImageProbe.probe(try Fixture.bytes(fixture)) == nil)
    }
}
