import Foundation
import Testing
import FolioCore
@testable import FolioPublication

/// Whole books, written by each test, opened end to end with `PublicationOpener.open`.
@Suite struct PublicationOpenerTests {
    let dir: TemporaryDirectory
    init() throws { dir = try TemporaryDirectory() }

    @Test func aMinimalEPUB3OpensWithItsMetadataSpineAndTOC() throws {
        let path = try TestBook.epub3().zip(in: dir)
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(path, diagnostics: diagnostics)

        #expect(publication.version == "3.0")
        #expect(publication.packagePath == "EPUB/package.opf")
        #expect(publication.metadata.title == "A Small Book")
        #expect(publication.metadata.creators.map(\.name) == ["Ann Author"])
        #expect(publication.metadata.languages == ["en"])
        #expect(publication.metadata.uniqueIdentifier == "urn:uuid:9b3a8f4e-0d6c-4a57-9d6e-2f6c1b0a7e11")
        #expect(publication.spine.items.map(\.idref) == ["one", "two"])
        #expect(publication.spine.items.compactMap { publication.manifest.item(id: $0.renderableID)?.path }
                == ["EPUB/text/one.xhtml", "EPUB/text/two.xhtml"])
        #expect(publication.navigation.source == .nav)
        #expect(publication.navigation.toc == [
            NavPoint(title: "Chapter One", href: "EPUB/text/one.xhtml"),
            NavPoint(title: "Chapter Two", href: "EPUB/text/two.xhtml#s2"),
        ])
        #expect(diagnostics.warnings.filter { $0.severity >= .warning } == [])
        #expect(String(decoding: try publication.read("EPUB/text/one.xhtml"), as: UTF8.self).contains("The first chapter."))
    }

    @Test func theCoverIsLookedForWhenFirstAskedAndItsWarningsComeThen() throws {
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = TestBook.package(metadata: TestBook.defaultMetadata + #"<meta name="cover" content="missing"/>"#,
                                                    manifest: TestBook.defaultManifest + #"<item id="pic" href="pic.png" media-type="image/png"/>"#,
                                                    spine: #"<itemref idref="first"/><itemref idref="one"/>"#)
        book["EPUB/package.opf"] = book["EPUB/package.opf"]?.replacingOccurrences(
            of: "</manifest>", with: #"<item id="first" href="text/first.xhtml" media-type="application/xhtml+xml"/></manifest>"#)
        book["EPUB/text/first.xhtml"] = TestBook.xhtml("Cover", body: #"<div><img src="../pic.png" alt="A picture"/></div>"#)
        book.set("EPUB/pic.png", bytes: [0x89, 0x50, 0x4E, 0x47])
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.zip(in: dir), diagnostics: diagnostics)
        // Paginating never asks: neither the first page nor the meta's warning is looked at.
        #expect(!diagnostics.contains(code: "cover.meta-not-in-manifest"))
        #expect(publication.cover == "EPUB/pic.png", "the first spine item shows one image")
        #expect(diagnostics.contains(code: "cover.meta-not-in-manifest"))
        let count = diagnostics.warnings.count
        #expect(publication.cover == "EPUB/pic.png")
        #expect(diagnostics.warnings.count == count, "found once")
    }

    @Test func aMinimalEPUB2OpensWithItsNCXAsTheTOC() throws {
        let path = try TestBook.epub2().zip(in: dir)
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(path, diagnostics: diagnostics)

        #expect(publication.version == "2.0")
        #expect(publication.metadata.title == "An Old Book")
        #expect(publication.metadata.creators.first?.name == "Wilma Writer")
        #expect(publication.metadata.creators.first?.fileAs == "Writer, Wilma")
        #expect(publication.metadata.languages == ["fr"])
        #expect(publication.metadata.uniqueIdentifier == "9780000000002")
        #expect(publication.spine.items.map(\.linear) == [true, false])
        #expect(publication.navigation.source == .ncx)
        #expect(publication.navigation.toc.map(\.title) == ["Première partie"])
        #expect(publication.navigation.toc.first?.href == "OEBPS/ch1.html")
        #expect(publication.navigation.toc.first?.children.map(\.href) == ["OEBPS/ch2.html#a"])
        #expect(diagnostics.warnings.filter { $0.severity >= .warning } == [])
    }

    @Test func anUnpackedFolderOpensLikeTheSameBookZipped() throws {
        let book = TestBook.epub3()
        let zipped = try PublicationOpener.open(try book.zip(in: dir))
        let diagnostics = Diagnostics()
        let unpacked = try PublicationOpener.open(try book.folder(in: dir), diagnostics: diagnostics)

        #expect(unpacked.container is DirectoryContainer)
        #expect(unpacked.metadata == zipped.metadata)
        #expect(unpacked.manifest == zipped.manifest)
        #expect(unpacked.spine == zipped.spine)
        #expect(unpacked.navigation == zipped.navigation)
        #expect(diagnostics.warnings.filter { $0.severity >= .warning } == [])
    }

    @Test func aBookWithoutNavOrNCXGetsATOCFromItsSpineHeadings() throws {
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = TestBook.package(manifest: """
            <item id="one" href="text/one.xhtml" media-type="application/xhtml+xml"/>
            <item id="two" href="text/two.xhtml" media-type="application/xhtml+xml"/>
            """)
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.zip(in: dir), diagnostics: diagnostics)
        #expect(publication.navigation.source == .spine)
        #expect(publication.navigation.toc.map(\.href) == ["EPUB/text/one.xhtml", "EPUB/text/two.xhtml"])
        #expect(diagnostics.contains(code: "nav.missing"))
    }

    @Test func theFirstPackageRootfileIsTheOneOpened() throws {
        var book = TestBook.epub3()
        book["META-INF/container.xml"] = """
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>
              <rootfile full-path="EPUB/book.pdf" media-type="application/pdf"/>
              <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
              <rootfile full-path="OTHER/package.opf" media-type="application/oebps-package+xml"/>
            </rootfiles></container>
            """
        let publication = try PublicationOpener.open(try book.zip(in: dir))
        #expect(publication.rootfiles.map(\.path) == ["EPUB/book.pdf", "EPUB/package.opf", "OTHER/package.opf"])
        #expect(publication.packagePath == "EPUB/package.opf")
        #expect(publication.metadata.title == "A Small Book")
    }
}
