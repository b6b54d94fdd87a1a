import FolioCore
import FolioStyle
import Testing
@testable import FolioText

@Suite struct InlineBreakingTests {
    static let hyphenated = "Extraordinarily incomprehensible circumstances"

    @Test func hyphenationAtANarrowWidthEndsALineWithAHyphenGlyph() throws {
        let layout = try InlineSupport.layout([InlineSupport.text(Self.hyphenated) { $0.text.hyphens = .auto }], width: 100)
        #expect(layout.lines.contains { $0.endsWithHyphen })
        #expect(layout.lines.allSatisfy { $0.x + $0.width <= 100 + 1e-9 })
        // Total fit: rather than leave "ble" alone on a line three quarters empty, the
        // paragraph takes two hyphens (no more than two in a row).
        #expect(InlineSupport.lineTexts(layout) == ["Extraordinar", "ily incom", "prehensible", "circumstances"])
        let line = try #require(layout.lines.first { $0.endsWithHyphen })
        let run = try #require(line.runs.last)
        #expect(run.hasHyphen)
        // The added glyph is U+2010 of Liberation Serif, past the text's own glyphs.
        let hyphen = run.face.hasGlyph("\u{2010}")
        #expect(hyphen)
        #expect(InlineSupport.words(of: layout) == InlineSupport.words(Self.hyphenated))
        // Without hyphens: auto, the same width keeps words whole.
        let plain = try InlineSupport.layout([InlineSupport.text(Self.hyphenated)], width: 100)
        #expect(!plain.lines.contains { $0.endsWithHyphen })
        #expect(InlineSupport.lineTexts(plain) == ["Extraordinarily", "incomprehensible", "circumstances"])
    }

    @Test func theLastWordOfAParagraphIsNeverHyphenated() throws {
        let text = "a b c d e f g extraordinarily"
        let layout = try InlineSupport.layout([InlineSupport.text(text) { $0.text.hyphens = .auto }], width: 100)
        #expect(!layout.lines.contains { $0.endsWithHyphen })
        #expect(InlineSupport.lineTexts(layout).last == "extraordinarily")
        // The same word followed by another one does break, where it must.
        let more = try InlineSupport.layout([InlineSupport.text(text + " end") { $0.text.hyphens = .auto }], width: 80)
        #expect(more.lines.contains { $0.endsWithHyphen })
        let narrow = try InlineSupport.layout([InlineSupport.text(text) { $0.text.hyphens = .auto }], width: 80)
        #expect(!narrow.lines.contains { $0.endsWithHyphen })
    }

    @Test func aLongURLBreaksInsideWithOverflowWrapAnywhereAndOverflowsWithout() throws {
        let url = "see https://www.example.com/averyveryverylongpathwithoutanybreaks/index.html"
        let overflowing = try InlineSupport.layout([InlineSupport.text(url)], width: 120)
        #expect(overflowing.lines.contains { $0.overflows })
        // The setting says so, for the page inspector to report with its page.
        #expect(overflowing.lines.contains { $0.setting.overflows })

        let wrapped = try InlineSupport.layout([InlineSupport.text(url) { $0.text.overflowWrap = .anywhere }], width: 120)
        #expect(wrapped.lines.allSatisfy { !$0.overflows && $0.x + $0.width <= 120 + 1e-9 })
        #expect(wrapped.lines.count > overflowing.lines.count)
        #expect(InlineSupport.lineTexts(wrapped).joined().filter { $0 != " " } == url.filter { $0 != " " })
    }

    @Test func cjkTextBreaksBetweenIdeographs() throws {
        let text = String(repeating: "\u{4E16}\u{754C}\u{4F60}\u{597D}", count: 5)
        let layout = try InlineSupport.layout([InlineSupport.text(text)], width: 100, language: "zh")
        #expect(layout.lines.count > 1)
        #expect(layout.lines.allSatisfy { !$0.overflows && $0.x + $0.width <= 100 + 1e-9 })
        #expect(InlineSupport.lineTexts(layout).joined() == text)
        // Drawn from the CJK fallback face, sized to match the x-height.
        let run = try #require(layout.lines[0].runs.first)
        #expect(run.face.family == "Droid Sans Fallback")
        #expect(run.glyphs.count == layout.lines[0].textRange.count)
    }
}

extension InlineBreakingTests {
    @Test func aSpaceAfterAnAtomicInlineIsKept() throws {
        let items: [InlineItem] = [InlineSupport.text("before "), .atomic(width: 10, height: 10, baseline: 10, style: InlineSupport.shared(), id: 0),
                                   InlineSupport.text(" after")]
        let layout = try InlineSupport.layout(items, width: 300)
        #expect(layout.text == "before \u{FFFC} after")
    }
}
