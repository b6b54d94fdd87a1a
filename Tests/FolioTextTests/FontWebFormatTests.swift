import FolioCore
import Foundation
import Testing
@testable import FolioText

@Suite struct FontWebFormatTests {
    /// The font file inside a W3C test book, read with `unzip -p`.
    private func corpusFont(_ book: String, _ entry: String) throws -> [UInt8] {
        let epub = try #require(FontTestSupport.corpus).appendingPathComponent("w3c/\(book)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = ["-p", epub, entry]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    @Test(.enabled(if: FontTestSupport.corpus != nil, "../shared/corpus is absent; W3C web font tests skipped"), arguments: [
        ("cnt-css-fonts_woff.epub", "EPUB/fonts/Pacifico.woff", "Pacifico"),
        ("cnt-css-fonts_woff2.epub", "EPUB/fonts/Macondo.woff2", "Macondo"),
    ])
    func aWebFontFromTheW3CTestsLoads(book: String, entry: String, family: String) throws {
        let bytes = try corpusFont(book, entry)
        #expect(WebFontDecoder.format(of: bytes) != .sfnt)
        let face = try #require(FontFace(data: bytes, source: entry))
        #expect(face.family == family)
        #expect(face.hasGlyph("a"))
        #expect(face.data.count > bytes.count)  // unwrapped to the sfnt HarfBuzz reads
        #expect(WebFontDecoder.format(of: face.data) == .sfnt)
    }
}
