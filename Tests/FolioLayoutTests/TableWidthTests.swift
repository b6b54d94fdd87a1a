import FolioLayout
import FolioStyle
import Testing

/// Column widths: automatic from the cells' content, fixed from the first row, and never
/// wider than the page.
@Suite struct TableWidthTests {
    @Test func aTableWithShortContentIsOnlyAsWideAsItsContent() throws {
        let laid = try TableSupport.layout("auto-widths.xhtml")
        let a = try #require(laid.fills(0xFF0000).first), b = try #require(laid.fills(0x00FF00).first)
        #expect(b.maxX - a.x < laid.page.contentWidth / 2)
        #expect(b.width > a.width)
    }

    @Test func automaticWidthsFavourTheLongerColumn() throws {
        let laid = try TableSupport.layout("auto-widths.xhtml")
        let c = try #require(laid.fills(0x0000FF).first), d = try #require(laid.fills(0xFFFF00).first)
        #expect(d.width > 3 * c.width)
        #expect(abs(d.maxX - c.x - laid.page.contentWidth) < 1)
        // The short column is still wide enough for its longest word.
        let brief = try #require(laid.items.compactMap { item -> Double? in
            if case .text(let origin, let run) = item, run.text.contains("words") { return origin.x + run.x + run.width }
            return nil
        }.first)
        #expect(brief <= c.maxX + 0.01)
    }

    @Test func fixedLayoutTakesWidthsFromTheFirstRowAndSharesTheRest() throws {
        let laid = try TableSupport.layout("fixed-layout.xhtml")
        let a = try #require(laid.fills(0xFF0000).first), b = try #require(laid.fills(0x00FF00).first)
        let c = try #require(laid.fills(0x0000FF).first), d = try #require(laid.fills(0xFFFF00).first)
        #expect(abs(a.width - 100) < 0.01)
        #expect(abs(b.width - 100) < 0.01)
        #expect(abs(c.width - 100) < 0.01)
        // The second row's width asks for nothing.
        #expect(abs(d.width - 100) < 0.01)
    }

    @Test func fixedLayoutWrapsALongWordInsideItsColumn() throws {
        let laid = try TableSupport.layout("fixed-layout.xhtml")
        let a = try #require(laid.fills(0xFF0000).first)
        let runs = laid.items.compactMap { item -> (Double, Double)? in
            if case .text(let origin, let run) = item, run.text.first == "I" || run.text.first?.isLowercase == true, origin.x < a.maxX {
                return (origin.x + run.x, origin.x + run.x + run.width)
            }
            return nil
        }
        #expect(runs.count >= 2)
        for (left, right) in runs { #expect(left >= a.x - 0.01 && right <= a.maxX + 0.01) }
    }

    @Test func aTableWiderThanThePageStaysInsideIt() throws {
        let laid = try TableSupport.layout("too-wide.xhtml")
        #expect(!laid.pages.isEmpty)
        #expect(!laid.diagnostics.contains(code: "layout.line-overflow"))
        let page = laid.page
        let left = page.margins.left - 0.5, right = page.width - page.margins.right + 0.5
        for item in laid.pages.flatMap(\.frame.items) {
            switch item {
            case .text(let origin, let run):
                #expect(origin.x + run.x >= left && origin.x + run.x + run.width <= right, "\(run.text)")
            case .fill(let rect, _), .link(let rect, _), .line(let rect, _):
                #expect(rect.x >= left && rect.maxX <= right)
            case .border(let border):
                #expect(border.rect.x >= left && border.rect.maxX <= right)
            case .image(let image):
                #expect(image.rect.x >= left && image.rect.maxX <= right)
            }
        }
        let words = TableSupport.words(laid.text)
        #expect(words.contains("this") && words.contains("wrap"))
    }
}
