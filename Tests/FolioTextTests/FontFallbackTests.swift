import FolioCore
import Testing
@testable import FolioText

@Suite struct FontFallbackTests {
    let diagnostics = Diagnostics()

    private func fallback(_ scalar: Unicode.Scalar, in fonts: FontContext, weight: Int = 400) -> FontChoice? {
        let primary = fonts.face(for: [.generic(.serif)], weight: weight, italic: false).face
        #expect(!primary.hasGlyph(scalar))
        return fonts.fallbackFace(for: scalar, after: primary, families: [.generic(.serif)], weight: weight, italic: false)
    }

    @Test func anArabicLetterFallsBackToAmiri() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        let choice = try #require(fallback("\u{0628}", in: fonts))
        #expect(choice.face.family == "Amiri")
        #expect(choice.face.hasGlyph("\u{0628}"))
        #expect(try #require(fallback("\u{0628}", in: fonts, weight: 700)).face.weight == 700)
    }

    @Test func aCJKCharacterFallsBackToDroidSansFallback() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        let choice = try #require(fallback("\u{4E2D}", in: fonts))
        #expect(choice.face.family == "Droid Sans Fallback")
    }

    @Test func aCharacterNoFaceHasHasNoFallbackAndOpensNoScriptFace() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        #expect(fallback("\u{0378}", in: fonts) == nil)
        #expect(fallback("\u{10FFFD}", in: fonts, weight: 700) == nil)
        // Unassigned and private-use characters skip the sweep of every script face.
        #expect(!fonts.filesLoaded.keys.contains { $0.contains("NotoSansDevanagari") })
    }

    @Test func aDevanagariLetterFallsBackToNotoSansDevanagari() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        #expect(try #require(fallback("\u{0915}", in: fonts)).face.family == "Noto Sans Devanagari")
        // Only the faces tried were opened: not the other scripts'.
        #expect(!fonts.filesLoaded.keys.contains { $0.contains("NotoSansTamil") })
    }

    @Test func aDandaTakesTheFaceOfTheScriptAroundIt() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        let primary = fonts.face(for: [.generic(.serif)], weight: 400, italic: false).face
        let choice = fonts.fallbackFace(for: "\u{0964}", after: primary, families: [.generic(.serif)], weight: 400, italic: false,
                                        script: Script(tag: "Beng"))
        #expect(choice?.face.family == "Noto Sans Bengali")
    }

    @Test func twoAndThreeEmDashesCircledLettersAndMathLettersHaveAFace() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        for scalar: Unicode.Scalar in ["\u{2E3A}", "\u{2E3B}", "\u{24B6}", "\u{1D400}", "\u{1D538}"] {
            #expect(fallback(scalar, in: fonts)?.face.hasGlyph(scalar) == true, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func anEmojiFallsBackToColourEmojiUnlessTextPresentationIsAsked() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        #expect(try #require(fallback("\u{1F600}", in: fonts)).face.family == "Noto Color Emoji")
        let primary = fonts.face(for: [.generic(.serif)], weight: 400, italic: false).face
        let heart = fonts.fallbackFace(for: "\u{2764}", after: primary, families: [.generic(.serif)], weight: 400, italic: false, emoji: true)
        #expect(heart?.face.family == "Noto Color Emoji")
        let text = fonts.fallbackFace(for: "\u{2764}", after: primary, families: [.generic(.serif)], weight: 400, italic: false, emoji: false)
        #expect(text?.face.family != "Noto Color Emoji")
    }
}
