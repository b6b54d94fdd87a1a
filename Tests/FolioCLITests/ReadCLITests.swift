import FolioTestSupport
import Foundation
import Testing

/// `folio read` driven in tmux as a reader would: keys in, the screen read back.
@Suite(.serialized) struct ReadCLITests {
    typealias CLI = CLITests

    private var binary: String {
        let debug = CLI.root.appendingPathComponent(".build/debug/folio").path
        return FileManager.default.isExecutableFile(atPath: debug) ? debug : CLI.root.appendingPathComponent(".build/release/folio").path
    }

    private func stateDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    private func statusLine(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last(where: { !$0.isEmpty }).map(String.init) ?? ""
    }

    @Test(.enabled(if: TmuxSession.available, "tmux is not installed (scripts/setup installs it)"))
    func aReaderPagesSearchesJumpsAndQuitsInATerminal() throws {
        let state = try stateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let env = ["XDG_STATE_HOME": state.appendingPathComponent("state").path, "XDG_CONFIG_HOME": state.appendingPathComponent("config").path]
        let tmux = try TmuxSession(command: [binary, "read", CLI.sample], environment: env, columns: 80, rows: 24)

        // The jacket, then chapter one.
        var screen = try tmux.waitFor { $0.contains("Press any key") }
        #expect(screen.contains("The Lighthouse Keeper's Almanac"))
        try tmux.send("Space")
        screen = try tmux.waitFor { $0.contains("In which the lamp is lit early") }
        #expect(screen.contains("The relief boat") || screen.contains("The  relief"))

        // A footnote of chapter one's first page opens over the page.
        try tmux.send("Tab")
        screen = try tmux.waitFor { self.statusLine($0).contains("notes.xhtml") }
        try tmux.send("Enter")
        screen = try tmux.waitFor { $0.contains("Beaufort") }
        #expect(screen.contains("Note"))
        try tmux.send("Escape")
        screen = try tmux.waitFor { !$0.contains("Beaufort") }

        // Forward and back.
        try tmux.send("Space")
        screen = try tmux.waitFor { self.statusLine($0).contains("2/") }
        #expect(!screen.contains("In which the lamp is lit early"))
        try tmux.send("b")
        // Both the page and its status line (a capture can fall between the two being drawn).
        screen = try tmux.waitFor { $0.contains("In which the lamp is lit early") && self.statusLine($0).contains("1/") }
        #expect(statusLine(screen).contains("1/"))

        // The table of contents: down to II. Spring, Enter.
        try tmux.send("t")
        screen = try tmux.waitFor { $0.contains("Contents") }
        #expect(screen.contains("▸ I. Winter"))
        try tmux.send("Down", "Enter")
        // The page and its status line (which names the chapter): a capture can fall between the two.
        screen = try tmux.waitFor { $0.contains("II. Spring") && !$0.contains("Contents") && self.statusLine($0).contains("II. Spring") }
        #expect(screen.contains("II. Spring"))
        #expect(!screen.contains("I. Winter"))

        // Search, then the next match.
        try tmux.send("/")
        try tmux.type("lamp")
        try tmux.send("Enter")
        screen = try tmux.waitFor { self.statusLine($0).contains("“lamp”") }
        let first = statusLine(screen)
        #expect(first.contains("of "))
        try tmux.send("n")
        screen = try tmux.waitFor { self.statusLine($0) != first && self.statusLine($0).contains("“lamp”") }
        #expect(statusLine(screen).contains("“lamp”"))

        // A bookmark, listed.
        try tmux.send("m")
        screen = try tmux.waitFor { self.statusLine($0).contains("Bookmark label") }
        try tmux.type("lamp page")
        try tmux.send("Enter")
        screen = try tmux.waitFor { self.statusLine($0).contains("Bookmarked: lamp page") }
        try tmux.send("'")
        screen = try tmux.waitFor { $0.contains("Bookmarks") }
        #expect(screen.contains("p. "))
        try tmux.send("Escape")

        // Go to the end by percentage.
        try tmux.send(":")
        try tmux.type("100%")
        try tmux.send("Enter")
        screen = try tmux.waitFor { self.statusLine($0).contains("100%") }
        #expect(statusLine(screen).contains("100%"))

        // Chapter one's second page; a resize keeps its text on screen.
        try tmux.send("g")
        screen = try tmux.waitFor { $0.contains("The Lighthouse Keeper") }
        try tmux.send("]", "]", "Space")
        screen = try tmux.waitFor { self.statusLine($0).contains("2/") }
        let words = firstWords(screen)
        #expect(words.split(separator: " ").count == 4)
        try tmux.resize(columns: 100, rows: 30)
        screen = try tmux.waitFor { $0.split(separator: "\n").contains { $0.count > 82 } }
        #expect(normalized(screen).contains(words), "“\(words)” should stay on screen after a resize")

        // Night theme.
        try tmux.send("T")
        screen = try tmux.waitFor { self.statusLine($0).contains("Theme: night") }
        #expect(statusLine(screen).contains("night"))

        // Help, then quit: the terminal is handed back.
        try tmux.send("?")
        screen = try tmux.waitFor { $0.contains("Keys") }
        try tmux.send("Escape", "q")
        _ = try tmux.waitFor(seconds: 10) { _ in (try? tmux.isRunning()) == false }
        #expect(try tmux.isRunning() == false)

        // Reopened: no jacket, the same page, the bookmark kept.
        let again = try TmuxSession(command: [binary, "read", CLI.sample], environment: env, columns: 100, rows: 30)
        screen = try again.waitFor { self.normalized($0).contains(words) }
        #expect(normalized(screen).contains(words), "reopening should show “\(words)” again")
        #expect(!screen.contains("Press any key"))
        try again.send("'")
        screen = try again.waitFor { $0.contains("Bookmarks") }
        #expect(screen.contains("p. "))
        try again.send("Escape", "q")
        let listed = try folio(env: env, "bookmarks", "--json", CLI.sample)
        let marks = try #require(try JSONSerialization.jsonObject(with: listed.stdout) as? [[String: Any]])
        #expect(marks.count == 1)
    }

    /// The screen's words separated by single spaces (justification widens spaces).
    private func normalized<S: StringProtocol>(_ screen: S) -> String {
        screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// Four words from the first line of body text on screen (not its last word, which a
    /// new line width may hyphenate).
    private func firstWords(_ screen: String) -> String {
        let lines = screen.split(separator: "\n").dropLast()
        let line = lines.first { $0.split(separator: " ").count >= 6 } ?? ""
        return line.split(separator: " ").prefix(4).joined(separator: " ")
    }

    /// Runs folio with extra environment variables.
    private func folio(env: [String: String], _ arguments: String...) throws -> CLI.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Run(status: process.terminationStatus, stdout: data, stderr: "")
    }

    @Test(.enabled(if: TmuxSession.available, "tmux is not installed (scripts/setup installs it)"))
    func narrationPlaysOnTheSilentClockWithTheSpokenSentenceHighlighted() throws {
        let state = try stateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let env = ["XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": state.path]
        let book = CLI.root.appendingPathComponent("corpus/tide-clock.epub").path
        let tmux = try TmuxSession(command: [binary, "read", "--audio", "none", book], environment: env, columns: 80, rows: 24)
        _ = try tmux.waitFor { $0.contains("Press any key") }
        try tmux.send("Space", "a")
        var screen = try tmux.waitFor { self.statusLine($0).contains("part 1 of 2") || self.statusLine($0).contains("p play") }
        // Nothing plays until p (z sets a sleep timer, which shows in the bar).
        Thread.sleep(forTimeInterval: 1)
        try tmux.send("z")
        screen = try tmux.waitFor { self.statusLine($0).contains("part 1 of 2") }
        #expect(statusLine(screen).contains("⏸"))
        #expect(statusLine(screen).contains("0:00 /"))
        #expect(statusLine(screen).contains("sleep"))
        try tmux.send("p")
        screen = try tmux.waitFor { self.statusLine($0).contains("0:03 /") }
        #expect(statusLine(screen).contains("▶"))
        // The sentence being read has the book's media:active-class background (.reading-now, #FFE58F).
        let coloured = try tmux.tmux("capture-pane", "-p", "-e", "-t", "t")
        #expect(coloured.contains("48;2;255;229;143"))
        try tmux.send("p", "q")
    }

    @Test(.enabled(if: TmuxSession.available, "tmux is not installed (scripts/setup installs it)"))
    func aThemeAndJustificationChosenInOneBookAreTheDefaultsOfTheNext() throws {
        let state = try stateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let env = ["XDG_STATE_HOME": state.appendingPathComponent("state").path, "XDG_CONFIG_HOME": state.appendingPathComponent("config").path]
        // A detached tmux does not answer OSC 11: auto is day, a white page.
        let first = try TmuxSession(command: [binary, "read", CLI.sample], environment: env, columns: 80, rows: 24)
        _ = try first.waitFor { $0.contains("Press any key") }
        try first.send("Space")
        _ = try first.waitFor { $0.contains("In which the lamp is lit early") }
        #expect(try first.tmux("capture-pane", "-p", "-e", "-t", "t").contains("48;2;255;255;255"))
        // Ctrl-D turns the page (it used to quit).
        try first.send("C-d")
        _ = try first.waitFor { self.statusLine($0).contains("2/") }
        #expect(try first.isRunning())
        try first.send("T")
        _ = try first.waitFor { self.statusLine($0).contains("Theme: night") }
        try first.send("J")
        _ = try first.waitFor { self.statusLine($0).contains("Justification: justified") }
        try first.send("q")
        _ = try first.waitFor(seconds: 10) { _ in (try? first.isRunning()) == false }

        let settingsFile = state.appendingPathComponent("config/folio/settings.json")
        let settings = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: settingsFile)) as? [String: Any])
        #expect(settings["theme"] as? String == "night")
        #expect(settings["justify"] as? String == "justified")
        // Only what the reader changed: the text column was never touched.
        #expect(settings["textSizeStep"] == nil)

        // Another book opens at night, on a black page.
        let book = CLI.root.appendingPathComponent("corpus/tide-clock.epub").path
        let second = try TmuxSession(command: [binary, "read", book], environment: env, columns: 80, rows: 24)
        _ = try second.waitFor { $0.contains("Press any key") }
        try second.send("Space")
        _ = try second.waitFor { _ in ((try? second.tmux("capture-pane", "-p", "-e", "-t", "t")) ?? "").contains("48;2;0;0;0") }
        #expect(try second.tmux("capture-pane", "-p", "-e", "-t", "t").contains("48;2;0;0;0"))
        try second.send("?")
        let help = try second.waitFor { $0.contains("Keys") }
        #expect(help.contains("Ctrl-D / Ctrl-U"))
        // Taller than 24 rows: Space scrolls it to the rest.
        try second.send("Space")
        let rest = try second.waitFor { $0.contains("justification:") }
        #expect(rest.contains("justification:"))
        try second.send("Escape", "q")
    }

    @Test(.enabled(if: TmuxSession.available, "tmux is not installed (scripts/setup installs it)"))
    func linkHintsAndAMouseClickFollowANoteAndTheWheelTurnsPages() throws {
        let state = try stateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let env = ["XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": state.path]
        let tmux = try TmuxSession(command: [binary, "read", CLI.sample], environment: env, columns: 80, rows: 24)
        _ = try tmux.waitFor { $0.contains("Press any key") }
        try tmux.send("Space")
        _ = try tmux.waitFor { self.statusLine($0).contains("1/") }
        // The wheel (SGR 1006 reports, as a terminal sends them) turns a page on and back to
        // chapter one's first, with its note reference.
        try tmux.tmux("send-keys", "-t", "t", "-l", "\u{1B}[<65;10;5M")
        var screen = try tmux.waitFor { self.statusLine($0).contains("2/") }
        try tmux.tmux("send-keys", "-t", "t", "-l", "\u{1B}[<64;10;5M")
        screen = try tmux.waitFor { $0.contains("the log to keep.¹") }
        #expect(statusLine(screen).contains("1/"))
        // f labels the note reference with a; typing a opens the note.
        try tmux.send("f")
        screen = try tmux.waitFor { $0.contains("the log to keep.a") }
        try tmux.send("a")
        screen = try tmux.waitFor { $0.contains("Beaufort") }
        #expect(screen.contains("Note"))
        try tmux.send("Escape")
        screen = try tmux.waitFor { !$0.contains("Beaufort") }
        // A click on the superscript opens it too (1-based cells in the report).
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = try #require(lines.firstIndex { $0.contains("keep.¹") })
        // Every character on this line takes one cell.
        let cell = lines[row].distance(from: lines[row].startIndex, to: try #require(lines[row].range(of: "¹")).lowerBound)
        try tmux.tmux("send-keys", "-t", "t", "-l", "\u{1B}[<0;\(cell + 1);\(row + 1)M\u{1B}[<0;\(cell + 1);\(row + 1)m")
        screen = try tmux.waitFor { $0.contains("Beaufort") }
        #expect(screen.contains("Beaufort"))
        try tmux.send("Escape", "q")
        _ = try tmux.waitFor(seconds: 10) { _ in (try? tmux.isRunning()) == false }
        #expect(try tmux.isRunning() == false)
    }

    @Test(.enabled(if: TmuxSession.available && DictServer.available, "tmux, dictd or dictfmt is not installed (scripts/setup installs them)"))
    func aHighlightWithANoteIsExportedAsAWebAnnotationAndDLooksAWordUp() throws {
        let state = try stateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let server = try DictServer(entries: [("relief", "Aid in time of need; release from a post or duty.")])
        let config = state.appendingPathComponent("config/folio")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(#"{"dictionary": "127.0.0.1:\#(server.port)"}"#.utf8).write(to: config.appendingPathComponent("settings.json"))
        let env = ["XDG_STATE_HOME": state.appendingPathComponent("state").path, "XDG_CONFIG_HOME": state.appendingPathComponent("config").path]
        let tmux = try TmuxSession(command: [binary, "read", CLI.sample], environment: env, columns: 80, rows: 24)
        _ = try tmux.waitFor { $0.contains("Press any key") }
        try tmux.send("Space")
        _ = try tmux.waitFor { $0.contains("In which the lamp is lit early") }
        // v, then right a word at a time to "relief" (the chapter's second word): d defines it.
        try tmux.send("v")
        var screen = try tmux.waitFor { self.statusLine($0).contains("Select") }
        for _ in 0..<40 {
            screen = try tmux.screen()
            if statusLine(screen).contains("Selected: relief") { break }
            try tmux.send("Right")
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(statusLine(screen).contains("Selected: relief"))
        try tmux.send("d")
        screen = try tmux.waitFor { $0.contains("release from a post or duty") }
        #expect(screen.contains("Folio test dictionary"))
        try tmux.send("Escape")
        // Select "relief boat left" and highlight it with a note.
        try tmux.send("v")
        for _ in 0..<40 {
            screen = try tmux.screen()
            if statusLine(screen).contains("Selected: relief") { break }
            try tmux.send("Right")
            Thread.sleep(forTimeInterval: 0.1)
        }
        try tmux.send("w", "w", "Enter")
        _ = try tmux.waitFor { self.statusLine($0).contains("Note for the highlight") }
        try tmux.type("the boat that leaves")
        try tmux.send("Enter")
        screen = try tmux.waitFor { self.statusLine($0).contains("Highlighted") }
        try tmux.send("q")
        _ = try tmux.waitFor(seconds: 10) { _ in (try? tmux.isRunning()) == false }

        let run = try folio(env: env, "annotations", "--json", CLI.sample)
        let collection = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(collection["@context"] as? String == "http://www.w3.org/ns/anno.jsonld")
        #expect(collection["type"] as? String == "AnnotationCollection")
        let page = try #require(collection["first"] as? [String: Any])
        let item = try #require((page["items"] as? [[String: Any]])?.first)
        #expect(item["type"] as? String == "Annotation")
        #expect(item["motivation"] as? String == "commenting")
        #expect((item["id"] as? String)?.hasPrefix("urn:") == true)
        let note = try #require(item["body"] as? [String: Any])
        #expect(note["type"] as? String == "TextualBody" && note["value"] as? String == "the boat that leaves")
        let target = try #require(item["target"] as? [String: Any])
        let selectors = try #require(target["selector"] as? [[String: Any]])
        let quote = try #require(selectors.first { $0["type"] as? String == "TextQuoteSelector" })
        #expect(quote["exact"] as? String == "relief boat left")
        // The quote, with its context, is the chapter's own text.
        // The document's text: its source without the markup (the sample has no entities there).
        let source = try String(contentsOf: CLI.root.appendingPathComponent("corpus/lighthouse/EPUB/text/chapter-1.xhtml"), encoding: .utf8)
        let body = String(source[source.range(of: "<body")!.lowerBound...])
        let chapter = body.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        let context = (quote["prefix"] as? String ?? "") + "relief boat left" + (quote["suffix"] as? String ?? "")
        #expect((quote["prefix"] as? String)?.count == 32 && (quote["suffix"] as? String)?.count == 32)
        #expect(chapter.contains(context), "“\(context)” is not in the chapter")
        let fragment = try #require(selectors.first { $0["type"] as? String == "FragmentSelector" })
        #expect(fragment["conformsTo"] as? String == "http://www.idpf.org/epub/linking/cfi/epub-cfi.html")
        #expect((fragment["value"] as? String)?.hasPrefix("epubcfi(/6/") == true)
        let markdown = try folio(env: env, "annotations", "--markdown", CLI.sample)
        #expect(String(decoding: markdown.stdout, as: UTF8.self).contains("> relief boat left\n\nthe boat that leaves"))
    }

    @Test func withoutATerminalTheBookIsPrintedAsPages() throws {
        let run = try CLI.folio("read", CLI.sample)
        #expect(run.status == 0)
        let pages = run.text.split(separator: "\u{C}")
        #expect(pages.count >= 5)
        #expect(run.text.contains("In which the lamp is lit early"))
        #expect(run.text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func plainPrintsTheTextWithoutPages() throws {
        let run = try CLI.folio("read", "--plain", CLI.sample)
        #expect(run.status == 0)
        #expect(!run.text.contains("\u{C}"))
        #expect(run.text.contains("The relief boat left on the first of December"))
        // A paragraph a line, whole even where it runs over a page boundary of the 80×24 pages.
        let lines = run.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let paragraph = try #require(lines.first { $0.hasPrefix("Among the letters was one from Ilse") })
        #expect(paragraph.hasSuffix("the thimble was holding its own."))
        let pages = try CLI.folio("read", CLI.sample).text.split(separator: "\u{C}")
        #expect(pages.map(normalized).contains { $0.contains("Among the letters") && !$0.contains("holding its own") },
                "the paragraph does run over a page boundary at 80×24")
        #expect(lines.contains("II. Spring") && lines[lines.firstIndex(of: "II. Spring")! - 1].isEmpty, "a blank line between chapters")
    }
}
