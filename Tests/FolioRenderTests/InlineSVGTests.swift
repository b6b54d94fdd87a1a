import FolioImage
import FolioLayout
import FolioPublication
import FolioStyle
import FolioTestSupport
import Foundation
import Testing
@testable import FolioRender

/// An `<svg>` that draws (shapes, text) inside a chapter is drawn as an image of its own: the
/// fixture `inline-svg` has a black bar (a `<use>` of a rect styled by the drawing's own
/// `<style>`) and a line of SVG text between two paragraphs.
@Suite struct InlineSVGTests {
    static func layOut() throws -> (page: Page, images: BookImages, publication: Publication) {
        try RenderSupport.firstPage(ofFixture: "inline-svg")
    }

    @Test func aDrawingIsLaidOutAsAnImageOfItsDeclaredAspect() throws {
        let (page, _, publication) = try Self.layOut()
        let images = page.frame.items.compactMap { item -> ImageItem? in
            if case .image(let image) = item { return image }
            return nil
        }
        let image = try #require(images.first)
        #expect(image.path == "EPUB/text.xhtml#folio-svg-\(try #require(image.path?.split(separator: "-").last))")
        #expect(abs(image.rect.width / image.rect.height - 2) < 0.01, "viewBox 200×100")
        #expect(image.alt == "A black bar over “words” & more")
        #expect(!publication.diagnostics.warnings.contains { $0.code.hasPrefix("layout.svg") })
        // The text around it is still laid out, before and after.
        let text = page.frame.items.compactMap { item -> String? in
            if case .text(_, let run) = item { return run.text }
            return nil
        }.joined(separator: " ")
        #expect(text.contains("drawing follows") && text.contains("The end"))
    }

    @Test func theDrawingIsDrawnWithItsShapesAndText() throws {
        let (page, images, _) = try Self.layOut()
        let image = try #require(page.frame.items.compactMap { item -> ImageItem? in
            if case .image(let image) = item { return image }
            return nil
        }.first)
        let renderer = PNGRenderer(dpr: 1) { file, width, height in images.bitmap(file, width: width, height: height) }
        let bitmap = try #require(RenderSupport.decodePNG(renderer.render(page.frame)))
        let x = Int(image.rect.x), y = Int(image.rect.y), w = Int(image.rect.width), h = Int(image.rect.height)
        // The bar: the top 40% of the drawing, solid black across.
        let bar = RenderSupport.darkPixels(bitmap, in: (x + 2..<(x + w - 2), (y + 2)..<(y + h * 38 / 100)))
        #expect(bar > (w - 4) * (h * 38 / 100 - 2) * 9 / 10)
        // The text: dark pixels below the bar, but far fewer than a solid block.
        let words = RenderSupport.darkPixels(bitmap, in: (x..<(x + w), (y + h / 2)..<(y + h)))
        #expect(words > 50 && words < w * h / 4)
    }
}
