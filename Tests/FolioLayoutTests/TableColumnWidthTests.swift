@testable import FolioLayout
import Testing

/// The column width algorithms on their own.
@Suite struct TableColumnWidthTests {
    typealias Request = TableColumnWidths.Request

    @Test func columnsBetweenMinAndMaxGrowInProportionToWhatTheyWant() {
        let requests = [Request(columns: 0..<1, minimum: 50, maximum: 100), Request(columns: 1..<2, minimum: 50, maximum: 500)]
        let result = TableColumnWidths.automatic(count: 2, requests: requests, columns: [], gap: 0, available: 300, tableWidth: nil)
        // 200 px of room over the 500 px more they want: each gets 2/5 of its extra.
        #expect(abs(result.widths[0] - 70) < 0.001)
        #expect(abs(result.widths[1] - 230) < 0.001)
        #expect(!result.squeezed)
    }

    @Test func belowTheMinimumTheWidestColumnsShrinkFirstAndTheTableIsSqueezed() {
        let requests = [Request(columns: 0..<1, minimum: 100, maximum: 100), Request(columns: 1..<2, minimum: 300, maximum: 300)]
        let result = TableColumnWidths.automatic(count: 2, requests: requests, columns: [], gap: 10, available: 230, tableWidth: nil)
        #expect(result.squeezed)
        #expect(abs(result.widths.reduce(0, +) + 30 - 230) < 0.001)
        // The wider column gives first: the narrow one keeps its min-content (its words whole).
        #expect(abs(result.widths[0] - 100) < 0.001)
        #expect(abs(result.widths[1] - 100) < 0.001)
    }

    @Test func aSpanningCellWidensTheColumnsItSpans() {
        let requests = [Request(columns: 0..<1, minimum: 20, maximum: 40), Request(columns: 1..<2, minimum: 20, maximum: 40),
                        Request(columns: 0..<2, minimum: 100, maximum: 200)]
        let result = TableColumnWidths.automatic(count: 2, requests: requests, columns: [], gap: 4, available: 1000, tableWidth: nil)
        #expect(abs(result.widths.reduce(0, +) + 4 - 200) < 0.001)
        #expect(result.minimum == 100 + 4 * 2)
    }

    @Test func aFixedColumnKeepsItsWidthWhenTheTableIsWider() {
        let requests = [Request(columns: 0..<1, minimum: 10, maximum: 300, specified: .px(80)), Request(columns: 1..<2, minimum: 10, maximum: 50)]
        let result = TableColumnWidths.automatic(count: 2, requests: requests, columns: [], gap: 0, available: 400, tableWidth: 400)
        #expect(result.widths[0] == 80)
        #expect(result.widths[1] == 320)
    }

    @Test func fixedLayoutSharesWhatTheFirstRowLeaves() {
        let firstRow = [Request(columns: 0..<1, minimum: 0, maximum: 0, specified: .px(100)), Request(columns: 1..<3, minimum: 0, maximum: 0)]
        let result = TableColumnWidths.fixed(count: 3, firstRow: firstRow, columns: [.auto, .auto, .percent(10)], gap: 0,
                                             available: 500, tableWidth: 400)
        #expect(result.widths == [100, 260, 40])
    }
}
