import Testing
@testable import FolioDiff

@Suite struct PageStatusTests {
    @Test func statusNamesAreTheJSONWords() {
        #expect(PageStatus.allCases.map(\.rawValue) == ["identical", "changed", "added", "removed", "moved"])
    }
}
