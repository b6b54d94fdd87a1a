import FolioOverlay
import Foundation
import Testing

/// `folio overlay --check`, `folio render --at` and `folio narrate --play` on the project's narrated
/// sample `corpus/tide-clock.epub` and on the overlay check fixtures.
@Suite struct NarrationCLITests {
    static let tideClock = CLITests.root.appendingPathComponent("corpus/tide-clock.epub").path
    static func fixture(_ name: String) -> String {
        CLITests.root.appendingPathComponent("Tests/FolioOverlayTests/Fixtures/\(name)").path
    }

    @Test func overlayCheckPassesTheSampleAndFailsABookWithAMissingTextID() throws {
        let clean = try CLITests.folio("overlay", "--check", Self.tideClock)
        #expect(clean.status == 0)
        #expect(clean.text.contains("No problems found"))
        let broken = try CLITests.folio("overlay", "--check", Self.fixture("check-missing-text-id"))
        #expect(broken.status == 1)
        #expect(broken.text.contains("[overlay.text-target-missing] at EPUB/ch1.smil:5"))
        let json = try CLITests.folio("overlay", "--check", "--json", Self.fixture("check-clip-past-audio-end"))
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(problems.map { $0["code"] as? String } == ["overlay.clip-past-audio-end"])
    }

    @Test func clockValuesPastInt64AreWarnedAboutInsteadOfTrapping() throws {
        let book = Self.fixture("huge-clock-values")
        for arguments in [["info", book], ["overlay", book], ["overlay", "--check", book], ["narrate", book, "--play", "--audio", "none"]] {
            let process = Process()
            process.executableURL = CLITests.root.appendingPathComponent(".build/debug/folio")
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning && Date() < deadline { usleep(50_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus < 2, "folio \(arguments.joined(separator: " "))")
        }
        let overlay = try CLITests.folio("overlay", book)
        #expect(overlay.stderr.contains("clipEnd \"100000000000000h\" is over the 100,000-hour limit; par skipped"))
        #expect(overlay.text.contains("0:00:01.4"))
    }

    @Test func renderAtATimeHighlightsTheNarratedSentenceWithTheBooksActiveClass() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("folio-render-at-\(getpid())")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try CLITests.folio("render", Self.tideClock, "--at", "0:00:10", "--out", out.path, "--json")
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(object["text"] as? String == "EPUB/text/chapter-1.xhtml#c1s2")
        #expect(object["page"] as? Double == 1)
        #expect(object["bookStyle"] as? Bool == true)
        #expect(object["fill"] as? String == "#ffe58f")  // .reading-now's background in book.css
        #expect((object["rects"] as? [Any])?.count == 3)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("page-0001.png").path))

        let text = try CLITests.folio("render", Self.tideClock, "--at", "40", "--format", "text", "--cols", "60", "--rows", "16")
        #expect(text.status == 0)
        #expect(text.text.contains("Chapter Two: Low Water") && text.text.contains("sea did not"))
        #expect(try CLITests.folio("render", Self.tideClock, "--at", "2h").status == 1)
    }

    @Test func narrateWithoutATerminalPlaysOnlyWhenAskedAndPrintsEachFragment() throws {
        let refused = try CLITests.folio("narrate", Self.tideClock, "--audio", "none")
        #expect(refused.status == 64, "never starts by itself")
        let run = try CLITests.folio("narrate", Self.tideClock, "--audio", "none", "--play", "--from", "33", "--to", "38.5", "--speed", "3")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("0:00:31.469  1/2  EPUB/text/chapter-1.xhtml#c1s8  The gulls were quiet"))
        #expect(lines[1].hasPrefix("0:00:35.425  2/2  EPUB/text/chapter-2.xhtml#c2h  Chapter Two: Low Water"))
        #expect(lines[2].hasPrefix("0:00:37.485  2/2  EPUB/text/chapter-2.xhtml#c2s1  Ada waited"))
        #expect(lines[3].hasPrefix("Stopped at 0:00:38.5"))
    }

    @Test func narrateThroughLibmpvWithTheNullOutputReachesTheNextChapter() throws {
        let run = try CLITests.folio("narrate", Self.tideClock, "--audio", "null", "--play", "--chapter", "2", "--to", "38", "--speed", "2")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.hasPrefix("0:00:35.425  2/2  EPUB/text/chapter-2.xhtml#c2h"))
        #expect(run.text.contains("Stopped at"))
    }

    static let w3c = CLITests.root.appendingPathComponent("../shared/corpus/w3c").standardizedFileURL.path
    static let hasW3C = FileManager.default.fileExists(atPath: w3c + "/mol-css.epub")

    /// W3C mol-css: "The text being read is highlighted with a green background; the rest of the text is grayed out".
    @Test(.enabled(if: hasW3C, "the shared corpus (../shared/corpus) is absent; corpus tests skipped"))
    func renderAtUsesTheActiveClassOfW3CMolCSS() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("folio-mol-css-\(getpid())")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try CLITests.folio("render", Self.w3c + "/mol-css.epub", "--at", "20", "--out", out.path, "--json")
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(object["text"] as? String == "EPUB/mobydick.xhtml#c01s0003")
        #expect(object["fill"] as? String == "#0d925f")
        #expect(object["bookStyle"] as? Bool == true)
    }

    /// `narrate --tts` reads a book without overlays aloud (the sample's first chapter, from
    /// --chapter 3), each sentence a line at its time in the chapter.
    @Test(.enabled(if: SpeechSynthesizer.isAvailable, "libespeak-ng is not installed; read-aloud skipped"))
    func narrateTTSReadsTheSampleSentenceBySentence() throws {
        let run = try CLITests.folio("narrate", CLITests.sample, "--tts", "--chapter", "3", "--play", "--audio", "none", "--speed", "3", "--to", "0:00:09")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("0:00:00.000  1/1  EPUB/text/chapter-1.xhtml@") == true, "\(run.text)")
        #expect(lines.contains { $0.hasSuffix("The relief boat left on the first of December, and with it went the last fresh bread I would taste until the ice broke.") })
        #expect(lines.contains { $0.hasSuffix("  Harrow Rock is not large.") })
        #expect(lines.last?.contains("(--to)") == true)
    }

    /// folio narrate's own screen, in tmux: the sentence read in mol-css's active class (light
    /// text on green), the rest in its playback class's grey.
    @Test(.enabled(if: hasW3C && TmuxSession.available, "the shared corpus (../shared/corpus) or tmux is absent; skipped"))
    func narratesScreenUsesTheBooksActiveClasses() throws {
        let binary = CLITests.root.appendingPathComponent(".build/debug/folio").path
        let session = try TmuxSession(command: [binary, "narrate", Self.w3c + "/mol-css.epub", "--audio", "none"], columns: 90, rows: 20)
        _ = try session.waitFor(seconds: 10) { $0.contains("Call me Ishmael") }
        try session.send("Space")
        let screen = try session.waitFor(seconds: 10) { _ in
            (try? session.tmux("capture-pane", "-e", "-p", "-t", "t"))?.contains("\u{1B}[48;2;13;146;95m") ?? false
        }
        let colored = try session.tmux("capture-pane", "-e", "-p", "-t", "t")
        #expect(colored.contains("\u{1B}[38;2;241;241;220m\u{1B}[48;2;13;146;95m"), "the fragment in the book's colours: \(screen)")
        #expect(colored.contains("\u{1B}[38;2;158;158;158m"), "the rest in the playback class's grey")
        try session.send("q")
    }

    /// W3C mol-tts_multi: four `par`s with text and no audio, spoken by espeak-ng one after the
    /// other, each as long as its words take (some 175 words a minute).
    @Test(.enabled(if: hasW3C, "the shared corpus (../shared/corpus) is absent; corpus tests skipped"))
    func narrateSpeaksParsWithoutAudio() throws {
        // Three times as fast, to 45 s of book time: the fourth fragment starts, the test takes 15 s.
        let run = try CLITests.folio("narrate", Self.w3c + "/mol-tts_multi.epub", "--audio", "none", "--play", "--speed", "3", "--to", "0:00:45")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.text.split(separator: "\n")
        let fragments = lines.compactMap { line in line.split(separator: " ").first { $0.contains("#") }.map(String.init) }
        #expect(fragments == ["EPUB/mobydick.xhtml#first", "EPUB/mobydick.xhtml#second", "EPUB/mobydick.xhtml#third", "EPUB/mobydick.xhtml#fourth"])
        // "0:00:12.207": hours, minutes, seconds.
        let starts = lines.compactMap { line -> Double? in
            let parts = line.prefix { $0 != " " }.split(separator: ":").compactMap { Double($0) }
            return parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : nil
        }
        #expect(starts.count == 4 && starts == starts.sorted() && starts[0] == 0)
        // #second is 14 words: between 3 and 8 seconds of speech.
        if starts.count == 4 { #expect(starts[2] - starts[1] > 3 && starts[2] - starts[1] < 8, "\(starts)") }
        #expect(lines.last?.contains("(--to)") == true, "\(run.text)")
    }
}
