import FolioStyle
import Testing
@testable import FolioRender

@Suite struct TerminalBackgroundTests {
    @Test func anOSC11ReplyEndedByBELOrSTGivesTheColourScaledFromItsDigits() throws {
        let bel = try #require(TerminalBackground(reply: "\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{07}\u{1B}[?62;4c"))
        #expect(bel.color == RGBA(red: 0x1E, green: 0x1E, blue: 0x2E))
        #expect(bel.isDark)
        let st = try #require(TerminalBackground(reply: "\u{1B}]11;rgb:fd/f6/e3\u{1B}\\"))
        #expect(st.color == RGBA(red: 0xFD, green: 0xF6, blue: 0xE3))
        #expect(!st.isDark)
        // One digit a channel is scaled as four are: f is full.
        #expect(TerminalBackground(reply: "\u{1B}]11;rgb:f/8/0\u{07}")?.color == RGBA(red: 255, green: 136, blue: 0))
    }

    @Test func aTerminalThatAnswersOnlyDA1OrGarbageHasNoBackground() {
        #expect(TerminalBackground(reply: "\u{1B}[?1;2c") == nil)
        #expect(TerminalBackground(reply: "") == nil)
        #expect(TerminalBackground(reply: "\u{1B}]11;rgb:zz/00/00\u{07}") == nil)
        #expect(TerminalBackground(reply: "\u{1B}]11;rgb:ffff/ffff\u{07}") == nil)
    }

    @Test func middleGreyDividesDarkFromLight() {
        #expect(TerminalBackground(color: RGBA(red: 0x70, green: 0x70, blue: 0x70)).isDark)
        #expect(!TerminalBackground(color: RGBA(red: 0x80, green: 0x80, blue: 0x80)).isDark)
        #expect(TerminalBackground(color: .black).isDark)
        #expect(!TerminalBackground(color: .white).isDark)
    }

    @Test func sepiaStaysWarmIn256And16Colours() {
        let page = RGBA(red: 0xF4, green: 0xEC, blue: 0xD8), text = RGBA(red: 0x5B, green: 0x46, blue: 0x36)
        // #ffffd7 cream and #875f00 brown, where the nearest entries are greys (255 and 239).
        #expect(TerminalPalette.index256(page) == 230)
        #expect(TerminalPalette.index256(text) == 94)
        #expect(TerminalPalette.index16(page) == 3)
        #expect(TerminalPalette.index16(text) == 0)
        // Other colours keep their nearest entry.
        #expect(TerminalPalette.index256(RGBA(red: 0xE4, green: 0xE4, blue: 0xE4)) == 254)
        #expect(TerminalPalette.index256(RGBA(red: 0, green: 0, blue: 0xAF)) == 19)
    }
}
