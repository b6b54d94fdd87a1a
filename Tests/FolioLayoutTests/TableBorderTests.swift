import FolioLayout
import FolioStyle
import Testing

/// The separated and collapsing border models.
@Suite struct TableBorderTests {
    @Test func separateBordersKeepTheSpacingBetweenCells() throws {
        let laid = try TableSupport.layout("collapse-vs-separate.xhtml")
        let a = try #require(laid.fills(0xFF0000).first), b = try #require(laid.fills(0x00FF00).first)
        #expect(abs(b.x - a.maxX - 6) < 0.01)
        // Each cell draws its own border around its box.
        let left = try #require(laid.borders.first { $0.rect == a })
        let right = try #require(laid.borders.first { $0.rect == b })
        #expect(left.widths.right == 2 && right.widths.left == 6)
    }

    @Test func collapsedBordersMeetOnTheGridLineWithTheWidestWinning() throws {
        let laid = try TableSupport.layout("collapse-vs-separate.xhtml")
        let c = try #require(laid.fills(0x0000FF).first), d = try #require(laid.fills(0xFFFF00).first)
        #expect(abs(d.x - c.maxX) < 0.01)
        let left = try #require(laid.borders.first { abs($0.rect.y - (c.y - $0.widths.top / 2)) < 0.01 && abs($0.rect.x - (c.x - $0.widths.left / 2)) < 0.01 })
        let right = try #require(laid.borders.first { abs($0.rect.x - (d.x - $0.widths.left / 2)) < 0.01 && $0.rect.x > c.x })
        // The thick double border wins the shared edge: both cells draw it centred on the line.
        #expect(left.widths.right == 6 && right.widths.left == 6)
        #expect(left.styles.right == .double && right.styles.left == .double)
        #expect(abs(left.rect.maxX - (c.maxX + 3)) < 0.01 && abs(right.rect.x - (d.x - 3)) < 0.01)
        // The table's own border lost to the cells' on its outer edge (equal width: cells win) and is not drawn.
        #expect(!laid.borders.contains { $0.rect.x < c.x - 1.01 && $0.rect.maxX > d.maxX + 3.01 })
        #expect(laid.borders.allSatisfy { $0.colors.left != RGBA(hex: 0x000000) || $0.rect.maxY < c.y })
    }
}
