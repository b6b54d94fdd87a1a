import FolioLayout
import FolioPublication
import FolioStyle
import FolioTestSupport
import Testing

/// Links, CFIs and print page numbers on a real book: the project's own sample.
@Suite struct BookLocatingTests {
    static func layout() throws -> BookLayout {
        let path = Corpus.packageRoot.appendingPathComponent("corpus/lighthouse.epub").path
        let publication = try PublicationOpener.open(path)
        return BookLayout(publication: publication, environment: .phone, settings: .phone, imageSize: { _ in (100, 150) })
    }

    @Test func aLinkWithAFragmentLeadsToThePageShowingThatElement() throws {
        let layout = try Self.layout()
        let spineIndex = try #require(layout.spineIndex(ofPath: "EPUB/text/chapter-2.xhtml"))
        let chapter = layout.chapter(spineIndex)
        let target = try #require(chapter.anchors["the-long-evenings"])
        #expect(target > 0)
        let found = try #require(layout.locate(href: "EPUB/text/chapter-2.xhtml#the-long-evenings"))
        #expect(found.spineIndex == spineIndex && found.page == target)
        #expect(chapter.pages[target].text.contains("The long evenings"))
    }

    @Test func everyPagesCFILeadsBackToThatPage() throws {
        let layout = try Self.layout()
        for spineIndex in layout.readingOrder {
            for (k, page) in layout.chapter(spineIndex).pages.enumerated() {
                let cfi = try #require(page.cfi)
                let locator = try #require(layout.locator(cfi: cfi))
                #expect(locator.spineIndex == spineIndex)
                if !page.text.isEmpty { #expect(layout.locate(locator)?.page == k, "\(cfi)") }
            }
        }
    }

    @Test func theRenderedPageListMapsPrintPagesToPages() throws {
        let layout = try Self.layout()
        guard !layout.publication.navigation.pageList.isEmpty else { return }
        var labels: [String] = []
        for spineIndex in layout.readingOrder {
            let pages = layout.printPages(inSpineItem: spineIndex)
            labels += pages.keys.sorted().flatMap { pages[$0] ?? [] }
        }
        #expect(labels == layout.publication.navigation.pageList.map(\.title))
    }
}
