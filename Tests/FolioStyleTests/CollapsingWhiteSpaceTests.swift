@testable import FolioStyle
import Testing

/// Collapsing white space on scalars gives what splitting on white-space characters gives.
struct CollapsingWhiteSpaceTests {
    @Test(arguments: [
        "", "   ", "a", "  a  b\t\nc  ", "a\r\nb", "x\u{A0}\u{2003}y", "∑ i = 1 \u{2212} n",
        // A space with a combining mark is one character (dropped as white space), a
        // prepended mark before a space makes the space part of a word: the characters decide.
        "a \u{301}b", "a\u{600} b", "x\u{2028}\u{301}y", "\u{3000}日本 語\u{3000}", "a \u{200D}b", "a \u{E33}",
        "a \u{903}b", "a \u{1F3FB}", "a \u{20D7} b", "x\u{110BD} y", "\u{2062} \u{2212} \u{2061}",
        // Bytes of every length, and controls that are white space.
        "a\u{85}b", "\u{1D465} \u{1D466}\t🙂 é \r\n ß", " \u{0B}\u{0C}x\u{1680}",
    ])
    func itMatchesSplittingOnWhiteSpaceCharacters(text: String) {
        let expected = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(Array(text.collapsingWhiteSpace().unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test func wordsAreJoinedBySingleSpaces() {
        #expect(" x \n\n y\tz ".collapsingWhiteSpace() == "x y z")
    }
}
