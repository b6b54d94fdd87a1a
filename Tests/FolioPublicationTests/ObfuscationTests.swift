import Foundation
import Testing
import FolioCore
@testable import FolioPublication

@Suite struct ObfuscationTests {
    /// A stand-in OpenType font: the `OTTO` signature, then 3000 patterned bytes.
    let font: [UInt8] = Array("OTTO".utf8) + (0..<3000).map { UInt8($0 % 251) }
    let uuid = "urn:uuid:B9B5A8A1-5A3F-4D3B-9E5C-0123456789AB"

    private func kind(_ body: () throws(ContainerError) -> some Any) -> ContainerError.Kind? {
        do { _ = try body() } catch { return error.kind }
        return nil
    }

    @Test func theIDPFKeyIsTheSHA1OfTheIdentifierWithoutWhitespace() {
        // Expected value from Python's hashlib.sha1 of the identifier.
        let hex = Obfuscation.idpfKey(uniqueIdentifier: " urn:uuid:B9B5A8A1-5A3F-4D3B-\n\t9E5C-0123456789AB\r ")
            .map { String(format: "%02x", $0) }.joined()
        #expect(hex == "ffaf822fc5da1f766b7e745541ae37b780a11ec5")
    }

    @Test func idpfObfuscationChangesOnlyTheFirst1040BytesAndRoundTrips() throws {
        let key = Obfuscation.idpfKey(uniqueIdentifier: uuid)
        let obfuscated = Obfuscation.xor(font, key: key, count: Obfuscation.idpfLength)
        #expect(obfuscated[1040...] == font[1040...])
        #expect(obfuscated[..<1040] != font[..<1040])
        let restored = try Obfuscation.deobfuscate(obfuscated, algorithm: .idpfFontObfuscation, uniqueIdentifier: uuid)
        #expect(restored == font)
    }

    @Test func theAdobeKeyIsTheUUIDsSixteenBytes() {
        let key = Obfuscation.adobeKey(identifier: uuid)
        #expect(key == [0xB9, 0xB5, 0xA8, 0xA1, 0x5A, 0x3F, 0x4D, 0x3B, 0x9E, 0x5C, 0x01, 0x23, 0x45, 0x67, 0x89, 0xAB])
        #expect(Obfuscation.adobeKey(identifier: "b9b5a8a15a3f4d3b9e5c0123456789ab") == key)
        #expect(Obfuscation.adobeKey(identifier: "isbn:9780000000000") == nil)
    }

    @Test func adobeObfuscationChangesOnlyTheFirst1024BytesAndRoundTrips() throws {
        let obfuscated = Obfuscation.xor(font, key: Obfuscation.adobeKey(identifier: uuid)!, count: Obfuscation.adobeLength)
        #expect(obfuscated[1024...] == font[1024...])
        let restored = try Obfuscation.deobfuscate(obfuscated, algorithm: .adobeFontObfuscation, uniqueIdentifier: uuid)
        #expect(restored == font)
    }

    @Test func adobeUsesTheUUIDIdentifierWhenTheUniqueIdentifierIsNotOne() throws {
        let obfuscated = Obfuscation.xor(font, key: Obfuscation.adobeKey(identifier: uuid)!, count: Obfuscation.adobeLength)
        let restored = try Obfuscation.deobfuscate(obfuscated, algorithm: .adobeFontObfuscation,
                                                   uniqueIdentifier: "isbn:9780000000000", identifiers: ["isbn:9780000000000", uuid])
        #expect(restored == font)
    }

    @Test func adobePicksTheUUIDThatYieldsAFontAmongSeveral() throws {
        let other = "urn:uuid:00000000-1111-2222-3333-444444444444"
        let obfuscated = Obfuscation.xor(font, key: Obfuscation.adobeKey(identifier: uuid)!, count: Obfuscation.adobeLength)
        let restored = try Obfuscation.deobfuscate(obfuscated, algorithm: .adobeFontObfuscation,
                                                   uniqueIdentifier: other, identifiers: [other, uuid])
        #expect(restored == font)
    }

    @Test func shortResourcesAreXORedOnlyAsFarAsTheyGo() throws {
        let tiny: [UInt8] = [1, 2, 3]
        let obfuscated = Obfuscation.xor(tiny, key: Obfuscation.idpfKey(uniqueIdentifier: "id"), count: Obfuscation.idpfLength)
        #expect(obfuscated.count == 3)
        #expect(try Obfuscation.deobfuscate(obfuscated, algorithm: .idpfFontObfuscation, uniqueIdentifier: "id") == tiny)
    }

    @Test func otherAlgorithmsAreRefusedAsDRM() {
        do {
            _ = try Obfuscation.deobfuscate(font, algorithm: .other("http://www.w3.org/2001/04/xmlenc#aes128-cbc"), uniqueIdentifier: uuid, path: "a.otf")
            Issue.record("decrypted DRM")
        } catch {
            #expect(error.kind == .encrypted)
            #expect(error.reason.contains("aes128-cbc"))
        }
    }

    @Test func withoutAnIdentifierTheFontIsUnreadable() {
        #expect(kind { () throws(ContainerError) in try Obfuscation.deobfuscate(font, algorithm: .idpfFontObfuscation, uniqueIdentifier: nil) } == .unreadable)
        #expect(kind { () throws(ContainerError) in
            try Obfuscation.deobfuscate(font, algorithm: .adobeFontObfuscation, uniqueIdentifier: "isbn:1", identifiers: ["isbn:1"])
        } == .unreadable)
    }
}

@Suite struct ResourceReaderTests {
    @Test func obfuscatedFontsAreRestoredAndOtherResourcesPassThrough() throws {
        let dir = try TemporaryDirectory()
        let id = "urn:uuid:B9B5A8A1-5A3F-4D3B-9E5C-0123456789AB"
        let font = Array("wOFF".utf8) + [UInt8](repeating: 9, count: 2000)
        let url = dir.url.appendingPathComponent("book.epub")
        try ZipBuilder.write(to: url, entries: [
            ("EPUB/font.woff", Obfuscation.xor(font, key: Obfuscation.idpfKey(uniqueIdentifier: id), count: 1040), true),
            ("EPUB/c1.xhtml", Array("<p/>".utf8), true),
            ("EPUB/locked.xhtml", [0xDE, 0xAD], true),
        ])
        let encryption = Encryption(resources: ["EPUB/font.woff": .idpfFontObfuscation,
                                                "EPUB/locked.xhtml": .other("http://www.w3.org/2001/04/xmlenc#aes128-cbc")])
        let reader = ResourceReader(container: try ZipContainer(path: url.path, diagnostics: Diagnostics()),
                                    encryption: encryption, uniqueIdentifier: id, identifiers: [id])
        #expect(try reader.read("EPUB/font.woff") == font)
        #expect(try reader.read("EPUB/c1.xhtml") == Array("<p/>".utf8))
        #expect(throws: ContainerError.self) { try reader.read("EPUB/locked.xhtml") }
    }

    /// Some tools list fonts in encryption.xml that they never obfuscated: such a font starts
    /// like a font as stored and not once "undone", so it is read as stored, with a warning.
    @Test func aFontListedAsObfuscatedButStoredPlainIsReadAsStoredWithAWarning() throws {
        let dir = try TemporaryDirectory()
        let id = "urn:uuid:99752ac4-0a42-4181-9289-8fd2a498a748"
        let font = [0x00, 0x01, 0x00, 0x00] + [UInt8](repeating: 7, count: 2000)
        let url = dir.url.appendingPathComponent("book.epub")
        try ZipBuilder.write(to: url, entries: [
            ("OEBPS/Fonts/plain.ttf", font, true),
            ("OEBPS/Fonts/hidden.ttf", Obfuscation.xor(font, key: Obfuscation.idpfKey(uniqueIdentifier: id), count: 1040), true),
        ])
        let encryption = Encryption(resources: ["OEBPS/Fonts/plain.ttf": .idpfFontObfuscation, "OEBPS/Fonts/hidden.ttf": .idpfFontObfuscation])
        let diagnostics = Diagnostics()
        let reader = ResourceReader(container: try ZipContainer(path: url.path, diagnostics: Diagnostics()),
                                    encryption: encryption, uniqueIdentifier: id, identifiers: [id], diagnostics: diagnostics)
        #expect(try reader.read("OEBPS/Fonts/plain.ttf") == font)
        #expect(try reader.read("OEBPS/Fonts/hidden.ttf") == font)
        let warnings = diagnostics.warnings.filter { $0.code == "ocf.font-not-obfuscated" }
        #expect(warnings.count == 1)
        #expect(warnings.first?.location == "OEBPS/Fonts/plain.ttf")
    }
}
