@testable import FolioLayout
import FolioStyle
import Testing

/// The fragment tree layout records over a chapter's units: every box with its containing
/// block, its units and its border box; and the break opportunities read from it.
@Suite struct FragmentTreeTests {
    static func box(_ flow: ChapterFlow, _ kind: BoxFragment.Kind, containing text: String) -> (index: Int, box: BoxFragment)? {
        guard let unit = flow.units.firstIndex(where: { $0.text.contains(text) }) else { return nil }
        // The innermost such box: the last one recorded whose units hold the unit.
        return flow.boxes.enumerated().last { $0.element.kind == kind && $0.element.units.contains(unit) }.map { ($0.offset, $0.element) }
    }

    @Test func eachBoxRecordsTheBoxWhoseContentHoldsItAsItsContainingBlock() throws {
        let flow = try LayoutSupport.flow("<div id='outer' style='padding:5px'><div id='inner'><p>Deep words.</p></div></div>")
        let paragraph = try #require(Self.box(flow, .block, containing: "Deep"))
        let inner = try #require(paragraph.box.containingBlock)
        let outer = try #require(flow.boxes[inner].containingBlock)
        #expect(flow.boxes[outer].containingBlock != nil, "the outer div's containing block is the body")
        #expect(flow.boxes[outer].rect?.height ?? 0 >= 20 + 10, "the outer box holds the line and its padding")
        #expect(flow.boxes[inner].units == paragraph.box.units)
    }

    @Test func aFloatsBoxesHangUnderTheFloatPlacedWhereItWasDrawn() throws {
        let flow = try LayoutSupport.flow("<p>Before.</p><div style='float:right;width:100px'><p>Aside words.</p></div><p>After the float.</p>")
        let float = try #require(flow.boxes.firstIndex { $0.kind == .float })
        let inside = try #require(Self.box(flow, .block, containing: "Aside"))
        var ancestor = inside.box.containingBlock
        while let k = ancestor, k != float { ancestor = flow.boxes[k].containingBlock }
        #expect(ancestor == float)
        let rect = try #require(flow.boxes[float].rect)
        #expect(abs(rect.x + rect.width - 380) < 0.5 && abs(rect.width - 100) < 0.5)
        #expect(flow.boxes[float].containingBlock != nil, "the float's containing block is the body it was met in")
    }

    @Test func aTableIsAWrapperAroundRowGroupsAndRows() throws {
        let flow = try LayoutSupport.flow("<table><tbody><tr><td>One</td></tr><tr><td>Two</td></tr></tbody></table>")
        let row = try #require(Self.box(flow, .row, containing: "Two"))
        let group = try #require(row.box.containingBlock)
        #expect(flow.boxes[group].kind == .rowGroup)
        #expect(flow.boxes[group].units.count == 2)
        var k = flow.boxes[group].containingBlock
        while let j = k, flow.boxes[j].kind != .tableWrapper { k = flow.boxes[j].containingBlock }
        #expect(k != nil)
    }

    @Test func breakBeforeAndAfterActBetweenSiblingsAndAvoidInsideKeepsABoxWhole() throws {
        let flow = try LayoutSupport.flow("""
            <p>First.</p><p style='break-after:page'>Second.</p><p>Third.</p>
            <div style='break-inside:avoid'><p>Kept one.</p><p>Kept two.</p></div><p style='break-before:avoid'>Last.</p>
            """)
        func breakBefore(_ text: String) -> BreakClass? { flow.units.first { $0.text.hasPrefix(text) }?.breakBefore }
        #expect(breakBefore("Second") == .normal)
        #expect(breakBefore("Third") == .forced)
        #expect(breakBefore("Kept one") == .normal)
        #expect(breakBefore("Kept two") == .avoid)
        #expect(breakBefore("Last") == .avoid)
    }

    @Test func aBreakAskedInsideAFloatStaysInTheFloat() throws {
        // The heading's `break-after: avoid` keeps it with the float's next line, not with the
        // paragraph after the float (a float is a flow of its own).
        let flow = try LayoutSupport.flow("""
            <p>Lead.</p><div style='float:left;width:120px'><h3 style='break-after:page;margin:0'>Note</h3><p>Inside.</p></div>
            <p>Outside the float.</p>
            """)
        func breakBefore(_ text: String) -> BreakClass? { flow.units.first { $0.text.hasPrefix(text) }?.breakBefore }
        #expect(breakBefore("Inside") == .forced)
        #expect(breakBefore("Outside") == .normal)
    }

    @Test func orphansAndWidowsStayTheLinesOwnClass() throws {
        let words = String(repeating: "many words in a row ", count: 40)
        let flow = try LayoutSupport.flow("<p style='orphans:2;widows:3'>\(words)</p>")
        let classes = flow.units.map(\.breakBefore)
        #expect(classes.count > 6)
        #expect(classes[1] == .avoid && classes[2] == .normal)
        #expect(classes[classes.count - 1] == .avoid && classes[classes.count - 2] == .avoid && classes[classes.count - 3] == .normal)
    }
}
