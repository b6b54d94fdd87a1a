import FolioImage
import FolioLayout
import FolioTestSupport
import Testing
@testable import FolioRender

/// AVIF and JPEG XL, core media types since EPUB 3.4: the fixture `avif-jxl-images` has a red
/// 80×40 AVIF and a blue 120×30 JPEG XL (both lossless, so their colours are exact).
@Suite struct ModernImageTests {
    @Test func bothImagesAreLaidOutAtTheirSizesAndDrawnInTheirColours() throws {
        let (page, images, publication) = try RenderSupport.firstPage(ofFixture: "avif-jxl-images")
        let placed = page.frame.items.compactMap { item -> ImageItem? in
            if case .image(let image) = item { return image }
            return nil
        }
        #expect(placed.map(\.path) == ["EPUB/red.avif", "EPUB/blue.jxl"])
        #expect(placed.map(\.rect.width) == [80, 120] && placed.map(\.rect.height) == [40, 30])
        #expect(!publication.diagnostics.warnings.contains { $0.code.hasPrefix("layout.image") }, "\(publication.diagnostics.warnings)")
        let renderer = PNGRenderer(dpr: 1) { file, width, height in images.bitmap(file, width: width, height: height) }
        let bitmap = try #require(RenderSupport.decodePNG(renderer.render(page.frame)))
        func pixel(_ image: ImageItem) -> UInt32? {
            bitmap.argb(x: Int(image.rect.x + image.rect.width / 2), y: Int(image.rect.y + image.rect.height / 2))
        }
        #expect(pixel(placed[0]) == 0xFFC8_1414, "red (200, 20, 20)")
        #expect(pixel(placed[1]) == 0xFF20_4080, "blue (32, 64, 128)")
    }
}
