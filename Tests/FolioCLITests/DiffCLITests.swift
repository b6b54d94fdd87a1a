import FolioCore
import FolioXML
import Foundation
import Testing

/// `folio snapshot` and `folio diff` on the FolioDiff fixture book, as CI would run them.
@Suite struct DiffCLITests {
    typealias CLI = CLITests
    static let fixtures = CLI.root.appendingPathComponent("Tests/FolioDiffTests/Fixtures")
    static let render = ["--device", "200x240", "--dpr", "1"]

    /// A fresh temporary folder, removed by the caller.
    static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("folio-diff-cli-\(getpid())-\(UUID().uuidString)")
    }

    /// The fixture book with one word changed (the word-changed fixture laid over it), inside `folder`.
    static func editedBook(in folder: URL) throws -> String {
        let copy = folder.appendingPathComponent("edited")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("book"), to: copy)
        let file = copy.appendingPathComponent("EPUB/two.xhtml")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("word-changed/EPUB/two.xhtml"), to: file)
        return copy.path
    }

    /// A scratch folder holding a snapshot of the fixture book (`snap`) and a copy of the book
    /// with a word changed (`edited`); the caller removes `folder`.
    static func snapshotAndEdit() throws -> (folder: URL, snap: URL, edited: String) {
        let folder = scratch()
        let snap = folder.appendingPathComponent("snap")
        #expect(try snapshot(snap).status == 0)
        return (folder, snap, try editedBook(in: folder))
    }

    static func snapshot(_ out: URL, _ extra: String...) throws -> CLITests.Run {
        let arguments = ["snapshot", fixtures.appendingPathComponent("book").path, "--out", out.path] + render + extra
        return try run(arguments)
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLITests.Run {
        let process = Process()
        process.executableURL = CLI.root.appendingPathComponent(".build/debug/folio")
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLITests.Run(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func aSnapshotHasAFolderPerProfileAndDiffsCleanAgainstItself() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let snap = folder.appendingPathComponent("snap")
        let made = try Self.snapshot(snap, "--profiles", "200x240-12pt-day,300x300-14pt-night")
        #expect(made.status == 0, "\(made.stderr)")
        let index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: snap.appendingPathComponent("snapshot.json"))) as? [String: Any])
        #expect(index["profiles"] as? [String] == ["200x240-12pt-day", "300x300-14pt-night"])
        let manifest = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: snap.appendingPathComponent("300x300-14pt-night/manifest.json"))) as? [String: Any])
        let options = try #require(manifest["options"] as? [String: String])
        #expect(options["theme"] == "night" && options["scale"] == "14pt" && options["device"] == "300x300" && options["dpr"] == "1")
        #expect((manifest["fonts"] as? [[String: Any]])?.isEmpty == false)
        let pages = try #require(manifest["pages"] as? [[String: Any]])
        for key in ["page", "file", "spineIndex", "href", "start", "end", "text", "sha256"] { #expect(pages.first?[key] != nil, "no \(key)") }
        #expect(FileManager.default.fileExists(atPath: snap.appendingPathComponent("300x300-14pt-night/page-0001.png").path))
        let diff = try Self.run(["diff", snap.path, snap.path])
        #expect(diff.status == 0)
        #expect(diff.text.contains("200x240-12pt-day: 5 pages: 5 identical"))
    }

    /// For CI: `--junit` writes a test case per chapter (the edited one failing) and, in a GitHub
    /// Actions run, each changed chapter annotates the run, while --json's stdout stays JSON.
    @Test func anEditedBookGivesJUnitAndGitHubAnnotations() throws {
        let (folder, snap, edited) = try Self.snapshotAndEdit()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("junit.xml")
        let run = try Self.run(["diff", snap.path, edited, "--json", "--junit", junit.path], environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: run.stdout)) != nil, "stdout is JSON")
        #expect(run.stderr.contains("::error title=folio diff%3A "))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml") && xml.contains("<testsuites ") && xml.contains("<failure type=\"changed\""))
        let clean = try Self.run(["diff", snap.path, snap.path, "--junit", junit.path], environment: ["GITHUB_ACTIONS": "true"])
        #expect(clean.status == 0)
        #expect(!clean.stderr.contains("::error"))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("failures=\"0\""))
    }

    /// A committed triage file: the change it expects passes (exit 0) and says why; once the
    /// entry has expired the change fails again, with a note.
    @Test func aTriageFileAcceptsTheChangeItExpectsUntilItExpires() throws {
        let (folder, snap, edited) = try Self.snapshotAndEdit()
        defer { try? FileManager.default.removeItem(at: folder) }
        let triage = folder.appendingPathComponent("triage.json")
        try Data(#"{"expected": [{"chapter": "EPUB/two.xhtml", "text": "shells", "reason": "stones became shells"}]}"#.utf8).write(to: triage)
        let accepted = try Self.run(["diff", snap.path, edited, "--accept", triage.path])
        #expect(accepted.status == 0, "\(accepted.text) \(accepted.stderr)")
        #expect(accepted.text.contains("“stones.” → “shells.” (expected: stones became shells)"))
        try Data(#"{"expected": [{"text": "shells", "reason": "old news", "expires": "2001-01-01"}]}"#.utf8).write(to: triage)
        let expired = try Self.run(["diff", snap.path, edited, "--accept", triage.path])
        #expect(expired.status == 1)
        #expect(expired.text.contains("note: triage entry “old news” expired on 2001-01-01"))
        // A mask instead: the changed word's text and the rectangle its pixels changed in.
        let strict = try Self.run(["diff", snap.path, edited, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: strict.stdout) as? [String: Any])
        let page = try #require((json["pages"] as? [[String: Any]])?.first { $0["status"] as? String == "changed" })
        let box = try #require(page["box"] as? [String: Int])
        let rect = [box["x"], box["y"], box["width"], box["height"]].map { String($0 ?? 0) }.joined(separator: ", ")
        let maskFile = #"{"expected": [], "masks": [{"text": "stones\\.|shells\\.", "rect": ["# + rect + "]}]}"
        try Data(maskFile.utf8).write(to: triage)
        let masked = try Self.run(["diff", snap.path, edited, "--accept", triage.path])
        #expect(masked.status == 0, "\(masked.text) \(masked.stderr)")
        try Data("not json".utf8).write(to: triage)
        let broken = try Self.run(["diff", snap.path, edited, "--accept", triage.path])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("triage.json"))
    }

    /// `--update` accepts the changes: the snapshot takes the edited book's pages, says so and
    /// exits 0, and the next diff is clean. It rewrites only a snapshot, and a whole one.
    @Test func updateRewritesTheBaselineWithTheCurrentPages() throws {
        let (folder, snap, edited) = try Self.snapshotAndEdit()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page3 = snap.appendingPathComponent("200x240-12pt-day/page-0003.png")
        let before = try Data(contentsOf: page3)
        let updated = try Self.run(["diff", snap.path, edited, "--update"])
        #expect(updated.status == 0, "\(updated.text) \(updated.stderr)")
        #expect(updated.text.contains("“stones.” → “shells.”") && updated.text.contains("updated \(snap.path)/200x240-12pt-day: 5 pages"))
        #expect(try Data(contentsOf: page3) != before)
        let again = try Self.run(["diff", snap.path, edited])
        #expect(again.status == 0, "\(again.text)")
        let book = Self.fixtures.appendingPathComponent("book").path
        #expect(try Self.run(["diff", book, edited, "--update"]).status == 64)
        #expect(try Self.run(["diff", snap.path, edited, "--update", "--shard", "1/2"]).status == 64)
    }

    /// The fixture book with the edits' files laid over a copy of it, inside `folder`.
    static func book(in folder: URL, edits: [String]) throws -> String {
        let copy = folder.appendingPathComponent("edited-" + edits.joined(separator: "+"))
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("book"), to: copy)
        for edit in edits {
            let overlay = fixtures.appendingPathComponent(edit).standardizedFileURL
            let files = FileManager.default.enumerator(at: overlay, includingPropertiesForKeys: [.isRegularFileKey])
            while let url = files?.nextObject() as? URL {
                guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
                let target = copy.appendingPathComponent(String(url.standardizedFileURL.path.dropFirst(overlay.path.count + 1)))
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: url, to: target)
            }
        }
        return copy.path
    }

    /// JUnit XML read with Folio's strict parser: each test case by name, with its failure's
    /// text (nil when it passes) and what it printed.
    static func junitCases(_ url: URL) throws -> [String: (failure: String?, out: String)] {
        let diagnostics = Diagnostics()
        let tree = try MarkupParser.parse(Array(try Data(contentsOf: url)), path: url.path, recovery: .xml, diagnostics: diagnostics)
        #expect(diagnostics.warnings.isEmpty, "\(diagnostics.warnings)")
        var cases: [String: (failure: String?, out: String)] = [:]
        for testcase in tree.root?.descendants("testcase") ?? [] {
            cases[testcase.attribute("name") ?? ""] = (testcase.descendants("failure").first?.textContent,
                                                      testcase.descendants("system-out").first?.textContent ?? "")
        }
        return cases
    }

    /// A change set through the whole CI round: a paragraph added, the cover image replaced
    /// (expected by the triage file, in YAML), a CSS colour changed and the colophon's date
    /// changed (masked by a selector the snapshot was made with). The paragraph fails at any
    /// threshold; --update accepts it chapter by chapter and the next run passes.
    @Test func aChangeSetGoesThroughTriageMasksJUnitAndUpdate() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let triage = folder.appendingPathComponent("triage.yaml")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("""
            expected:
              - chapter: EPUB/cover.xhtml
                reason: new cover art
                expires: 2099-12-31
            masks:
              - selector: .colophon time
            """.utf8).write(to: triage)
        let snap = folder.appendingPathComponent("snap")
        let made = try Self.snapshot(snap, "--accept", triage.path)
        #expect(made.status == 0, "\(made.stderr)")
        let manifest = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: snap.appendingPathComponent("200x240-12pt-day/manifest.json"))) as? [String: Any])
        #expect((manifest["options"] as? [String: String])?["masks"] == ".colophon time")
        let pages = try #require(manifest["pages"] as? [[String: Any]])
        #expect((pages.last?["masked"] as? [Any])?.isEmpty == false)
        #expect(pages.last?["text"] as? String == "Three\nThe last page is short.\nBuilt on .\n")

        // The colour and the date alone: the colour is a pixel change a threshold forgives, the
        // date is masked (the snapshot's options carry the mask, no triage file needed).
        let restyled = try Self.book(in: folder, edits: ["css-colour-changed", "date-changed"])
        #expect(try Self.run(["diff", snap.path, restyled, "--threshold", "100"]).status == 0)
        let strict = try Self.run(["diff", snap.path, restyled])
        #expect(strict.status == 1)
        #expect(!strict.text.contains("November"), "\(strict.text)")

        let edited = try Self.book(in: folder, edits: ["paragraph-inserted", "image-swapped", "css-colour-changed", "date-changed"])
        let junit = folder.appendingPathComponent("junit.xml"), report = folder.appendingPathComponent("report")
        for threshold in ["0", "100"] {
            let run = try Self.run(["diff", snap.path, edited, "--accept", triage.path, "--junit", junit.path,
                                    "--threshold", threshold, "--report", report.path])
            #expect(run.status == 1, "threshold \(threshold): \(run.text) \(run.stderr)")
            let cases = try Self.junitCases(junit)
            let one = try #require(cases.first { $0.key.contains("one.xhtml") }?.value)
            #expect(one.failure?.contains("At low water") == true, "\(one)")
            // The new cover is expected; at 100 % it is a pixel change the threshold forgives anyway.
            let cover = try #require(cases.first { $0.key.contains("cover.xhtml") }?.value)
            #expect(cover.failure == nil && cover.out.contains("expected: new cover art") == (threshold == "0"), "\(cover)")
            #expect(!cases.values.contains { ($0.failure ?? "").contains("November") })
        }
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("index.html").path))

        let updated = try Self.run(["diff", snap.path, edited, "--accept", triage.path, "--update"])
        #expect(updated.status == 0, "\(updated.text) \(updated.stderr)")
        #expect(updated.text.contains("EPUB/one.xhtml") && !updated.text.contains("chapters (EPUB/cover.xhtml"), "\(updated.text)")
        let after = try Self.run(["diff", snap.path, edited, "--accept", triage.path, "--junit", junit.path])
        #expect(after.status == 0, "\(after.text)")
        // The cover's change is still the triage file's to explain: the update kept the old cover.
        let cases = try Self.junitCases(junit)
        #expect(cases.values.allSatisfy { $0.failure == nil })
        #expect(cases.first { $0.key.contains("cover.xhtml") }?.value.out.contains("expected: new cover art") == true)
    }

    /// `--cache`: a book rendered once is found by its content the next time and not rendered
    /// again, with the same result; an edited book is a new entry.
    @Test func aCachedRenderingIsReusedUntilTheBookChanges() throws {
        let (folder, snap, edited) = try Self.snapshotAndEdit()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("cache")
        let first = try Self.run(["diff", snap.path, edited, "--json", "--cache", cache.path])
        #expect(first.status == 1)
        #expect(first.stderr.contains("rendered and kept"))
        let second = try Self.run(["diff", snap.path, edited, "--json", "--cache", cache.path])
        #expect(second.status == 1)
        #expect(second.stderr.contains("found, not rendered") && !second.stderr.contains("rendered and kept"))
        #expect(second.stdout == first.stdout)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { !$0.hasPrefix(".") }
        #expect(entries.count == 1)
        // The book edited again: its content is new, so it is rendered.
        let chapter = URL(fileURLWithPath: edited).appendingPathComponent("EPUB/two.xhtml")
        let text = try String(contentsOf: chapter, encoding: .utf8).replacingOccurrences(of: "shells", with: "pebbles")
        try text.write(to: chapter, atomically: true, encoding: .utf8)
        let third = try Self.run(["diff", snap.path, edited, "--json", "--cache", cache.path])
        #expect(third.stderr.contains("rendered and kept"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { !$0.hasPrefix(".") }.count == 2)
        // A shard draws only its chapters' pages: it is kept (and found) as a rendering of its own.
        for _ in 0..<2 {
            let shard = try Self.run(["diff", snap.path, edited, "--json", "--cache", cache.path, "--shard", "1/2"])
            #expect(shard.status == 0 || shard.status == 1, "\(shard.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { !$0.hasPrefix(".") }.count == 3)
    }

    @Test func anEditedBookDiffsAsChangedWithJSONAndAReport() throws {
        let (folder, snap, edited) = try Self.snapshotAndEdit()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")
        let run = try Self.run(["diff", snap.path, edited, "--json", "--report", report.path])
        #expect(run.status == 1, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["result"] as? String == "changed")
        #expect(summary["changed"] as? Int == 1 && summary["identical"] as? Int == 4)
        #expect(summary["statements"] as? [String] == ["chapter “Two”: page 3: “stones.” → “shells.”"])
        let pages = try #require(json["pages"] as? [[String: Any]])
        #expect(pages.map { $0["status"] as? String } == ["identical", "identical", "changed", "identical", "identical"])
        #expect(pages[2]["baseline"] as? Int == 3 && pages[2]["current"] as? Int == 3 && pages[2]["href"] as? String == "EPUB/two.xhtml")
        #expect((pages[2]["difference"] as? Double ?? 0) > 0)
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("index.html").path))
        // The book on the left is rendered with the snapshot's options: the same as diffing snapshots.
        let reversed = try Self.run(["diff", edited, snap.path])
        #expect(reversed.status == 1)
        #expect(reversed.text.contains("page 3: “shells.” → “stones.”"))
    }

    @Test func snapshotsWithOneJobAndWithTwoAreTheSame() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one"), two = folder.appendingPathComponent("two")
        #expect(try Self.snapshot(one, "--jobs", "1").status == 0)
        #expect(try Self.snapshot(two, "--jobs", "2").status == 0)
        let run = try Self.run(["diff", one.path, two.path, "--jobs", "2"])
        #expect(run.status == 0, "\(run.text)")
    }

    /// Shards named on the command line (a CI matrix's index and total) or read from a
    /// Kubernetes Indexed Job's environment (`--shard auto`) merge into the whole diff.
    @Test(arguments: [false, true])
    func shardResultsMergeIntoTheWholeDiff(fromJobEnvironment: Bool) throws {
        let (folder, snap, edited) = try Self.snapshotAndEdit()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wholeJUnit = folder.appendingPathComponent("whole.xml"), mergedJUnit = folder.appendingPathComponent("merged.xml")
        let whole = try Self.run(["diff", snap.path, edited, "--json", "--junit", wholeJUnit.path])
        var files: [String] = []
        for (k, shard) in ["1/2", "2/2"].enumerated() {
            let part = fromJobEnvironment
                ? try Self.run(["diff", snap.path, edited, "--json", "--shard", "auto"],
                               environment: ["JOB_COMPLETION_INDEX": String(k), "JOB_COMPLETION_COUNT": "2"])
                : try Self.run(["diff", snap.path, edited, "--json", "--shard", shard])
            #expect(part.status == 0 || part.status == 1)
            let file = folder.appendingPathComponent("shard-\(files.count + 1).json")
            try part.stdout.write(to: file)
            files.append(file.path)
        }
        let merged = try Self.run(["diff", "--merge", "--json", "--junit", mergedJUnit.path] + files)
        #expect(merged.status == 1)
        // The JUnit of the merged shards is the whole run's (docs/ci's merge jobs rely on it).
        #expect(try String(contentsOf: mergedJUnit, encoding: .utf8) == String(contentsOf: wholeJUnit, encoding: .utf8))
        // Each page object written again with sorted keys: nested objects compare whatever
        // order a dictionary happens to iterate in.
        func pages(_ data: Data) throws -> [String] {
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try (json["pages"] as? [[String: Any]] ?? []).map {
                String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self)
            }
        }
        #expect(try pages(merged.stdout) == pages(whole.stdout))
        #expect(try Self.run(["diff", "--merge", files[0]]).status == 2)
    }

    /// Failing to compare exits 2; a malformed command line (a bad value, one side missing)
    /// exits 64, as every command's usage errors do.
    @Test func errorsExitWithTwoAndMalformedCommandLinesWith64() throws {
        #expect(try Self.run(["diff", "/nonexistent/a", "/nonexistent/b"]).status == 2)
        let book = Self.fixtures.appendingPathComponent("book").path
        let bad = try Self.run(["diff", book, book, "--threshold", "lots"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--threshold"))
        #expect(try Self.run(["diff", book, book, "--shard", "5/4"]).status == 64)
        // --shard auto outside an Indexed Job (no JOB_COMPLETION_INDEX) is a usage error too.
        let auto = try Self.run(["diff", book, book, "--shard", "auto"], environment: ["JOB_COMPLETION_INDEX": "", "JOB_COMPLETION_COUNT": ""])
        #expect(auto.status == 64)
        #expect(auto.stderr.contains("JOB_COMPLETION_INDEX"))
        #expect(try Self.run(["diff", book]).status == 64)
        #expect(try Self.run(["diff", "--merge"]).status == 64)
    }
}
