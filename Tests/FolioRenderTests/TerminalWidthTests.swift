import Testing
@testable import FolioRender

@Suite struct TerminalWidthTests {
    @Test(arguments: [
        ("a", 1), ("中", 2), ("한", 2), ("ア", 2), ("ｱ", 1), ("Ａ", 2), ("　", 2), ("€", 1),
        ("e\u{301}", 1), ("\u{AD}", 0), ("\u{200D}", 0), ("\u{7}", 0), ("\u{2028}", 0),
        ("👍", 2), ("👍🏽", 2), ("👩‍👩‍👧", 2), ("🇫🇷", 2), ("❤", 1), ("❤️", 2), ("1️⃣", 2), ("𠀋", 2), ("…", 1),
    ] as [(String, Int)])
    func aCharacterTakesItsEastAsianOrEmojiWidth(_ text: String, _ columns: Int) throws {
        let character = try #require(text.first)
        #expect(text.count == 1)
        #expect(TerminalWidth.of(character) == columns)
    }

    @Test func theWideRangesAreSortedAndDisjointForTheBinarySearch() {
        let ranges = TerminalWidth.wide
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
        #expect(TerminalWidth.isWide(0x3FFFD) && !TerminalWidth.isWide(0x3FFFE) && !TerminalWidth.isWide(0x10FF))
    }

    @Test func aStringTakesTheSumOfItsCharacters() {
        #expect(TerminalWidth.of(text: "日本語 text") == 11)
    }
}
