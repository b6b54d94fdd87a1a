import FolioLayout
import FolioPublication
import FolioReader
import Foundation
import Testing

/// `folio history` and `folio read` without a book: the books read, the most recent first.
@Suite struct HistoryCLITests {
    typealias CLI = CLITests
    typealias B = BookmarksCLITests

    /// Two books' state: the sample read an hour after the tide clock, halfway through.
    static func saveTwoBooks(in root: URL) throws {
        let store = StateStore(directories: StateDirectories(state: root.appendingPathComponent("state/folio"), config: root.appendingPathComponent("config/folio")))
        let tide = CLI.root.appendingPathComponent("corpus/tide-clock.epub").path
        for (path, time, progress) in [(CLI.sample, 1_772_360_000.0, 0.5), (tide, 1_772_356_400.0, nil)] {
            let publication = try PublicationOpener.open(path)
            let state = BookState(book: BookDescription(identifier: publication.metadata.uniqueIdentifier, title: publication.metadata.title,
                                                        location: path, authors: "Folio Authors"),
                                  position: ReadingPosition(locator: Locator(spineIndex: 2, offset: 0)),
                                  lastRead: Date(timeIntervalSince1970: time), progress: progress)
            try store.saveBook(state, for: BookKey(publication: publication))
        }
    }

    @Test func historyListsTheBooksReadTheMostRecentFirst() throws {
        let root = try B.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.saveTwoBooks(in: root)
        let run = try B.folio(in: root, "history", "--json")
        #expect(run.status == 0, "\(run.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]])
        #expect(list.count == 2)
        #expect(list[0]["title"] as? String == "The Lighthouse Keeper's Almanac")
        #expect(list[0]["progress"] as? Double == 50)
        #expect(list[0]["lastRead"] as? String == "2026-03-01T10:13:20Z")
        #expect(list[0]["location"] as? String == CLI.sample)
        #expect(list[1]["progress"] is NSNull)
        #expect((list[1]["location"] as? String)?.hasSuffix("tide-clock.epub") == true)

        let text = try B.folio(in: root, "history").text
        #expect(text.hasPrefix("1. The Lighthouse Keeper's Almanac — Folio Authors · 50% · 2026-03-01T10:13:20Z\n   \(CLI.sample)\n2. "))
    }

    @Test func readWithoutABookListsTheHistoryWhenNotInATerminal() throws {
        let root = try B.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        // Nothing read yet: a usage error that says what to do.
        let none = try B.folio(in: root, "read")
        #expect(none.status == 64)
        #expect(none.stderr.contains("none read yet"))
        try Self.saveTwoBooks(in: root)
        let run = try B.folio(in: root, "read")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.hasPrefix("1. The Lighthouse Keeper's Almanac"))
        #expect(run.text.contains("2. "))
    }

    @Test(.enabled(if: TmuxSession.available, "tmux is not installed (scripts/setup installs it)"))
    func readWithoutABookInATerminalOpensTheOneChosen() throws {
        let root = try B.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.saveTwoBooks(in: root)
        let env = ["XDG_STATE_HOME": root.appendingPathComponent("state").path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path]
        let tmux = try TmuxSession(command: [CLI.root.appendingPathComponent(".build/debug/folio").path, "read"], environment: env, columns: 100, rows: 30)
        var screen = try tmux.waitFor { $0.contains("Open which") }
        #expect(screen.contains("1. The Lighthouse Keeper's Almanac"))
        try tmux.send("2", "Enter")
        // The second book, the tide clock, opens at its jacket.
        screen = try tmux.waitFor { $0.contains("Press any key") }
        #expect(screen.contains("The Tide Clock"))
        try tmux.send("q")
    }
}
