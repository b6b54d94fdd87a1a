import Foundation
import Testing

/// `folio layout` on old packages: OEBPS 1.2 chapters are laid out as XHTML, not as images.
@Suite struct LegacyBookCLITests {
    static let fixtures = CLITests.root.appendingPathComponent("Tests/FolioPublicationTests/Fixtures/package")

    @Test func oebps12ChaptersAreLaidOutAsText() throws {
        let opf = try String(contentsOf: Self.fixtures.appendingPathComponent("oebps-1.2.opf"), encoding: .utf8)
        let xhtml = { (title: String, text: String) in
            #"<html xmlns="http://www.w3.org/1999/xhtml"><head><title>\#(title)</title></head><body><p>\#(text)</p></body></html>"#
        }
        let book = try HostileBookCLITests.folderBook([
            "META-INF/container.xml": """
                <?xml version="1.0"?>
                <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>\
                <rootfile full-path="book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
                """,
            "book.opf": opf,
            "chapter1.html": xhtml("One", "It was an old format."),
            "chapter2.xml": xhtml("Two", "Dressed as DTBook."),
        ])
        defer { try? FileManager.default.removeItem(at: book) }
        let run = try HostileBookCLITests.folio(["layout", book.path], within: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("chapter1.html") && run.stdout.contains("It was an old format."))
        #expect(run.stdout.contains("chapter2.xml") && run.stdout.contains("Dressed as DTBook."))
    }
}
