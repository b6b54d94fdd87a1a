import FolioTestSupport
import Foundation
import Testing

/// Golden text files (`ReferenceFile`), compared line by line.
enum Golden {
    /// Compares `actual` with the reference `named` (for example `CascadeGoldenTests.aSmallChapterOnPhone.txt`).
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        ReferenceFile.check(Data(actual.utf8), named: name, sourceLocation: sourceLocation) { data in
            let expected = String(decoding: data, as: UTF8.self)
            return expected == actual ? nil : firstDifference(expected, actual)
        }
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
