import FolioLayout
import Foundation
import Testing
@testable import FolioReader

@Suite struct StateStoreTests {
    typealias F = ReaderFixtures

    @Test func savedStateLoadsBackEqual() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let state = F.fullState()
        try F.store(in: root).saveBook(state, for: F.key)
        let store = F.store(in: root)
        #expect(store.loadBook(F.key) == state)
        #expect(store.diagnostics.warnings.isEmpty)
    }

    @Test func theFileIsReadableJSONWithISODates() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        try store.saveBook(F.fullState(), for: F.key)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: store.directories.bookFile(F.key))) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        #expect(json["jacketShown"] as? Bool == true)
        let bookmark = try #require((json["bookmarks"] as? [[String: Any]])?.first)
        #expect(bookmark["created"] as? String == "2026-03-01T09:30:00Z")
        #expect((bookmark["locator"] as? [String: Int]) == ["spineIndex": 2, "offset": 40])
        #expect((json["settings"] as? [String: Any])?["theme"] as? String == "night")
    }

    @Test func aBookWithNoStateStartsFreshWithoutWarnings() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        #expect(store.loadBook(F.key) == BookState())
        #expect(!store.hasState(for: F.key))
        #expect(store.diagnostics.warnings.isEmpty)
    }

    @Test func aFileThatIsNotJSONWarnsStartsFreshAndIsKeptAside() throws {
        try expectSetAside(fixture: "not-json-state/state.json", code: "state.corrupt")
    }

    /// A book's state file is named by its 64-digit key: the warning shortens the name, so a
    /// status line of 80 columns still shows what happened; the full path is the location.
    @Test func aCorruptStateWarningSaysWhatHappenedWithinAStatusLine() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        try place(try F.bytes("not-json-state/state.json"), for: store)
        _ = store.loadBook(F.key)
        let warning = try #require(store.diagnostics.warnings.first { $0.code == "state.corrupt" })
        #expect(warning.location == store.directories.bookFile(F.key).path)
        let shown = String(warning.message.prefix(78))
        #expect(shown.hasPrefix(String(F.key.rawValue.prefix(8)) + "….json is not a valid state file ("), "\(warning.message)")
        #expect(warning.message.hasSuffix("; starting afresh; the file was kept as \(F.key.rawValue.prefix(8))….json.corrupt"))
    }

    @Test func aTruncatedFileWarnsStartsFreshAndIsKeptAside() throws {
        try expectSetAside(fixture: "truncated-state/state.json", code: "state.corrupt")
    }

    @Test func aFileOverTheSizeLimitIsRefusedAndKeptAside() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        let big = Data("{\"jacketShown\": true}".utf8) + Data(repeating: 0x20, count: StateStore.maxFileSize)
        try place(big, for: store)
        #expect(store.loadBook(F.key) == BookState())
        #expect(store.diagnostics.contains(code: "state.too-large"))
        #expect(FileManager.default.fileExists(atPath: store.directories.bookFile(F.key).path + ".corrupt"))
    }

    @Test func aSecondCorruptFileDoesNotReplaceTheFirstKeptAside() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        let file = store.directories.bookFile(F.key).path
        try place(Data("first".utf8), for: store)
        _ = store.loadBook(F.key)
        try place(Data("second".utf8), for: store)
        _ = store.loadBook(F.key)
        #expect(FileManager.default.contents(atPath: file + ".corrupt") == Data("first".utf8))
        #expect(FileManager.default.contents(atPath: file + ".corrupt-2") == Data("second".utf8))
    }

    @Test func aStateFileThatIsAFolderIsUnreadableNotFatal() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        try FileManager.default.createDirectory(at: store.directories.bookFile(F.key), withIntermediateDirectories: true)
        #expect(store.loadBook(F.key) == BookState())
        #expect(store.diagnostics.contains(code: "state.unreadable"))
        // Left where it is: it is not a state file Folio wrote, so it is not Folio's to move.
        #expect(!FileManager.default.fileExists(atPath: store.directories.bookFile(F.key).path + ".corrupt"))
    }

    @Test func aStateFolderThatCannotBeEnteredGivesAFreshStateAndASaveError() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        // A file where the books folder should be: unreadable to everyone, root included.
        try FileManager.default.createDirectory(at: store.directories.state, withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: store.directories.books)
        #expect(store.loadBook(F.key) == BookState())
        #expect(store.diagnostics.contains(code: "state.unreadable"))
        #expect(throws: StateError.self) { try store.saveBook(F.fullState(), for: F.key) }
    }

    @Test func aWriteKilledBeforeItsRenameLeavesTheOldStateAndItsTemporaryIsCleaned() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        let saved = F.fullState()
        try store.saveBook(saved, for: F.key)
        // What a writer killed mid-write leaves: a half-written temporary named after its (now gone) process.
        let name = store.directories.bookFile(F.key).lastPathComponent
        let dead = try deadProcessID()
        let leftover = store.directories.books.appendingPathComponent(".\(name).\(dead).12345.tmp")
        try Data("{\"jacketShown\": fal".utf8).write(to: leftover)
        // A write in progress in a live process (our parent) must be left alone.
        let live = store.directories.books.appendingPathComponent(".\(name).\(getppid()).777.tmp")
        try Data("{".utf8).write(to: live)

        #expect(store.loadBook(F.key) == saved)
        #expect(store.diagnostics.warnings.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
    }

    @Test func savingLeavesNoTemporaryFilesBehind() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        for step in 0..<5 {
            var state = F.fullState()
            state.position = ReadingPosition(locator: Locator(spineIndex: 1, offset: step))
            try store.saveBook(state, for: F.key)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directories.books.path)
        #expect(names == [F.key.rawValue + ".json"])
        #expect(store.loadBook(F.key).position?.locator.offset == 4)
    }

    @Test func aStateTooLargeToReadBackIsNotWrittenAndTheOldOneStays() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        try store.saveBook(F.fullState(), for: F.key)
        var huge = BookState()
        let long = String(repeating: "𝄞", count: Bookmark.maxFieldLength)
        for i in 0..<BookState.maxBookmarks {
            var bookmark = F.bookmark(0, i, long)
            bookmark.label = long
            bookmark.position.cfi = long
            huge.addBookmark(bookmark)
        }
        #expect(throws: StateError.self) { try store.saveBook(huge, for: F.key) }
        #expect(store.loadBook(F.key) == F.fullState())
    }

    @Test func twoEditionsWithOneIdentifierKeepSeparateState() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        let first = BookKey(publication: try F.book("same-identifier-first-edition"))
        let second = BookKey(publication: try F.book("same-identifier-second-edition"))
        var state = BookState()
        state.addBookmark(F.bookmark(0, 50, "The first edition's part two."))
        try store.saveBook(state, for: first)
        #expect(store.loadBook(first).bookmarks.count == 1)
        #expect(store.loadBook(second) == BookState())
    }

    private func expectSetAside(fixture: String, code: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        let bytes = try F.bytes(fixture)
        try place(bytes, for: store)
        #expect(store.loadBook(F.key) == BookState(), sourceLocation: sourceLocation)
        #expect(store.diagnostics.contains(code: code), "\(store.diagnostics.warnings)", sourceLocation: sourceLocation)
        let file = store.directories.bookFile(F.key).path
        #expect(FileManager.default.contents(atPath: file + ".corrupt") == bytes, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: file), sourceLocation: sourceLocation)
        // And the next save works as if nothing happened.
        try store.saveBook(F.fullState(), for: F.key)
        #expect(F.store(in: root).loadBook(F.key) == F.fullState(), sourceLocation: sourceLocation)
    }

    private func place(_ bytes: Data, for store: StateStore) throws {
        try FileManager.default.createDirectory(at: store.directories.books, withIntermediateDirectories: true)
        try bytes.write(to: store.directories.bookFile(F.key))
    }

    /// The id of a process that has exited (and been reaped), as a killed writer's would be.
    private func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
