import Foundation
import FolioCore
import FolioXML
import Testing
@testable import FolioPublication

/// Fixtures under Fixtures/nav, parsed as if they sat at a container path.
enum NavFixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/nav")

    static func tree(_ name: String, at path: String, diagnostics: Diagnostics = Diagnostics()) throws -> XMLTree {
        let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
        return try MarkupParser.parse(bytes, path: path, diagnostics: diagnostics)
    }

    static func nav(_ name: String, at path: String = "EPUB/nav.xhtml", diagnostics: Diagnostics = Diagnostics()) throws -> Navigation {
        NavParser.parse(try tree(name, at: path), path: path, diagnostics: diagnostics)
    }

    static func ncx(_ name: String, at path: String = "OEBPS/toc.ncx", diagnostics: Diagnostics = Diagnostics()) throws -> Navigation {
        NCXParser.parse(try tree(name, at: path), path: path, diagnostics: diagnostics)
    }
}

@Suite struct NavParserTests {
    @Test func aNestedTOCKeepsItsTreeWithLinksResolvedAgainstTheNavDocument() throws {
        let diagnostics = Diagnostics()
        let nav = try NavFixture.nav("nested-toc.xhtml", diagnostics: diagnostics)
        #expect(nav.source == .nav)
        #expect(nav.toc.map(\.title) == ["Part One", "Part Two"])
        #expect(nav.toc[0].href == "EPUB/text/part1.xhtml")
        #expect(nav.toc[0].children.map(\.title) == ["Chapter 1", "Chapter 2"])
        #expect(nav.toc[0].children[1].href == "EPUB/text/part1.xhtml#ch2")
        #expect(nav.toc[0].children[1].children == [NavPoint(title: "Section 2.1", href: "EPUB/text/part1.xhtml#s2.1")])
        #expect(nav.toc[1].href == "EPUB/text/my part2.xhtml")
        #expect(nav.pageList.isEmpty && nav.landmarks.isEmpty && nav.otherLists.isEmpty)
        #expect(diagnostics.warnings.isEmpty)
    }

    @Test func spanHeadingsBecomeEntriesWithoutLinks() throws {
        let nav = try NavFixture.nav("span-headings.xhtml")
        #expect(nav.toc.map(\.title) == ["Frances Browne", "Oscar Wilde"])
        #expect(nav.toc.allSatisfy { $0.href == nil })
        #expect(nav.toc[1].children.map(\.title) == ["The Happy Prince", "The Selfish Giant"])
        #expect(nav.toc[1].children[1].href == "EPUB/c3.xhtml")
    }

    @Test func hiddenEntriesAreKeptAndMarkedHiddenWithEverythingBelowThem() throws {
        let nav = try NavFixture.nav("hidden-entries.xhtml")
        #expect(nav.toc.map(\.title) == ["Shown", "Hidden item"])
        #expect(nav.toc.map(\.hidden) == [false, true])
        #expect(nav.toc[0].children.map(\.hidden) == [true])
        #expect(nav.landmarks.map(\.hidden) == [true])
    }

    @Test func thePageListIsReadInOrder() throws {
        let nav = try NavFixture.nav("page-list.xhtml", at: "OEBPS/Nav/nav.xhtml")
        #expect(nav.pageList.map(\.title) == ["i", "1", "2"])
        #expect(nav.pageList.map(\.href) == ["OEBPS/Text/c1.xhtml#page_i", "OEBPS/Text/c1.xhtml#page_1", "OEBPS/Text/c1.xhtml#page_2"])
        #expect(nav.pageList.allSatisfy { $0.hidden })
    }

    @Test func landmarksCarryTheirEpubTypeAndOtherNavsGoToOtherLists() throws {
        let nav = try NavFixture.nav("landmarks.xhtml", at: "OPS/toc.xhtml")
        #expect(nav.landmarks.map(\.type) == ["cover", "toc", "bodymatter"])
        #expect(nav.landmarks.map(\.href) == ["OPS/cover.xhtml", "OPS/toc.xhtml#toc", "OPS/chapter_001.xhtml"])
        #expect(nav.toc.map(\.title) == ["Chapter 1"])
        // The untyped nav is plain HTML, not EPUB navigation.
        #expect(nav.otherLists == [NavList(name: "loi", title: "List of Illustrations",
                                           entries: [NavPoint(title: "The whale", href: "OPS/chapter_001.xhtml#fig1")])])
    }

    @Test func imageLinksAreTitledByAltTextThenByTitleAttributes() throws {
        let nav = try NavFixture.nav("non-text-labels.xhtml")
        // W3C nav-non-text_img and nav-non-text_img_title: the alt text is the label, even beside a title.
        #expect(nav.toc.map(\.title) == ["Description of the Abbey of Sénanque", "The Abbey", "Plate I", "Plate II"])
        #expect(nav.toc[0].href == "EPUB/senanque.xhtml")
    }

    @Test func brokenListsAreRecoveredEntryByEntryWithWarnings() throws {
        let diagnostics = Diagnostics()
        let nav = try NavFixture.nav("broken-structure.xhtml", diagnostics: diagnostics)
        #expect(nav.toc.map(\.title) == ["Chapter 1", "Wrapped link", "Bare text", "Outside link", "Escaping link"])
        #expect(nav.toc[0].children.map(\.title) == ["Misplaced sublist entry"])
        #expect(nav.toc[1].href == "EPUB/c2.xhtml")
        #expect(nav.toc[2].href == nil)
        #expect(nav.toc[2].children.map(\.href) == ["EPUB/c3.xhtml"])
        #expect(nav.toc[3].href == nil)
        #expect(nav.toc[4].href == "etc/passwd")  // clamped at the root: still inside the container
        #expect(nav.otherLists == [NavList(name: "lot", entries: [])])
        for code in ["nav.misplaced-list", "nav.wrapped-label", "nav.entry-without-label", "nav.link-outside-container", "nav.link-above-root", "nav.missing-list"] {
            #expect(diagnostics.contains(code: code), "expected \(code)")
        }
    }

    @Test func aDocumentWithoutATocNavIsWarnedAbout() throws {
        let diagnostics = Diagnostics()
        let tree = try MarkupParser.parse(Array(#"<html xmlns="http://www.w3.org/1999/xhtml"><body><nav><ol/></nav></body></html>"#.utf8),
                                          path: "EPUB/nav.xhtml", diagnostics: diagnostics)
        let nav = NavParser.parse(tree, path: "EPUB/nav.xhtml", diagnostics: diagnostics)
        #expect(nav.isEmpty)
        #expect(diagnostics.contains(code: "nav.missing-toc"))
    }
}
