import Foundation
import Testing
@testable import FolioStyle

/// Styled-tree dumps of small whole documents, compared with `Tests/References/`.
@Suite struct CascadeGoldenTests {
    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file of the project's own sample book (corpus/lighthouse, committed with the project).
    static func lighthouse(_ path: String) throws -> String {
        let url = packageRoot.appendingPathComponent("corpus/lighthouse").appendingPathComponent(path)
        let data = try #require(FileManager.default.contents(atPath: url.path), "corpus/lighthouse/\(path) is missing")
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aSmallChapterOnPhone() throws {
        let fixture = StyleFixture(path: "EPUB/text/chapter-1.xhtml", files: ["EPUB/styles/book.css": try Self.lighthouse("EPUB/styles/book.css")])
        let styled = fixture.style(try Self.lighthouse("EPUB/text/chapter-1.xhtml"))
        #expect(styled.diagnostics.warnings.isEmpty)
        // The outline leaves out ::first-letter; the drop cap is 2.6em of 16px, floated.
        let first = try #require(styled.document.nodes.first { $0.source?.attribute("class") == "first" })
        #expect(first.firstLetter?.style.font.size == 41.6)
        #expect(first.firstLetter?.style.box.float == .left)
        Golden.check(styled.document.outline(), named: "CascadeGoldenTests.aSmallChapterOnPhone.txt")
    }

    @Test func aSmallChapterOnATabletAtNightIn14pt() throws {
        let settings = ReaderSettings(theme: .night, fontScale: 14.0 / 12.0)
        let fixture = StyleFixture(path: "EPUB/text/chapter-1.xhtml", files: ["EPUB/styles/book.css": try Self.lighthouse("EPUB/styles/book.css")],
                                   environment: .tablet, settings: settings)
        let styled = fixture.style(try Self.lighthouse("EPUB/text/chapter-1.xhtml"))
        Golden.check(styled.document.outline(), named: "CascadeGoldenTests.aSmallChapterOnATabletAtNightIn14pt.txt")
    }

    @Test func listsTablesAndGeneratedContentAsJSON() {
        let fixture = StyleFixture(path: "EPUB/lists-tables-generated.xhtml",
                                   files: ["EPUB/lists-tables-generated.css": StyleFixture.file("lists-tables-generated.css")])
        let styled = fixture.style(StyleFixture.file("lists-tables-generated.xhtml"))
        #expect(styled.diagnostics.warnings.isEmpty)
        Golden.check(styled.document.json().serialized() + "\n", named: "CascadeGoldenTests.listsTablesAndGeneratedContentAsJSON.json")
    }
}
