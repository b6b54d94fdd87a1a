import Testing
@testable import FolioDiff

@Suite struct SequenceAlignmentTests {
    /// Checks that `pairs` is a common subsequence: increasing and matching elements.
    static func isCommon(_ pairs: [(Int, Int)], _ a: [Character], _ b: [Character]) -> Bool {
        zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 } && pairs.allSatisfy { a[$0.0] == b[$0.1] }
    }

    @Test func findsALongestCommonSubsequence() {
        let a = Array("ABCABBA"), b = Array("CBABAC")
        let pairs = SequenceAlignment.matches(a, b)
        #expect(pairs.count == 4)  // Myers' own example: CABA, BABA …
        #expect(Self.isCommon(pairs, a, b))
    }

    @Test func keepsTheCommonPrefixAndSuffixAroundAnInsertion() {
        let a = Array("abcdef"), b = Array("abcXYdef")
        let pairs = SequenceAlignment.matches(a, b)
        #expect(pairs.map(\.0) == [0, 1, 2, 3, 4, 5])
        #expect(pairs.map(\.1) == [0, 1, 2, 5, 6, 7])
    }

    @Test func matchesNothingBetweenDisjointSequencesOrWithAnEmptyOne() {
        #expect(SequenceAlignment.matches(Array("abc"), Array("xyz")).isEmpty)
        #expect(SequenceAlignment.matches(Array("abc"), [Character]()).isEmpty)
    }

    @Test func pastTheEditLimitTheMiddleIsLeftUnmatched() {
        let a = Array("a123456789z"), b = Array("a987654321z")
        #expect(SequenceAlignment.matches(a, b).count > 2)
        let capped = SequenceAlignment.matches(a, b, maxEdits: 3)
        #expect(capped.map(\.0) == [0, 10])
    }
}
