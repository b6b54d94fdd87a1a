import FolioCore
import FolioLayout
import FolioPublication
import FolioStyle
import Foundation
import Testing
@testable import FolioRender
@testable import FolioText

/// The fixture book `every-script` (a line in each of 40-odd scripts, emoji, math letters,
/// box drawing, the two- and three-em dashes) lays out with a real glyph for every character,
/// and a character no font has (`missing-glyph`) is a visible box and one warning.
@Suite struct EveryScriptTests {
    static func pages(_ fixture: String) throws -> [Page] {
        let path = RenderSupport.fixtures.appendingPathComponent(fixture).path
        let publication = try PublicationOpener.open(path)
        let layout = BookLayout(publication: publication, environment: .phone, settings: .phone) { _ in nil }
        return layout.readingOrder.flatMap { layout.chapter($0).pages }
    }

    static func runs(_ pages: [Page]) -> [(origin: Point, run: PositionedRun)] {
        pages.flatMap { page in
            page.frame.items.compactMap { item -> (Point, PositionedRun)? in
                if case .text(let origin, let run) = item { return (origin, run) }
                return nil
            }
        }
    }

    @Test func everyCharacterOfEveryScriptHasARealGlyph() throws {
        let runs = Self.runs(try Self.pages("every-script"))
        #expect(runs.count > 80)
        for (_, run) in runs {
            let notdef = run.glyphs.filter { $0.id == 0 || $0.missing != 0 }
            #expect(notdef.isEmpty, "“\(run.text)” in \(run.face.family) has \(notdef.count) missing glyphs")
        }
        let text = runs.map(\.run.text).joined()
        for sample in ["हिन्दी", "⸺", "⸻", "😀", "𝐀𝐁𝐂", "ᏣᎳᎩ", "ꦧꦱꦗꦮ", "ᬪᬵᬱᬩᬮᬶ", "Ⓐ", "┌─┬─┐"] {
            #expect(text.contains(sample), "\(sample) is not laid out")
        }
    }

    @Test func eachScriptTakesTheNotoFaceMadeForIt() throws {
        let runs = Self.runs(try Self.pages("every-script")).map(\.run)
        func family(of sample: String) -> String? { runs.first { $0.text.contains(sample) }?.face.family }
        #expect(family(of: "हिन्दी") == "Noto Sans Devanagari")
        #expect(family(of: "བོད་ཡིག") == "Noto Serif Tibetan")
        #expect(family(of: "ߒߞߏ") == "Noto Sans NKo")
        #expect(family(of: "😀") == "Noto Color Emoji")
        #expect(family(of: "اللغة") == "Amiri")
        #expect(family(of: "简体中文汉字") == "Droid Sans Fallback")
    }

    @Test func emojiAreDrawnInColour() throws {
        let pages = try Self.pages("every-script")
        let page = try #require(pages.first { page in Self.runs([page]).contains { $0.run.face.family == "Noto Color Emoji" } })
        let bitmap = RenderSupport.renderer().pixels(page.frame)
        var coloured = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                guard let c = bitmap.color(x: x, y: y) else { continue }
                let channels = [Int(c.red), Int(c.green), Int(c.blue)]
                if channels.max()! - channels.min()! > 120 { coloured += 1 }
            }
        }
        // The text is black and grey; only the emoji have colour.
        #expect(coloured > 200)
    }

    @Test func aCharacterNoFontHasIsABoxWithItsCodePointAndOneWarning() throws {
        let pages = try Self.pages("missing-glyph")
        let runs = Self.runs(pages)
        let missing = runs.flatMap { $0.run.glyphs.map(\.missing) }.filter { $0 != 0 }
        // U+E0080 is default-ignorable: Unicode has it drawn as nothing, not as a box.
        #expect(missing == [0x378, 0x50005])
        #expect(MissingGlyphReport.characters(in: pages[0].frame) == [0x378, 0x50005])

        // The box is ink where the glyph stands (the serif's .notdef is blank).
        let (origin, run) = try #require(runs.first { $0.run.glyphs.contains { $0.missing == 0x378 } })
        let glyph = try #require(run.glyphs.first { $0.missing == 0x378 })
        let bitmap = RenderSupport.renderer().pixels(pages[0].frame)
        var ink = 0
        let baseline = origin.y + run.baseline
        for y in Int(baseline - run.size * 0.75)...Int(baseline) {
            for x in Int(origin.x + glyph.x)...Int(origin.x + glyph.x + glyph.advance) {
                if let c = bitmap.color(x: x, y: y), c.red < 128 { ink += 1 }
            }
        }
        #expect(ink > 60)

        var report = MissingGlyphReport()
        for (index, page) in pages.enumerated() { report.note(page.frame, page: index + 1) }
        let diagnostics = Diagnostics()
        report.warn(into: diagnostics)
        #expect(diagnostics.warnings.map(\.code) == ["font.missing-glyph"])
        #expect(diagnostics.warnings.first?.message.contains("U+0378 (page 1), U+50005 (page 1)") == true)
    }
}
