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

    /// The coverage a face keeps of the characters below U+0300 answers as HarfBuzz does, for
    /// a Latin face and an Arabic one (which lacks many of them), asked in any order and from
    /// several threads at once.
    @Test func aFacesLatinCoverageAnswersAsHarfBuzzDoes() async throws {
        for path in [Self.liberationSerif, ShapingTests.amiri] {
            let face = try ShapingTests.face(path)
            let scalars = (0..<LatinCoverage.limit).compactMap(Unicode.Scalar.init).reversed()
            let expected = scalars.map(face.hasGlyph)
            #expect(expected.contains(true) && expected.contains(false), "\(path) has some and lacks some")
            await withTaskGroup(of: [Bool].self) { group in
                for _ in 0..<4 { group.addTask { scalars.map(face.hasLatinGlyph) } }
                for await answers in group { #expect(answers == expected, "\(path)") }
            }
            #expect(face.hasLatinGlyph("\u{0627}") == face.hasGlyph("\u{0627}"))
        }
    }

    @Test func bytesThatAreNotAFontGiveNoFace() {
        #expect(FontFace(data: Array("not a font at all".utf8), source: "junk") == nil)
        #expect(FontFace(data: [], source: "empty") == nil)
    }

    @Test func aMappedFontFileReadsTheSameBytesAndFaceAsOneReadIntoMemory() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.liberationSerif), "fonts-liberation2 is installed by scripts/setup")
        let mapped = try #require(FontBytes(mapping: Self.liberationSerif))
        #expect(Array(mapped.buffer) == Array(data))
        let read = try #require(FontFace(data: Array(data), source: Self.liberationSerif))
        let face = try #require(FontFace(mappingFile: Self.liberationSerif))
        #expect(face.family == read.family && face.weight == read.weight && face.metrics == read.metrics)
        let shaper = Shaper()
        let a = ShapeCache().shape(text: "Affluent waffles", face: face, size: 16, shaper: shaper)
        let b = ShapeCache().shape(text: "Affluent waffles", face: read, size: 16, shaper: shaper)
        #expect(a.glyphs == b.glyphs)
    }

    @Test func aFileThatCannotBeMappedAsAFontGivesNoMappedFace() throws {
        #expect(FontBytes(mapping: "/nonexistent/font.ttf") == nil)
        #expect(FontBytes(mapping: "/usr/share/fonts") == nil)
        let junk = FileManager.default.temporaryDirectory.appendingPathComponent("folio-not-a-font-\(getpid()).ttf")
        try Data("not a font at all".utf8).write(to: junk)
        defer { try? FileManager.default.removeItem(at: junk) }
        #expect(FontFace(mappingFile: junk.path) == nil)
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("folio-empty-font-\(getpid()).ttf")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(FontBytes(mapping: empty.path) == nil)
    }
}
