import Foundation
import Testing
import FolioCore
@testable import FolioPublication

@Suite struct ZipContainerTests {
    let dir: TemporaryDirectory
    init() throws { dir = try TemporaryDirectory() }

    private func zip(_ entries: [(name: String, bytes: [UInt8], compressed: Bool)], _ name: String = "book.epub") throws -> String {
        let url = dir.url.appendingPathComponent(name)
        try ZipBuilder.write(to: url, entries: entries)
        return url.path
    }

    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        try dir.write(name, bytes).path
    }

    private func kind(_ body: () throws(ContainerError) -> some Any) -> ContainerError.Kind? {
        do { _ = try body() } catch { return error.kind }
        return nil
    }

    @Test func entriesAreListedInArchiveOrderWithoutDirectories() throws {
        let path = try zip([("mimetype", Array("application/epub+zip".utf8), false), ("EPUB/", [], false),
                            ("EPUB/b.xhtml", Array("<b/>".utf8), true), ("EPUB/a.xhtml", Array("<a/>".utf8), true)])
        let container = try ZipContainer(path: path, diagnostics: Diagnostics())
        #expect(container.entries.map(\.path) == ["mimetype", "EPUB/b.xhtml", "EPUB/a.xhtml"])
        #expect(container.entry("mimetype")?.size == 20)
        #expect(container.firstEntryPath == "mimetype")
    }

    @Test func storedAndDeflatedEntriesReadBackUnchanged() throws {
        let text = Array(String(repeating: "The Waste Land. ", count: 500).utf8)
        let path = try zip([("stored.txt", text, false), ("deflated.txt", text, true)])
        let container = try ZipContainer(path: path, diagnostics: Diagnostics())
        #expect(try container.read("stored.txt") == text)
        #expect(try container.read("deflated.txt") == text)
        #expect(container.storage(of: "deflated.txt")?.isCompressed == true)
        #expect(container.storage(of: "stored.txt")?.isCompressed == false)
        #expect(container.entry("deflated.txt")!.compressedSize < UInt64(text.count))
    }

    /// An image's size is read from its first bytes: a prefix is the entry's beginning, stored or
    /// deflated, the whole entry when it is shorter, and refused as `read` refuses the entry.
    @Test func aPrefixIsTheEntrysBeginningAndRefusedWhereReadingIs() throws {
        let text = Array(String(repeating: "Unreal City, under the brown fog. ", count: 300).utf8)
        let path = try zip([("stored.txt", text, false), ("deflated.txt", text, true)])
        let container = try ZipContainer(path: path, diagnostics: Diagnostics())
        for name in ["stored.txt", "deflated.txt"] {
            #expect(try container.readPrefix(name, count: 100) == Array(text.prefix(100)))
            #expect(try container.readPrefix(name, count: text.count + 500) == text)
            #expect(try container.readPrefix(name, count: 0) == [])
        }
        #expect(kind { () throws(ContainerError) in try container.readPrefix("absent.txt", count: 10) } == .notFound)
        let url = dir.url.appendingPathComponent("locked.epub")
        try ZipBuilder.write(to: url, entries: [.init(name: "secret.png", bytes: Array("not for you".utf8), password: "pw")])
        let locked = try ZipContainer(path: url.path, diagnostics: Diagnostics())
        #expect(kind { () throws(ContainerError) in try locked.readPrefix("secret.png", count: 4) } == .encrypted)
    }

    @Test func entryNamesThatLeaveTheRootAreRefusedWithAWarning() throws {
        let x: [UInt8] = Array("x".utf8)
        let path = try zip([("../../x", x, true), ("/abs", x, true), ("a/../../x", x, true),
                            ("..\\..\\x", x, true), ("C:/windows/x", x, true), ("ok/../inside.txt", x, true)])
        let diagnostics = Diagnostics()
        let container = try ZipContainer(path: path, diagnostics: diagnostics)
        #expect(container.entries.map(\.path) == ["inside.txt"])
        #expect(diagnostics.warnings.filter { $0.code == "zip.entry-outside-root" }.count == 5)
        #expect(kind { () throws(ContainerError) in try container.read("../../x") } == .notFound)
        #expect(kind { () throws(ContainerError) in try container.read("x") } == .notFound)
    }

    @Test func backslashSeparatorsAreReadAsSlashes() throws {
        let path = try zip([("OEBPS\\chapter.xhtml", Array("<p/>".utf8), true)])
        let diagnostics = Diagnostics()
        let container = try ZipContainer(path: path, diagnostics: diagnostics)
        #expect(container.entries.map(\.path) == ["OEBPS/chapter.xhtml"])
        #expect(try container.read("OEBPS/chapter.xhtml") == Array("<p/>".utf8))
        #expect(diagnostics.contains(code: "zip.entry-backslash"))
    }

    @Test func anEntryNameWithANulByteIsNeverListedWithIt() throws {
        // libzip never writes a NUL into a name; put one there by hand.
        let clean = try ZipBuilder.bytes([("EPUB/aQb.txt", Array("x".utf8), false)])
        let hostile = ZipBytes.replacing(Array("aQb".utf8), with: [0x61, 0x00, 0x62], in: clean)
        let diagnostics = Diagnostics()
        let container = try ZipContainer(path: try write(hostile, "nul.epub"), diagnostics: diagnostics)
        // libzip already reads an in-name NUL as a space, so the name can never be cut short at it.
        #expect(container.entries.map(\.path) == ["EPUB/a b.txt"])
        #expect(diagnostics.warnings.isEmpty)
    }

    @Test func aFileThatIsNotAZipIsRefusedWithAClearReason() throws {
        let path = try write(Array("<html>not a book</html>".utf8), "not-a-zip.epub")
        do {
            _ = try ZipContainer(path: path, diagnostics: Diagnostics())
            Issue.record("opened a text file as a zip")
        } catch {
            #expect(error.kind == .notAContainer)
            #expect(error.reason.contains("Not a zip archive"))
            #expect(!error.reason.contains("\n"))
        }
    }

    @Test func aTruncatedZipIsRefused() throws {
        let whole = try ZipBuilder.bytes([("mimetype", Array("application/epub+zip".utf8), false),
                                          ("EPUB/a.xhtml", Array(repeating: 0x41, count: 5000), true)])
        let path = try write(Array(whole.prefix(whole.count / 2)), "truncated.epub")
        #expect(kind { () throws(ContainerError) in try ZipContainer(path: path, diagnostics: Diagnostics()) } == .notAContainer)
    }

    @Test func aMissingFileIsNotFound() {
        let path = dir.url.appendingPathComponent("nothing-here.epub").path
        #expect(kind { () throws(ContainerError) in try ZipContainer(path: path, diagnostics: Diagnostics()) } == .notFound)
    }

    @Test func aZipBombIsRefusedByItsStatedSizeWithoutInflating() throws {
        let path = try zip([("bomb.bin", [UInt8](repeating: 0, count: 32 << 20), true)])
        let container = try ZipContainer(path: path, diagnostics: Diagnostics())
        #expect(container.entry("bomb.bin")!.compressedSize < 64 << 10)
        let start = ContinuousClock.now
        #expect(kind { () throws(ContainerError) in try container.read("bomb.bin", limit: 1 << 20) } == .tooLarge)
        #expect(ContinuousClock.now - start < .milliseconds(200))
    }

    @Test func aZipBombWhoseHeaderLiesIsStoppedAtTheLimit() throws {
        let honest = try ZipBuilder.bytes([("bomb.bin", [UInt8](repeating: 0, count: 32 << 20), true)])
        let lying = ZipBytes.settingFirstEntryStatedSize(honest, to: 100)
        let container = try ZipContainer(path: try write(lying, "lying.epub"), diagnostics: Diagnostics())
        #expect(container.entry("bomb.bin")?.size == 100)
        let start = ContinuousClock.now
        do {
            _ = try container.read("bomb.bin", limit: 1 << 20)
            Issue.record("read a 32 MiB entry under a 1 MiB limit")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.reason.contains("claims 100"))
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func anEntryExactlyAtTheLimitIsRead() throws {
        let bytes = [UInt8](repeating: 7, count: 100)
        let container = try ZipContainer(path: try zip([("a.bin", bytes, true)]), diagnostics: Diagnostics())
        #expect(try container.read("a.bin", limit: 100) == bytes)
        #expect(kind { () throws(ContainerError) in try container.read("a.bin", limit: 99) } == .tooLarge)
    }

    @Test func anEncryptedZipEntryIsReportedAsEncrypted() throws {
        let url = dir.url.appendingPathComponent("encrypted.epub")
        try ZipBuilder.write(to: url, entries: [.init(name: "secret.xhtml", bytes: Array("<p>secret</p>".utf8), password: "pw")])
        let container = try ZipContainer(path: url.path, diagnostics: Diagnostics())
        #expect(container.storage(of: "secret.xhtml")?.isEncrypted == true)
        #expect(kind { () throws(ContainerError) in try container.read("secret.xhtml") } == .encrypted)
    }

    @Test func aDamagedEntryFailsItsCRCCheck() throws {
        let clean = try ZipBuilder.bytes([("a.txt", Array("hello, unreal city".utf8), false)])
        let damaged = ZipBytes.replacing(Array("unreal".utf8), with: Array("UNREAL".utf8), in: clean)
        let container = try ZipContainer(path: try write(damaged, "crc.epub"), diagnostics: Diagnostics())
        #expect(kind { () throws(ContainerError) in try container.read("a.txt") } == .corrupt)
    }

    @Test func aMissingEntryIsNotFound() throws {
        let container = try ZipContainer(path: try zip([("a.txt", [1], true)]), diagnostics: Diagnostics())
        #expect(kind { () throws(ContainerError) in try container.read("b.txt") } == .notFound)
    }

    @Test func readsFromManyThreadsAtOnceAgree() async throws {
        let entries = (0..<8).map { i in (name: "f\(i).txt", bytes: [UInt8](repeating: UInt8(i), count: 200_000 + i), compressed: true) }
        let container = try ZipContainer(path: try zip(entries), diagnostics: Diagnostics())
        let ok = await withTaskGroup(of: Bool.self) { group in
            for round in 0..<32 {
                let e = entries[round % entries.count]
                group.addTask { (try? container.read(e.name)) == e.bytes }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(ok)
    }
}
