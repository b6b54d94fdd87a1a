import Testing
@testable import FolioPager

@Suite struct KeyTests {
    @Test func keysAreDistinctValues() {
        #expect(Key.character("q") != Key.character("Q"))
        #expect(Set([Key.up, .down, .up]).count == 2)
    }
}
