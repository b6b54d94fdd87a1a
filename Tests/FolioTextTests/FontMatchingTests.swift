import FolioCore
import FolioStyle
import Testing
@testable import FolioText

@Suite struct FontMatchingTests {
    let diagnostics = Diagnostics()

    @Test func genericFamiliesMapToThePinnedFaces() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        let family = { (generic: GenericFamily) in fonts.face(for: [.generic(generic)], weight: 400, italic: false).face.family }
        #expect(family(.serif) == "Liberation Serif")
        #expect(family(.sansSerif) == "Carlito")
        #expect(family(.monospace) == "Liberation Mono")
        #expect(family(.cursive) == "Liberation Serif")
        #expect(family(.fantasy) == "Liberation Serif")
        #expect(family(.systemUI) == "Carlito")
        #expect(fonts.face(for: [.generic(.serif)], weight: 400, italic: false).face === fonts.defaultFace)
    }

    /// A style's face is remembered (`FaceMemo`): the last answer is compared first, then the
    /// table; queries that differ in one part each, asked in turn, get each their own face.
    @Test func rememberedFacesAnswerEachQueryAsTheFontContextDoes() throws {
        let context = InlineContext(fonts: try FontContext(diagnostics: diagnostics))
        func font(_ families: [FontFamily], weight: Int = 400, italic: Bool = false) -> FontProperties {
            var style = ComputedStyle.initial
            style.font.family = families
            style.font.weight = weight
            style.font.style = italic ? .italic : .normal
            return style.font
        }
        let queries = [font([.generic(.serif)]), font([.generic(.sansSerif)]), font([.generic(.serif)], weight: 700),
                       font([.generic(.serif)], italic: true), font([.named("No Such Font"), .generic(.monospace)]), font([.generic(.serif)])]
        for _ in 0..<3 {
            for query in queries + queries.reversed() {
                let remembered = context.face(for: query)
                let fresh = context.fonts.face(for: query.family, weight: query.weight, italic: query.style != .normal, stretch: query.stretch)
                #expect(remembered.face === fresh.face && remembered == fresh)
            }
        }
        #expect(context.face(for: queries[1]).face.family == "Carlito")
        #expect(context.face(for: queries[4]).face.family == "Liberation Mono")
    }

    @Test func anUnknownFamilyGivesWayToTheNextAndFinallyToTheDefaultSerif() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        #expect(fonts.face(for: [.named("No Such Font"), .generic(.monospace)], weight: 400, italic: false).face.family == "Liberation Mono")
        #expect(fonts.face(for: [.named("No Such Font")], weight: 400, italic: false).face === fonts.defaultFace)
        #expect(fonts.face(for: [.named("Calibri")], weight: 400, italic: false).face.family == "Carlito")
    }

    @Test func weightsBetweenTheFacesMatchByTheCSSRules() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        let semibold = fonts.face(for: [.generic(.serif)], weight: 600, italic: false)
        #expect(semibold.face.weight == 700)
        #expect(!semibold.synthesizeBold)
        let light = fonts.face(for: [.generic(.serif)], weight: 300, italic: false)
        #expect(light.face.weight == 400)
        let boldItalic = fonts.face(for: [.generic(.sansSerif)], weight: 700, italic: true)
        #expect(boldItalic.face.weight == 700 && boldItalic.face.isItalic && boldItalic == FontChoice(face: boldItalic.face))
    }

    @Test func desired400And500PreferHeavierUpTo500ThenLighter() {
        let faces = [300, 500, 600].map { FontCandidate(pinned: PinnedFont(role: .serif, family: "T", weight: $0, isItalic: false, package: "", path: "\($0)")) }
        #expect(FontMatcher.bestMatches(faces, weight: 400, italic: false, stretch: 100).map(\.weight.lowerBound) == [500])
        let noFiveHundred = faces.filter { $0.weight.lowerBound != 500 }
        #expect(FontMatcher.bestMatches(noFiveHundred, weight: 450, italic: false, stretch: 100).map(\.weight.lowerBound) == [300])
        #expect(FontMatcher.bestMatches(noFiveHundred, weight: 550, italic: false, stretch: 100).map(\.weight.lowerBound) == [600])
    }

    @Test func italicFallsBackToASynthesizedSlantAndBoldToEmboldening() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        let italic = fonts.face(for: [.named("Amiri")], weight: 400, italic: true)
        #expect(italic.face.family == "Amiri")
        #expect(!italic.face.isItalic)
        #expect(italic.synthesizeItalic && !italic.synthesizeBold)
        let bold = fonts.face(for: [.named("Droid Sans Fallback")], weight: 700, italic: false)
        #expect(bold.face.weight == 400)
        #expect(bold.synthesizeBold)
    }

    @Test func xHeightAdjustmentBetweenLiberationSerifAndCarlitoIsClampedAndNotOne() throws {
        let fonts = try FontContext(diagnostics: diagnostics)
        let carlito = fonts.face(for: [.generic(.sansSerif)], weight: 400, italic: false).face
        let factor = fonts.sizeAdjustment(for: carlito)
        #expect(factor >= 0.8 && factor <= 1.25)
        #expect(abs(factor - 1) > 0.01)
        #expect(fonts.sizeAdjustment(for: fonts.defaultFace) == 1)
    }
}
