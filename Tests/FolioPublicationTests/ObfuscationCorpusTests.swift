import Foundation
import FolioTestSupport
import Testing
import FolioCore
@testable import FolioPublication

/// De-obfuscation against real books in ../shared/corpus (skipped when it is absent).
@Suite struct ObfuscationCorpusTests {
    static let corpus = Corpus.directory ?? Corpus.packageRoot.appendingPathComponent("../shared/corpus")
    static var available: Bool { Corpus.file("samples/wasteland-otf.epub") != nil }

    private func open(_ book: String) throws -> ZipContainer {
        try ZipContainer(path: Self.corpus.appendingPathComponent(book).path, diagnostics: Diagnostics())
    }

    /// A reader for a corpus book; the identifier is copied from the book's package document.
    private func reader(_ book: String, uniqueIdentifier: String) throws -> ResourceReader {
        let container = try open(book)
        let encryption = EncryptionParser.read(from: container, diagnostics: Diagnostics())
        return ResourceReader(container: container, encryption: encryption, uniqueIdentifier: uniqueIdentifier)
    }

    @Test(.enabled(if: available, "../shared/corpus is absent"))
    func wastelandsObfuscatedFontsMatchThePlainOnesByteForByte() throws {
        let plain = try open("samples/wasteland-otf.epub")
        let reader = try reader("samples/wasteland-otf-obf.epub", uniqueIdentifier: "code.google.com.epub-samples.wasteland-otf-obfuscated")
        #expect(reader.encryption.resources.count == 3)
        for style in ["Bold", "Italic", "Regular"] {
            let restored = try reader.read("EPUB/OldStandard-\(style).obf.otf")
            let stored = try reader.container.read("EPUB/OldStandard-\(style).obf.otf")
            #expect(stored != restored)
            #expect(restored == (try plain.read("EPUB/OldStandard-\(style).otf")), "\(style)")
        }
    }

    @Test(.enabled(if: available, "../shared/corpus is absent"))
    func wastelandsObfuscatedWOFFsBecomeWholeWOFFs() throws {
        let reader = try reader("samples/wasteland-woff-obf.epub", uniqueIdentifier: "code.google.com.epub-samples.wasteland-woff-obfuscated")
        for style in ["Bold", "Italic", "Regular"] {
            let woff = try reader.read("EPUB/OldStandard-\(style).obf.woff")
            #expect(Array(woff.prefix(4)) == Array("wOFF".utf8))
            // The WOFF header's `length` field (bytes 8–11) is the whole file's size.
            let length = woff[8..<12].reduce(0) { $0 << 8 | Int($1) }
            #expect(length == woff.count, "\(style)")
        }
    }

    @Test(.enabled(if: available, "../shared/corpus is absent"))
    func theW3CObfuscationTestFontIsRestored() throws {
        let reader = try reader("w3c/ocf-font_obfuscation.epub", uniqueIdentifier: "ocf-font_obfuscation")
        let font = try reader.read("EPUB/fonts/Lobster.ttf")
        #expect(Array(font.prefix(4)) == [0x00, 0x01, 0x00, 0x00])
    }

    @Test(.enabled(if: available, "../shared/corpus is absent"))
    func theW3CWrongKeyTestFontStaysUnusable() throws {
        // The font was obfuscated with another book's identifier: a conforming reader must not show it.
        let reader = try reader("w3c/ocf-font_obfuscation_bis.epub", uniqueIdentifier: "ocf-font_obfuscation-bis")
        let font = try reader.read("EPUB/fonts/Lobster.ttf")
        #expect(!Obfuscation.looksLikeFont(font))
    }
}
