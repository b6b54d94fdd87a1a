import Testing
import FolioStyle
@testable import FolioText

@Suite struct HyphenationTests {
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
