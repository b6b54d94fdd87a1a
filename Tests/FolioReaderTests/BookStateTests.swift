import FolioLayout
import Foundation
import Testing
@testable import FolioReader

@Suite struct BookStateTests {
    typealias F = ReaderFixtures

    /// Loads a fixture as the state of `F.key` in a fresh store.
    private func load(_ fixture: String) throws -> (BookState, StateStore) {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        try FileManager.default.createDirectory(at: store.directories.books, withIntermediateDirectories: true)
        try F.bytes(fixture).write(to: store.directories.bookFile(F.key))
        return (store.loadBook(F.key), store)
    }

    @Test func anUnreadableBookmarkIsSkippedAndTheRestKept() throws {
        let (state, store) = try load("bad-bookmark-state/state.json")
        #expect(state.bookmarks.map(\.text) == ["A good bookmark"])
        #expect(state.bookmarks.first?.timestamp == "2026-03-01T09:30:00Z")
        #expect(state.position == ReadingPosition(locator: Locator(spineIndex: 2, offset: 7), cfi: "epubcfi(/6/6!/4/2/1:0)"))
        #expect(state.jacketShown)
        #expect(store.diagnostics.contains(code: "state.bookmark-invalid"))
        #expect(!store.diagnostics.contains(code: "state.corrupt"))
    }

    @Test func aFileFromANewerFolioIsReadAsFarAsItGoes() throws {
        let (state, store) = try load("newer-format-state/state.json")
        #expect(state.position?.locator == Locator(spineIndex: 3, offset: 42))
        #expect(state.settings == ReadingSettings(theme: "sepia", textSizeStep: 2))
        #expect(state.jacketShown)
        #expect(store.diagnostics.contains(code: "state.newer-version"))
    }

    @Test func moreBookmarksThanTheCapKeepTheFirstInBookOrder() throws {
        let root = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = F.store(in: root)
        let entries = (0...BookState.maxBookmarks).reversed().map {
            "{\"locator\": {\"spineIndex\": 0, \"offset\": \($0)}, \"text\": \"t\", \"created\": \"2026-03-01T09:30:00Z\"}"
        }
        try FileManager.default.createDirectory(at: store.directories.books, withIntermediateDirectories: true)
        try Data("{\"bookmarks\": [\(entries.joined(separator: ","))]}".utf8).write(to: store.directories.bookFile(F.key))
        let state = store.loadBook(F.key)
        #expect(state.bookmarks.count == BookState.maxBookmarks)
        #expect(state.bookmarks.first?.locator.offset == 0)
        #expect(state.bookmarks.last?.locator.offset == BookState.maxBookmarks - 1)
        #expect(store.diagnostics.contains(code: "state.too-many-bookmarks"))
    }

    @Test func bookmarksStayInBookOrderOnePerLocator() {
        var state = BookState()
        #expect(state.addBookmark(F.bookmark(3, 10)) == .added(0))
        #expect(state.addBookmark(F.bookmark(1, 99)) == .added(0))
        #expect(state.addBookmark(F.bookmark(3, 5)) == .added(1))
        #expect(state.addBookmark(F.bookmark(3, 10, "again")) == .exists(2))
        #expect(state.bookmarks.map(\.locator) == [Locator(spineIndex: 1, offset: 99), Locator(spineIndex: 3, offset: 5), Locator(spineIndex: 3, offset: 10)])
        #expect(state.bookmarkIndices(from: Locator(spineIndex: 3, offset: 0), to: Locator(spineIndex: 3, offset: 10)) == [1])
        #expect(state.removeBookmark(at: 0)?.locator == Locator(spineIndex: 1, offset: 99))
        #expect(state.removeBookmark(at: 7) == nil)
        #expect(state.bookmarks.count == 2)
    }

    @Test func aFullBookRefusesAnotherBookmark() {
        var state = BookState()
        for i in 0..<BookState.maxBookmarks { state.addBookmark(F.bookmark(0, i)) }
        #expect(state.addBookmark(F.bookmark(1, 0)) == .full)
        #expect(state.bookmarks.count == BookState.maxBookmarks)
    }

    @Test func anExcerptFoldsWhitespaceAndCutsBetweenWords() {
        let page = "I. Winter\n\n   The keeper rose before the light and climbed the ninety-one steps to the lamp room."
        #expect(Bookmark.excerpt(page) == "I. Winter The keeper rose before the light and climbed the…")
        #expect(Bookmark.excerpt("Short page.") == "Short page.")
        #expect(Bookmark.excerpt(String(repeating: "x", count: 100), length: 10) == "xxxxxxxxxx…")
        #expect(Bookmark.excerpt("  \n ") == "")
    }

    @Test func bookmarkTimesAreKeptToTheSecond() {
        let bookmark = F.bookmark(0, 0, at: 1_772_357_400.75)
        #expect(bookmark.created == Date(timeIntervalSince1970: 1_772_357_400))
        #expect(bookmark.timestamp == "2026-03-01T09:30:00Z")
    }
}
