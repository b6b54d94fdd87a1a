@testable import FolioLayout
import FolioStyle
import Testing

@Suite struct ListLayoutTests {
    /// The text runs of a flow with their page x, in placing order.
    static func runs(_ flow: ChapterFlow) -> [(text: String, x: Double)] {
        flow.placed.compactMap { item in
            if case .text(let origin, let run) = item.item { return (run.text, origin.x + run.x) }
            return nil
        }
    }

    @Test func outsideMarkersHangLeftOfTheItemsText() throws {
        let flow = try LayoutSupport.flow("<ol><li>Alpha</li><li>Beta</li></ol>", css: "ol { padding-left: 40px; margin: 0 }")
        let runs = Self.runs(flow)
        let marker = try #require(runs.first { $0.text.hasPrefix("1.") })
        let alpha = try #require(runs.first { $0.text.hasPrefix("Alpha") })
        #expect(marker.x < alpha.x)
        #expect(abs(alpha.x - 40) < 0.01)
        #expect(flow.units.map { $0.text.trimmingSuffix(" ") } == ["1. Alpha", "2. Beta"])
    }

    @Test func insideMarkersStartTheFirstLine() throws {
        let flow = try LayoutSupport.flow("<ul style='list-style-position:inside; padding:0; margin:0'><li>Alpha</li></ul>")
        let runs = Self.runs(flow)
        #expect(runs.first?.x ?? -1 >= 0)
        #expect(flow.units.first?.text.hasPrefix("•") == true)
    }

    @Test(arguments: [
        ("lower-alpha", "c."), ("upper-roman", "III."), ("decimal", "3."), ("square", "▪"), ("circle", "◦"),
    ])
    func markerStylesNumberTheThirdItem(style: String, expected: String) throws {
        let flow = try LayoutSupport.flow("<ol style='list-style-type:\(style)'><li>a</li><li>b</li><li>Gamma</li></ol>")
        let third = try #require(flow.units.first { $0.text.contains("Gamma") })
        #expect(third.text.hasPrefix(expected + " "))
    }
}
