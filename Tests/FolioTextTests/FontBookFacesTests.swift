import FolioCore
import Testing
@testable import FolioText

@Suite struct FontBookFacesTests {
    let diagnostics = Diagnostics()

    @Test func aBookFontFaceLoadsAndBeatsTheDefault() throws {
        let regular = try #require(FontTestSupport.bytes(FontTestSupport.pinnedPath("Carlito")))
        let bold = try #require(FontTestSupport.bytes(FontTestSupport.pinnedPath("Carlito", weight: 700)))
        let fonts = try FontTestSupport.context(
            fixture: "book-face-beats-default",
            files: ["EPUB/fonts/BookSerif-Regular.ttf": regular, "EPUB/fonts/BookSerif-Bold.ttf": bold],
            diagnostics: diagnostics)
        let body = fonts.face(for: [.named("book serif"), .generic(.serif)], weight: 400, italic: false)
        #expect(body.face.family == "Book Serif")
        #expect(body.face.source == "EPUB/fonts/BookSerif-Regular.ttf")
        let heading = fonts.face(for: [.named("Book Serif")], weight: 700, italic: false)
        #expect(heading.face.source == "EPUB/fonts/BookSerif-Bold.ttf")
        #expect(!heading.synthesizeBold)
        #expect(diagnostics.warnings.isEmpty)
    }

    @Test func aBrokenFontFileIsWarnedAndTheNextSourceUsed() throws {
        let good = try #require(FontTestSupport.bytes(FontTestSupport.pinnedPath("Liberation Mono")))
        let fonts = try FontTestSupport.context(
            fixture: "broken-font-then-next-src",
            files: ["EPUB/fonts/broken.ttf": Array("this is not a font".utf8), "EPUB/fonts/good.ttf": good],
            diagnostics: diagnostics)
        let choice = fonts.face(for: [.named("Fallible")], weight: 400, italic: false)
        #expect(choice.face.source == "EPUB/fonts/good.ttf")
        #expect(choice.face.family == "Fallible")
        let unreadable = diagnostics.warnings.filter { $0.code == "font.unreadable" }
        #expect(unreadable.count == 2)  // broken.ttf and absent.woff; the .eot is skipped by its format
        #expect(unreadable.allSatisfy { $0.location == "EPUB/css/book.css" })
    }

    @Test func aFaceWhoseSourcesAllFailGivesWayToTheNextFamily() throws {
        let fonts = try FontTestSupport.context(fixture: "broken-font-then-next-src", files: [:], diagnostics: diagnostics)
        #expect(fonts.face(for: [.named("Fallible"), .generic(.monospace)], weight: 400, italic: false).face.family == "Liberation Mono")
        #expect(diagnostics.warnings.filter { $0.code == "font.unreadable" }.count == 3)
    }

    @Test func localSourcesFindThePinnedFaces() throws {
        let fonts = try FontTestSupport.context(fixture: "local-source", files: [:], diagnostics: diagnostics)
        let choice = fonts.face(for: [.named("Code")], weight: 400, italic: false)
        #expect(choice.face.source == FontTestSupport.pinnedPath("Liberation Mono"))
        #expect(diagnostics.warnings.isEmpty)
    }

    @Test func unicodeRangeRestrictsWhichCharactersAFaceServes() throws {
        let latin = try #require(FontTestSupport.bytes(FontTestSupport.pinnedPath("Carlito")))
        let greek = try #require(FontTestSupport.bytes(FontTestSupport.pinnedPath("DejaVu Sans")))
        let fonts = try FontTestSupport.context(
            fixture: "unicode-range-face",
            files: ["EPUB/fonts/latin.ttf": latin, "EPUB/fonts/greek.ttf": greek],
            diagnostics: diagnostics)
        let primary = fonts.face(for: [.named("Split")], weight: 400, italic: false).face
        #expect(primary.source == "EPUB/fonts/latin.ttf")
        let alpha = fonts.fallbackFace(for: "\u{3B1}", after: primary, families: [.named("Split")], weight: 400, italic: false)
        #expect(alpha?.face.source == "EPUB/fonts/greek.ttf")
        // é is in neither range, though both files have it: the pinned serif draws it.
        let eAcute = fonts.fallbackFace(for: "\u{E9}", after: primary, families: [.named("Split")], weight: 400, italic: false)
        #expect(eAcute?.face === fonts.defaultFace)
    }

    /// The fallback tries each step's best matches in order, once per family and style; a face
    /// of those that fails to load lets the family's next best in, as matching text does.
    @Test func aFallbackFaceThatFailsToLoadLetsItsFamilysNextBestIn() throws {
        let bold = try #require(FontTestSupport.bytes(FontTestSupport.pinnedPath("DejaVu Sans")))
        let fonts = try FontTestSupport.context(
            fixture: "broken-face-in-fallback",
            files: ["EPUB/fonts/broken.ttf": Array("this is not a font".utf8), "EPUB/fonts/bold.ttf": bold],
            diagnostics: diagnostics)
        let primary = fonts.face(for: [.generic(.serif)], weight: 400, italic: false).face
        #expect(!primary.hasGlyph("\u{2680}"))
        // U+2680 (a die's face): not in the serif; the family's regular face is broken, its bold one has it.
        for _ in 0..<2 {
            let die = fonts.fallbackFace(for: "\u{2680}", after: primary, families: [.named("Odd"), .generic(.serif)], weight: 400, italic: false)
            #expect(die?.face.source == "EPUB/fonts/bold.ttf")
        }
        // Another character of the same plan, after the failure is known.
        let other = fonts.fallbackFace(for: "\u{2681}", after: primary, families: [.named("Odd"), .generic(.serif)], weight: 400, italic: false)
        #expect(other?.face.source == "EPUB/fonts/bold.ttf")
        // A character no face has gets none.
        #expect(fonts.fallbackFace(for: "\u{E0080}", after: primary, families: [.named("Odd")], weight: 400, italic: false) == nil)
        #expect(diagnostics.warnings.filter { $0.code == "font.unreadable" }.count == 1)
    }
}
