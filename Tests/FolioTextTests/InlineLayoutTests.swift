import FolioCore
import FolioStyle
import Foundation
import Testing
@testable import FolioText

/// Builds paragraphs for the Inline*Tests: styles, a context over the pinned fonts, and the
/// text of laid-out lines.
enum InlineSupport {
    static let melville = "Call me Ishmael. Some years ago, never mind how long precisely, having little or no money in my purse, and nothing particular to interest me on shore, I thought I would sail about a little and see the watery part of the world."

    static func context(_ diagnostics: Diagnostics = Diagnostics()) throws -> InlineContext {
        InlineContext(fonts: try FontContext(diagnostics: diagnostics))
    }

    static func style(_ change: (inout ComputedStyle) -> Void = { _ in }) -> ComputedStyle {
        var style = ComputedStyle.initial
        style.font.family = [.named("Liberation Serif")]
        style.box.display = .block
        change(&style)
        return style
    }

    /// A shared style (tests need no interning across paragraphs).
    static func shared(_ change: (inout ComputedStyle) -> Void = { _ in }) -> SharedStyle {
        StyleInterner().intern(style(change))
    }

    static func text(_ string: String, node: Int = 0, _ change: (inout ComputedStyle) -> Void = { _ in }) -> InlineItem {
        .text(string, style: shared(change), source: TextSource(node: node))
    }

    static func layout(_ items: [InlineItem], width: Double, language: String? = "en", context: InlineContext? = nil,
                       block: (inout ComputedStyle) -> Void = { _ in }) throws -> ParagraphLayout {
        let input = ParagraphInput(items: items, blockStyle: style(block), language: language)
        return ParagraphLayouter.layout(input, width: width, context: try context ?? Self.context())
    }

    /// The text each line's runs stand for, in visual order (soft hyphens dropped).
    static func lineTexts(_ layout: ParagraphLayout) -> [String] {
        layout.lines.map { line in
            line.runs.map(\.text).joined().replacingOccurrences(of: "\u{AD}", with: "")
                .trimmingCharacters(in: .whitespaces)
        }
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\u{2028}" }).map(String.init)
    }

    /// The words of the lines; a word split by a line break that fell inside it (a hyphen,
    /// after a dash, an emergency break) is joined again.
    static func words(of layout: ParagraphLayout) -> [String] {
        let scalars = Array(layout.text.unicodeScalars)
        var words: [String] = []
        var joinNext = false
        for (line, text) in zip(layout.lines, lineTexts(layout)) {
            var own = Self.words(text)
            if joinNext, !own.isEmpty, let last = words.popLast() { own[0] = last + own[0] }
            words += own
            let end = line.textRange.upperBound
            joinNext = end > 0 && !" \u{2028}".unicodeScalars.contains(scalars[end - 1])
        }
        return words
    }
}

@Suite struct InlineLayoutTests {
    @Test func aLayoutSaysWhereEachOffsetComesFromAsItsInputDoes() throws {
        // Collapsed white space across items, an atomic inline, a break, decomposed accents.
        let atomic = InlineItem.atomic(width: 10, height: 10, baseline: 10, style: InlineSupport.shared(), id: 0)
        let items = [InlineSupport.text("Call  me ", node: 1), atomic, InlineSupport.text("  Ishmae\u{301}l.", node: 2), .forcedBreak,
                     InlineSupport.text(InlineSupport.melville, node: 3)]
        let input = ParagraphInput(items: items, blockStyle: InlineSupport.style(), language: "en")
        let layout = ParagraphLayouter.layout(input, width: 200, context: try InlineSupport.context())
        #expect(layout.lines.count > 3)
        for offset in -1...(layout.scalars.count + 1) {
            let mine = layout.itemPosition(ofOffset: offset), theirs = input.itemPosition(ofParagraphOffset: offset)
            #expect(mine?.item == theirs?.item && mine?.offset == theirs?.offset, "offset \(offset)")
        }
    }

    @Test func aParagraphWrapsIntoLinesNoneWiderThanTheWidthWithEveryWordKept() throws {
        let layout = try InlineSupport.layout([InlineSupport.text(InlineSupport.melville)], width: 300)
        #expect(layout.lines.count == 5)
        for line in layout.lines {
            #expect(line.x + line.width <= 300 + 1e-9)
            #expect(!line.overflows)
        }
        #expect(InlineSupport.words(of: layout) == InlineSupport.words(InlineSupport.melville))
        #expect(layout.lines.last?.isLast == true && layout.lines.dropLast().allSatisfy { !$0.isLast })
        // Liberation Serif 16px, line-height normal: ascent + descent + gap ≈ 18.4 px.
        #expect(abs(layout.lines[0].height - 18.3984375) < 0.01)
        #expect(abs(layout.height - 5 * 18.3984375) < 0.05)
    }

    @Test func justifiedLinesFillTheWidthExceptTheLast() throws {
        let layout = try InlineSupport.layout([InlineSupport.text(InlineSupport.melville)], width: 300) { $0.text.align = .justify }
        #expect(layout.lines.count >= 4)
        for line in layout.lines.dropLast() {
            #expect(abs(line.x) < 1e-9)
            #expect(abs(line.width - 300) < 0.01)
        }
        let last = try #require(layout.lines.last)
        #expect(last.width < 290)
    }

    @Test func centredAndRightAlignedLinesAreOffsetByTheFreeSpace() throws {
        let item = InlineSupport.text("Short line")
        let left = try InlineSupport.layout([item], width: 300)
        let center = try InlineSupport.layout([item], width: 300) { $0.text.align = .center }
        let right = try InlineSupport.layout([item], width: 300) { $0.text.align = .right }
        let width = left.lines[0].width
        #expect(width > 50 && width < 100)
        #expect(abs(left.lines[0].x) < 1e-9)
        #expect(abs(center.lines[0].x - (300 - width) / 2) < 1e-9)
        #expect(abs(right.lines[0].x - (300 - width)) < 1e-9)
        #expect(abs(right.lines[0].runs[0].glyphs[0].x - (300 - width)) < 1e-9)
    }

    @Test func textIndentMovesOnlyTheFirstLine() throws {
        let layout = try InlineSupport.layout([InlineSupport.text(InlineSupport.melville)], width: 300) { $0.text.indent = .px(32) }
        #expect(layout.lines[0].x == 32)
        #expect(layout.lines[0].x + layout.lines[0].width <= 300)
        #expect(layout.lines.dropFirst().allSatisfy { $0.x == 0 })
        let percent = try InlineSupport.layout([InlineSupport.text(InlineSupport.melville)], width: 300) { $0.text.indent = .percent(10) }
        #expect(percent.lines[0].x == 30)
    }

    @Test func aBrEndsTheLineEvenWhenMoreWouldFit() throws {
        let layout = try InlineSupport.layout(
            [InlineSupport.text("First line"), .forcedBreak, InlineSupport.text(" second line")], width: 300)
        #expect(InlineSupport.lineTexts(layout) == ["First line", "second line"])
        #expect(layout.lines[0].endsWithForcedBreak)
        #expect(!layout.lines[1].endsWithForcedBreak && layout.lines[1].isLast)
    }

    @Test func aLargerFontInTheLineRaisesTheLineBox() throws {
        let plain = try InlineSupport.layout([InlineSupport.text("small text only")], width: 300)
        let mixed = try InlineSupport.layout(
            [InlineSupport.text("small "), InlineSupport.text("BIG", node: 1) { $0.font.size = 32 }, InlineSupport.text(" small", node: 2)], width: 300)
        #expect(mixed.lines.count == 1)
        #expect(mixed.lines[0].ascent > plain.lines[0].ascent + 14)
        #expect(abs(mixed.lines[0].height - 2 * plain.lines[0].height) < 0.5)
        // Every run sits on the line's baseline.
        #expect(mixed.lines[0].runs.allSatisfy { abs($0.baseline - mixed.lines[0].baseline) < 1e-9 })
    }

    @Test func lineHeightNumbersAndLengthsSetTheLineBox() throws {
        let number = try InlineSupport.layout([InlineSupport.text("text")], width: 300) { $0.font.lineHeight = .number(1.5) }
        let length = try InlineSupport.layout([InlineSupport.text("text") { $0.font.lineHeight = .px(30) }], width: 300) {
            $0.font.lineHeight = .px(30)
        }
        #expect(abs(number.lines[0].height - 24) < 1e-9)
        #expect(abs(length.lines[0].height - 30) < 1e-9)
    }

    @Test func superscriptsRiseAboveTheBaseline() throws {
        let layout = try InlineSupport.layout(
            [InlineSupport.text("x"), InlineSupport.text("2", node: 1) { $0.box.verticalAlign = .keyword(.super) }], width: 300)
        let runs = layout.lines[0].runs
        #expect(runs.count == 2)
        #expect(abs(runs[0].baseline - runs[1].baseline - 0.34 * 16) < 1e-9)
    }

    @Test func letterSpacingWidensTheLineByOneSpacingPerCharacter() throws {
        let plain = try InlineSupport.layout([InlineSupport.text("spacing")], width: 300)
        let spaced = try InlineSupport.layout([InlineSupport.text("spacing") { $0.text.letterSpacing = 2 }], width: 300)
        #expect(abs(spaced.lines[0].width - plain.lines[0].width - 7 * 2) < 1e-9)
        let words = try InlineSupport.layout([InlineSupport.text("a b c") { $0.text.wordSpacing = .px(5) }], width: 300)
        let tight = try InlineSupport.layout([InlineSupport.text("a b c")], width: 300)
        #expect(abs(words.lines[0].width - tight.lines[0].width - 10) < 1e-9)
    }

    @Test func uppercaseTransformsTheTextBeforeShaping() throws {
        let layout = try InlineSupport.layout([InlineSupport.text("straße and more") { $0.text.transform = .uppercase }], width: 300)
        #expect(InlineSupport.lineTexts(layout) == ["STRASSE AND MORE"])
        let run = layout.lines[0].runs[0]
        // Each scalar maps back to its source: "SS" both come from "ß" (offset 4).
        #expect(run.sourceRange == 0..<15)
        let capital = try InlineSupport.layout([InlineSupport.text("call me ishmael") { $0.text.transform = .capitalize }], width: 300)
        #expect(InlineSupport.lineTexts(capital) == ["Call Me Ishmael"])
    }

    @Test func underlineIsPlacedFromTheFontMetrics() throws {
        let layout = try InlineSupport.layout([InlineSupport.text("underlined") { $0.box.textDecorationLine = [.underline, .lineThrough] }], width: 300)
        let decorations = layout.lines[0].runs[0].decorations
        #expect(decorations.map(\.kind) == [.underline, .lineThrough])
        // Liberation Serif: underline 0.1 em below, 0.05 em thick; strike-out above the baseline.
        #expect(decorations[0].offset > 1 && decorations[0].offset < 3)
        #expect(decorations[0].thickness > 0.5 && decorations[0].thickness < 1.5)
        #expect(decorations[1].offset < -2)
    }

    @Test func anAtomicInlineTakesItsWidthAndRaisesTheLine() throws {
        let image = InlineItem.atomic(width: 40, height: 60, baseline: 60, style: InlineSupport.shared(), id: 7)
        let layout = try InlineSupport.layout([InlineSupport.text("before "), image, InlineSupport.text(" after", node: 1)], width: 300)
        let atomic = try #require(layout.lines[0].atomics.first)
        #expect(atomic.id == 7 && atomic.width == 40)
        #expect(abs(layout.lines[0].ascent - 60) < 1e-9)
        #expect(abs(atomic.y) < 1e-9)
        let after = try #require(layout.lines[0].runs.last)
        #expect(abs(after.x - (atomic.x + 40)) < 1e-9)
    }
}
