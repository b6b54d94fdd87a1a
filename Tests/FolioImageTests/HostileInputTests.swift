import FolioImage
import Testing

/// Damaged and lying files must give `ImageError` (or a sane bitmap), never a crash, a hang or a
/// huge allocation.
@Suite struct HostileInputTests {
    @Test(arguments: Fixture.decodable.filter { !$0.hasSuffix(".svg") })
    func aFileCutInHalfIsCorrupt(fixture: String) throws {
        let bytes = try Fixture.bytes(fixture)
        #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(bytes.prefix(bytes.count / 2))) }
    }

    @Test(arguments: Fixture.decodable)
    func everyTruncationGivesAnErrorOrAWholeBitmap(fixture: String) throws {
        let bytes = try Fixture.bytes(fixture)
        let whole = try #require(ImageProbe.probe(bytes))
        for length in 0..<bytes.count {
            let cut = Array(bytes.prefix(length))
            if let info = ImageProbe.probe(cut) { #expect(info.format == whole.format) }
            do {
                let bitmap = try ImageDecoder.decode(cut)
                #expect(bitmap.pixels.count >= bitmap.stride * bitmap.height && bitmap.stride >= 4 * bitmap.width)
            } catch {
                // An ImageError: what the test wants.
            }
        }
    }

    @Test(arguments: Fixture.decodable)
    func everyDamagedByteGivesAnErrorOrABitmap(fixture: String) throws {
        let bytes = try Fixture.bytes(fixture)
        for index in bytes.indices {
            for damage: UInt8 in [0xFF, 0x80, 0x01] {
                var damaged = bytes
                damaged[index] ^= damage
                _ = ImageProbe.probe(damaged)
                if let bitmap = try? ImageDecoder.decode(damaged, maxPixels: 1 << 20) {
                    #expect(bitmap.width > 0 && bitmap.height > 0)
                    #expect(bitmap.pixels.count >= bitmap.stride * bitmap.height && bitmap.stride >= 4 * bitmap.width)
                }
            }
        }
    }

    @Test(arguments: [
        ("claims-100000x100000.png", 100_000, 100_000),
        ("claims-65000x65000.jpg", 65_000, 65_000),
        ("claims-65535x65535.gif", 65_535, 65_535),
        ("claims-16383x16383.webp", 16_383, 16_383),
    ])
    func aHeaderClaimingHugeDimensionsIsRefusedBeforeDecoding(fixture: String, width: Int, height: Int) throws {
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            #expect {
                try ImageDecoder.decode(Fixture.bytes(fixture))
            } throws: { error in
                guard case ImageError.tooLarge(let w, let h, _) = error else { return false }
                return (w, h) == (width, height)
            }
        }
        // Allocating (and zeroing) 40 GB would neither be quick nor succeed.
        #expect(elapsed < .seconds(1))
    }

    @Test func refusalsReadAsSentencesNotEnumDumps() throws {
        do {
            _ = try ImageDecoder.decode(Fixture.bytes("claims-65535x65535.gif"))
            Issue.record("the 65,535 × 65,535 GIF was decoded")
        } catch {
            #expect("\(error)" == "the image is 65,535 × 65,535 pixels, over the limit of 50,000,000 pixels")
        }
        #expect("\(ImageError.unsupported)" == "the image is in a format Folio does not decode")
        #expect("\(ImageError.corrupt("GIF has no pixels"))" == "the image cannot be decoded: GIF has no pixels")
    }

    @Test func aPNGChunkClaimingMoreThanTheFileIsRefusedWithoutAllocatingIt() throws {
        // libpng alone allocates and clears the claimed 1.5 GB (about a second here) before failing.
        let bytes = try Fixture.bytes("chunk-claims-1.5-gb.png")
        let elapsed = ContinuousClock().measure {
            #expect(ImageProbe.probe(bytes) == nil)
            #expect {
                try ImageDecoder.decode(bytes)
            } throws: { error in
                guard case ImageError.corrupt(let message) = error else { return false }
                return message.contains("past the end")
            }
        }
        #expect(elapsed < .milliseconds(200))
    }

    @Test func theCallerSetsThePixelLimit() throws {
        #expect {
            try ImageDecoder.decode(Fixture.bytes("red-blue-16x8.jpg"), maxPixels: 127)
        } throws: { error in
            guard case ImageError.tooLarge(16, 8, .some(127)) = error else { return false }
            return true
        }
        #expect(try ImageDecoder.decode(Fixture.bytes("red-blue-16x8.jpg"), maxPixels: 128).width == 16)
    }

    @Test func anSVGRequestedAtAHugeSizeIsRefused() throws {
        #expect {
            try ImageDecoder.decode(Fixture.bytes("red-blue-halves.svg"), size: (width: 100_000, height: 100_000))
        } throws: { error in
            guard case ImageError.tooLarge(100_000, 100_000, _) = error else { return false }
            return true
        }
    }

    @Test func aProgressiveJPEGOfTooManyScansIsRefused() throws {
        // Valid (libjpeg alone decodes all 694 scans), but past TurboJPEG's cap of 500.
        #expect(ImageProbe.probe(try Fixture.bytes("many-scans.jpg")) == ImageInfo(format: .jpeg, width: 8, height: 8))
        #expect {
            try ImageDecoder.decode(Fixture.bytes("many-scans.jpg"))
        } throws: { error in
            guard case ImageError.corrupt(let message) = error else { return false }
            return message.contains("too many scans")
        }
    }

    @Test(arguments: ["zero-width.png", "zero-height.jpg"])
    func zeroDimensionsAreCorrupt(fixture: String) throws {
        #expect {
            try ImageDecoder.decode(Fixture.bytes(fixture))
        } throws: { error in
            guard case ImageError.corrupt = error else { return false }
            return true
        }
    }

    @Test func bytesThatAreNoImageAreUnsupported() throws {
        for bytes in [[], Array("plain text".utf8), [0x00, 0x00, 0x01, 0x00]] as [[UInt8]] {
            #expect {
                try ImageDecoder.decode(bytes)
            } throws: { error in
                guard case ImageError.unsupported = error else { return false }
                return true
            }
        }
    }
}
