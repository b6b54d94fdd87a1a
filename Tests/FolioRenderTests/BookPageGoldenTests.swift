import FolioImage
import FolioLayout
import FolioPublication
import FolioStyle
import FolioTestSupport
import Foundation
import Testing
@testable import FolioRender

/// Real pages of the project's sample book, laid out and drawn end to end, against reference
/// images that were looked at before they were accepted.
@Suite struct BookPageGoldenTests {
    static func render(page number: Int, theme: ReaderSettings.Theme) throws -> [UInt8] {
        let path = Corpus.packageRoot.appendingPathComponent("corpus/lighthouse.epub").path
        let publication = try PublicationOpener.open(path)
        var settings = ReaderSettings.phone
        settings.theme = theme
        let layout = BookLayout(publication: publication, environment: .phone, settings: settings) { file in
            (try? publication.read(file)).flatMap { ImageProbe.probe($0) }.map { (width: $0.width, height: $0.height) }
        }
        let pages = layout.readingOrder.flatMap { layout.chapter($0).pages }
        let page = try #require(pages.indices.contains(number - 1) ? pages[number - 1] : nil)
        let renderer = PNGRenderer(dpr: 1) { file, width, height in
            (try? publication.read(file)).flatMap { try? ImageDecoder.decode($0, size: (width, height)) }
        }
        return renderer.render(page.frame)
    }

    @Test func theCoverFillsThePage() throws {
        GoldenImage.check(try Self.render(page: 1, theme: .day), named: "BookPageGoldenTests.theCoverFillsThePage.png")
    }

    @Test func aChapterOpeningSetsItsHeadingAndJustifiedText() throws {
        GoldenImage.check(try Self.render(page: 3, theme: .day), named: "BookPageGoldenTests.aChapterOpeningSetsItsHeadingAndJustifiedText.png")
    }

    @Test func aTableAndAListInSepia() throws {
        GoldenImage.check(try Self.render(page: 4, theme: .sepia), named: "BookPageGoldenTests.aTableAndAListInSepia.png")
    }
}
