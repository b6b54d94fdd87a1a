import Foundation
import Testing
import FolioCore
@testable import FolioPublication

@Suite struct EncryptionParserTests {
    private func parse(_ body: String, _ diagnostics: Diagnostics = Diagnostics()) -> Encryption {
        let xml = """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">\(body)</encryption>
            """
        return EncryptionParser.parse(Array(xml.utf8), diagnostics: diagnostics)
    }

    private func data(_ algorithm: String, _ uri: String) -> String {
        """
        <enc:EncryptedData><enc:EncryptionMethod Algorithm="\(algorithm)"/>
        <enc:CipherData><enc:CipherReference URI="\(uri)"/></enc:CipherData></enc:EncryptedData>
        """
    }

    @Test func algorithmsAreMappedByTheirURI() {
        let encryption = parse(data("http://www.idpf.org/2008/embedding", "EPUB/fonts/a.otf")
                               + data("http://ns.adobe.com/pdf/enc#RC", "EPUB/fonts/b.ttf")
                               + data("http://www.w3.org/2001/04/xmlenc#aes128-cbc", "EPUB/text/c1.xhtml"))
        #expect(encryption.resources == [
            "EPUB/fonts/a.otf": .idpfFontObfuscation,
            "EPUB/fonts/b.ttf": .adobeFontObfuscation,
            "EPUB/text/c1.xhtml": .other("http://www.w3.org/2001/04/xmlenc#aes128-cbc"),
        ])
        #expect(encryption.unreadablePaths == ["EPUB/text/c1.xhtml"])
    }

    @Test func theDefaultXMLEncryptionNamespaceIsReadToo() {
        let xml = """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
              <EncryptedData xmlns="http://www.w3.org/2001/04/xmlenc#">
                <EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/>
                <CipherData><CipherReference URI="EPUB/a.otf"/></CipherData>
              </EncryptedData>
            </encryption>
            """
        #expect(EncryptionParser.parse(Array(xml.utf8), diagnostics: Diagnostics()).resources == ["EPUB/a.otf": .idpfFontObfuscation])
    }

    @Test func referencesArePercentDecodedFromTheContainerRoot() {
        let encryption = parse(data("http://www.idpf.org/2008/embedding", "/EPUB/fonts/My%20Font.otf"))
        #expect(encryption.algorithm(for: "EPUB/fonts/My Font.otf") == .idpfFontObfuscation)
    }

    @Test func incompleteOrEscapingEntriesAreSkippedWithAWarning() {
        let diagnostics = Diagnostics()
        let encryption = parse("""
            <enc:EncryptedData><enc:CipherData><enc:CipherReference URI="a.otf"/></enc:CipherData></enc:EncryptedData>
            <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/></enc:EncryptedData>
            """ + data("http://www.idpf.org/2008/embedding", "../../x.otf"), diagnostics)
        #expect(encryption.resources.isEmpty)
        #expect(diagnostics.contains(code: "encryption.missing-algorithm"))
        #expect(diagnostics.contains(code: "encryption.missing-reference"))
        #expect(diagnostics.contains(code: "encryption.reference-outside-root"))
    }

    @Test func unparseableXMLGivesNoEncryptionAndAWarning() {
        let diagnostics = Diagnostics()
        #expect(EncryptionParser.parse(Array("not xml at all".utf8), diagnostics: diagnostics).resources.isEmpty)
        #expect(diagnostics.contains(code: "encryption.unreadable"))
    }

    @Test func aDRMProtectedBookIsRecognisedAndItsEncryptedResourcesReported() throws {
        let dir = try TemporaryDirectory()
        let xml = """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">\
            \(data("http://www.w3.org/2001/04/xmlenc#aes128-cbc", "OEBPS/c1.xhtml"))</encryption>
            """
        let url = dir.url.appendingPathComponent("drm.epub")
        try ZipBuilder.write(to: url, entries: [("mimetype", Array("application/epub+zip".utf8), false),
                                                ("META-INF/encryption.xml", Array(xml.utf8), true),
                                                ("META-INF/rights.xml", Array("<adept:rights xmlns:adept=\"http://ns.adobe.com/adept\"/>".utf8), true),
                                                ("OEBPS/c1.xhtml", [0x8F, 0x12, 0x00, 0xEE], true)])
        let diagnostics = Diagnostics()
        let encryption = EncryptionParser.read(from: try ZipContainer(path: url.path, diagnostics: diagnostics), diagnostics: diagnostics)
        #expect(encryption.drm == .adobeADEPT)
        #expect(encryption.unreadablePaths == ["OEBPS/c1.xhtml"])
        #expect(diagnostics.warnings.first { $0.code == "encryption.drm" }?.severity == .error)
    }
}
