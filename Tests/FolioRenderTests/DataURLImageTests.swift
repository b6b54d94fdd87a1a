import FolioCore
import FolioImage
import FolioLayout
import FolioPublication
import FolioStyle
import FolioTestSupport
import Foundation
import Testing
@testable import FolioRender

/// Images carried in `data:` URLs are decoded and drawn like image files: the fixture
/// `data-url-images` has a red 80×40 PNG in base64, a blue 120×30 SVG percent-encoded, and a
/// base64 payload that is no image.
@Suite struct DataURLImageTests {
    static func layOut() throws -> (page: Page, images: BookImages, publication: Publication) {
        try RenderSupport.firstPage(ofFixture: "data-url-images")
    }

    static func images(_ page: Page) -> [ImageItem] {
        page.frame.items.compactMap { item -> ImageItem? in
            if case .image(let image) = item { return image }
            return nil
        }
    }

    /// The broken one is a framed placeholder (an image item with no file) with its alt text,
    /// which page text keeps.
    @Test func bothImagesAreLaidOutAtTheirSizesAndTheBrokenOneIsAPlaceholder() throws {
        let (page, _, publication) = try Self.layOut()
        let all = Self.images(page)
        let images = all.filter { $0.path != nil }
        #expect(images.count == 2)
        #expect(images.allSatisfy { $0.path?.hasPrefix("EPUB/text.xhtml#folio-data-") == true })
        #expect(images.map(\.rect.width) == [80, 120] && images.map(\.rect.height) == [40, 30])
        #expect(images.map(\.alt) == ["A red block", "A blue bar"])
        let placeholder = try #require(all.first { $0.path == nil })
        #expect(placeholder.alt == "a broken picture")
        #expect(placeholder.rect.width > 60 && placeholder.rect.width < 200 && placeholder.rect.height >= 16, "\(placeholder.rect)")
        #expect(page.text.contains("a broken picture and the end"))
        let warning = try #require(publication.diagnostics.warnings.first { $0.code == "layout.image-missing" })
        #expect(warning.message.contains("data: URL") && warning.location == "EPUB/text.xhtml:9")
    }

    @Test func theImagesAreDrawnInTheirColours() throws {
        let (page, images, _) = try Self.layOut()
        let renderer = PNGRenderer(dpr: 1) { file, width, height in images.bitmap(file, width: width, height: height) }
        let bitmap = try #require(RenderSupport.decodePNG(renderer.render(page.frame)))
        let placed = Self.images(page)
        func pixel(_ image: ImageItem) -> UInt32? {
            bitmap.argb(x: Int(image.rect.x + image.rect.width / 2), y: Int(image.rect.y + image.rect.height / 2))
        }
        #expect(pixel(placed[0]) == 0xFFC8_1414, "red (200, 20, 20)")
        #expect(pixel(placed[1]) == 0xFF20_4080, "blue (32, 64, 128)")
    }

    @Test func dataURLsDecodeAsFetchReadsThem() {
        #expect(DataURL.decode("data:,A%20brief%20note")?.bytes == Array("A brief note".utf8))
        #expect(DataURL.decode("data:,A%20brief%20note")?.mediaType == "text/plain")
        #expect(DataURL.decode("data:image/png;base64,iVBO%2Bw==")?.bytes == [0x89, 0x50, 0x4E, 0xFB], "%2B is a +")
        #expect(DataURL.decode("DATA:Text/HTML;charset=utf-8;base64, SGk= ")?.mediaType == "text/html")
        #expect(DataURL.decode("data:text/plain;base64,SGk=")?.bytes == Array("Hi".utf8))
        #expect(DataURL.decode("http://example.org/a.png") == nil)
        #expect(DataURL.decode("data:no comma") == nil)
        #expect(DataURL.decode("data:,%zz%4")?.bytes == Array("%zz%4".utf8), "a % without two hex digits stays")
        #expect(DataURL.decode("data:;base64," + String(repeating: "QUFB", count: 100), limit: 100) == nil, "300 bytes past a limit of 100")
    }
}

/// An image in a format Folio does not draw is drawn by the first item of its manifest
/// `fallback` chain that it does (W3C pub-foreign_image); a chain that loops without one leaves
/// the framed placeholder with the alt text. Fixture `image-fallback-chain`.
@Suite struct ImageFallbackChainTests {
    @Test func aPhotoshopFileIsDrawnByItsPNGFallbackAndALoopIsAPlaceholder() throws {
        let (page, images, _) = try RenderSupport.firstPage(ofFixture: "image-fallback-chain")
        let items = DataURLImageTests.images(page)
        let psd = try #require(items.first { $0.path == "EPUB/star.psd" })
        let png = try #require(images.size("EPUB/star.png"))
        #expect(psd.rect.width == png.width && psd.rect.height == png.height)
        #expect(images.bitmap("EPUB/star.psd", width: Int(png.width), height: Int(png.height)) != nil)
        let loop = try #require(items.first { $0.alt == "no drawable image" })
        #expect(loop.path == nil)
    }
}

