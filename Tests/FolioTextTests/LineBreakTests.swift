import FolioTestSupport
import Testing
import FolioStyle
@testable import FolioText

@Suite struct LineBreakTests {
    /// The text with "|" at soft wraps, "‖" at mandatory ones (not the final one), "-" at
    /// hyphenated ones and "~" at emergency ones.
    static func marked(_ text: String, language: String? = nil, style: LineBreakStyle = LineBreakStyle(),
                       hyphenation: HyphenationContext? = nil) -> String {
        let breaker = LineBreaker(text: text, language: language, style: style, hyphenation: hyphenation)
        var out = ""
        for (i, scalar) in breaker.scalars.enumerated() {
            out.unicodeScalars.append(scalar)
            guard i < breaker.kinds.count - 1 else { continue }
            switch breaker.kinds[i] {
            case .none: break
            case .allowed: out += "|"
            case .mandatory: out += "‖"
            case .hyphenated: out += "-"
            case .emergency: out += "~"
            }
        }
        return out
    }

    @Test func wordsBreakAfterTheirSpacesAndTheTextEndsWithAMandatoryBreak() {
        #expect(Self.marked("Hello, world") == "Hello, |world")
        #expect(LineBreaker(text: "Hello, world").kinds.last == .mandatory)
    }

    @Test func anOpeningQuoteStaysWithItsTextAcrossSpacesAndAClosingOneWithItsWord() {
        // UAX #14 LB15a: no line ends in “ (nor in the space after it); LB15b: no line starts
        // with a closing ” set apart by a space.
        #expect(Self.marked("upon his knee. “ ‘Lord Robert,” he said") == "upon |his |knee. |“ ‘Lord |Robert,” |he |said")
        #expect(Self.marked("« Oui » dit-il") == "« Oui » |dit-|il")
        // A “ inside a word (German's closing mark) is not an opening one: the break stays.
        #expect(Self.marked("„Wort“ und") == "„Wort“ |und")
    }

    @Test func flagsBreakBetweenTheirPairsAndNeverStopTheProcess() {
        // libunibreak 1.1 aborts on regional indicators and U+FFFF: they reach it replaced.
        #expect(Self.marked("from 🇫🇷🇯🇵 to") == "from |🇫🇷|🇯🇵 |to")
        // An odd indicator out pairs with none after it.
        #expect(Self.marked("🇫🇷🇯 x") == "🇫🇷|🇯 |x")
        #expect(Self.marked("a\u{FFFF}b c") == "a\u{FFFF}b |c")
    }

    @Test func anEmDashAllowsABreakOnEitherSide() {
        #expect(Self.marked("word\u{2014}word") == "word|\u{2014}|word")
    }

    @Test func aURLBreaksOnlyAfterItsSlashes() {
        #expect(Self.marked("see http://example.com/a/b") == "see |http://|example.com/|a/|b")
    }

    @Test func cjkIdeographsBreakBetweenEachOther() {
        #expect(Self.marked("\u{4E16}\u{754C}\u{4F60}\u{597D}") == "\u{4E16}|\u{754C}|\u{4F60}|\u{597D}")
    }

    @Test func aNoBreakSpaceKeepsFrenchPunctuationOnTheLine() {
        #expect(Self.marked("un mot\u{A0}! deux", language: "fr") == "un |mot\u{A0}! |deux")
    }

    @Test func nowrapAndPreAllowNoSoftWraps() {
        #expect(Self.marked("a b c", style: LineBreakStyle(whiteSpace: .nowrap)) == "a b c")
        #expect(Self.marked("a b\nc", style: LineBreakStyle(whiteSpace: .pre)) == "a b\n‖c")
        #expect(Self.marked("a  b", style: LineBreakStyle(whiteSpace: .preWrap)) == "a  |b")
        #expect(Self.marked("a  b", style: LineBreakStyle(whiteSpace: .breakSpaces)) == "a | |b")
    }

    @Test func breakAllOpensAndKeepAllClosesBreaksInsideWords() {
        #expect(Self.marked("abc de", style: LineBreakStyle(wordBreak: .breakAll)) == "a|b|c |d|e")
        #expect(Self.marked("\u{4E16}\u{754C} \u{4F60}", style: LineBreakStyle(wordBreak: .keepAll)) == "\u{4E16}\u{754C} |\u{4F60}")
    }

    @Test func overflowWrapAddsEmergencyBreaksBetweenGraphemes() {
        // "e" + combining acute is one grapheme: no break inside it.
        #expect(Self.marked("ae\u{301}b c", style: LineBreakStyle(overflowWrap: .anywhere)) == "a~e\u{301}~b |c")
        var breaker = LineBreaker(text: "ab cd", style: LineBreakStyle(overflowWrap: .breakWord))
        #expect(breaker.nextBreak()?.offset == 3)
        var fallback = LineBreaker(text: "ab cd", style: LineBreakStyle(overflowWrap: .breakWord))
        #expect(fallback.nextBreak(includingEmergency: true) == LineBreaker.Break(offset: 1, kind: .emergency))
    }

    @Test func aSoftHyphenIsAHyphenatedBreakUnlessHyphensIsNone() {
        #expect(Self.marked("hy\u{AD}phen") == "hy\u{AD}-phen")
        #expect(Self.marked("hy\u{AD}phen", style: LineBreakStyle(hyphens: .none)) == "hy\u{AD}phen")
    }

    @Test func aCopiedBreakerRevertsToWhereItWasCopied() {
        var breaker = LineBreaker(text: "one two three four")
        #expect(breaker.nextBreak()?.offset == 4)
        let saved = breaker
        #expect(breaker.nextBreak()?.offset == 8)
        #expect(breaker.nextBreak()?.offset == 14)
        breaker = saved
        #expect(breaker.nextBreak()?.offset == 8)
        #expect(breaker.nextBreak()?.offset == 14)
        #expect(breaker.nextBreak() == LineBreaker.Break(offset: 18, kind: .mandatory))
        #expect(breaker.nextBreak() == nil)
    }

    @Test func spansGiveEachPartOfTheParagraphItsOwnStyle() {
        let text = "a b c d"
        let breaker = LineBreaker(text: text, spans: [
            .init(range: 0..<4, style: LineBreakStyle(whiteSpace: .nowrap)),
            .init(range: 4..<7, style: LineBreakStyle()),
        ])
        #expect(breaker.allBreaks.map(\.offset) == [6, 7])
    }

    @Test func normalWhiteSpaceCollapsesAcrossSegmentsAndPreKeepsIt() {
        var processor = WhiteSpaceProcessor()
        let first = processor.process("  Hello \n\t world ", whiteSpace: .normal)
        let second = processor.process(" again", whiteSpace: .normal)
        #expect(first.text == "Hello world ")
        #expect(first.sourceOffsets == [2, 3, 4, 5, 6, 7, 11, 12, 13, 14, 15, 16])
        #expect(second.text == "again")
        #expect(second.sourceOffsets.first == 1)

        var pre = WhiteSpaceProcessor()
        #expect(pre.process("  a \n b\t", whiteSpace: .pre).text == "  a \n b      ")
        var preLine = WhiteSpaceProcessor()
        #expect(preLine.process("a  \n  b\n\nc", whiteSpace: .preLine).text == "a\nb\n\nc")
    }

    @Test func preservedTabsBecomeSpacesToTheNextTabStopAcrossSegments() {
        var processor = WhiteSpaceProcessor()
        let first = processor.process("\tx\tab", whiteSpace: .pre)
        #expect(first.text == "        x       ab")
        // The spaces of a tab map back to it.
        #expect(Array(first.sourceOffsets.prefix(9)) == [0, 0, 0, 0, 0, 0, 0, 0, 1])
        // The column carries into the next segment (an inline element inside the pre), and a
        // newline starts the count again.
        let second = processor.process("c\td\n\te", whiteSpace: .pre)
        #expect(second.text == "c     d\n        e")
    }

    @Test func tabStopsFollowTabSize() {
        var four = WhiteSpaceProcessor()
        #expect(four.process("\tx\tab\tc", whiteSpace: .pre, tabSize: 4).text == "    x   ab  c")
        var two = WhiteSpaceProcessor()
        #expect(two.process("a\tb", whiteSpace: .preWrap, tabSize: 2).text == "a b")
        // tab-size: 0 takes the tab away; the text around it keeps its offsets.
        var none = WhiteSpaceProcessor()
        let gone = none.process("a\tb", whiteSpace: .pre, tabSize: 0)
        #expect(gone.text == "ab")
        #expect(gone.sourceOffsets == [0, 2])
        // A hostile pre of tabs: past a million added spaces, a tab is one space.
        var many = WhiteSpaceProcessor()
        let tabs = many.process(String(repeating: "\t", count: 300_000), whiteSpace: .pre, tabSize: 8)
        #expect(tabs.text.unicodeScalars.count == 300_000 + (1 << 20))
        // Collapsed white space ignores it: a tab is a space.
        var normal = WhiteSpaceProcessor()
        #expect(normal.process("a\tb", whiteSpace: .normal, tabSize: 4).text == "a b")
    }
}

@Suite struct LineBreakCompactionTests {
    /// Characters of many line-break classes: letters (AL), Hebrew (HL), digits (NU),
    /// spaces, hyphens, quotes, brackets, numeric prefixes and postfixes, ideographs (ID),
    /// combining marks (CM), ZWJ, regional indicators (RI), emoji, NBSP (GL), ZWSP, soft
    /// hyphens, tabs and newlines, Thai (SA) and Hangul syllables.
    static let alphabet: [Unicode.Scalar] = Array("abcXYZqw  -–—\"'“”‘’«»()[]{}$%£€0123456789.,;:!?/\\…\u{5D0}\u{5D1}\u{5EA}éßÆŁǅɏαΩάЖжѣҊ\u{483}ӿ×÷\u{2C6}\u{4E00}\u{3002}\u{301}\u{200D}\u{1F1EB}\u{1F1F7}\u{1F600}\u{A0}\u{200B}\u{AD}\t\n\u{E01}\u{E32}\u{AC00}\u{2060}#&*+=<>|~@^_".unicodeScalars)

    /// The letters prose is mostly made of: ASCII, Latin with diacritics, Greek, Cyrillic, Hebrew.
    static let letters: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyzéèüøąžαβγδεζжзиклмнопабв\u{5D0}\u{5D1}\u{5D2}\u{5E9}".unicodeScalars)

    @Test func lettersRunsHandedOverAsOneLetterBreakAsTheWholeTextDoes() {
        var generator = SplitMix64(seed: 14)
        for length in [1, 2, 3, 5, 8, 13, 40, 200] {
            for _ in 0..<400 {
                // Mostly letters, as prose is, so that runs of every length meet every class.
                let scalars = (0..<length).map { _ in
                    generator.next() % 3 == 0 ? Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))]
                                              : Self.letters[Int(generator.next() % UInt64(Self.letters.count))]
                }
                for language in [nil, "en", "fr", "de"] as [String?] {
                    let compacted = LineBreaker.uax14(scalars, language: language)
                    let direct = LineBreaker.uax14(direct: scalars, language: language)
                    #expect(compacted == direct, "\(String(String.UnicodeScalarView(scalars)).debugDescription) \(language ?? "-")")
                    if compacted != direct { return }
                }
            }
        }
    }

    @Test func proseBreaksAsTheWholeTextDoes() {
        let prose = "“Well, Mr. O'Brien—it's 3:45 p.m. (roughly); isn't it?” she asked. Co-operate! e-mail x@y.org, 50% off $20... יהודה 中文字。 Ünïcödé 🇫🇷 a\u{301}b"
        let scalars = Array(prose.unicodeScalars)
        #expect(LineBreaker.uax14(scalars, language: "en") == LineBreaker.uax14(direct: scalars, language: "en"))
        // Some text is handed over compacted at all.
        #expect(LineBreaker.uax14(scalars, language: "en").filter { $0 == .allowed }.count > 20)
    }
}
