import FolioStyle
import Testing
@testable import FolioText

/// `text-emphasis`: https://www.w3.org/TR/css-text-decor-3/#emphasis-marks
@Suite struct EmphasisMarkTests {
    static func emphasized(_ text: String, _ style: TextEmphasisStyle, under: Bool = false,
                           context: InlineContext? = nil) throws -> ParagraphLayout {
        try InlineSupport.layout([InlineSupport.text(text) {
            $0.rareInherited.emphasisStyle = style
            $0.rareInherited.emphasisPosition.under = under
            $0.rareInherited.emphasisColor = .rgba(RGBA(red: 0, green: 0, blue: 255))
        }], width: 400, context: context) { $0.font.lineHeight = .number(1) }
    }

    /// The runs of marks: they stand for no text.
    static func marks(_ line: LineBox) -> [PositionedRun] { line.runs.filter { $0.text.isEmpty && $0.source == nil } }

    @Test func eachLetterGetsAMarkAtHalfSizeCentredOverIt() throws {
        let layout = try Self.emphasized("Troy, ab", .mark(filled: true, shape: .dot))
        let line = try #require(layout.lines.first)
        let text = try #require(line.runs.first { !$0.text.isEmpty })
        let marks = try #require(Self.marks(line).first)
        // T r o y a b: the comma and the space take none.
        #expect(marks.glyphs.count == 6)
        #expect(marks.size == text.size / 2)
        #expect(marks.color == RGBA(red: 0, green: 0, blue: 255))
        // Each mark is centred on its letter: the first on "T".
        let t = try #require(text.glyphs.first)
        let mark = try #require(marks.glyphs.first)
        #expect(abs((mark.x + mark.advance / 2) - (t.x + t.advance / 2)) < 0.01)
        // Above the text: the marks' baseline is above the text's ascender line.
        let ascender = text.face.metrics.px(text.face.metrics.ascender, size: text.size)
        #expect(marks.baseline <= text.baseline - ascender + 0.01)
    }

    @Test func theLineGrowsToMakeRoomForTheMarks() throws {
        let plain = try InlineSupport.layout([InlineSupport.text("Troy")], width: 400) { $0.font.lineHeight = .number(1) }
        let marked = try Self.emphasized("Troy", .mark(filled: true, shape: .circle))
        let a = try #require(plain.lines.first), b = try #require(marked.lines.first)
        #expect(b.ascent > a.ascent + 1)
        #expect(abs(b.descent - a.descent) < 0.01)
        // The marks lie inside the line box.
        let marks = try #require(Self.marks(b).first)
        let face = marks.face.metrics
        #expect(marks.baseline - face.px(face.ascender, size: marks.size) >= -0.01)
    }

    @Test func underMarksHangBelowTheText() throws {
        let layout = try Self.emphasized("ab", .mark(filled: false, shape: .triangle), under: true)
        let line = try #require(layout.lines.first)
        let text = try #require(line.runs.first { !$0.text.isEmpty })
        let marks = try #require(Self.marks(line).first)
        #expect(marks.baseline > text.baseline)
        #expect(marks.baseline <= line.ascent + line.descent + 0.01)
    }

    @Test func aStringMarkUsesItsFirstCharacter() throws {
        let layout = try Self.emphasized("ab", .string("xyz"))
        let line = try #require(layout.lines.first)
        let marks = try #require(Self.marks(line).first)
        #expect(marks.glyphs.count == 2)
        #expect(EmphasisMark(InlineSupport.style { $0.rareInherited.emphasisStyle = .string("xyz") })?.text == "x")
    }

    @Test func noMarksWithoutEmphasisNorInCells() throws {
        let plain = try InlineSupport.layout([InlineSupport.text("ab cd")], width: 400)
        #expect(plain.lines.allSatisfy { Self.marks($0).isEmpty })
        let cells = try Self.emphasized("ab cd", .mark(filled: true, shape: .dot), context: CellLayoutTests.context())
        #expect(cells.lines.allSatisfy { Self.marks($0).isEmpty })
    }

    @Test(arguments: [("a", true), ("漢", true), ("1", true), (" ", false), (",", false), ("「", false), ("\u{3000}", false), ("\u{200B}", false)])
    func whatTakesAMark(character: String, takes: Bool) {
        #expect(EmphasisMark.takesMark(character.unicodeScalars.first!) == takes)
    }
}
