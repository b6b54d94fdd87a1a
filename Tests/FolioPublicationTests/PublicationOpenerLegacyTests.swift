import Foundation
import Testing
import FolioCore
@testable import FolioPublication

/// Old and odd packages: OEBPS 1.2 media types and namespaces, and unpacked folders whose file
/// names are in another Unicode normalization than the manifest's hrefs.
@Suite struct PublicationOpenerLegacyTests {
    let dir: TemporaryDirectory
    init() throws { dir = try TemporaryDirectory() }

    static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/package/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// `Fixtures/package/oebps-1.2.opf`: the OEBPS 1.x package namespace, `dc-metadata`, a
    /// `text/x-oeb1-document` chapter and an XHTML chapter declared `application/x-dtbook+xml`.
    @Test func oebps12SpineItemsAreContentNotAnEmptySpine() throws {
        var book = TestBook()
        book["mimetype"] = "application/epub+zip"
        book["META-INF/container.xml"] = TestBook.container(rootfile: "book.opf")
        book["book.opf"] = try Self.fixture("oebps-1.2.opf")
        book["chapter1.html"] = TestBook.xhtml("One", body: "<h1>Chapter One</h1><p>It was an old format.</p>")
        book["chapter2.xml"] = TestBook.xhtml("Two", body: "<h1>Chapter Two</h1><p>Dressed as DTBook.</p>")
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.folder(in: dir), diagnostics: diagnostics)
        #expect(publication.metadata.title == "An Old Book")
        #expect(publication.spine.items.map(\.renderableID) == ["c1", "c2"])
        #expect(publication.spine.items.compactMap { publication.manifest.item(id: $0.renderableID)?.contentType }
                == [MediaTypes.xhtml, MediaTypes.xhtml])
        #expect(publication.manifest.item(id: "c1")?.mediaType == "text/x-oeb1-document")
        #expect(!diagnostics.codes().contains("opf.spine-empty"))
        #expect(!diagnostics.codes().contains("opf.not-a-package"))
        #expect(diagnostics.codes().contains("opf.oebps-1-package"))
        #expect(publication.navigation.toc.map(\.title) == ["Chapter One", "Chapter Two"])
    }

    @Test func aRootElementInAForeignNamespaceIsNamedWithItsNamespace() throws {
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = #"<package xmlns="urn:example:not-opf" version="3.0"/>"#
        let diagnostics = Diagnostics()
        _ = try? PublicationOpener.open(try book.folder(in: dir), diagnostics: diagnostics)
        let message = diagnostics.warnings.first { $0.code == "opf.not-a-package" }?.message
        #expect(message == "the root element is <package> in the namespace urn:example:not-opf, not an OPF <package>")
    }

    /// The chapter files are written with names in NFD ("e" + combining acute) while the manifest
    /// says NFC ("é"), and the other way round, as books unpacked on macOS and elsewhere do.
    @Test func aManifestHrefFindsItsFileWhateverTheUnicodeNormalizationOfEither() throws {
        let nfc = "caf\u{E9}.xhtml", nfd = "re\u{301}sume\u{301}.xhtml"
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = TestBook.package(
            manifest: #"<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>"#
                + #"<item id="one" href="\#(nfc)" media-type="application/xhtml+xml"/><item id="two" href="\#(nfd)" media-type="application/xhtml+xml"/>"#,
            spine: #"<itemref idref="one"/><itemref idref="two"/>"#)
        book["EPUB/nav.xhtml"] = TestBook.nav(#"<li><a href="\#(nfc)">Café</a></li><li><a href="\#(nfd)">Résumé</a></li>"#)
        let root = try book.folder(in: dir)
        // Written directly, so the names on disk keep exactly these scalars.
        let onDiskOne = "cafe\u{301}.xhtml", onDiskTwo = "r\u{E9}sum\u{E9}.xhtml"
        for (name, text) in [(onDiskOne, "Coffee here."), (onDiskTwo, "Summary here.")] {
            #expect(FileManager.default.createFile(atPath: root + "/EPUB/" + name,
                                                   contents: Data(TestBook.xhtml("T", body: "<p>\(text)</p>").utf8)))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/EPUB")
        #expect(names.contains { Array($0.unicodeScalars) == Array(onDiskOne.unicodeScalars) }, "the NFD name was not kept on disk")

        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(root, diagnostics: diagnostics)
        let bytes = try publication.read("EPUB/" + nfc)
        #expect(String(decoding: bytes, as: UTF8.self).contains("Coffee here."))
        #expect(String(decoding: try publication.read("EPUB/" + nfd), as: UTF8.self).contains("Summary here."))
        #expect(!diagnostics.codes().contains("resource.unreadable"), "\(diagnostics.warnings)")
    }
}
