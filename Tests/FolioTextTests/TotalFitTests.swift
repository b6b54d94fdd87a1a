import FolioCore
import FolioStyle
import Foundation
import Testing
@testable import FolioText

/// Total-fit line breaking for justified paragraphs (`LineFiller.totalFit`).
@Suite struct TotalFitTests {
    static let text = String(repeating: InlineSupport.melville + " ", count: 3)

    /// A paragraph's lines chosen total-fit (nil when it gives up) or first-fit, with each
    /// justified line's adjustment: (room − natural width) ÷ width of its word separators.
    static func lines(_ string: String, width: Double, totalFit: Bool, hyphens: Hyphens = .manual,
                      parameters: LineFiller.TotalFit = LineFiller.TotalFit())
        throws -> (lines: [LineFiller.Line], ratios: [Double])? {
        let context = try InlineSupport.context()
        let input = ParagraphInput(items: [InlineSupport.text(string) { $0.text.hyphens = hyphens }],
                                   blockStyle: InlineSupport.style { $0.text.align = .justify }, language: "en")
        let collected = CollectedText(input.items)
        let shaped = ShapedParagraph(collected, input: input, context: context)
        let assembler = LineAssembler(shaped: shaped, input: input, context: context, width: width)
        var filler = LineFiller(shaped: shaped, breaker: ParagraphLayouter.breaker(collected, input: input, context: context, lazy: true)) {
            assembler.hyphenWidth(after: $0)
        }
        let separators = ParagraphLayouter.separatorWidths(shaped)
        var lines: [LineFiller.Line] = []
        if totalFit {
            guard let chosen = filler.totalFit(available: (width, width), separators: separators, parameters: parameters) else { return nil }
            lines = chosen
        } else {
            var start = 0
            while start < collected.scalars.count {
                let line = filler.next(from: start, available: width)
                lines.append(line)
                start = line.range.upperBound
            }
        }
        let ratios = lines.dropLast().map { line -> Double in
            let end = filler.contentEnd(line.range)
            let glue = separators[end] - separators[line.range.lowerBound]
            return (width - filler.measure(line.range, kind: line.kind)) / glue
        }
        return (lines, ratios)
    }

    @Test func totalFitSpacesTheLinesMoreEvenlyThanFirstFit() throws {
        let first = try #require(try Self.lines(Self.text, width: 230, totalFit: false))
        let total = try #require(try Self.lines(Self.text, width: 230, totalFit: true))
        let squares = { (ratios: [Double]) in ratios.reduce(0) { $0 + $1 * $1 } }
        #expect(squares(total.ratios) < squares(first.ratios))
        #expect((total.ratios.max() ?? 0) <= (first.ratios.max() ?? 0))
        // The same text, every scalar on exactly one line, in order.
        #expect(total.lines.first?.range.lowerBound == 0)
        for (a, b) in zip(total.lines, total.lines.dropFirst()) { #expect(a.range.upperBound == b.range.lowerBound) }
    }

    @Test func aLongParagraphIsSetInWindowsAsWellAsWhole() throws {
        let text = String(repeating: InlineSupport.melville + " ", count: 40)
        var small = LineFiller.TotalFit()
        small.windowScalars = 1_500
        let whole = try #require(try Self.lines(text, width: 230, totalFit: true, hyphens: .auto))
        let windowed = try #require(try Self.lines(text, width: 230, totalFit: true, hyphens: .auto, parameters: small))
        // Every scalar on exactly one line, in order; none overfull or shrunk past a third.
        #expect(windowed.lines.first?.range.lowerBound == 0)
        #expect(windowed.lines.last?.range.upperBound == text.unicodeScalars.count)
        for (a, b) in zip(windowed.lines, windowed.lines.dropFirst()) { #expect(a.range.upperBound == b.range.lowerBound) }
        #expect(windowed.lines.allSatisfy { !$0.overflows })
        #expect(windowed.ratios.allSatisfy { $0 >= -1.0 / 3 - 1e-9 })
        // No more than two hyphenated lines in a row, across the seams too.
        var run = 0, longest = 0
        for line in windowed.lines {
            run = line.kind == .hyphenated ? run + 1 : 0
            longest = max(longest, run)
        }
        #expect(longest <= 2)
        // Nearly as even as the whole paragraph set at once: the same lines away from the seams.
        let squares = { (ratios: [Double]) in ratios.reduce(0) { $0 + $1 * $1 } }
        #expect(squares(windowed.ratios) <= squares(whole.ratios) * 1.25 + 1)
        #expect(abs(windowed.lines.count - whole.lines.count) <= 3)
        let same = Set(windowed.lines.map(\.range)).intersection(whole.lines.map(\.range)).count
        #expect(Double(same) >= 0.5 * Double(whole.lines.count), "\(same) of \(whole.lines.count) lines the same")
    }

    @Test func aLineShrinksByNoMoreThanAThirdOfItsSpacesAndNoneOverflows() throws {
        for width in stride(from: 150.0, through: 400, by: 25) {
            let total = try #require(try Self.lines(Self.text, width: width, totalFit: true))
            #expect(total.ratios.allSatisfy { $0 >= -1.0 / 3 - 1e-9 }, "width \(width)")
            #expect(total.lines.allSatisfy { !$0.overflows })
        }
    }

    @Test func aWordWiderThanTheLineLeavesTheParagraphToFirstFit() throws {
        #expect(try Self.lines("a few words then " + String(repeating: "x", count: 80) + " and more", width: 200, totalFit: true) == nil)
    }

    @Test func aForcedBreakEndsALineAndTheLineBeforeItIsNotStretched() throws {
        let items: [InlineItem] = [InlineSupport.text("Short first part."), .forcedBreak, InlineSupport.text(InlineSupport.melville)]
        let layout = try InlineSupport.layout(items, width: 240) { $0.text.align = .justify }
        let texts = InlineSupport.lineTexts(layout)
        #expect(texts.first == "Short first part.")
        #expect(layout.lines[0].endsWithForcedBreak)
        // Set at its natural width: well short of the column.
        #expect(layout.lines[0].width < 150)
    }

    @Test func noMoreThanTwoHyphenatedLinesFollowEachOther() throws {
        let long = "Incomprehensibilities notwithstanding, extraordinarily characteristic representations overwhelmingly "
            + "demonstrated uncharacteristically internationalisation responsibilities, counterrevolutionaries "
            + "acknowledging indistinguishable telecommunications infrastructures simultaneously."
        var hyphenated = 0
        for width in stride(from: 140.0, through: 260, by: 20) {
            let layout = try InlineSupport.layout([InlineSupport.text(long) { $0.text.hyphens = .auto }], width: width) {
                $0.text.align = .justify
                $0.text.hyphens = .auto
            }
            var run = 0
            for line in layout.lines {
                run = line.endsWithHyphen ? run + 1 : 0
                if line.endsWithHyphen { hyphenated += 1 }
                #expect(run <= 2, "width \(width)")
            }
            #expect(InlineSupport.words(of: layout) == InlineSupport.words(long))
        }
        #expect(hyphenated > 5, "the words are long enough to be hyphenated at these widths")
    }
}

/// The reader's hyphenation setting (`--hyphens`) over the book's `hyphens`.
@Suite struct ReaderHyphenationTests {
    static func input(align: TextAlign) -> ParagraphInput {
        ParagraphInput(items: [InlineSupport.text("x")], blockStyle: InlineSupport.style { $0.text.align = align }, language: "en")
    }

    @Test func autoHyphenatesJustifiedTextUnlessTheBookSaysNone() throws {
        var context = try InlineSupport.context()
        context.readerHyphens = .auto
        #expect(ParagraphLayouter.usedHyphens(.manual, input: Self.input(align: .justify), context: context) == .auto)
        #expect(ParagraphLayouter.usedHyphens(.none, input: Self.input(align: .justify), context: context) == .none)
        #expect(ParagraphLayouter.usedHyphens(.manual, input: Self.input(align: .start), context: context) == .manual)
        #expect(ParagraphLayouter.usedHyphens(.auto, input: Self.input(align: .start), context: context) == .auto)
    }

    @Test func autoLeavesHeadingsWholeAndBookFollowsTheSheet() throws {
        var context = try InlineSupport.context()
        var heading = Self.input(align: .justify)
        heading.isHeading = true
        context.readerHyphens = .auto
        #expect(ParagraphLayouter.usedHyphens(.auto, input: heading, context: context) == .manual)
        #expect(ParagraphLayouter.usedHyphens(.manual, input: heading, context: context) == .manual)
        context.readerHyphens = .book
        #expect(ParagraphLayouter.usedHyphens(.auto, input: heading, context: context) == .auto)
    }

    @Test func offLeavesOnlyTheSoftHyphensTheBookWrote() throws {
        var context = try InlineSupport.context()
        context.readerHyphens = .off
        #expect(ParagraphLayouter.usedHyphens(.auto, input: Self.input(align: .justify), context: context) == .manual)
        context.readerHyphens = .book
        #expect(ParagraphLayouter.usedHyphens(.manual, input: Self.input(align: .justify), context: context) == .manual)
    }

    @Test func wordsInCapitalsAreNotHyphenated() throws {
        let text = "UNCHARACTERISTICALLY uncharacteristically"
        let breaker = LineBreaker(text: text, language: "en", style: LineBreakStyle(hyphens: .auto), hyphenation: HyphenationContext())
        let breaks = breaker.allBreaks.filter { $0.kind == .hyphenated }
        #expect(!breaks.isEmpty)
        #expect(breaks.allSatisfy { $0.offset > 21 }, "the capitals keep whole, the lower-case word is hyphenated")
    }
}
