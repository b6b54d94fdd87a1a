import FolioCore
import FolioLayout
import FolioPublication
import Foundation
@testable import FolioReader

/// Fixture books and state files, and throwaway state folders, for the FolioReader tests.
enum ReaderFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let packageRoot = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The project's own sample book (committed, so never skipped).
    static let sampleBook = packageRoot.appendingPathComponent("corpus/lighthouse.epub")

    static func book(_ name: String) throws -> Publication {
        try PublicationOpener.open(folder.appendingPathComponent(name).path)
    }

    static func bytes(_ relativePath: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(relativePath))
    }

    /// A fresh folder under the temporary directory, removed by the caller's `defer`.
    static func temporaryFolder(_ name: String = #function) throws -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-reader-\(safe)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A store whose state and config folders live in `root`.
    static func store(in root: URL) -> StateStore {
        StateStore(directories: StateDirectories(state: root.appendingPathComponent("state/folio"), config: root.appendingPathComponent("config/folio")))
    }

    static let key = BookKey.make(identifier: "urn:uuid:test", package: Array("<package/>".utf8), spine: [])

    static func bookmark(_ spineIndex: Int, _ offset: Int, _ text: String = "Some text", at seconds: Double = 1_772_357_400) -> Bookmark {
        Bookmark(position: ReadingPosition(locator: Locator(spineIndex: spineIndex, offset: offset), cfi: "epubcfi(/6/\(2 * spineIndex + 2)!/4/2/1:\(offset))"),
                 text: text, created: Date(timeIntervalSince1970: seconds))
    }

    /// A state with something in every field.
    static func fullState() -> BookState {
        var state = BookState(book: BookDescription(identifier: "urn:uuid:test", title: "A Test", location: "/books/test.epub"),
                              position: ReadingPosition(locator: Locator(spineIndex: 3, offset: 1_200), cfi: "epubcfi(/6/8!/4/10/1:17)"),
                              settings: ReadingSettings(theme: "night", textSizeStep: -1, fontFamily: "serif", displayMode: "cells", scrollMode: true),
                              jacketShown: true)
        state.addBookmark(bookmark(2, 40, "The keeper rose before the light…"))
        var labelled = bookmark(5, 0, "“Quotes”, tabs\tand ünïcödé ✓")
        labelled.label = "where the storm starts"
        state.addBookmark(labelled)
        return state
    }
}
