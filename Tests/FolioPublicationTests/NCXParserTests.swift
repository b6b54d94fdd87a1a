import FolioCore
import Testing
@testable import FolioPublication

@Suite struct NCXParserTests {
    @Test func aNestedNavMapBecomesTheTOCWithPlayOrder() throws {
        let diagnostics = Diagnostics()
        let ncx = try NavFixture.ncx("nested-navmap.ncx", diagnostics: diagnostics)
        #expect(ncx.source == .ncx)
        #expect(ncx.toc.map(\.title) == ["Part One", "Part Two"])
        #expect(ncx.toc[0].href == "OEBPS/Text/part1.xhtml")
        #expect(ncx.toc[0].playOrder == 1)
        #expect(ncx.toc[0].children.map(\.title) == ["Chapter 1", "Chapter 2"])
        #expect(ncx.toc[0].children[1].children.map(\.href) == ["OEBPS/Text/part1.xhtml#s2.1"])
        #expect(ncx.toc[0].children[1].children.map(\.playOrder) == [4])
        // The second part's link climbs above the root: it stays at the root, with a warning.
        #expect(ncx.toc[1].href == "outside.xhtml")
        #expect(diagnostics.warnings.map(\.code) == ["ncx.link-above-root"])
    }

    @Test func pageListAndNavListsAreReadWithPrefixedNames() throws {
        let diagnostics = Diagnostics()
        let ncx = try NavFixture.ncx("pagelist-navlist.ncx", at: "toc.ncx", diagnostics: diagnostics)
        #expect(ncx.toc.map(\.href) == ["c1.xhtml"])
        #expect(ncx.pageList.map(\.title) == ["i", "1", "2"])  // the third has no label: its value
        #expect(ncx.pageList.map(\.type) == ["front", "normal", "normal"])
        #expect(ncx.pageList[2].href == "c1.xhtml#page_2")
        #expect(ncx.otherLists == [NavList(name: "lot", title: "List of Tables",
                                           entries: [NavPoint(title: "Table 1: Tides", href: "c1.xhtml#table1", playOrder: 5)])])
        #expect(diagnostics.warnings.isEmpty)
    }
}
