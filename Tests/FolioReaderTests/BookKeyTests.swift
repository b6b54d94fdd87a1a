import FolioPublication
import Foundation
import Testing
@testable import FolioReader

@Suite struct BookKeyTests {
    typealias F = ReaderFixtures

    @Test func twoEditionsWithTheSameIdentifierAndPackageGetDifferentKeys() throws {
        let first = try F.book("same-identifier-first-edition")
        let second = try F.book("same-identifier-second-edition")
        // The fixtures differ only in a chapter's text: the package documents are byte for byte the same.
        #expect(first.metadata.uniqueIdentifier == second.metadata.uniqueIdentifier)
        #expect(try F.bytes("same-identifier-first-edition/EPUB/package.opf") == F.bytes("same-identifier-second-edition/EPUB/package.opf"))
        #expect(BookKey(publication: first) != BookKey(publication: second))
    }

    @Test func theSameBookMovedElsewhereKeepsItsKey() throws {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let moved = folder.appendingPathComponent("renamed.epub")
        try FileManager.default.copyItem(at: F.sampleBook, to: moved)
        let original = BookKey(publication: try PublicationOpener.open(F.sampleBook.path))
        #expect(BookKey(publication: try PublicationOpener.open(moved.path)) == original)
    }

    @Test func theSameBookUnpackedIntoAFolderKeepsItsKey() throws {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        unzip.arguments = ["-q", F.sampleBook.path, "-d", folder.path]
        try unzip.run()
        unzip.waitUntilExit()
        try #require(unzip.terminationStatus == 0)
        let zipped = BookKey(publication: try PublicationOpener.open(F.sampleBook.path))
        #expect(BookKey(publication: try PublicationOpener.open(folder.path)) == zipped)
    }

    @Test func aKeyReadsAsTheIdentifierThenAHash() throws {
        let key = BookKey(publication: try PublicationOpener.open(F.sampleBook.path))
        #expect(key.rawValue.hasPrefix("urn-uuid-6f1e3c1a-9d2b-4c55-8a3e-2b7d0f4e9a11-"))
        #expect(key.rawValue.count == "urn-uuid-6f1e3c1a-9d2b-4c55-8a3e-2b7d0f4e9a11-".count + 32)
    }

    @Test func hostileIdentifiersMakeFileNameSafeKeys() {
        for identifier in ["../../etc/passwd", "/abs/path", ".hidden", "名前 with spaces", String(repeating: "x", count: 5_000), "", "\u{0}"] {
            let key = BookKey.make(identifier: identifier, package: [], spine: [])
            #expect(BookKey(rawValue: key.rawValue) == key, "\(key.rawValue)")
            #expect(!key.rawValue.contains("/") && !key.rawValue.hasPrefix(".") && key.rawValue.count <= 128)
        }
        #expect(BookKey.make(identifier: nil, package: [], spine: []).rawValue.hasPrefix("book-"))
        #expect(BookKey.make(identifier: "../../etc/passwd", package: [], spine: []).rawValue.hasPrefix("etc-passwd-"))
    }

    @Test func onlySafeStringsAreKeys() {
        for bad in ["", "../x", "a/b", ".hidden", "tab\there", "é"] { #expect(BookKey(rawValue: bad) == nil, "\(bad)") }
        #expect(BookKey(rawValue: "urn-isbn-978_0.1") != nil)
    }

    @Test func theKeyChangesWithEverySpineSizeAndTheIdentifier() {
        let base = BookKey.make(identifier: "id", package: [1, 2, 3], spine: [("a.xhtml", 10), ("b.xhtml", 20)])
        #expect(BookKey.make(identifier: "id", package: [1, 2, 3], spine: [("a.xhtml", 10), ("b.xhtml", 21)]) != base)
        #expect(BookKey.make(identifier: "id", package: [1, 2, 4], spine: [("a.xhtml", 10), ("b.xhtml", 20)]) != base)
        #expect(BookKey.make(identifier: "id2", package: [1, 2, 3], spine: [("a.xhtml", 10), ("b.xhtml", 20)]) != base)
        #expect(BookKey.make(identifier: "id", package: [1, 2, 3], spine: [("a.xhtml", 10), ("b.xhtml", nil)]) != base)
        #expect(BookKey.make(identifier: "id", package: [1, 2, 3], spine: [("a.xhtml", 10), ("b.xhtml", 20)]) == base)
    }
}
