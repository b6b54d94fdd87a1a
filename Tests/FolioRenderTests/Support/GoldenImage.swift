import Foundation
import Testing
@testable import FolioRender

/// Golden-image comparison: a test's PNG against `Tests/References/<name>.png`, pixel by pixel
/// (decoded, so that a different zlib cannot fail a test whose pixels are the same).
///
/// Run with `FOLIO_ACCEPT=1` to write (or rewrite) the reference from the current output; the
/// test then records an issue saying so, so an accepted run never passes silently. Look at
/// every accepted image before committing it: a golden is only as right as its review.
enum GoldenImage {
    static let references = RenderSupport.packageRoot.appendingPathComponent("Tests/References")

    static var accepting: Bool { ProcessInfo.processInfo.environment["FOLIO_ACCEPT"] == "1" }

    static func check(_ png: [UInt8], named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = references.appendingPathComponent(name)
        if accepting {
            do {
                try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
                try Data(png).write(to: url)
                Issue.record("accepted Tests/References/\(name): look at it before committing", sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot write Tests/References/\(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("""
                Tests/References/\(name) is missing. Run the test with FOLIO_ACCEPT=1 to write it from this output, \
                then look at the image before committing.
                """, sourceLocation: sourceLocation)
            return
        }
        guard let expected = RenderSupport.decodePNG(Array(data)), let actual = RenderSupport.decodePNG(png) else {
            Issue.record("Tests/References/\(name) or the output is not a readable PNG", sourceLocation: sourceLocation)
            return
        }
        guard expected.width != actual.width || expected.height != actual.height
                || RenderSupport.words(expected) != RenderSupport.words(actual) else { return }
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent("actual-\(name)")
        try? Data(png).write(to: saved)
        Issue.record("""
            output differs from Tests/References/\(name) \(difference(expected, actual)); the output is at \(saved.path).
            If the change is intended, rerun with FOLIO_ACCEPT=1 and look at the new image.
            """, sourceLocation: sourceLocation)
    }

    /// The size change, or how many pixels differ and where the first one is.
    static func difference(_ expected: RenderBitmap, _ actual: RenderBitmap) -> String {
        guard expected.width == actual.width, expected.height == actual.height else {
            return "in size (\(expected.width)×\(expected.height) expected, \(actual.width)×\(actual.height) actual)"
        }
        let a = RenderSupport.words(expected), b = RenderSupport.words(actual)
        let differing = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        guard let first = differing.first else { return "" }
        return "in \(differing.count) pixels, first at (\(first % expected.width), \(first / expected.width))"
    }
}
