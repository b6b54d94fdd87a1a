@testable import FolioLayout
import FolioStyle
import Testing

/// Border conflict resolution in the collapsing model (CSS 2.1 §17.6.2.1).
@Suite struct TableBorderConflictTests {
    typealias Edge = CollapsedBorders.Edge

    @Test func hiddenBeatsEveryBorder() {
        let hidden = Edge(width: 0, style: .hidden, color: .black, origin: .table)
        let wide = Edge(width: 9, style: .double, color: .black, origin: .cell)
        #expect(CollapsedBorders.wins(hidden, over: wide))
        #expect(!CollapsedBorders.wins(wide, over: hidden))
    }

    @Test func theWiderBorderWinsThenTheStyleThenTheOrigin() {
        let thin = Edge(width: 1, style: .double, color: .black, origin: .cell)
        let thick = Edge(width: 3, style: .inset, color: .black, origin: .table)
        #expect(CollapsedBorders.wins(thick, over: thin))
        let solid = Edge(width: 2, style: .solid, color: .black, origin: .table)
        let dotted = Edge(width: 2, style: .dotted, color: .black, origin: .cell)
        #expect(CollapsedBorders.wins(solid, over: dotted))
        let row = Edge(width: 2, style: .solid, color: .black, origin: .row)
        #expect(CollapsedBorders.wins(row, over: solid))
        #expect(!CollapsedBorders.wins(solid, over: row))
    }
}
