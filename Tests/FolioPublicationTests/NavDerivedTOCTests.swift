import FolioCore
import FolioXML
import Testing
@testable import FolioPublication

@Suite struct NavDerivedTOCTests {
    @Test func eachSpineItemIsTitledByHeadingThenTitleThenFileName() throws {
        let diagnostics = Diagnostics()
        let items: [(path: String, tree: XMLTree?)] = [
            ("OEBPS/ch1.xhtml", try NavFixture.tree("derived-heading.xhtml", at: "OEBPS/ch1.xhtml")),
            ("OEBPS/ch2.xhtml", try NavFixture.tree("derived-title.xhtml", at: "OEBPS/ch2.xhtml")),
            ("OEBPS/text/ch3.xhtml", try NavFixture.tree("derived-untitled.xhtml", at: "OEBPS/text/ch3.xhtml")),
            ("OEBPS/images/plate.jpg", nil),
        ]
        let nav = DerivedTOC.build(spine: items, diagnostics: diagnostics)
        #expect(nav.source == .spine)
        #expect(nav.toc.map(\.title) == ["Chapter One: Loomings", "Only a title", "ch3.xhtml", "plate.jpg"])
        #expect(nav.toc.map(\.href) == items.map(\.path))
        #expect(diagnostics.contains(code: "nav.derived-toc"))
    }
}