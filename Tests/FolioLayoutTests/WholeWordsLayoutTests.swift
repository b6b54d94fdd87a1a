import Foundation
@testable import FolioLayout
import FolioStyle
import Testing

/// Words stay whole where the page has room for them.
@Suite struct WholeWordsLayoutTests {
    static func lines(_ flow: ChapterFlow) -> [String] { flow.units.map { $0.text.trimmingCharacters(in: .whitespaces) } }

    @Test func anInlineBlockInANarrowBoxTakesItsLongestWordsWidth() throws {
        let flow = try LayoutSupport.flow("<div style='width:30px'><span style='display:inline-block; border:1px solid red'>Father</span></div>")
        #expect(Self.lines(flow) == ["Father"], "not cut into Fath/er")
    }

    @Test func aFloatInANarrowBoxTakesItsLongestWordsWidth() throws {
        let flow = try LayoutSupport.flow("<div style='width:30px'><div style='float:left'>Child</div></div><p style='clear:both'>After</p>")
        #expect(Self.lines(flow).prefix(1) == ["Child"])
    }

    @Test func anInlineBlockWiderThanThePageStillBreaksItsWord() throws {
        let word = String(repeating: "m", count: 80)
        let flow = try LayoutSupport.flow("<p><span style='display:inline-block; overflow-wrap:anywhere; background:#ccc'>\(word)</span></p>")
        let box = try #require(LayoutSupport.firstFill(flow))
        #expect(box.width <= 380 + 0.01, "no wider than the page: the word is cut")
        let runs = flow.placed.filter { if case .text = $0.item { return true } else { return false } }
        #expect(runs.count > 1)
    }

    @Test func aSqueezedTableCutsOnlyItsWidestColumns() {
        let widths = TableColumnWidths.squeezed([90, 35, 38, 33, 76, 34, 55], into: 326)
        #expect(widths[1] == 35 && widths[2] == 38 && widths[3] == 33 && widths[5] == 34, "narrow columns keep their min-content")
        #expect(abs(widths.reduce(0, +) - 326) < 0.001)
        #expect(widths[0] == widths[4] && widths[0] < 76)
    }

    @Test func aTableNarrowerThanItsWordsKeepsItsNumbersWhole() throws {
        let row = "<tr><td>Portsmouth</td><td>155</td><td>Southampton</td><td>1805</td><td>Fitzwilliam</td></tr>"
        let flow = try LayoutSupport.flow("<table>\(row)</table>", css: "td { padding: 0 2px }", page: PageGeometry(width: 220, height: 300, margins: Edges(all: 10)))
        let texts = flow.units.map(\.text).joined(separator: "|")
        #expect(texts.contains("155") && texts.contains("1805"), "\(texts)")
    }
}
