@testable import FolioLayout
import FolioStyle
import FolioText
import Testing

/// How a chapter's lines are set, as the frame's undrawn line items record it.
@Suite struct TypesettingLayoutTests {
    /// The settings of the flow's lines, in order, with the text of their units.
    static func lines(_ flow: ChapterFlow) -> [(text: String, setting: LineSetting)] {
        flow.placed.compactMap { placed in
            guard case .line(_, let setting) = placed.item else { return nil }
            return (flow.units[placed.firstUnit].text, setting)
        }
    }

    static let words = "Extraordinarily incomprehensible circumstances notwithstanding, the lighthouse keeper persevered"

    @Test func aHeadingIsNotHyphenatedWhereTheBooksSheetHyphenatesEverything() throws {
        let css = "body { hyphens: auto } h1 { font-size: 16px; font-weight: normal }"
        let body = "<div style='width:110px'><h1>\(Self.words)</h1><p>\(Self.words)</p></div>"
        let lines = Self.lines(try LayoutSupport.flow(body, css: css, hyphens: .auto))
        let split = try #require(lines.indices.dropFirst().first { lines[$0].text.hasPrefix("Extra") })
        #expect(split > 1)
        #expect(!lines[..<split].contains { $0.setting.end == .hyphen }, "the heading keeps its words whole")
        #expect(lines[split...].contains { $0.setting.end == .hyphen }, "the paragraph below is hyphenated")
        // Following the book's sheet exactly (`--hyphens book`), the heading is hyphenated too.
        let book = Self.lines(try LayoutSupport.flow(body, css: css, hyphens: .book))
        #expect(book.prefix(split).contains { $0.setting.end == .hyphen })
    }

    @Test func eachLineRecordsItsRoomNaturalWidthSeparatorsAndEnd() throws {
        let flow = try LayoutSupport.flow("<p style='text-align:justify; text-indent:20px; hyphens:auto'>\(Self.words) \(Self.words)</p>")
        let lines = Self.lines(flow)
        #expect(lines.count >= 3)
        let first = try #require(lines.first), last = try #require(lines.last)
        #expect(first.setting.room == 360 && first.setting.left == 20, "the indent narrows the first line's room")
        #expect(lines.dropFirst().allSatisfy { $0.setting.room == 380 && $0.setting.left == 0 })
        #expect(last.setting.end == .last)
        for line in lines.dropLast() {
            #expect(line.setting.justified && line.setting.separators > 0)
            // Spaces stretch, or shrink by at most a third of their width.
            #expect(line.setting.room - line.setting.natural >= -line.setting.separatorWidth / 3 - 1e-6)
            #expect(line.setting.end == .space || line.setting.end == .hyphen)
        }
        // The drawn runs of a justified line reach the room's right edge.
        let ends = flow.placed.compactMap { placed -> Double? in
            guard case .text(let origin, let run) = placed.item, placed.firstUnit == 0 else { return nil }
            return origin.x + run.x + run.width
        }
        #expect(abs((ends.max() ?? 0) - 380) < 0.01, "flow coordinates: the column starts at 0")
    }

    @Test func widePagesCentreAColumnOfTheReadersMeasureAndPhonesKeepTheirMargins() {
        // Tablet portrait at 14 pt: 60 ch of 18.7 px text is 560 px of the 820.
        let tablet = PageGeometry(environment: .tablet, settings: .tablet)
        #expect(abs(tablet.contentWidth - 560) < 0.01)
        // Top and bottom: 5 % of the shorter side.
        #expect(tablet.margins.left == tablet.margins.right && tablet.margins.top == 41 && tablet.margins.bottom == 41)
        // A phone's 350 px are narrower than the measure: its margins are 5 % of its 390 px, all round.
        let phone = PageGeometry(environment: .phone, settings: .phone)
        #expect(phone.margins == Edges(all: 20))
        var none = ReaderSettings.tablet
        none.measure = 0
        #expect(PageGeometry(environment: .tablet, settings: none).contentWidth == 820 - 82)
        // A small page keeps at least the 16 px floor.
        #expect(PageGeometry(environment: MediaEnvironment(width: 200, height: 300, dpr: 1), settings: .phone).margins == Edges(all: 16))
    }
}
