import Foundation
import FolioTestSupport
import Testing

/// `scripts/typeset-report`: the spacing of justified lines, measured from `folio layout --json`.
@Suite struct TypesetReportTests {
    static let script = CLITests.root.appendingPathComponent("scripts/typeset-report").path

    /// The report for a book, as JSON (the script run with this build's `folio`).
    static func report(_ book: String, _ options: [String]) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--json", book, "--"] + options
        var environment = ProcessInfo.processInfo.environment
        environment["FOLIO"] = HostileFixtureTests.binary.path
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theSampleBooksJustifiedLinesAreMeasuredFromTheOutput() throws {
        let report = try Self.report(CLITests.sample, ["--device", "phone", "--justify", "on"])
        let lines = try #require(report["lines"] as? Int)
        #expect(lines > 50)
        #expect((report["shrunkBelowTwoThirds"] as? Int) == 0, "spaces shrink by at most a third")
        #expect((report["longestHyphenRun"] as? Int ?? 99) <= 2)
        #expect((report["hyphenated"] as? Double ?? 0) > 0, "justified text is hyphenated by default")
    }

    @Test(.enabled(if: Corpus.file("samples/moby-dick.epub") != nil, Comment(rawValue: Corpus.absentMessage)))
    func mobyDickAtPhoneSizeHasFewLooseLinesAndNoLongHyphenRuns() throws {
        let book = try #require(Corpus.file("samples/moby-dick.epub")).path
        let report = try Self.report(book, ["--device", "phone"])
        #expect((report["lines"] as? Int ?? 0) > 20_000)
        #expect((report["overTwiceNatural"] as? Double ?? 100) < 2, "fewer than 2 % of lines with spaces over twice natural")
        #expect((report["shrunkBelowTwoThirds"] as? Int) == 0)
        #expect((report["longestHyphenRun"] as? Int ?? 99) <= 2)
        #expect((report["medianRatio"] as? Double ?? 1) < 0.3)
    }
}
