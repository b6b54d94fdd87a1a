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
            #expect(GraphemeBreaks.starts(scalars) == expected, "\(sample)")
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
