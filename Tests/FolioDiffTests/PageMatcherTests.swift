import Testing
@testable import FolioDiff

@Suite struct PageMatcherTests {
    @Test func pagesWithTheSameTextPairWhereverTheyAre() {
        let pairs = PageMatcher.pairs(baseline: ["a", "b", "c"], current: ["new", "a", "b", "c"]) { [:] }
        #expect(pairs.map { [$0.0, $0.1] } == [[0, 1], [1, 2], [2, 3]])
    }

    @Test func reflowedPagesPairByTheWordsTheyShare() {
        // Baseline page 0 shares 5 words with current 0 and 3 with current 1; page 1 shares 6 with current 2.
        let weights: [PagePair: Int] = [PagePair(baseline: 0, current: 0): 5, PagePair(baseline: 0, current: 1): 3,
                                        PagePair(baseline: 1, current: 1): 2, PagePair(baseline: 1, current: 2): 6]
        let pairs = PageMatcher.pairs(baseline: ["x", "y"], current: ["p", "q", "r"]) { weights }
        #expect(pairs.map { [$0.0, $0.1] } == [[0, 0], [1, 2]])
    }

    @Test func theHeaviestChainStaysInReadingOrder() {
        // The crossing pair (1, 0) is heavy but cannot follow (0, 1).
        let weights: [PagePair: Int] = [PagePair(baseline: 0, current: 1): 4, PagePair(baseline: 1, current: 0): 5,
                                        PagePair(baseline: 1, current: 2): 4]
        let chain = PageMatcher.heaviestChain(0..<2, 0..<3, weights)
        #expect(chain.map { [$0.0, $0.1] } == [[0, 1], [1, 2]])
    }

    @Test func pagesWithoutTextPairInOrder() {
        let pairs = PageMatcher.pairs(baseline: ["", "text"], current: ["", "other"]) { [:] }
        #expect(pairs.map { [$0.0, $0.1] } == [[0, 0]])
    }
}
