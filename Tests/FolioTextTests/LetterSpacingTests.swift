import FolioCore
import FolioStyle
import Testing
@testable import FolioText

/// A justified line whose spaces would pass twice their natural width puts a little of the
/// excess between its letters (`LineAssembler.maxLetterStretch`), and still fills its room.
@Suite struct LetterSpacingTests {
    /// A two-line paragraph whose first line must end before a word too long to join it: the
    /// first line's spaces take what its few words leave.
    static let forcedLoose = "An ox of Xerxes incomprehensibilities"

    /// The right edge of a line's last glyph that is not a space.
    static func inkEnd(_ line: LineBox) -> Double {
        var end = -Double.infinity
        for run in line.runs {
            let scalars = Array(run.text.unicodeScalars)
            for glyph in run.glyphs where glyph.sourceOffset >= 0 {
                let index = Int(glyph.sourceOffset) - run.sourceRange.lowerBound
                if index >= 0, index < scalars.count, scalars[index] == " " { continue }
                end = max(end, glyph.x + glyph.advance)
            }
        }
        return end
    }

    @Test func aLineWhoseSpacesWouldGapeSpacesItsLettersALittleAndStillFillsItsRoom() throws {
        let layout = try InlineSupport.layout([InlineSupport.text(Self.forcedLoose)], width: 200) { $0.text.align = .justify }
        try #require(layout.lines.count == 2, "\(InlineSupport.lineTexts(layout))")
        let first = layout.lines[0], setting = first.setting
        #expect(InlineSupport.lineTexts(layout)[0] == "An ox of Xerxes")
        // Spaces alone would pass twice natural; letters took some of it, at most 0.02 em.
        #expect(setting.room - setting.natural > setting.separatorWidth)
        // "An ox of Xerxes": gaps inside the words only (1 + 1 + 1 + 5).
        #expect(setting.letterGaps == 8)
        #expect(setting.letterStretch > 0 && setting.letterStretch <= 0.02 * 16 + 1e-9)
        // The separators took the rest: the line still ends at its room's right edge.
        #expect(abs(Self.inkEnd(first) - setting.room) < 0.01, "ink ends at \(Self.inkEnd(first)) of \(setting.room)")
        // The letters of "Xerxes" stand apart by their advance plus the stretch.
        let run = try #require(first.runs.first)
        let xerxes = run.glyphs.suffix(6)
        let natural = try InlineSupport.layout([InlineSupport.text("Xerxes")], width: 400).lines[0].runs[0].glyphs
        for (spaced, plain) in zip(xerxes.dropLast(), natural.dropLast()) {
            #expect(abs(spaced.advance - plain.advance - setting.letterStretch) < 1e-6)
        }
    }

    @Test func aLineWhoseSpacesStayUnderTwiceNaturalKeepsItsLettersAsShaped() throws {
        let layout = try InlineSupport.layout([InlineSupport.text(InlineSupport.melville)], width: 300) { $0.text.align = .justify }
        for line in layout.lines.dropLast() where line.setting.room - line.setting.natural <= line.setting.separatorWidth {
            #expect(line.setting.letterGaps == 0 && line.setting.letterStretch == 0)
        }
    }

    @Test func arabicAndTerminalCellsAreNeverLetterSpaced() throws {
        // Joined letters must not part; whole columns cannot take a third of a pixel.
        let arabic = "في البدء كان الكلمة والكلمة كانت عند الله"
        let laid = try InlineSupport.layout([InlineSupport.text("سلام " + arabic)], width: 120, language: "ar") {
            $0.text.align = .justify
            $0.text.direction = .rtl
        }
        #expect(laid.lines.allSatisfy { $0.setting.letterGaps == 0 })
        let cells = InlineContext(fonts: try FontContext(diagnostics: Diagnostics()), metric: .cells)
        let inCells = try InlineSupport.layout([InlineSupport.text(Self.forcedLoose)], width: 20, context: cells) { $0.text.align = .justify }
        #expect(inCells.lines.allSatisfy { $0.setting.letterGaps == 0 })
    }

    @Test func gapsAreBetweenLettersNotAtSpacesMarksOrJoiners() {
        let scalars = Array("e\u{301}t a\u{2060}\u{2014}b".unicodeScalars)
        let gaps = scalars.indices.filter { LineAssembler.isLetterGap(after: $0, scalars: scalars, end: scalars.count) }
        // After the accent (é|t) and the dash (—|b); none before the accent, around the space
        // or the word joiner.
        #expect(gaps == [1, 6])
    }

    /// `text-justify` says how: `inter-word` keeps the letters as shaped (the spaces take it
    /// all), `inter-character` gives every gap, letters and spaces alike, the same share, and
    /// `none` does not stretch the line at all.
    @Test(arguments: [TextJustify.interWord, .interCharacter, .none])
    func textJustifyChoosesWhereALinesRoomGoes(justify: TextJustify) throws {
        let layout = try InlineSupport.layout([InlineSupport.text(Self.forcedLoose)], width: 200) {
            $0.text.align = .justify
            $0.rareInherited.textJustify = justify
        }
        let first = try #require(layout.lines.first), setting = first.setting
        switch justify {
        case .interWord:
            #expect(setting.letterGaps == 0)
            #expect(abs(Self.inkEnd(first) - setting.room) < 0.01)
        case .interCharacter:
            #expect(setting.letterGaps == 8)
            let share = (setting.room - setting.natural) / Double(setting.letterGaps + setting.separators)
            #expect(abs(setting.letterStretch - share) < 1e-9)
            #expect(abs(Self.inkEnd(first) - setting.room) < 0.01)
        default:
            #expect(setting.letterGaps == 0)
            #expect(Self.inkEnd(first) < setting.room - 20, "not stretched")
            // Set ragged, not as justified lines left unshrunk: no line passes its room.
            let long = try InlineSupport.layout([InlineSupport.text(InlineSupport.melville)], width: 230) {
                $0.text.align = .justify
                $0.rareInherited.textJustify = .none
            }
            #expect(long.lines.allSatisfy { Self.inkEnd($0) <= $0.setting.room + 0.01 && !$0.setting.justified })
        }
    }
}
