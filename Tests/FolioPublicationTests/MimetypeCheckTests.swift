import Foundation
import Testing
import FolioCore
@testable import FolioPublication

@Suite struct MimetypeCheckTests {
    let dir: TemporaryDirectory
    init() throws { dir = try TemporaryDirectory() }

    let mimetype = Array("application/epub+zip".utf8)
    let package = Array("<package/>".utf8)

    /// The `ocf.*` codes `checkMimetype` reports for a zip of these entries.
    private func codes(_ entries: [(name: String, bytes: [UInt8], compressed: Bool)]) throws -> [String] {
        let url = dir.url.appendingPathComponent("book.epub")
        try ZipBuilder.write(to: url, entries: entries)
        let diagnostics = Diagnostics()
        checkMimetype(in: try ZipContainer(path: url.path, diagnostics: diagnostics), diagnostics: diagnostics)
        return diagnostics.warnings.map(\.code)
    }

    @Test func aWellPackagedZipHasNoWarnings() throws {
        #expect(try codes([("mimetype", mimetype, false), ("EPUB/package.opf", package, true)]) == [])
    }

    @Test func aMissingMimetypeIsReported() throws {
        #expect(try codes([("EPUB/package.opf", package, true)]) == ["ocf.mimetype-missing"])
    }

    @Test func aWrongMimetypeIsReported() throws {
        #expect(try codes([("mimetype", Array("application/zip".utf8), false)]) == ["ocf.mimetype-wrong"])
        #expect(try codes([("mimetype", Array("application/epub+zip\n".utf8), false)]) == ["ocf.mimetype-wrong"])
    }

    @Test func aMimetypeThatIsNotFirstIsReported() throws {
        #expect(try codes([("EPUB/package.opf", package, true), ("mimetype", mimetype, false)]) == ["ocf.mimetype-not-first"])
    }

    @Test func aCompressedMimetypeIsReported() throws {
        #expect(try codes([("mimetype", mimetype, true)]) == ["ocf.mimetype-compressed"])
    }

    @Test func aFolderIsCheckedForPresenceAndContentOnly() throws {
        try dir.write("good/EPUB/package.opf", package)
        try dir.write("good/mimetype", mimetype)
        try dir.write("wrong/mimetype", Array("text/plain".utf8))
        try dir.write("missing/EPUB/package.opf", package)
        for (folder, expected) in [("good", [String]()), ("wrong", ["ocf.mimetype-wrong"]), ("missing", ["ocf.mimetype-missing"])] {
            let diagnostics = Diagnostics()
            let container = try DirectoryContainer(path: dir.url.appendingPathComponent(folder).path, diagnostics: diagnostics)
            checkMimetype(in: container, diagnostics: diagnostics)
            #expect(diagnostics.warnings.map(\.code) == expected, "\(folder)")
        }
    }
}
