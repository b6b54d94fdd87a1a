import FolioLayout
import Testing

/// `vertical-align` in cells.
@Suite struct TableAlignmentTests {
    @Test func cellsAlignTopMiddleAndBottomInTheirRow() throws {
        let laid = try TableSupport.layout("vertical-align.xhtml")
        let row = try #require(laid.fills(0xFF0000).first)
        let upper = try #require(laid.lineTop(containing: "Upper"))
        let centre = try #require(laid.lineTop(containing: "Centre"))
        let lower = try #require(laid.lineTop(containing: "Lower"))
        let five = try #require(laid.lineTop(containing: "five"))
        #expect(abs(upper - row.y) < 0.01)
        #expect(abs(lower - five) < 0.01)
        #expect(abs(centre - (upper + lower) / 2) < 0.5)
    }

    @Test func baselineCellsShareTheirFirstBaseline() throws {
        let laid = try TableSupport.layout("vertical-align.xhtml")
        func baseline(_ word: String) -> Double? {
            for item in laid.items {
                if case .text(let origin, let run) = item, run.text.contains(word) { return origin.y + run.baseline }
            }
            return nil
        }
        let big = try #require(baseline("Big")), small = try #require(baseline("small"))
        #expect(abs(big - small) < 0.01)
        // The smaller text's line moved down to meet the big one's baseline.
        let bigTop = try #require(laid.lineTop(containing: "Big")), smallTop = try #require(laid.lineTop(containing: "small"))
        #expect(smallTop > bigTop)
    }
}
