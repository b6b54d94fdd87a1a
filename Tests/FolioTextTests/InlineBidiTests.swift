import FolioStyle
import Testing
@testable import FolioText

@Suite struct InlineBidiTests {
    /// "Peace be upon you, world" in Arabic.
    static let arabic = "السلام عليكم يا عالم"

    @Test func anArabicParagraphIsRightAlignedInAmiriWithItsRunsReordered() throws {
        let layout = try InlineSupport.layout([InlineSupport.text(Self.arabic)], width: 300, language: "ar") { $0.text.direction = .rtl }
        let line = try #require(layout.lines.first)
        #expect(layout.lines.count == 1)
        // `start` is the right edge in an RTL paragraph.
        #expect(abs(line.x + line.width - 300) < 1e-9)
        #expect(line.runs.allSatisfy { $0.face.family == "Amiri" && $0.direction == .rtl })
        // Glyphs run right to left: the first character's glyph is the rightmost.
        let run = try #require(line.runs.first)
        #expect(run.glyphs.count > 10)
        #expect(run.glyphs.map(\.x) == run.glyphs.map(\.x).sorted())
    }

    @Test func latinInsideAnRTLParagraphIsPlacedVisuallyLeftOfThePrecedingArabic() throws {
        // Logical: Arabic, then Latin, then Arabic; visually the first Arabic word is rightmost.
        let layout = try InlineSupport.layout([InlineSupport.text("مرحبا EPUB عالم")], width: 300, language: "ar") { $0.text.direction = .rtl }
        let runs = try #require(layout.lines.first?.runs)
        let latin = try #require(runs.first { $0.text.contains("EPUB") })
        let first = try #require(runs.first { $0.text.contains("مرحبا") })
        let last = try #require(runs.first { $0.text.contains("عالم") })
        #expect(last.x < latin.x && latin.x < first.x)
        #expect(latin.direction == .ltr && latin.face.family == "Liberation Serif")
    }

    @Test func leftAlignmentInAnRTLParagraphIsTheLeftEdge() throws {
        let layout = try InlineSupport.layout([InlineSupport.text(Self.arabic)], width: 300, language: "ar") {
            $0.text.direction = .rtl
            $0.text.align = .left
        }
        let line = try #require(layout.lines.first)
        #expect(abs(line.x) < 1e-9)
    }

    // https://www.w3.org/TR/css-text-3/#text-align-last-property: `end` of an RTL paragraph is left
    // (the W3C test css-epub-text-align-last, case 3).
    @Test func theLastLineOfAnRTLParagraphAlignedToItsEndIsAtTheLeft() throws {
        let words = Array(repeating: Self.arabic, count: 6).joined(separator: " ")
        let layout = try InlineSupport.layout([InlineSupport.text(words)], width: 300, language: "ar") {
            $0.text.direction = .rtl
            $0.text.alignLast = .end
        }
        #expect(layout.lines.count > 1)
        let first = try #require(layout.lines.first), last = try #require(layout.lines.last)
        #expect(abs(first.x + first.width - 300) < 1e-9, "other lines start at the right")
        #expect(abs(last.x) < 1e-9 && last.width < 300 - 1)
    }
}
