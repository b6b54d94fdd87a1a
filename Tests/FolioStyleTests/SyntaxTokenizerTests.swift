import Testing
@testable import FolioStyle

@Suite struct SyntaxTokenizerTests {
    func tokens(_ css: String) -> [CSSToken] { CSSTokenizer.tokenize(css) }

    @Test func identsFunctionsAndAtKeywordsAreRecognised() {
        #expect(tokens("color rgb( @media --x -webkit-box") == [
            .ident("color"), .whitespace, .function("rgb"), .whitespace, .atKeyword("media"), .whitespace,
            .ident("--x"), .whitespace, .ident("-webkit-box"),
        ])
    }

    @Test func escapesInIdentifiersAreDecoded() {
        // The space after a hex escape belongs to the escape, hence the doubled spaces.
        #expect(tokens(#"\31 0 epub\:type \E9t\E9  \0  \110000"#) == [
            .ident("10"), .whitespace, .ident("epub:type"), .whitespace, .ident("été"), .whitespace,
            .ident("\u{FFFD}"), .whitespace, .ident("\u{FFFD}"),
        ])
    }

    @Test func aNameGoesOnPastASCIIIntoEscapesAndOtherScripts() {
        // ASCII names are made in one go; one that goes on past them is read whole all the same.
        #expect(tokens(#"abc\31 d caf\E9s x\ y a\"#) == [
            .ident("abc1d"), .whitespace, .ident("cafés"), .whitespace, .ident("x y"), .whitespace,
            .ident("a"), .delim("\\"),
        ])
        #expect(tokens("#naïve .αβ-1 @média") == [
            .hash("naïve", isID: true), .whitespace, .delim("."), .ident("αβ-1"), .whitespace, .atKeyword("média"),
        ])
    }

    @Test func numbersKeepTheirTypeFlagAndExponent() {
        #expect(tokens("12 -3.5 +.5 1e3 2E-2 7e") == [
            .number(12, isInteger: true, repr: "12"), .whitespace,
            .number(-3.5, isInteger: false, repr: "-3.5"), .whitespace,
            .number(0.5, isInteger: false, repr: "+.5"), .whitespace,
            .number(1000, isInteger: false, repr: "1e3"), .whitespace,
            .number(0.02, isInteger: false, repr: "2E-2"), .whitespace,
            .dimension(7, unit: "e", isInteger: true),
        ])
    }

    @Test func dimensionsAndPercentagesCarryTheirUnits() {
        #expect(tokens("1.5em 50% 2n-1 10px") == [
            .dimension(1.5, unit: "em", isInteger: false), .whitespace, .percentage(50), .whitespace,
            .dimension(2, unit: "n-1", isInteger: true), .whitespace, .dimension(10, unit: "px", isInteger: true),
        ])
    }

    @Test func stringsHandleEscapesAndLineContinuations() {
        #expect(tokens("\"a\\\"b\" 'c\\\nd' \"\\26 x\"") == [
            .string("a\"b"), .whitespace, .string("cd"), .whitespace, .string("&x"),
        ])
    }

    @Test func anUnescapedNewlineMakesABadStringAndTokenizingGoesOn() {
        #expect(tokens("\"abc\ndef") == [.badString, .whitespace, .ident("def")])
    }

    @Test func aStringUnclosedAtEndOfFileIsStillAString() {
        #expect(tokens("'abc") == [.string("abc")])
    }

    @Test func unquotedURLsAreOneTokenAndQuotedOnesAFunction() {
        #expect(tokens("url( images/a.png ) url(\"b.png\")") == [
            .url("images/a.png"), .whitespace, .function("url"), .string("b.png"), .closeParen,
        ])
    }

    @Test func badURLsSwallowUpToTheClosingParenthesis() {
        #expect(tokens("url(a b) x url(a\"b) y url(a(b) z") == [
            .badURL, .whitespace, .ident("x"), .whitespace, .badURL, .whitespace, .ident("y"), .whitespace,
            .badURL, .whitespace, .ident("z"),
        ])
    }

    @Test func hashesKnowWhetherTheyAreValidIDs() {
        #expect(tokens("#main #1a #-x #") == [
            .hash("main", isID: true), .whitespace, .hash("1a", isID: false), .whitespace,
            .hash("-x", isID: true), .whitespace, .delim("#"),
        ])
    }

    @Test func commentsVanishAndCDOCDCAreTokens() {
        #expect(tokens("<!--a/* note */b -->/* unclosed") == [.cdo, .ident("a"), .ident("b"), .whitespace, .cdc])
    }

    @Test func preprocessingNormalisesNewlinesAndNUL() {
        #expect(tokens("'a\u{0}b'\r\n\r\u{0C}x") == [.string("a\u{FFFD}b"), .whitespace, .ident("x")])
        #expect(tokens("a\r\n\"b") == [.ident("a"), .whitespace, .string("b")])
    }

    @Test func nonASCIICharactersAreNameCharacters() {
        #expect(tokens("日本語 .ελ 😀x") == [
            .ident("日本語"), .whitespace, .delim("."), .ident("ελ"), .whitespace, .ident("😀x"),
        ])
    }

    @Test func aLoneBackslashBeforeANewlineIsADelim() {
        #expect(tokens("\\\nx") == [.delim("\\"), .whitespace, .ident("x")])
    }

    @Test func tokensKnowTheirLines() {
        var tokenizer = CSSTokenizer("a\n/* two\nlines */ b\r\nc")
        let (tokens, lines, _) = tokenizer.tokenizeWithLines()
        #expect(tokens.count == lines.count)
        #expect(lines.last == 4)
        #expect(lines.first == 1)
    }

    @Test func serializingTokensRoundTrips() {
        let css = "a.b > #c[d~=\"e f\"]:nth-child(2n+1) url(x.png) 1.5em 50% -->"
        let values = CSSParser.parseComponentValues(css)
        #expect(CSSParser.parseComponentValues(values.cssText) == values)
    }
}
