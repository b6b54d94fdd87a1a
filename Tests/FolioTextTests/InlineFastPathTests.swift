import FolioCore
import FolioStyle
import FolioTestSupport
import FolioXML
import Testing
@testable import FolioText

/// The paragraph setter's shortcuts give what the long way gives.
@Suite struct InlineFastPathTests {
    @Test func graphemeStartsMatchSwiftsCharacters() {
        let samples = [
            "plain ASCII, with punctuation\u{2014}and \u{201C}quotes\u{201D}…",
            "e\u{301}te\u{301} cafe\u{301}", "line\r\nbreak\rcr\n", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} family",
            "\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA} flags", "\u{D55C}\u{AE00} \u{1100}\u{1161}\u{11A8} hangul",
            "\u{D55C}\u{11A8}\u{AE00}\u{1161} syllables with jamo", "\u{5E9}\u{5C1}\u{5B8}\u{5DC}\u{5D5}\u{5B9}\u{5DD} \u{5E2}\u{5D5}\u{5DC}\u{5DD}",
            "\u{915}\u{94D}\u{937}\u{924}\u{94D}\u{930}\u{93F}\u{92F} \u{928}\u{92E}\u{938}\u{94D}\u{924}\u{947}", "\u{41F}\u{440}\u{438}\u{432}\u{435}\u{442}, \u{43C}\u{438}\u{301}\u{440}",
            "\u{65E5}\u{672C}\u{8A9E}\u{306E}\u{304B}\u{3099}\u{3001}\u{FF76}\u{FF9E}", "\u{600}\u{661}\u{628}\u{64E}\u{628}",
            "a\u{200D}\u{A9} zwj and \u{A9}\u{FE0F}", "\u{915}\u{94D}\u{937} conjunct", "\u{AD}soft\u{AD}hyphen\u{200B}",
        ]
        for sample in samples {
            let scalars = Array(sample.unicodeScalars)
            var expected = [Bool](repeating: false, count: scalars.count + 1)
            var offset = 0
            for character in sample {
                expected[offset] = true
                offset += character.unicodeScalars.count
            }
            expected[scalars.count] = true
            #expect(GraphemeBreaks.starts(scalars[...]) == expected, "\(sample)")
        }
    }

    /// Every scalar the segmentation takes as simple breaks from a Latin letter on either side
    /// and from itself, as Swift's `Character` segmentation has it: a Unicode update that gave
    /// one of them a joining property would show here.
    @Test func everySimpleScalarIsAClusterOfItsOwnInSwiftsSegmentation() {
        var checked = 0
        for range in GraphemeBreaks.simpleRanges + GraphemeBreaks.simpleWideRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
                #expect(GraphemeBreaks.isSimple(value))
                for pair in [[scalar, "a"], ["a", scalar], [scalar, scalar]] as [[Unicode.Scalar]] {
                    var view = String.UnicodeScalarView()
                    view.append(contentsOf: pair)
                    if String(view).count != 2 { Issue.record("U+\(String(value, radix: 16, uppercase: true)) joins in \(pair)") }
                }
                checked += 1
            }
        }
        #expect(checked > 30_000)
        // Marks, joiners and prepended characters are not simple.
        for value: UInt32 in [0x0483, 0x05B0, 0x0600, 0x064B, 0x093E, 0x094D, 0x302A, 0x3099, 0xFF9E, 0x200D, 0x1100, 0x11A8] {
            #expect(!GraphemeBreaks.isSimple(value), "U+\(String(value, radix: 16))")
        }
    }

    @Test func leftToRightTextSkipsFriBidiAndRightToLeftCharactersDoNot() {
        let latin = BidiParagraph(text: "Call me Ishmael \u{2014} 1851.", base: .auto)
        #expect(latin.isAllLTR && latin.direction == .ltr && latin.levels.allSatisfy { $0 == 0 })
        #expect(latin.visualRuns(line: 3..<9) == [BidiParagraph.Run(range: 3..<9, level: 0)])
        // A right-to-left mark, an Arabic digit or an isolate needs the algorithm.
        for text in ["a\u{200F}b", "a \u{661}", "a \u{2067}b\u{2069}"] {
            #expect(!BidiParagraph(text: text, base: .ltr).isAllLTR, "\(text)")
        }
        #expect(!BidiParagraph(text: "abc", base: .rtl).isAllLTR)
    }

    @Test func shapingWordsThroughTheCacheGivesEachWordItsOwnGlyphs() throws {
        let face = try ShapingTests.face(ShapingTests.liberationSerif)
        let shaper = Shaper()
        let cache = ShapeCache(capacity: 3)
        let scalars = Array("AVA Wave AVA wave AVA".unicodeScalars)
        let words = [0..<3, 3..<4, 4..<8, 8..<9, 9..<12, 12..<13, 13..<17, 17..<18, 18..<21]
        let style = ShapeCache.Style(face: ObjectIdentifier(face), size: 16, direction: .ltr, script: .latin, language: "en",
                                     features: [], smallCaps: false)
        var glyphs: [ShapedGlyph] = []
        cache.shapeWords(scalars, words, style: style, face: face, shaper: shaper, into: &glyphs)
        var expected: [ShapedGlyph] = []
        for word in words {
            let run = shaper.shape(text: String(String.UnicodeScalarView(scalars[word])), face: face, size: 16, script: .latin, language: "en")
            expected += run.glyphs.map { var g = $0; g.cluster += word.lowerBound; return g }
        }
        #expect(glyphs == expected)
        // A capacity of three makes the generations turn over inside one call.
        #expect(cache.statistics.count <= 6)
    }

    static let notoNaskhArabic = "/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf"
    static let notoSansHebrew = "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf"

    /// A run's words through the cache (a right-to-left run's taken from the last, each
    /// shaped right to left), clusters made run offsets.
    static func wordShaped(_ text: String, face: FontFace, script: Script, direction: Direction = .rtl,
                           cache: ShapeCache) -> [ShapedGlyph] {
        let scalars = Array(text.unicodeScalars)
        var words: [Range<Int>] = []
        var start = 0
        while start < scalars.count {
            var end = start + 1
            if scalars[start] != " " { while end < scalars.count && scalars[end] != " " { end += 1 } }
            words.append(start..<end)
            start = end
        }
        let style = ShapeCache.Style(face: ObjectIdentifier(face), size: 16, direction: direction, script: script, language: nil,
                                     features: [], smallCaps: false)
        var glyphs: [ShapedGlyph] = []
        cache.shapeWords(scalars, direction == .rtl ? words.reversed() : words, style: style, face: face, shaper: Shaper(), into: &glyphs)
        return glyphs
    }

    @Test func rightToLeftWordsThroughTheCacheGiveTheRunsGlyphsWhereSpacesTakeNoPartInShaping() throws {
        let cache = ShapeCache()
        let samples = [(Self.notoNaskhArabic, Script.arabic, "هذه النسخة كاملة، فقد تحدث تغييرات عميقة في الجسم. هذه النسخة"),
                       (Self.notoSansHebrew, Script.hebrew, "בראשית ברא אלהים את השמים ואת הארץ. ואת הארץ"),
                       ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", Script.hebrew, "וְהָאָרֶץ הָיְתָה תֹהוּ וָבֹהוּ, וְחֹשֶׁךְ עַל־פְּנֵי תְהוֹם")]
        for (path, script, text) in samples {
            let face = try ShapingTests.face(path)
            #expect(!face.spaceTakesPartInShaping(for: script), "\(path)")
            let whole = Shaper().shape(text: text, face: face, size: 16, direction: .rtl, script: script)
            #expect(whole.glyphs.first.map(\.cluster) ?? 0 > whole.glyphs.last.map(\.cluster) ?? 0, "visual order: the last letter first")
            #expect(Self.wordShaped(text, face: face, script: script, cache: cache) == whole.glyphs, "\(path)")
        }
        #expect(cache.statistics.hits > 6, "repeated words and spaces are found again")
        // A Hebrew paragraph (DejaVu Sans, the fallback) is shaped through the cache.
        let context = try InlineSupport.context()
        let hebrew = String(repeating: "בראשית ברא אלהים את השמים ואת הארץ. ", count: 8)
        let layout = try InlineSupport.layout([InlineSupport.text(hebrew)], width: 200, language: "he", context: context)
        #expect(layout.lines.count > 4)
        #expect(context.shapeCache.statistics.hits > 100)
    }

    static func noto(_ name: String) -> String { "/usr/share/fonts/truetype/noto/NotoSans\(name)-Regular.ttf" }

    @Test func clusterScriptWordsThroughTheCacheGiveTheRunsGlyphs() throws {
        // Scripts shaped syllable by syllable, in the faces Folio falls back to for them: a
        // word alone shapes as in its run, so their words are cached (`shapesByWord`).
        let samples: [(String, Script, String)] = [
            ("Bengali", Script(tag: "Beng"), "আমার সোনার বাংলা, আমি তোমায় ভালোবাসি। চিরদিন তোমার আকাশ, তোমার বাতাস"),
            ("Tamil", Script(tag: "Taml"), "யாதும் ஊரே யாவரும் கேளிர் தீதும் நன்றும் பிறர்தர வாரா"),
            ("Thai", Script(tag: "Thai"), "ภาษาไทย เป็นภาษาราชการ ของประเทศไทย และ ภาษาแม่ ของชาวไทย"),
            ("Myanmar", Script(tag: "Mymr"), "မြန်မာဘာသာ သည် မြန်မာနိုင်ငံ ၏ ရုံးသုံး ဘာသာစကား ဖြစ်သည်။ ကျွန်ုပ်တို့ သည်"),
            ("Sinhala", Script(tag: "Sinh"), "ශ්\u{200D}රී ලංකා ප්\u{200D}රජාතාන්ත්\u{200D}රික සමාජවාදී ජනරජය"),
            ("Kannada", Script(tag: "Knda"), "ಕನ್ನಡ ಭಾಷೆ ದ್ರಾವಿಡ ಭಾಷೆಗಳಲ್ಲಿ ಒಂದು"),
        ]
        let cache = ShapeCache()
        for (name, script, text) in samples {
            let face = try ShapingTests.face(Self.noto(name))
            let piece = InlinePiece(kind: .text, range: 0..<4, item: 0, font: nil, size: 16, level: 0, script: script)
            #expect(ShapedParagraph.shapesByWord(piece, face: face), "\(name)")
            let whole = Shaper().shape(text: text, face: face, size: 16, direction: .ltr, script: script)
            #expect(Self.wordShaped(text, face: face, script: script, direction: .ltr, cache: cache) == whole.glyphs, "\(name)")
        }
        // Noto Sans Myanmar's contextual lookups may put a space glyph out, but none matches
        // one: that does not count. Noto Sans Devanagari moves a sign after a space: shaped whole.
        #expect(!(try ShapingTests.face(Self.noto("Myanmar"))).spaceTakesPartInShaping(for: Script(tag: "Mymr")))
        let devanagari = InlinePiece(kind: .text, range: 0..<4, item: 0, font: nil, size: 16, level: 0, script: Script(tag: "Deva"))
        #expect(!ShapedParagraph.shapesByWord(devanagari, face: try ShapingTests.face(Self.noto("Devanagari"))))
    }

    @Test func aSpaceACharacterShapesWithStaysWithItsWord() throws {
        // Liberation Serif has no positioning lookups for Thai or Hebrew: HarfBuzz kerns their
        // text with the old `kern` table, whose pairs hold the space after a closing quotation
        // mark. Shaping each character between spaces finds it.
        let liberation = try ShapingTests.face("/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf")
        let thai = Script(tag: "Thai")
        #expect(!liberation.spaceTakesPartInShaping(for: thai))
        let partners = liberation.spacePartners(for: thai)
        #expect(partners.contains(0x2019))
        #expect(!partners.contains(0x2E) && !partners.contains(0x2C), "a full stop and a comma shape alike beside a space")
        #expect(liberation.spacePartners(for: .hebrew).contains(0x2019))
        // Latin has `kern` lookups matching the space: shaped whole where it matters, not probed.
        #expect(liberation.spaceTakesPartInShaping(for: .latin) && liberation.spacePartners(for: .latin).isEmpty)
        // Shaped apart, the mark and the space miss their kerning; kept together they have it,
        // also with a soft hyphen or a combining mark between them, which kerning looks past.
        for text in ["\u{E20}\u{E32}\u{E29}\u{E32}\u{2019} \u{E44}\u{E17}\u{E22}", "\u{E20}\u{E32}\u{2019}\u{AD} \u{E44}",
                     "\u{E20}\u{E32}\u{2019}\u{301} \u{E44}"] {
            let whole = Shaper().shape(text: text, face: liberation, size: 16, direction: .ltr, script: thai)
            #expect(Self.wordShaped(text, face: liberation, script: thai, direction: .ltr, cache: ShapeCache()) != whole.glyphs)
            let scalars = Array(text.unicodeScalars)
            let words = ShapedParagraph.wordsAndSpaces(0..<scalars.count, scalars: scalars, cluster: true,
                                                       shapesWithSpace: { partners.contains($0.value) })
            #expect(words == [0..<scalars.count])
        }
    }

    @Test func aFaceKerningLettersAfterASpaceIsShapedWhole() throws {
        // Amiri moves a letter that follows a space (a GPOS lookup with the space in its
        // context): a word shaped alone is wider or narrower than in its line.
        let amiri = try ShapingTests.face(ShapingTests.amiri)
        #expect(amiri.spaceTakesPartInShaping(for: .arabic))
        // DejaVu Sans, Folio's fallback for Hebrew, has a lookup with its space for Arabic only.
        let dejaVu = try ShapingTests.face("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(dejaVu.spaceTakesPartInShaping(for: .arabic) && !dejaVu.spaceTakesPartInShaping(for: .hebrew))
        let text = "لكن الوصول إلى هذه النسخة كاملة، فقد تحدث تغييرات كهذه."
        let whole = Shaper().shape(text: text, face: amiri, size: 16, direction: .rtl, script: .arabic)
        #expect(Self.wordShaped(text, face: amiri, script: .arabic, cache: ShapeCache()) != whole.glyphs)
        // So its right-to-left pieces are not shaped by word, while Naskh's are.
        var piece = InlinePiece(kind: .text, range: 0..<4, item: 0, font: nil, size: 16, level: 1, script: .arabic)
        #expect(!ShapedParagraph.shapesByWord(piece, face: amiri))
        #expect(ShapedParagraph.shapesByWord(piece, face: try ShapingTests.face(Self.notoNaskhArabic)))
        // Left-to-right pieces keep the cache whatever the face.
        piece.level = 0
        piece.script = .latin
        #expect(ShapedParagraph.shapesByWord(piece, face: amiri))
    }

    @Test(.enabled(if: Corpus.file("samples/moby-dick.epub") != nil, Comment(rawValue: Corpus.absentMessage)))
    func lazyHyphenationChoosesTheLinesEagerHyphenationChooses() throws {
        let bytes = try #require(try Corpus.unzip("samples/moby-dick.epub", "OPS/chapter_001.xhtml"))
        let diagnostics = Diagnostics()
        let tree = try MarkupParser.parse(bytes, path: "OPS/chapter_001.xhtml", recovery: .html, diagnostics: diagnostics)
        let paragraphs = try #require(tree.root).descendants().filter { $0.isElement("p") }.map(\.textContent)
        var context = try InlineSupport.context(diagnostics)
        var hyphenated = 0
        // With and without the reader's protrusion, whose hanging hyphens widen a line's room.
        for (width, protrusion) in [(90.0, false), (150, true), (233, false), (233, true), (358, true)] {
            context.protrusion = protrusion
            for ((wrap, align), text) in zip(zip([OverflowWrap.normal, .anywhere].cycled(), [TextAlign.justify, .justify, .left].cycled()),
                                             paragraphs) {
                let item = InlineSupport.text(text) { $0.text.hyphens = .auto; $0.text.overflowWrap = wrap }
                let input = ParagraphInput(items: [item], blockStyle: InlineSupport.style { $0.text.align = align }, language: "en")
                let lazy = ParagraphLayouter.layout(input, width: width, context: context, lazyHyphenation: true)
                let eager = ParagraphLayouter.layout(input, width: width, context: context, lazyHyphenation: false)
                #expect(lazy.lines.map(\.textRange) == eager.lines.map(\.textRange), "\(width) px: \(text.prefix(30))")
                #expect(lazy.lines.map(\.width) == eager.lines.map(\.width))
                hyphenated += lazy.lines.filter(\.endsWithHyphen).count
            }
        }
        #expect(hyphenated > 50, "\(hyphenated)")
    }
}

private extension Array {
    /// The elements over and over (for zipping with a longer sequence).
    func cycled() -> some Sequence<Element> {
        sequence(state: 0) { k in
            defer { k += 1 }
            return isEmpty ? nil : self[k % count]
        }
    }
}
