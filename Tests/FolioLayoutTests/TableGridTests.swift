import FolioLayout
import Testing

/// Building the grid: spans take slots, missing parts get anonymous boxes.
@Suite struct TableGridTests {
    @Test func aColspanCellCoversItsColumnsAndTheSpacingBetween() throws {
        let laid = try TableSupport.layout("colspan-rowspan.xhtml")
        let a = try #require(laid.fills(0xFF0000).first), c = try #require(laid.fills(0x0000FF).first)
        let d = try #require(laid.fills(0xFFFF00).first)
        #expect(abs(a.x - c.x) < 0.01)
        #expect(abs(a.maxX - d.maxX) < 0.01)
        #expect(abs(d.x - c.maxX - 4) < 0.01)
    }

    @Test func aRowspanCellCoversItsRowsAndTheSpacingBetween() throws {
        let laid = try TableSupport.layout("colspan-rowspan.xhtml")
        let a = try #require(laid.fills(0xFF0000).first), b = try #require(laid.fills(0x00FF00).first)
        let c = try #require(laid.fills(0x0000FF).first)
        #expect(abs(b.y - a.y) < 0.01)
        #expect(abs(b.maxY - c.maxY) < 0.01)
        #expect(abs(c.y - a.maxY - 4) < 0.01)
    }

    @Test func aCellAfterARowspanTakesTheNextFreeSlot() throws {
        let laid = try TableSupport.layout("colspan-rowspan.xhtml")
        let b = try #require(laid.fills(0x00FF00).first), d = try #require(laid.fills(0xFFFF00).first)
        let e = try #require(laid.fills(0xFF00FF).first), f = try #require(laid.fills(0x00FFFF).first)
        // Row 2's "two" sits in column 1, left of the spanning cell; row 3's colspan cell spans columns 1–2.
        #expect(d.maxX < b.x)
        #expect(abs(f.x - d.x) < 0.01)
        #expect(abs(f.maxX - b.maxX) < 0.01)
        #expect(e.y > b.maxY)
    }

    @Test func tablePartsOutsideATableGetAnAnonymousTable() throws {
        let laid = try TableSupport.layout("anonymous-parts.xhtml")
        let a = try #require(laid.fills(0xFF0000).first), b = try #require(laid.fills(0x00FF00).first)
        let c = try #require(laid.fills(0x0000FF).first), d = try #require(laid.fills(0xFFFF00).first)
        // Cells side by side in one row, not stacked like blocks.
        #expect(abs(a.y - b.y) < 0.01 && b.x >= a.maxX)
        #expect(abs(c.y - d.y) < 0.01 && d.x >= c.maxX)
        #expect(laid.text.contains("Three\tFour"))
    }

    @Test func tablePartsInsideACellGetAnAnonymousTableToo() throws {
        let laid = try TableSupport.layout("anonymous-parts.xhtml")
        let e = try #require(laid.fills(0xFF00FF).first), f = try #require(laid.fills(0x00FFFF).first)
        #expect(abs(e.y - f.y) < 0.01 && f.x >= e.maxX)
        #expect(laid.text.contains("Five\tSix"))
    }

    @Test func looseTextInATableGoesInAnAnonymousRow() throws {
        let laid = try TableSupport.layout("anonymous-parts.xhtml")
        let cell = try #require(laid.lineTop(containing: "Cell")), loose = try #require(laid.lineTop(containing: "Loose"))
        #expect(loose > cell)
        #expect(laid.text.contains("Cell\nLoose words in the table"))
    }
}
