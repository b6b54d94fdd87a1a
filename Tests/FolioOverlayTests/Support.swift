import FolioCore
import FolioOverlay
import Foundation

/// Fixtures of this target, found through `#filePath`.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Parses `Fixtures/<name>.smil` as if it sat at container path `path`.
    static func overlay(_ name: String, at path: String = "EPUB/overlays/ch.smil", diagnostics: Diagnostics = Diagnostics()) throws -> MediaOverlay {
        let bytes = try [UInt8](Data(contentsOf: url(name + ".smil")))
        return try SMILParser.parse(bytes, path: path, diagnostics: diagnostics)
    }
}
