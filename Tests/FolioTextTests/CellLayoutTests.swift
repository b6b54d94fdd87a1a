import FolioCore
import FolioStyle
import Testing
@testable import FolioText

/// The paragraph setter with the cell metric: columns of a terminal instead of font pixels.
@Suite struct CellLayoutTests {
    static func context() throws -> InlineContext {
        InlineContext(fonts: try FontContext(diagnostics: Diagnostics()), metric: .cells)
    }

    static func layout(_ items: [InlineItem], columns: Double, language: String? = "en",
                       block: (inout ComputedStyle) -> Void = { _ in }) throws -> ParagraphLayout {
        try InlineSupport.layout(items, width: columns, language: language, context: context(), block: block)
    }

    /// The columns each glyph of a line takes, in order.
    static func advances(_ line: LineBox) -> [Double] {
        line.runs.flatMap { $0.glyphs.map(\.advance) }
    }

    @Test func aParagraphAtTwentyColumnsWrapsAtTheWordsThatFit() throws {
        let text = "Call me Ishmael. Some years ago, never mind how long precisely"
        let layout = try Self.layout([InlineSupport.text(text)], columns: 20)
        // By hand: "Call me Ishmael. Some" is 21 columns, "Some years ago, never" 21,
        // "never mind how long precisely" 29.
        #expect(InlineSupport.lineTexts(layout) == ["Call me Ishmael.", "Some years ago,", "never mind how long", "precisely"])
        #expect(layout.lines.map(\.width) == [16, 15, 19, 9])
        for line in layout.lines {
            #expect(line.ascent == 1 && line.descent == 0 && line.height == 1)
            #expect(line.x == 0)
            for run in line.runs {
                #expect(run.size == 1 && run.baseline == 1)
                // Positions are whole columns; a glyph's id is its character.
                #expect(run.glyphs.allSatisfy { $0.x == $0.x.rounded() && $0.advance == 1 })
                #expect(run.glyphs.map(\.id) == run.text.unicodeScalars.map(\.value))
            }
        }
        #expect(layout.height == 4)
    }

    @Test func wideCharactersTakeTwoColumnsAndNeverOverflow() throws {
        // 日本語のテキストを端末で折り返す。 — seventeen wide characters, 34 columns.
        let text = "\u{65E5}\u{672C}\u{8A9E}\u{306E}\u{30C6}\u{30AD}\u{30B9}\u{30C8}\u{3092}\u{7AEF}\u{672B}\u{3067}\u{6298}\u{308A}\u{8FD4}\u{3059}\u{3002}"
        let layout = try Self.layout([InlineSupport.text(text)], columns: 9, language: "ja")
        for line in layout.lines {
            #expect(line.x + line.width <= 9)
            #expect(!line.overflows)
            #expect(Self.advances(line).allSatisfy { $0 == 2 })
        }
        // At most four characters a line; "。" may not start one, so "す" goes down with it.
        // Set total-fit, the rag is as even as that allows: 3, 4, 4, 4 and the last 2.
        #expect(layout.lines.map(\.width) == [6, 8, 8, 8, 4])
        #expect(CellMetric.width(of: "A\u{301}".unicodeScalars) == 1)
        #expect(CellMetric.width(of: "\u{1F600}".unicodeScalars) == 2)
        #expect(CellMetric.width(of: "\u{FF21}".unicodeScalars) == 2)
    }

    @Test func justifiedLinesPadTheirSpacesWithWholeCells() throws {
        let text = "Call me Ishmael. Some years ago, never mind how long precisely"
        let layout = try Self.layout([InlineSupport.text(text)], columns: 20) { $0.text.align = .justify }
        for line in layout.lines.dropLast() {
            #expect(line.width == 20)
        }
        // "Call me Ishmael.": 16 columns, two spaces share 4 more.
        #expect(Self.advances(layout.lines[0]).filter { $0 != 1 } == [3, 3])
        // "Some years ago,": 15 columns (the trailing space hangs), two spaces share 5: the first takes the odd one.
        #expect(Self.advances(layout.lines[1]).filter { $0 != 1 } == [4, 3])
        #expect(layout.lines.last.map(Self.advances)?.allSatisfy { $0 == 1 } == true)
    }

    @Test func hyphenationBreaksWordsWithAOneColumnHyphen() throws {
        // The paragraph's last word is never hyphenated: "ideas" ends it.
        let text = "Extraordinary extraordinary ideas"
        let layout = try Self.layout([InlineSupport.text(text) { $0.text.hyphens = .auto }], columns: 10)
        let first = try #require(layout.lines.first)
        #expect(first.endsWithHyphen)
        #expect(first.x + first.width <= 10)
        let run = try #require(first.runs.last)
        #expect(run.hasHyphen && run.glyphs.last?.id == 0x2D && run.glyphs.last?.advance == 1)
        // The hyphen is not part of the text; the broken word joins up again.
        #expect(InlineSupport.words(of: layout) == ["Extraordinary", "extraordinary", "ideas"])
        // The dictionary says ex-traor-di-nary. Set total-fit as prose is, the four lines take
        // two hyphens where first fit took three ("Extraordi-", "nary ex-", "traordi-"): a
        // hyphen costs more than an uneven rag.
        #expect(InlineSupport.lineTexts(layout) == ["Extra", "ordinary", "extraordi", "nary ideas"])
        #expect(layout.lines.map(\.width) == [6, 8, 10, 10])
    }

    @Test func decorationsStayAsFlagsAndIndentIsInColumns() throws {
        let context = try Self.context()
        let layout = try InlineSupport.layout([InlineSupport.text("underlined words") { $0.box.textDecorationLine = [.underline] }],
                                              width: 40, context: context) { $0.text.indent = .px(2) }
        let line = try #require(layout.lines.first)
        #expect(line.x == 2 && line.width == 16)
        #expect(line.runs.first?.decorations.map(\.kind) == [.underline])
        #expect(line.runs.first?.face === context.fonts.defaultFace)
    }

    @Test func aLineWithAnImageIsAsTallAsTheImagesRows() throws {
        // An image of 6×5 cells after a word: its line takes five rows, text on the first.
        let image = InlineItem.atomic(width: 6, height: 5, baseline: 5, style: InlineSupport.shared(), id: 0)
        let layout = try Self.layout([InlineSupport.text("moon "), image, InlineSupport.text(" rises")], columns: 12)
        #expect(InlineSupport.lineTexts(layout).count == 2)
        let first = try #require(layout.lines.first), second = try #require(layout.lines.last)
        #expect(first.height == 5 && first.atomics.map(\.y) == [0] && first.runs.allSatisfy { $0.baseline == 1 })
        #expect(second.height == 1)
        #expect(layout.height == 6)
    }
}
