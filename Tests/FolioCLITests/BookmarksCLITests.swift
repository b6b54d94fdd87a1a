import FolioLayout
import FolioPublication
import FolioReader
import Foundation
import Testing

/// `folio bookmarks`: state written through the FolioReader API, listed by the command.
@Suite struct BookmarksCLITests {
    typealias CLI = CLITests

    /// Runs `folio` with `XDG_STATE_HOME` and `XDG_CONFIG_HOME` inside `root`.
    static func folio(in root: URL, _ arguments: String...) throws -> CLI.Run {
        let process = Process()
        process.executableURL = CLI.root.appendingPathComponent(".build/debug/folio")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = root.appendingPathComponent("state").path
        environment["XDG_CONFIG_HOME"] = root.appendingPathComponent("config").path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Run(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporaryRoot() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bookmarks-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Two bookmarks in the sample book: one in "I. Winter" (spine item 2), one labelled in "II. Spring".
    static func saveSampleBookmarks(in root: URL) throws {
        let publication = try PublicationOpener.open(CLI.sample)
        let store = StateStore(directories: StateDirectories(state: root.appendingPathComponent("state/folio"), config: root.appendingPathComponent("config/folio")))
        var state = BookState()
        state.addBookmark(Bookmark(position: ReadingPosition(locator: Locator(spineIndex: 3, offset: 0), cfi: "epubcfi(/6/8!/4/2/1:0)"),
                                   text: "II. Spring The ice went out of the harbour…", created: Date(timeIntervalSince1970: 1_772_357_400),
                                   label: "the thaw"))
        state.addBookmark(Bookmark(position: ReadingPosition(locator: Locator(spineIndex: 2, offset: 0)),
                                   text: "I. Winter The keeper rose before the light…", created: Date(timeIntervalSince1970: 1_772_300_000)))
        try store.saveBook(state, for: BookKey(publication: publication))
    }

    @Test func bookmarksJSONListsWhatThePagerSaved() throws {
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.saveSampleBookmarks(in: root)
        let run = try Self.folio(in: root, "bookmarks", "--json", CLI.sample)
        #expect(run.status == 0, "\(run.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]])
        #expect(list.count == 2)
        for item in list {
            for key in ["number", "chapter", "percent", "text", "label", "created", "spineIndex", "offset", "cfi", "href"] {
                #expect(item[key] != nil, "missing \(key)")
            }
        }
        #expect(list.map { $0["number"] as? Int } == [1, 2])
        #expect(list.map { $0["chapter"] as? String } == ["I. Winter", "II. Spring"])
        #expect(list[0]["href"] as? String == "EPUB/text/chapter-1.xhtml")
        #expect(list[0]["created"] as? String == "2026-02-28T17:33:20Z")
        #expect(list[0]["label"] is NSNull)
        #expect(list[1]["label"] as? String == "the thaw")
        #expect(list[1]["cfi"] as? String == "epubcfi(/6/8!/4/2/1:0)")
        let percents = list.compactMap { $0["percent"] as? Double }
        #expect(percents.count == 2 && percents[0] > 0 && percents[0] < percents[1] && percents[1] < 100)
    }

    @Test func bookmarksPrintsOneEntryPerBookmarkWithItsText() throws {
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.saveSampleBookmarks(in: root)
        let run = try Self.folio(in: root, "bookmarks", CLI.sample)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("1. I. Winter, ") && lines[0].hasSuffix("% · 2026-02-28T17:33:20Z"))
        #expect(lines[1] == "   I. Winter The keeper rose before the light…")
        #expect(lines[2].hasPrefix("2. II. Spring, ") && lines[2].hasSuffix(" · 2026-03-01T09:30:00Z · the thaw"))
    }

    @Test func aBookWithoutBookmarksListsNoneAndSaysSo() throws {
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let json = try Self.folio(in: root, "bookmarks", "--json", CLI.sample)
        #expect(json.status == 0)
        #expect(json.text == "[]\n")
        let text = try Self.folio(in: root, "bookmarks", CLI.sample)
        #expect(text.status == 0)
        #expect(text.text.isEmpty)
        #expect(text.stderr.contains("no bookmarks"))
    }

    @Test func aCorruptStateFileIsAWarningNotAFailure() throws {
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let key = BookKey(publication: try PublicationOpener.open(CLI.sample))
        let books = root.appendingPathComponent("state/folio/books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        try Data("{\"bookmarks\": [".utf8).write(to: books.appendingPathComponent(key.rawValue + ".json"))
        let run = try Self.folio(in: root, "bookmarks", "--json", CLI.sample)
        #expect(run.status == 0)
        #expect(run.text == "[]\n")
        #expect(run.stderr.contains("[state.corrupt]"))
        #expect(FileManager.default.fileExists(atPath: books.appendingPathComponent(key.rawValue + ".json.corrupt").path))
    }
}
