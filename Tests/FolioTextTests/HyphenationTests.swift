import Testing
import FolioStyle
@testable import FolioText

@Suite struct HyphenationTests {
    /// The letters and lower-case mappings the hyphenator keeps in a table for Latin-1, Latin
    /// Extended, Greek and Cyrillic are the standard library's.
    @Test func tabulatedLettersAndLowerCaseAreTheStandardLibrarys() {
        for value in UInt32(0x80)..<0x600 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let mapped = scalar.properties.lowercaseMapping.unicodeScalars
            #expect(Hyphenator.isAlphabetic(scalar) == scalar.properties.isAlphabetic, "U+\(String(value, radix: 16))")
            #expect(Hyphenator.lowercased(scalar) == (mapped.count == 1 ? mapped.first! : scalar), "U+\(String(value, radix: 16))")
        }
    }

    static let context = HyphenationContext()

    static func hyphenated(_ word: String, _ language: String) -> String? {
        guard let hyphenator = context.hyphenator(for: language) else { return nil }
        let points = Set(hyphenator.hyphenationPoints(in: word))
        var out = ""
        for (i, scalar) in word.unicodeScalars.enumerated() {
            if points.contains(i) { out += "-" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    @Test func englishAndGermanWordsHyphenateWithTheirDictionaries() throws {
        #expect(Self.hyphenated("hyphenation", "en-US") == "hy-phen-ation")
        #expect(Self.hyphenated("Silbentrennung", "de") == "Sil-ben-tren-nung")
        // Punctuation around the word is set aside; offsets stay in the original word.
        #expect(Self.hyphenated("(hyphenation),", "en") == "(hy-phen-ation),")
    }

    @Test func languageTagsFallBackFromRegionToLanguage() {
        #expect(Self.context.dictionaryPath(for: "en-GB")?.hasSuffix("hyph_en_US.dic") == true)
        #expect(Self.context.dictionaryPath(for: "de-CH-1996")?.hasSuffix("hyph_de_CH.dic") == true)
        #expect(Self.context.dictionaryPath(for: "fr-CA")?.hasSuffix("hyph_fr_CA.dic") == true)
        #expect(Self.context.dictionaryPath(for: "pt-BR") == nil)
        #expect(Self.context.hyphenator(for: "xx") == nil)
        #expect(Self.context.hyphenator(for: "en") === Self.context.hyphenator(for: "en-US"))
    }

    @Test func eachLanguageKeepsItsOwnMinimaAndAStyleCanRaiseThem() throws {
        #expect(Hyphenator.Minima.forLanguage("de-CH") == Hyphenator.Minima(word: 6, before: 3, after: 3))
        #expect(Hyphenator.Minima.forLanguage("en-GB") == Hyphenator.Minima(word: 5, before: 2, after: 3))
        #expect(Hyphenator.Minima.forLanguage("fr") == Hyphenator.Minima(word: 5, before: 2, after: 2))
        let german = try #require(Self.context.hyphenator(for: "de"))
        // Five letters: short of German's six.
        #expect(german.hyphenationPoints(in: "Abend").isEmpty)
        let english = try #require(Self.context.hyphenator(for: "en"))
        // `hyphenate-limit-chars: 8 4 4`: "hy-" is too short a piece, "hyphen-" is not.
        let points = english.hyphenationPoints(in: "hyphenation", limit: HyphenateLimitChars(word: 8, before: 4, after: 4))
        #expect(points == [6])
        #expect(english.hyphenationPoints(in: "hyphenation", limit: HyphenateLimitChars(word: 12)).isEmpty)
        // Below 2 letters a side the style is not followed.
        #expect(english.hyphenationPoints(in: "hyphenation", limit: HyphenateLimitChars(before: 1, after: 1)) == [2, 6])
    }

    @Test func wordsUnderFiveLettersAreNeverHyphenated() throws {
        let english = try #require(Self.context.hyphenator(for: "en"))
        #expect(english.hyphenationPoints(in: "able").isEmpty)
        #expect(english.hyphenationPoints(in: "ta-da").isEmpty)
    }

    @Test func hyphensAutoNoneAndManualDecideWhichBreaksTheBreakerSees() {
        let auto = LineBreakTests.marked("a hyphenation", language: "en", style: LineBreakStyle(hyphens: .auto), hyphenation: Self.context)
        #expect(auto == "a |hy-phen-ation")
        let none = LineBreakTests.marked("a hyphen\u{AD}ation", language: "en", style: LineBreakStyle(hyphens: .none), hyphenation: Self.context)
        #expect(none == "a |hyphen\u{AD}ation")
        let manual = LineBreakTests.marked("a hyphen\u{AD}ation", language: "en", style: LineBreakStyle(hyphens: .manual), hyphenation: Self.context)
        #expect(manual == "a |hyphen\u{AD}-ation")
    }

    /// libhyphen reads the word as a C string in its NOHYPHEN pass (strstr for ' ’ – -) and
    /// writes at the offset it finds: without a terminator it wrote into the heap past the word.
    /// Run under AddressSanitizer (scripts/test --sanitize address) this test reports that.
    @Test func wordsWithApostrophesAndHyphensHyphenateOnlyInsideTheirLetters() throws {
        #expect(Self.hyphenated("grandmother's", "en") == "grand-mother's")
        #expect(Self.hyphenated("grandmother\u{2019}s", "en") == "grand-mother\u{2019}s")
        #expect(Self.hyphenated("well-intentioned", "en") == "well-in-ten-tioned")
        // Every word of a hyphenated paragraph, many times over: the heap stays whole.
        let english = try #require(Self.context.hyphenator(for: "en"))
        let words = ["philosopher's", "o'clock", "Mrs.", "twenty-five", "rock-'n'-roll", "l'hôpital", "don't-care", "extraordinary"]
        for round in 0..<200 {
            for word in words { _ = english.hyphenationPoints(in: word + String(repeating: "s", count: round % 7)) }
        }
    }

    @Test func oneContextHyphenatesFromManyTasksAtOnce() async {
        let context = HyphenationContext()
        let results = await withTaskGroup(of: [Int].self) { group in
            for i in 0..<8 {
                group.addTask { context.hyphenator(for: i.isMultiple(of: 2) ? "en-US" : "en")?.hyphenationPoints(in: "hyphenation") ?? [] }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == [2, 6] })
    }
}
