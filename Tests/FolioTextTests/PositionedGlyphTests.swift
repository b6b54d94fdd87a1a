import Testing
@testable import FolioText

/// A glyph's id and a missing-glyph box's character share one word of `PositionedGlyph`.
@Suite struct PositionedGlyphTests {
    @Test func aGlyphKeepsItsIdAndHasNoMissingCharacter() {
        let glyph = PositionedGlyph(id: 65_535, x: 1.5, y: -2, advance: 7.25, sourceOffset: 12)
        #expect(glyph.id == 65_535)
        #expect(glyph.missing == 0)
        #expect(glyph.x == 1.5 && glyph.y == -2 && glyph.advance == 7.25 && glyph.sourceOffset == 12)
    }

    @Test func aMissingGlyphBoxKeepsItsCharacterAndIsGlyphZero() {
        // The highest code point, and one of the Supplementary Special-purpose Plane.
        for scalar: UInt32 in [0x10FFFF, 0xE01EF, 0x1F600, 0x41] {
            let box = PositionedGlyph(id: 0, x: 0, y: 0, advance: 8, missing: scalar)
            #expect(box.missing == scalar)
            #expect(box.id == 0)
        }
    }

    @Test func settingOneAnswersForTheOther() {
        var glyph = PositionedGlyph(id: 0, x: 0, y: 0, advance: 8)
        glyph.missing = 0x0E01
        #expect(glyph.id == 0 && glyph.missing == 0x0E01)
        glyph.missing = 0
        #expect(glyph.id == 0 && glyph.missing == 0)
        glyph.id = 42
        #expect(glyph.id == 42 && glyph.missing == 0)
        #expect(glyph != PositionedGlyph(id: 0, x: 0, y: 0, advance: 8, missing: 42))
    }

    /// What a laid-out chapter holds most of: one per character shown.
    @Test func aGlyphTakesTwentyFourBytes() {
        #expect(MemoryLayout<PositionedGlyph>.stride == 24)
    }
}
