import Testing
@testable import FolioPublication

@Suite struct NavMergeTests {
    @Test func theNavDocumentWinsAndTheNCXFillsTheMissingPageList() throws {
        let nav = try NavFixture.nav("nested-toc.xhtml")
        let ncx = try NavFixture.ncx("pagelist-navlist.ncx", at: "EPUB/toc.ncx")
        let merged = try #require(Navigation.merged(nav: nav, ncx: ncx))
        #expect(merged.source == .nav)
        #expect(merged.toc == nav.toc)
        #expect(merged.pageList.map(\.href) == ["EPUB/c1.xhtml#page_i", "EPUB/c1.xhtml#page_1", "EPUB/c1.xhtml#page_2"])
        #expect(merged.otherLists.map(\.name) == ["lot"])
    }

    @Test func theNavDocumentsOwnPageListIsKept() throws {
        let nav = try NavFixture.nav("page-list.xhtml", at: "EPUB/Nav/nav.xhtml")
        let ncx = try NavFixture.ncx("pagelist-navlist.ncx", at: "EPUB/toc.ncx")
        let merged = try #require(Navigation.merged(nav: nav, ncx: ncx))
        #expect(merged.pageList == nav.pageList)
    }

    @Test func anEmptyNavTOCFallsBackToTheNCXAndEitherAloneIsUsedAsIs() throws {
        let ncx = try NavFixture.ncx("nested-navmap.ncx")
        let emptyNav = Navigation(source: .nav)
        let merged = try #require(Navigation.merged(nav: emptyNav, ncx: ncx))
        #expect(merged.source == .ncx)
        #expect(merged.toc == ncx.toc)
        #expect(Navigation.merged(nav: nil, ncx: ncx) == ncx)
        #expect(Navigation.merged(nav: emptyNav, ncx: nil) == emptyNav)
        #expect(Navigation.merged(nav: nil, ncx: nil) == nil)
    }
}
