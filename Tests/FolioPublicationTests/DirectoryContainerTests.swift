import Foundation
import Testing
import FolioCore
@testable import FolioPublication

@Suite struct DirectoryContainerTests {
    let dir: TemporaryDirectory
    let root: URL
    init() throws {
        dir = try TemporaryDirectory()
        root = dir.url.appendingPathComponent("book")
        try dir.write("book/mimetype", Array("application/epub+zip".utf8))
        try dir.write("book/META-INF/container.xml", Array("<container/>".utf8))
        try dir.write("book/EPUB/text/c1.xhtml", Array("<p>c1</p>".utf8))
        try dir.write("outside.txt", Array("secret".utf8))
    }

    private func kind(_ body: () throws(ContainerError) -> some Any) -> ContainerError.Kind? {
        do { _ = try body() } catch { return error.kind }
        return nil
    }

    @Test func filesAreListedRecursivelySortedAndRelative() throws {
        let container = try DirectoryContainer(path: root.path, diagnostics: Diagnostics())
        #expect(container.entries.map(\.path) == ["EPUB/text/c1.xhtml", "META-INF/container.xml", "mimetype"])
        #expect(container.entry("mimetype")?.size == 20)
        #expect(try container.read("EPUB/text/c1.xhtml") == Array("<p>c1</p>".utf8))
    }

    @Test func aPrefixIsTheFilesBeginningAndNeverReachesOutsideTheRoot() throws {
        let container = try DirectoryContainer(path: root.path, diagnostics: Diagnostics())
        #expect(try container.readPrefix("EPUB/text/c1.xhtml", count: 3) == Array("<p>".utf8))
        #expect(try container.readPrefix("EPUB/text/c1.xhtml", count: 1000) == Array("<p>c1</p>".utf8))
        #expect(kind { () throws(ContainerError) in try container.readPrefix("../outside.txt", count: 3) } == .notFound)
    }

    @Test func aSymlinkLeadingOutsideTheRootIsRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("EPUB/leak.txt").path,
                                                   withDestinationPath: "../../outside.txt")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("EPUB/abs.txt").path,
                                                   withDestinationPath: dir.url.appendingPathComponent("outside.txt").path)
        let diagnostics = Diagnostics()
        let container = try DirectoryContainer(path: root.path, diagnostics: diagnostics)
        #expect(!container.contains("EPUB/leak.txt"))
        #expect(!container.contains("EPUB/abs.txt"))
        #expect(diagnostics.warnings.filter { $0.code == "container.entry-outside-root" }.count == 2)
        #expect(kind { () throws(ContainerError) in try container.read("EPUB/leak.txt") } == .notFound)
    }

    @Test func aSymlinkToAFileInsideTheRootIsListed() throws {
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("EPUB/alias.xhtml").path,
                                                   withDestinationPath: "text/c1.xhtml")
        let container = try DirectoryContainer(path: root.path, diagnostics: Diagnostics())
        #expect(try container.read("EPUB/alias.xhtml") == Array("<p>c1</p>".utf8))
    }

    @Test func pathsThatClimbOutOfTheRootAreNeverRead() throws {
        let container = try DirectoryContainer(path: root.path, diagnostics: Diagnostics())
        #expect(kind { () throws(ContainerError) in try container.read("../outside.txt") } == .notFound)
        #expect(kind { () throws(ContainerError) in try container.read("/etc/passwd") } == .notFound)
    }

    @Test func filesOverTheLimitAreRefused() throws {
        try dir.write("book/EPUB/big.bin", [UInt8](repeating: 1, count: 5000))
        let container = try DirectoryContainer(path: root.path, diagnostics: Diagnostics())
        #expect(kind { () throws(ContainerError) in try container.read("EPUB/big.bin", limit: 4999) } == .tooLarge)
        #expect(try container.read("EPUB/big.bin", limit: 5000).count == 5000)
    }

    @Test func aMissingFolderIsNotFound() {
        let path = dir.url.appendingPathComponent("no-such-book").path
        #expect(kind { () throws(ContainerError) in try DirectoryContainer(path: path, diagnostics: Diagnostics()) } == .notFound)
    }
}
