import Foundation
import Glibc
import Testing

/// The books of `Fixtures/hostile`, each built around one thing that once exhausted memory or
/// time, lost text or broke words: through the command that met it, each must give its
/// expected pages and warnings within 200 MB and 2 s of cpu time.
///
/// The cpu bound is for a release build; the debug build these tests usually run is about ten
/// times slower, so it is given ten times the time. Memory is the same in both.
@Suite struct HostileFixtureTests {
    static let fixtures = CLITests.root.appendingPathComponent("Tests/FolioCLITests/Fixtures/hostile")
    static let peakLimit = 200.0  // MB
    static let cpuLimit = 2.0      // s, release build

    struct Measured {
        var status: Int32
        var stdout: String
        var stderr: String
        var cpuSeconds: Double
        var peakMB: Double
    }

    static var binary: (path: String, isRelease: Bool) {
        let debug = CLITests.root.appendingPathComponent(".build/debug/folio").path
        if FileManager.default.isExecutableFile(atPath: debug) { return (debug, false) }
        return (CLITests.root.appendingPathComponent(".build/release/folio").path, true)
    }

    /// Runs `folio` with `arguments` and measures it: its own cpu time and peak resident memory,
    /// as it reports them with `FOLIO_RESOURCE_REPORT=1` (`wait4`'s `ru_maxrss` would count the
    /// test process, which the child is spawned from).
    static func measure(_ arguments: [String]) throws -> Measured {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fixture-\(getpid())-\(UUID().uuidString)").path
        let (outPath, errPath) = (base + ".out", base + ".err")
        defer { unlink(outPath); unlink(errPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let pairs: [String] = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" } + ["FOLIO_RESOURCE_REPORT=1"]
        let environment: [UnsafeMutablePointer<CChar>?] = pairs.map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        let spawned = posix_spawn(&pid, binary.path, &actions, nil, argv, environment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        // A signal leaves the low 7 bits set; an exit puts its code in the next byte.
        let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let stderr = read(errPath)
        // "folio: cpu 0.412 s, peak 176060 KB", the last line.
        let report = stderr.split(separator: "\n").last { $0.hasPrefix("folio: cpu ") }?.split(separator: " ") ?? []
        let cpu = report.count > 2 ? Double(report[2]) : nil
        let peak = report.count > 5 ? Double(report[5]) : nil
        #expect(cpu != nil && peak != nil, "no resource report in \(stderr.suffix(300))")
        return Measured(status: exit, stdout: read(outPath), stderr: stderr, cpuSeconds: cpu ?? .infinity, peakMB: (peak ?? .infinity) / 1024)
    }

    /// Runs a fixture through a command and checks the budget.
    static func run(_ fixture: String, _ command: [String]) throws -> Measured {
        let book = fixtures.appendingPathComponent(fixture).path
        let measured = try measure(command + [book])
        let cpuLimit = binary.isRelease ? cpuLimit : cpuLimit * 10
        #expect(measured.status == 0, "\(fixture): exit \(measured.status): \(measured.stderr.prefix(500))")
        #expect(measured.peakMB <= peakLimit, "\(fixture): peak \(Int(measured.peakMB)) MB")
        #expect(measured.cpuSeconds <= cpuLimit, "\(fixture): \(measured.cpuSeconds) s of cpu")
        return measured
    }

    /// The page records of `layout --json`.
    static func pages(_ fixture: String) throws -> (pages: [[String: Any]], run: Measured) {
        let run = try run(fixture, ["layout", "--json", "--device", "phone"])
        let pages = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
        return (pages, run)
    }

    /// The text of each glyph run drawn, from `layout --frames`: a word split across lines
    /// shows as two runs.
    static func drawnRuns(_ fixture: String) throws -> [String] {
        let run = try run(fixture, ["layout", "--frames", "--device", "phone"])
        return run.stdout.split(separator: "\n").filter { $0.hasPrefix("text ") }.compactMap { line in
            guard let open = line.firstIndex(of: "“"), let close = line.lastIndex(of: "”") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    static func text(_ pages: [[String: Any]]) -> String { pages.compactMap { $0["text"] as? String }.joined(separator: "\n") }

    @Test func enormousLengthsAreClampedToAFewPages() throws {
        let (pages, run) = try Self.pages("enormous-lengths")
        #expect((2...40).contains(pages.count), "\(pages.count) pages")
        // Every word, in order (a block across pages is in the text of each page it is on, and
        // "Size." at 500 px is wider than the line, so cut between letters).
        var rest = Substring(Self.text(pages).filter { !$0.isWhitespace })
        for word in ["Margin.", "Leading.", "Border.", "Height.", "Size.", "Padding.", "After."] {
            let found = try #require(rest.range(of: word), "\(word) is missing")
            rest = rest[found.upperBound...]
        }
        for property in ["margin-top", "line-height", "border-width", "height", "font-size"] {
            #expect(run.stderr.contains("has \(property) out of range") || run.stderr.contains(", \(property)"), "\(property): \(run.stderr)")
        }
        #expect(run.stderr.contains("[css.value-clamped] at EPUB/chapter.xhtml:"))
    }

    @Test func tenThousandNestedDivisionsKeepEveryWord() throws {
        let (pages, run) = try Self.pages("deep-nesting")
        #expect(pages.count == 1)
        #expect(Self.text(pages).split(whereSeparator: { $0.isWhitespace }) == ["Before.", "Deep.", "After."])
        #expect(run.stderr.contains("[css.nesting-flattened] at EPUB/chapter.xhtml"))
    }

    @Test func aMillionCharacterWordIsCutIntoLinesAndKept() throws {
        let (pages, run) = try Self.pages("long-word")
        let text = Self.text(pages)
        #expect(text.utf8.count(where: { $0 == UInt8(ascii: "a") }) == 1_000_000)
        #expect(text.hasSuffix("After.\n") || text.hasSuffix("After."))
        #expect(pages.count > 400, "\(pages.count) pages")
        // Pages never overflow: the word is broken where no break fits, and the pages say so.
        #expect(run.stderr.contains("[layout.word-broken]") && run.stderr.contains("(pages 1, 2, 3"))
        // Set in pieces: it peaked at 158 MB set whole (release), at 75 MB in pieces (90 in a debug build).
        #expect(run.stderr.contains("[layout.paragraph-in-pieces]"))
        #expect(run.peakMB <= 120, "peak \(Int(run.peakMB)) MB")
    }

    @Test func fourThousandRefinementsOfATitleAreRead() throws {
        let run = try Self.run("many-refinements", ["info", "--json"])
        let info = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(info["title"] as? String == "Hostile: many-refinements")
    }

    @Test func clockValuesPastTheLimitAreWarningsNotTraps() throws {
        let run = try Self.run("clock-out-of-range", ["overlay"])
        #expect(run.stderr.contains("clipEnd \"100000000000000h\" is over the 100,000-hour limit"))
        #expect(run.stderr.contains("clipBegin \"99999999999999999999:00:00\" is over the 100,000-hour limit"))
        #expect(run.stderr.contains("[smil.clock-value-out-of-range] at EPUB/chapter.smil:4"))
    }

    @Test func inlineBlockLabelsKeepTheirWordsWhole() throws {
        let runs = try Self.drawnRuns("inline-block-labels")
        for label in ["Child", "Father", "Mother", "Grandfather", "Neighbour"] {
            #expect(runs.contains(label), "\(label) is not drawn whole: \(runs)")
        }
    }

    @Test func tableColumnsGiveWayBeforeWordsBreak() throws {
        let runs = try Self.drawnRuns("table-long-words")
        for word in ["Portsmouth", "Southampton", "155", "1862", "42"] {
            #expect(runs.filter { $0 == word }.count >= 1, "\(word) is not drawn whole: \(runs)")
        }
        // The notes column is the one that wraps, between its words.
        let note = "Change at Fareham for the coastal line towards Chichester and Brighton"
        #expect(runs.joined(separator: " ").contains(note))
        #expect(!runs.contains(note))
    }

    @Test func aBoxOfOneViewportHeightFillsOnePage() throws {
        let (pages, _) = try Self.pages("vh-box")
        #expect(pages.count == 2)
        let first = pages.first?["text"] as? String ?? ""
        #expect(first.contains("A box as tall as the page.") && !first.contains("After the box."))
        #expect((pages.last?["text"] as? String ?? "").contains("After the box."))
    }

    @Test func emptyParagraphsAtTheEndMakeNoPage() throws {
        let (pages, _) = try Self.pages("trailing-empty-paragraph")
        #expect(pages.count == 1)
        #expect((pages.first?["text"] as? String ?? "").contains("Only this line."))
    }

    @Test func aLongRunSaysWhatItIsBusyWith() throws {
        // The watchdog's first line comes after 10 s by default; here at once, then every 50 ms.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary.path)
        process.arguments = ["layout", "--device", "phone", Self.fixtures.appendingPathComponent("long-word").path]
        process.environment = ProcessInfo.processInfo.environment.merging(["FOLIO_PROGRESS_AFTER": "0", "FOLIO_PROGRESS_EVERY": "0.05"]) { $1 }
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let progress = stderr.split(separator: "\n").filter { $0.hasPrefix("folio layout: ") }
        #expect(!progress.isEmpty, "\(stderr.prefix(400))")
        #expect(progress.contains { $0.hasSuffix("laying out spine item 1 of 1 (EPUB/chapter.xhtml)") }, "\(progress)")
    }
}
