import Foundation
import Testing
import CLibZip
import FolioCore
@testable import FolioPublication

/// Broken and hostile books, end to end: each either opens with a specific warning or fails
/// with an `OpenError` naming the book and the problem. Never a crash, a hang or a file read
/// from outside the book.
@Suite struct PublicationOpenerHostileTests {
    let dir: TemporaryDirectory
    init() throws { dir = try TemporaryDirectory() }

    /// The error opening `path` throws, or nil when it opens.
    private func openError(_ path: String, diagnostics: Diagnostics = Diagnostics()) -> OpenError? {
        do {
            _ = try PublicationOpener.open(path, diagnostics: diagnostics)
            return nil
        } catch {
            return error
        }
    }

    // MARK: The container

    @Test func aFileThatIsNotAZipFailsNamingTheFile() throws {
        let path = try dir.write("notes.epub", Array("just some text, not a zip".utf8)).path
        let error = try #require(openError(path))
        #expect(error.path == path)
        #expect(error.reason.contains("zip"))
        #expect(error.description.hasPrefix(path))
    }

    @Test func aTruncatedZipFailsNamingTheFile() throws {
        let whole = try ZipBuilder.bytes(TestBook.epub3().files.map { ($0.path, $0.bytes, true) })
        let path = try dir.write("truncated.epub", Array(whole.prefix(whole.count / 2))).path
        let error = try #require(openError(path))
        #expect(error.path == path)
        #expect(error.reason.contains("zip"))
    }

    @Test func aZipEntryNamedDotDotIsRefusedNothingIsWrittenOutsideAndTheBookOpens() throws {
        let outside = dir.url.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("x")
        let existedBefore = FileManager.default.fileExists(atPath: outside.path)
        var book = TestBook.epub3()
        book["../../x"] = "escaped"
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.zip(in: dir), diagnostics: diagnostics)

        #expect(diagnostics.contains(code: "zip.entry-outside-root"))
        #expect(!publication.container.entries.contains { $0.path.hasSuffix("x") })
        #expect(publication.metadata.title == "A Small Book")
        #expect(FileManager.default.fileExists(atPath: outside.path) == existedBefore)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["book.epub"])
    }

    @Test func anEntryCompressedWithoutDeflateIsAnErrorAndIsNotReadButTheBookOpens() throws {
        let book = TestBook.epub3()
        let url = try dir.file("bzip2.epub")
        try ZipBuilder.write(to: url, entries: book.files.map { file in
            ZipBuilder.Entry(name: file.path, bytes: file.bytes, compressed: file.path != "mimetype",
                             method: file.path == "EPUB/text/two.xhtml" ? ZIP_CM_BZIP2 : nil)
        })
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(url.path, diagnostics: diagnostics)
        #expect(diagnostics.warnings.contains { $0.code == "zip.compression-method" && $0.severity == .error && $0.message.contains("EPUB/text/two.xhtml") })
        #expect(diagnostics.warnings.filter { $0.code == "zip.compression-method" }.count == 1)
        #expect(publication.spine.items.count == 2)
        #expect(throws: ContainerError.self) { try publication.read("EPUB/text/two.xhtml") }
        #expect((try? publication.read("EPUB/text/one.xhtml"))?.isEmpty == false)
    }

    @Test func aZipBombInTheManifestDoesNotStopTheBookButReadingItIsRefusedAsTooLarge() throws {
        var book = TestBook.epub3()
        // 32 MiB of zeros deflate to about 32 KiB; read under a 1 MiB limit it is a bomb.
        book.set("EPUB/images/bomb.png", bytes: [UInt8](repeating: 0, count: 32 << 20))
        book["EPUB/package.opf"] = TestBook.package(manifest: TestBook.defaultManifest
            + #"<item id="bomb" href="images/bomb.png" media-type="image/png" properties="cover-image"/>"#)
        let path = try book.zip(in: dir)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? .max) < 1 << 20)

        let publication = try PublicationOpener.open(path)
        #expect(publication.cover == "EPUB/images/bomb.png")
        do {
            _ = try publication.reader.read("EPUB/images/bomb.png", limit: 1 << 20)
            Issue.record("the bomb was read whole")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.path == "EPUB/images/bomb.png")
        }
    }

    // MARK: container.xml

    @Test func aMissingContainerXMLFailsNamingIt() throws {
        var book = TestBook.epub3()
        book["META-INF/container.xml"] = nil
        let error = try #require(openError(try book.zip(in: dir)))
        #expect(error.reason.contains("META-INF/container.xml is missing"))
    }

    @Test func aContainerXMLThatIsNotXMLFailsNamingIt() throws {
        var book = TestBook.epub3()
        book.set("META-INF/container.xml", bytes: [0x00, 0xFF, 0xFE, 0x01, 0x02])
        let error = try #require(openError(try book.zip(in: dir)))
        #expect(error.reason.hasPrefix("META-INF/container.xml cannot be read"))
    }

    @Test func aContainerXMLWithAnUnclosedElementIsRecoveredWithAWarning() throws {
        var book = TestBook.epub3()
        book["META-INF/container.xml"] = """
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>
              <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml">
            </rootfiles></container>
            """
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.zip(in: dir), diagnostics: diagnostics)
        #expect(publication.packagePath == "EPUB/package.opf")
        #expect(diagnostics.warnings.contains { $0.code == "xml.not-well-formed" && $0.location == "META-INF/container.xml" })
    }

    @Test func aContainerXMLWithNoPackageRootfileFailsSayingSo() throws {
        var book = TestBook.epub3()
        book["META-INF/container.xml"] = """
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>
              <rootfile full-path="EPUB/book.pdf" media-type="application/pdf"/>
            </rootfiles></container>
            """
        let error = try #require(openError(try book.zip(in: dir)))
        #expect(error.reason.contains("lists no package document"))
    }

    @Test func aRootfileOutsideTheContainerIsSkippedAndTheBookFails() throws {
        var book = TestBook.epub3()
        book["META-INF/container.xml"] = TestBook.container(rootfile: "../../etc/package.opf")
        let diagnostics = Diagnostics()
        #expect(openError(try book.zip(in: dir), diagnostics: diagnostics) != nil)
        #expect(diagnostics.contains(code: "container.rootfile-outside-root"))
    }

    // MARK: The package document

    @Test func aMissingPackageDocumentFailsNamingIt() throws {
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = nil
        let error = try #require(openError(try book.zip(in: dir)))
        #expect(error.reason.hasPrefix("package document EPUB/package.opf"))
    }

    @Test func anOPFWithAnUnclosedItemIsRecoveredWithAWarning() throws {
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = TestBook.package(manifest: TestBook.defaultManifest
            .replacingOccurrences(of: #"media-type="application/xhtml+xml"/>"#, with: #"media-type="application/xhtml+xml">"#))
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.zip(in: dir), diagnostics: diagnostics)
        #expect(diagnostics.warnings.contains { $0.code == "xml.not-well-formed" && $0.location == "EPUB/package.opf" })
        #expect(publication.metadata.title == "A Small Book")
        #expect(!publication.spine.items.isEmpty)
    }

    @Test func anOPFThatIsNotXMLAtAllFailsNamingIt() throws {
        var book = TestBook.epub3()
        book.set("EPUB/package.opf", bytes: Array("%PDF-1.4 \u{1}\u{2} binary, not a package".utf8))
        let error = try #require(openError(try book.zip(in: dir)))
        #expect(error.reason.hasPrefix("package document EPUB/package.opf"))
    }

    @Test func anOPFWhoseRootIsNotAPackageFailsSayingSo() throws {
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = #"<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>"#
        let error = try #require(openError(try book.zip(in: dir)))
        #expect(error.reason.contains("no <package> root element"))
    }

    /// Ten levels of ten: a billion `lol`s, 3 GB if expanded.
    private static let laughs: String = {
        var levels = [#"<!ENTITY lol0 "lollollollollollollollollollol">"#]
        for i in 1...9 { levels.append("<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">") }
        return levels.joined(separator: "\n")
    }()

    @Test func anEntityExpansionBombInTheOPFDoctypeIsCaughtQuicklyNamingTheProblem() throws {
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = TestBook.package(
            doctype: "<!DOCTYPE package [\n\(Self.laughs)\n]>",
            metadata: TestBook.defaultMetadata.replacingOccurrences(of: "A Small Book", with: "Laughs &lol9;"))
        let path = try book.zip(in: dir)
        let clock = ContinuousClock()
        let start = clock.now
        // libxml2 stops parsing at the entity loop, so the manifest and spine after it are lost:
        // the book is described with the damage and an empty spine as errors, and nothing expands.
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(path, diagnostics: diagnostics)
        #expect(clock.now - start < .seconds(10))
        #expect(diagnostics.warnings.contains { $0.code == "xml.not-well-formed" && $0.message.contains("entity reference loop") })
        #expect(diagnostics.warnings.contains { ($0.code == "opf.spine-missing" || $0.code == "opf.spine-empty") && $0.severity == .error })
        #expect(publication.spine.items.isEmpty)
        #expect((publication.metadata.title ?? "").count < 100)
    }

    @Test func anEntityExpansionBombInTheNavIsNotExpandedAndTheBookOpens() throws {
        var book = TestBook.epub3()
        book["EPUB/nav.xhtml"] = TestBook.nav(#"<li><a href="text/one.xhtml">Laughs &lol9;</a></li>"#,
                                              doctype: "<!DOCTYPE html [\n\(Self.laughs)\n]>")
        let publication = try PublicationOpener.open(try book.zip(in: dir))
        let titles = publication.navigation.toc.map(\.title)
        #expect(titles.joined().utf8.count < 2 << 20)
        #expect(publication.navigation.toc.first?.href == "EPUB/text/one.xhtml")
        #expect(titles.first?.hasPrefix("Laughs") == true)
        #expect(publication.spine.items.count == 2)
    }

    @Test func anExternalEntityNamingALocalFileIsNeverRead() throws {
        let secret = "TOP-SECRET-\(UUID().uuidString)"
        let secretFile = try dir.write("secret.txt", Array(secret.utf8))
        let doctype = { (root: String) in "<!DOCTYPE \(root) [<!ENTITY xxe SYSTEM \"file://\(secretFile.path)\">]>" }
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = TestBook.package(
            doctype: doctype("package"),
            metadata: TestBook.defaultMetadata.replacingOccurrences(of: "A Small Book", with: "Title &xxe;"))
        book["EPUB/nav.xhtml"] = TestBook.nav(#"<li><a href="text/one.xhtml">One &xxe;</a></li>"#, doctype: doctype("html"))
        book["EPUB/text/one.xhtml"] = TestBook.xhtml("One", body: "<h1>&xxe;</h1>")
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.zip(in: dir), diagnostics: diagnostics)

        // Everything the opener produced, as text: the secret must be nowhere in it.
        let everything = [String(describing: publication.metadata), String(describing: publication.manifest),
                          String(describing: publication.spine), String(describing: publication.navigation),
                          String(describing: diagnostics.warnings)].joined()
        #expect(publication.metadata.title?.hasPrefix("Title") == true)
        #expect(publication.navigation.toc.first?.href == "EPUB/text/one.xhtml")
        #expect(!everything.contains(secret))
        #expect(!everything.contains("TOP-SECRET"))
    }

    @Test func aFallbackCycleIsWarnedAndItsSpineItemSkipped() throws {
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = TestBook.package(
            manifest: TestBook.defaultManifest + """
                <item id="a" href="a.foo" media-type="application/x-foo" fallback="b"/>
                <item id="b" href="b.bar" media-type="application/x-bar" fallback="a"/>
                """,
            spine: #"<itemref idref="one"/><itemref idref="a"/><itemref idref="two"/>"#)
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.zip(in: dir), diagnostics: diagnostics)
        #expect(diagnostics.contains(code: "opf.fallback-cycle"))
        #expect(diagnostics.contains(code: "opf.spine-item-unrenderable"))
        #expect(publication.spine.items.map(\.idref) == ["one", "two"])
    }

    @Test func aSpineItemrefToAMissingItemIsWarnedAndSkipped() throws {
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = TestBook.package(spine: #"<itemref idref="one"/><itemref idref="ghost"/><itemref idref="two"/>"#)
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.zip(in: dir), diagnostics: diagnostics)
        #expect(diagnostics.warnings.contains { $0.code == "opf.spine-item-missing" && $0.message.contains("ghost") })
        #expect(publication.spine.items.map(\.idref) == ["one", "two"])
    }

    @Test func aSpineWithNothingReadableIsReadInManifestOrderWithAWarning() throws {
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = TestBook.package(
            manifest: TestBook.defaultManifest + #"<item id="cover" href="cover.jpg" media-type="image/jpeg"/>"#,
            spine: #"<itemref idref="ghost"/>"#)
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.zip(in: dir), diagnostics: diagnostics)
        // The XHTML documents but the navigation document; not the image.
        #expect(publication.spine.items.map(\.idref) == ["one", "two"])
        #expect(diagnostics.contains(code: "opf.spine-item-missing"))
        #expect(diagnostics.warnings.contains {
            $0.code == "opf.spine-empty" && $0.severity == .warning && $0.message.contains("2 XHTML documents are read in manifest order")
        })
    }

    @Test func anEmptySpineWithNoDocumentToReadOpensWithAnErrorSayingSo() throws {
        var book = TestBook.epub3()
        book["EPUB/package.opf"] = TestBook.package(
            manifest: #"<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>"#, spine: "")
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.zip(in: dir), diagnostics: diagnostics)
        #expect(publication.spine.items.isEmpty)
        #expect(diagnostics.warnings.contains { $0.code == "opf.spine-empty" && $0.severity == .error })
    }

    // MARK: Navigation

    @Test func navLinksNeverLeaveTheContainer() throws {
        var book = TestBook.epub3()
        book["EPUB/nav.xhtml"] = TestBook.nav("""
            <li><a href="text/one.xhtml">Inside</a></li>
            <li><a href="../../../etc/passwd">Climbing out</a></li>
            <li><a href="file:///etc/passwd">A local file</a></li>
            <li><a href="/EPUB/text/two.xhtml">From the root</a></li>
            """)
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.zip(in: dir), diagnostics: diagnostics)
        #expect(publication.navigation.toc.map(\.title) == ["Inside", "Climbing out", "A local file", "From the root"])
        // Climbing stops at the root (a path inside the container); a file: URL loses its target.
        #expect(publication.navigation.toc.map(\.href) == ["EPUB/text/one.xhtml", "etc/passwd", nil, "EPUB/text/two.xhtml"])
        #expect(diagnostics.contains(code: "nav.link-above-root"))
        #expect(diagnostics.warnings.filter { $0.code == "nav.link-outside-container" }.count == 1)
    }

    @Test func aDeeplyNestedNavIsCutAtTheDepthLimitAndTheBookOpens() throws {
        let depth = 5_000
        let nested = String(repeating: #"<li><a href="text/one.xhtml">Deeper</a><ol>"#, count: depth)
            + String(repeating: "</ol></li>", count: depth)
        var book = TestBook.epub3()
        book["EPUB/nav.xhtml"] = TestBook.nav(nested)
        let diagnostics = Diagnostics()
        let publication = try PublicationOpener.open(try book.zip(in: dir), diagnostics: diagnostics)

        var levels = 0
        var level = publication.navigation.toc
        while let first = level.first {
            levels += 1
            level = first.children
        }
        #expect(levels >= 1)
        #expect(levels <= NavParser.maximumDepth)
        #expect(publication.spine.items.count == 2)
    }
}
