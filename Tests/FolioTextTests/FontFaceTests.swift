import Foundation
import Testing
@testable import FolioText

@Suite struct FontFaceTests {
    static let liberationSerif = "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf"

    @Test func aFontFileLoadsWithItsNamesAndMetrics() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.liberationSerif), "fonts-liberation2 is installed by scripts/setup")
        let face = try #require(FontFace(data: Array(data), source: Self.liberationSerif))
        #expect(face.family == "Liberation Serif")
        #expect(face.weight == 400)
        #expect(!face.isItalic)
        #expect(face.metrics.unitsPerEm == 2048)
        #expect(face.metrics.ascender > 0 && face.metrics.descender < 0)
        #expect(face.metrics.xHeight > 800 && face.metrics.xHeight < 1100)
        #expect(face.hasGlyph("a"))
        #expect(face.hasGlyph("\u{E9}"))
        #expect(!face.hasGlyph("\u{4E00}"))
    }

    @Test func bytesThatAreNotAFontGiveNoFace() {
        #expect(FontFace(data: Array("not a font at all".utf8), source: "junk") == nil)
        #expect(FontFace(data: [], source: "empty") == nil)
    }
}
