import FolioCore
@testable import FolioLayout
import FolioStyle
import FolioText
import Testing

/// Tables laid out with the cell metric (terminal pages).
@Suite struct TableCellsTests {
    /// Where each cell's text starts, in cells, for a one-row table of `cells` under `css`.
    static func columns(_ cells: [String], css: String = "") throws -> [String: Int] {
        let diagnostics = Diagnostics()
        let row = cells.map { "<td>\($0)</td>" }.joined()
        let document = try LayoutSupport.styled(LayoutSupport.document("<table><tr>\(row)</tr></table>", css: css), diagnostics: diagnostics)
        let inline = InlineContext(fonts: try FontContext(diagnostics: diagnostics), metric: .cells)
        let page = PageGeometry(width: 640, height: 320, margins: Edges(all: 0))
        let flow = ChapterLayout(document: document, path: "EPUB/chapter.xhtml",
                                 context: LayoutContext(page: page, inline: inline) { _ in nil }).build()
        var starts: [String: Int] = [:]
        for placed in flow.placed {
            if case .text(let origin, let run) = placed.item { starts[run.text] = Int((origin.x / CellMetric.cell.width).rounded()) }
        }
        return starts
    }

    /// The few px a table keeps between its columns (the UA's padding and spacing) round to
    /// no column in a terminal: a column of space keeps neighbouring cells' text apart, as
    /// text browsers do, where "10dinners" would run together.
    @Test func neighbouringCellsKeepAColumnOfSpaceBetweenThem() throws {
        let starts = try Self.columns(["10", "dinners", "$6.00"])
        let ten = try #require(starts["10"]), dinners = try #require(starts["dinners"]), price = try #require(starts["$6.00"])
        #expect(dinners == ten + 3, "\"10\" takes two columns, then one of space")
        #expect(price == dinners + 8, "\"dinners\" takes seven columns, then one of space")
    }

    /// A table that asks for no space between its cells gets none, and one that draws lines
    /// between them has the line's column to part them.
    @Test func cellsTouchWhereTheBookAsksAndLinesPartThemWhereDrawn() throws {
        let touching = try Self.columns(["10", "dinners"], css: "table { border-spacing: 0 } td { padding: 0 }")
        #expect(try #require(touching["dinners"]) == (try #require(touching["10"])) + 2)
        let ruled = try Self.columns(["10", "dinners"], css: "table { border-collapse: collapse } td { border: 1px solid }")
        #expect(try #require(ruled["dinners"]) == (try #require(ruled["10"])) + 3, "two columns of text, then the line")
    }
}
