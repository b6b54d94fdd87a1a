import FolioImage
import Foundation
import Testing

@Suite struct SVGDecodeTests {
    @Test func svgRendersAtItsIntrinsicSize() throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes("red-blue-halves.svg"))
        #expect((bitmap.width, bitmap.height) == (10, 10))
        #expect(bitmap.pixel(x: 2, y: 5) == ARGB.red)
        #expect(bitmap.pixel(x: 7, y: 5) == ARGB.blue)
    }

    @Test func svgRendersAtTheRequestedSize() throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes("red-blue-halves.svg"), size: (width: 20, height: 20))
        #expect((bitmap.width, bitmap.height) == (20, 20))
        #expect(bitmap.pixel(x: 4, y: 10) == ARGB.red)
        #expect(bitmap.pixel(x: 15, y: 10) == ARGB.blue)
    }

    @Test func aViewBoxOnlySVGRendersAtTheViewBoxSize() throws {
        let bitmap = try ImageDecoder.decode(Fixture.bytes("viewbox-only.svg"))
        #expect((bitmap.width, bitmap.height) == (40, 20))
        #expect(bitmap.words.allSatisfy { $0 == ARGB.red })
    }

    /// An `<image>` drawing the 4 × 3 PNG fixture (red top-left pixel) from `href`.
    static func svg(imageHref href: String) -> [UInt8] {
        Array("""
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="4" height="3">
          <image x="0" y="0" width="4" height="3" xlink:href="\(href)"/>
        </svg>
        """.utf8)
    }

    @Test func aDataURLImageIsDrawn() throws {
        // The control for the two tests below: the same document draws an image it is allowed to.
        let png = try Data(contentsOf: Fixture.url("rgba-4x3.png")).base64EncodedString()
        let bitmap = try ImageDecoder.decode(Self.svg(imageHref: "data:image/png;base64," + png))
        #expect(bitmap.pixel(x: 0, y: 0) == ARGB.red)
    }

    @Test func anSVGCannotLoadAFileByAbsoluteURL() throws {
        let bitmap = try ImageDecoder.decode(Self.svg(imageHref: Fixture.url("rgba-4x3.png").absoluteString))
        #expect(bitmap.words.allSatisfy { $0 == ARGB.transparent })
    }

    @Test func anSVGCannotLoadAFileByRelativeURL() throws {
        // The fixture sits beside rgba-4x3.png; from memory there is no base to resolve against.
        let bitmap = try ImageDecoder.decode(Fixture.bytes("relative-image-reference.svg"))
        #expect(bitmap.words.allSatisfy { $0 == ARGB.transparent })
    }

    @Test func anSVGCannotIncludeAFile() throws {
        let document = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude" width="10" height="10">
          <xi:include href="\(Fixture.url("red-blue-halves.svg").absoluteString)" parse="xml"/>
        </svg>
        """
        let bitmap = try ImageDecoder.decode(Array(document.utf8))
        #expect(bitmap.words.allSatisfy { $0 == ARGB.transparent })
    }

    @Test func anSVGCannotReadAFileThroughAnExternalEntity() throws {
        let document = """
        <?xml version="1.0"?>
        <!DOCTYPE svg [ <!ENTITY outside SYSTEM "\(Fixture.url("red-blue-halves.svg").absoluteString)"> ]>
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">&outside;</svg>
        """
        // librsvg 2.54 refuses the document ("Entity 'outside' not defined"); one that rendered
        // it without the entity would do too. Drawing the file's red is what must not happen.
        if let bitmap = try? ImageDecoder.decode(Array(document.utf8)) {
            #expect(bitmap.words.allSatisfy { $0 == ARGB.transparent })
        }
    }

    @Test func entityExpansionIsBounded() throws {
        let start = ContinuousClock.now
        _ = try? ImageDecoder.decode(Fixture.bytes("entity-expansion.svg"))
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test(arguments: ["malformed.svg", "not-svg.xhtml"])
    func markupThatIsNotSVGIsRefused(fixture: String) throws {
        #expect(throws: ImageError.self) { try ImageDecoder.decode(Fixture.bytes(fixture)) }
        #expect(ImageProbe.probe(try Fixture.bytes(fixture)) == nil)
    }
}
