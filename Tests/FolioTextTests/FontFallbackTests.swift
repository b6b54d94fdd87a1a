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

    @Test func aCharacterNoFaceHasIsTofuWithOneWarning() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        #expect(fallback("\u{10FFFD}", in: fonts) == nil)
        #expect(fallback("\u{10FFFD}", in: fonts, weight: 700) == nil)
        let missing = diagnostics.warnings.filter { $0.code == "font.missing-glyph" }
        #expect(missing.count == 1)
        #expect(missing.first?.message.contains("U+10FFFD") == true)
    }
}
