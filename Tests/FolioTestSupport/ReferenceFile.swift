import Foundation
import Testing

/// Golden files: a test's output against `Tests/References/<name>`, for text and images alike.
///
/// Run with `FOLIO_ACCEPT=1` to write (or rewrite) the reference from the current output; the
/// test then records an issue saying so, so an accepted run never passes silently. Look at
/// every accepted file before committing it: a golden is only as right as its review.
public enum ReferenceFile {
    /// `Tests/References`.
    public static let directory = Corpus.packageRoot.appendingPathComponent("Tests/References")

    public static var accepting: Bool { ProcessInfo.processInfo.environment["FOLIO_ACCEPT"] == "1" }

    /// Compares `actual` with the reference `named`. `difference` says how a stored reference
    /// differs from the output (nil when they match, as the caller defines matching).
    public static func check(_ actual: Data, named name: String, sourceLocation: SourceLocation,
                             difference: (_ expected: Data) -> String?) {
        let url = directory.appendingPathComponent(name)
        if accepting {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try actual.write(to: url)
                Issue.record("accepted Tests/References/\(name): review it before committing", sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot write Tests/References/\(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = FileManager.default.contents(atPath: url.path) else {
            Issue.record("""
                Tests/References/\(name) is missing. Run the test with FOLIO_ACCEPT=1 to write it from this output, \
                then review it before committing.
                """, sourceLocation: sourceLocation)
            return
        }
        guard let different = difference(expected) else { return }
        Issue.record("""
            output differs from Tests/References/\(name) \(different)
            If the change is intended, rerun with FOLIO_ACCEPT=1 and review the new file.
            """, sourceLocation: sourceLocation)
    }
}
