import Foundation
import Testing

/// Golden-file comparison: a test's text output against `Tests/References/<name>`.
///
/// Run with `FOLIO_ACCEPT=1` to write (or rewrite) the reference from the current output;
/// the test then records an issue saying so, so an accepted run never passes silently.
/// Read every accepted file before committing it: a golden is only as right as its review.
enum Golden {
    /// `Tests/References`, found from this file's path (no bundle resources).
    static let references = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // FolioStyleTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("References")

    static var accepting: Bool { ProcessInfo.processInfo.environment["FOLIO_ACCEPT"] == "1" }

    /// Compares `actual` with the reference `named` (for example `CascadeGoldenTests.aSmallChapterOnPhone.txt`).
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = references.appendingPathComponent(name)
        if accepting {
            do {
                try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url)
                Issue.record("accepted Tests/References/\(name): review it before committing", sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot write Tests/References/\(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("""
                Tests/References/\(name) is missing. Run the test with FOLIO_ACCEPT=1 to write it from this output, \
                then read it and check every value before committing.
                """, sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        Issue.record("""
            output differs from Tests/References/\(name) \(firstDifference(expected, actual))
            If the change is intended, rerun with FOLIO_ACCEPT=1 and review the new file.
            """, sourceLocation: sourceLocation)
    }

    /// Where two texts first differ, by line, for the failure message.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? String(a[i]) : "(end of file)"
            let y = i < b.count ? String(b[i]) : "(end of output)"
            if x != y { return "at line \(i + 1):\n  expected: \(x)\n  actual:   \(y)" }
        }
        return "(only in line endings)"
    }
}
