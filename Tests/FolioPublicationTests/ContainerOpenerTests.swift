import Foundation
import Testing
import FolioCore
@testable import FolioPublication

@Suite struct ContainerOpenerTests {
    let dir: TemporaryDirectory
    init() throws { dir = try TemporaryDirectory() }

    private func kind(_ body: () throws(ContainerError) -> some Any) -> ContainerError.Kind? {
        do { _ = try body() } catch { return error.kind }
        return nil
    }

    @Test func aFolderOpensAsADirectoryContainer() throws {
        try dir.write("book/mimetype", Array("application/epub+zip".utf8))
        let container = try ContainerOpener.open(at: dir.url.appendingPathComponent("book").path, diagnostics: Diagnostics())
        #expect(container is DirectoryContainer)
    }

    @Test func aFileOpensAsAZipContainer() throws {
        let url = dir.url.appendingPathComponent("book.epub")
        try ZipBuilder.write(to: url, entries: [("mimetype", Array("application/epub+zip".utf8), false)])
        let diagnostics = Diagnostics()
        let container = try ContainerOpener.open(at: url.path, diagnostics: diagnostics)
        #expect(container is ZipContainer)
        #expect(diagnostics.warnings.isEmpty)
    }

    @Test func aPathThatDoesNotExistIsNotFound() {
        let path = dir.url.appendingPathComponent("missing.epub").path
        #expect(kind { () throws(ContainerError) in try ContainerOpener.open(at: path, diagnostics: Diagnostics()) } == .notFound)
    }

    @Test func aFileThatIsNotAZipIsNotAContainer() throws {
        let path = try dir.write("notes.txt", Array("hello".utf8)).path
        #expect(kind { () throws(ContainerError) in try ContainerOpener.open(at: path, diagnostics: Diagnostics()) } == .notAContainer)
    }

    @Test func aDeviceIsNotAContainer() {
        #expect(kind { () throws(ContainerError) in try ContainerOpener.open(at: "/dev/null", diagnostics: Diagnostics()) } == .notAContainer)
    }
}
