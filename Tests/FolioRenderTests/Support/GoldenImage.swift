import FolioImage
import FolioTestSupport
import Foundation
import Testing
@testable import FolioRender

/// Golden images (`ReferenceFile`), compared pixel by pixel after decoding, so that a
/// different zlib cannot fail a test whose pixels are the same.
enum GoldenImage {
    static func check(_ png: [UInt8], named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        ReferenceFile.check(Data(png), named: name, sourceLocation: sourceLocation) { data in
            guard let expected = RenderSupport.decodePNG(Array(data)), let actual = RenderSupport.decodePNG(png) else {
                return "(the reference or the output is not a readable PNG)"
            }
            guard expected.width != actual.width || expected.height != actual.height
                    || RenderSupport.words(expected) != RenderSupport.words(actual) else { return nil }
            let saved = FileManager.default.temporaryDirectory.appendingPathComponent("actual-\(name)")
            try? Data(png).write(to: saved)
            return "\(difference(expected, actual)); the output is at \(saved.path)"
        }
    }

    /// The size change, or how many pixels differ and where the first one is.
    static func difference(_ expected: Bitmap, _ actual: Bitmap) -> String {
        guard expected.width == actual.width, expected.height == actual.height else {
            return "in size (\(expected.width)×\(expected.height) expected, \(actual.width)×\(actual.height) actual)"
        }
        let a = RenderSupport.words(expected), b = RenderSupport.words(actual)
        let differing = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        guard let first = differing.first else { return "" }
        return "in \(differing.count) pixels, first at (\(first % expected.width), \(first / expected.width))"
    }
}
