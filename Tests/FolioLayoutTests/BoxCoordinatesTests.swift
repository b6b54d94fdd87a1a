@testable import FolioLayout
import FolioStyle
import FolioText
import Testing

/// A block box's content is laid out in the box's own coordinates (`Column.enterBox`), then
/// placed at the box's offset when the box is done (`Column.leaveBox`); the flow (margins,
/// box tops, floats) goes on across the box's edges.
@Suite struct BoxCoordinatesTests {
    static func fills(_ column: Column) -> [Rect] {
        column.placed.compactMap { placed -> Rect? in
            if case .fill(let rect, _)? = placed?.item { return rect }
            return nil
        }
    }

    @Test func contentLaidOutInABoxLandsAtTheBoxsOffsetAndNestedOffsetsAddUp() {
        var column = Column()
        column.blockEnd = 30
        let outer = column.enterBox(at: Point(x: 10, y: 30))
        #expect(column.blockEnd == 0, "the box's content starts at its own block-start")
        let a = column.addUnit(top: 0, bottom: 20, text: "a")
        column.place(.fill(Rect(x: 0, y: 0, width: 5, height: 20), .black), first: a, last: a)
        column.blockEnd = 20
        let inner = column.enterBox(at: Point(x: 4, y: 20))
        let b = column.addUnit(top: 0, bottom: 10, text: "b")
        column.place(.fill(Rect(x: 1, y: 2, width: 5, height: 5), .black), first: b, last: b)
        #expect(Self.fills(column) == [Rect(x: 0, y: 0, width: 5, height: 20), Rect(x: 1, y: 2, width: 5, height: 5)],
                "until the boxes are placed, their content stays in their own coordinates")
        column.blockEnd = 10
        column.leaveBox(inner)
        #expect(column.blockEnd == 30)
        #expect(Self.fills(column)[1] == Rect(x: 5, y: 22, width: 5, height: 5))
        column.leaveBox(outer)
        #expect(column.blockEnd == 60)
        #expect(column.units.map(\.top) == [30, 50])
        #expect(column.units.map(\.breakTop) == [30, 50])
        #expect(Self.fills(column) == [Rect(x: 10, y: 30, width: 5, height: 20), Rect(x: 15, y: 52, width: 5, height: 5)])
    }

    @Test func aPendingMarginAndABoxWaitingForItsTopGoIntoTheBoxAndComeBackPlaced() {
        var column = Column()
        column.blockEnd = 100
        column.cursor.margins.add(16)
        column.cursor.openTops = [7]
        let frame = column.enterBox(at: Point(x: 0, y: 100))
        column.flushMargin()
        #expect(column.blockEnd == 16, "the margin collapses inside the box, at its own block-start")
        column.addUnit(top: 16, bottom: 36, text: "line")
        column.blockEnd = 36
        column.cursor.margins.add(12)
        column.leaveBox(frame)
        #expect(column.cursor.takeTop(of: 7) == 116, "the top the waiting box got is given back where the column has it")
        #expect(column.blockEnd == 136)
        #expect(column.cursor.margins.value == 12, "the box's end margin goes on collapsing after it")
        #expect(column.units[0].top == 116 && column.units[0].breakTop == 116)
    }

    @Test func floatsAreSharedByTheBoxesOfAFormattingContextEachSeeingThemFromItsOwnOrigin() {
        var column = Column()
        column.exclusions.add(FloatArea(side: .left, left: 0, right: 50, top: 0, bottom: 40))
        let first = column.enterBox(at: Point(x: 20, y: 10))
        #expect(column.exclusions.areas.map(\.top) == [-10] && column.exclusions.areas.map(\.right) == [30])
        column.exclusions.add(FloatArea(side: .right, left: 100, right: 150, top: 5, bottom: 25))
        column.blockEnd = 30
        column.leaveBox(first)
        let second = column.enterBox(at: Point(x: 0, y: 40))
        #expect(column.exclusions.areas.map(\.top) == [-40, -25], "a float placed in one box is seen from the next")
        #expect(column.exclusions.areas.map(\.left) == [0, 120])
        column.leaveBox(second)
        #expect(column.exclusions.areas.map(\.bottom) == [40, 35])
    }

    @Test func aFloatInOneBoxNarrowsTheLinesOfTheNextBox() throws {
        let flow = try LayoutSupport.flow("""
            <div style='margin-left:30px'><div style='float:left;width:50px;height:60px;background:#ccc'></div></div>
            <div style='margin-left:10px'><p style='margin:0'>Words beside the float.</p></div>
            """)
        let run = try #require(flow.placed.lazy.compactMap { placed -> (Point, PositionedRun)? in
            if case .text(let origin, let run) = placed.item, run.text.hasPrefix("Words") { return (origin, run) }
            return nil
        }.first)
        #expect(abs(run.0.x + run.1.x - 80) < 0.5, "the line starts at the float's right edge, 30 + 50 px from the column's start")
        let fill = try #require(LayoutSupport.firstFill(flow))
        #expect(abs(fill.x - 30) < 0.01 && abs(fill.width - 50) < 0.01)
    }
}
