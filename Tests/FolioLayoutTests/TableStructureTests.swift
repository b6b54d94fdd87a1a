import FolioLayout
import FolioText
import Testing

/// Tables inside tables and inside lines, anchors in cells, and hostile spans.
@Suite struct TableStructureTests {
    @Test func aTableInACellStaysInsideItAndKeepsItsTextInOrder() throws {
        let laid = try TableSupport.layout("nested-table.xhtml")
        let inner = try #require(laid.fills(0xFF0000).first)
        let outer = try #require(laid.borders.first { $0.rect.x < inner.x && $0.rect.maxX >= inner.maxX && $0.rect.y < inner.y && $0.rect.maxY >= inner.maxY })
        #expect(outer.rect.maxX <= laid.page.contentWidth)
        #expect(TableSupport.words(laid.text) == TableSupport.bodyWords(laid.tree))
        #expect(laid.text.contains("Outer first\tOuter second Inner one\tInner two Inner three\tInner four"))
    }

    @Test func anIdInsideACellLinksToItsRow() throws {
        let laid = try TableSupport.layout("nested-table.xhtml")
        let unit = try #require(laid.flow.anchors["deep"])
        #expect(laid.flow.units[unit].text.hasPrefix("Outer first"))
    }

    @Test func hugeSpansAreClippedToTheTable() throws {
        let laid = try TableSupport.layout("hostile-spans.xhtml")
        let words = TableSupport.words(laid.text)
        #expect(words == ["Everywhere", "Right", "Below"])
        #expect(laid.flow.units.count == 2)
    }

    @Test func anInlineTableIsLaidOutAsATableBetweenTheLines() throws {
        let laid = try TableSupport.layout("inline-table.xhtml")
        #expect(laid.text.contains("left\tright"))
        #expect(TableSupport.words(laid.text) == TableSupport.bodyWords(laid.tree))
    }

    /// Row groups outside a table that hold row groups of their own: the inner run's anonymous
    /// table made the outer run forget which of its parts it had laid out, so every later part
    /// was laid out again, once per level (a heap of unclosed `thead`/`tbody` tags in 8 KB made
    /// 19,000 pages of the same rows).
    @Test func strayRowGroupsInsideEachOtherLayEachRowOutOnce() throws {
        let laid = try TableSupport.layout("stray-row-groups-inside-each-other.xhtml")
        #expect(TableSupport.words(laid.text) == TableSupport.bodyWords(laid.tree))
        #expect(laid.pages.count == 1)
    }

    /// A caption inside a row was dropped, text and all; a table of no rows but a caption set
    /// it a pixel wide, a letter a line. Out of place it is wrapped like any stray table part,
    /// and a table is never narrower than its captions' longest word (CSS 2.1 §17.5.2.2).
    @Test func captionsOutOfPlaceOrAloneKeepTheirWordsWhole() throws {
        let laid = try TableSupport.layout("captions-out-of-place.xhtml")
        #expect(TableSupport.words(laid.text) == TableSupport.bodyWords(laid.tree))
        // The long caption wraps at the table's width, widened to its longest word.
        let runs = laid.items.compactMap { item -> PositionedRun? in
            if case .text(_, let run) = item { return run }
            return nil
        }
        let populations = try #require(runs.first { $0.text.contains("Populations") })
        #expect(populations.width > 60)
        // No caption word was wider than its line (the letter-a-line symptom).
        #expect(!laid.diagnostics.warnings.contains { $0.code == "layout.line-overflow" })
    }
}
