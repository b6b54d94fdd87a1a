import Testing
import FolioCore
@testable import FolioPublication

@Suite struct ContainerXMLParserTests {
    private func parse(_ xml: String, _ diagnostics: Diagnostics = Diagnostics()) throws -> [Rootfile] {
        try ContainerXMLParser.parse(Array(xml.utf8), diagnostics: diagnostics)
    }

    private func container(_ rootfiles: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles>\(rootfiles)</rootfiles>
        </container>
        """
    }

    @Test func theRootfileIsReadWithItsMediaType() throws {
        let rootfiles = try parse(container(#"<rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>"#))
        #expect(rootfiles == [Rootfile(path: "EPUB/package.opf", mediaType: "application/oebps-package+xml")])
    }

    @Test func everyRootfileIsKeptInOrderAndTheDefaultIsTheFirstPackage() throws {
        let rootfiles = try parse(container("""
            <rootfile full-path="book.pdf" media-type="application/pdf"/>
            <rootfile full-path="fixed/package.opf" media-type="application/oebps-package+xml"/>
            <rootfile full-path="reflow/package.opf" media-type="application/oebps-package+xml"/>
            """))
        #expect(rootfiles.map(\.path) == ["book.pdf", "fixed/package.opf", "reflow/package.opf"])
        #expect(Rootfile.defaultRendition(rootfiles)?.path == "fixed/package.opf")
        #expect(Rootfile.defaultRendition([rootfiles[0]]) == nil)
    }

    @Test func fullPathIsResolvedFromTheContainerRootAndPercentDecoded() throws {
        let rootfiles = try parse(container(#"<rootfile full-path="/OPS/my%20book.opf" media-type="application/oebps-package+xml"/>"#))
        #expect(rootfiles.map(\.path) == ["OPS/my book.opf"])
    }

    @Test func aRootfileThatEscapesTheContainerIsSkipped() throws {
        let diagnostics = Diagnostics()
        let rootfiles = try parse(container("""
            <rootfile full-path="../../etc/package.opf" media-type="application/oebps-package+xml"/>
            <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
            """), diagnostics)
        #expect(rootfiles.map(\.path) == ["EPUB/package.opf"])
        #expect(diagnostics.contains(code: "container.rootfile-outside-root"))
    }

    @Test func rootfilesWithoutAttributesAreSkippedWithAWarning() throws {
        let diagnostics = Diagnostics()
        let rootfiles = try parse(container("""
            <rootfile media-type="application/oebps-package+xml"/>
            <rootfile full-path="notes.txt"/>
            """), diagnostics)
        #expect(rootfiles.isEmpty)
        #expect(diagnostics.contains(code: "container.rootfile-without-full-path"))
        #expect(diagnostics.contains(code: "container.rootfile-without-media-type"))
        #expect(diagnostics.contains(code: "container.no-rootfile"))
    }

    @Test func aPackageWithoutAMediaTypeIsStillFound() throws {
        let diagnostics = Diagnostics()
        let rootfiles = try parse(container(#"<rootfile full-path="OEBPS/content.opf"/>"#), diagnostics)
        #expect(rootfiles == [Rootfile(path: "OEBPS/content.opf", mediaType: "application/oebps-package+xml")])
        #expect(diagnostics.contains(code: "container.rootfile-without-media-type"))
    }

    @Test func malformedXMLIsRecovered() throws {
        let diagnostics = Diagnostics()
        let rootfiles = try parse("""
            <container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>
            <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml">
            </container>
            """, diagnostics)
        #expect(rootfiles.map(\.path) == ["EPUB/package.opf"])
        #expect(diagnostics.contains(code: "xml.not-well-formed"))
    }

    @Test func aDocumentThatIsNotXMLThrows() {
        #expect(throws: ContainerError.self) { try parse("PK\u{3}\u{4} binary junk") }
        #expect(throws: ContainerError.self) { try parse("") }
    }
}
