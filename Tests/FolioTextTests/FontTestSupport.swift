import FolioCore
import FolioStyle
import Foundation
import FolioTestSupport
@testable import FolioText

/// Shared by the Font*Tests: fixture paths, pinned font bytes, and contexts over a fixture sheet.
enum FontTestSupport {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Tests/FolioTextTests/Fixtures")
    /// `../shared/corpus` from the package root (one level deeper from a worktree); nil when absent.
    static let corpus: URL? = Corpus.directory

    static func pinnedPath(_ family: String, weight: Int = 400, italic: Bool = false) -> String {
        FontManifest.pinned.first { $0.family == family && $0.weight == weight && $0.isItalic == italic }?.path ?? "(not pinned)"
    }

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    /// A context whose book has the `@font-face` rules of `Fixtures/<fixture>/book.css`, read as
    /// if at `EPUB/css/book.css`, and whose container holds `files`.
    static func context(fixture: String, files: [String: [UInt8]], diagnostics: Diagnostics) throws -> FontContext {
        let css = try String(contentsOf: fixtures.appendingPathComponent("\(fixture)/book.css"), encoding: .utf8)
        let sheet = CSSParser.parseStylesheet(css, path: "EPUB/css/book.css", diagnostics: diagnostics)
        let faces: [(rule: FontFaceRule, sheet: String)] = sheet.rules.compactMap {
            if case .fontFace(let face) = $0 { return (face, sheet.path) }
            return nil
        }
        return try FontContext(fontFaces: faces, loadResource: { files[$0] }, diagnostics: diagnostics)
    }
}
