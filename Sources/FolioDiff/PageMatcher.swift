/// Pairs a chapter's baseline pages with its current pages by content, not by number.
///
/// 1. Pages with the same text are paired first (a diff of the pages' texts), so untouched
///    pages pair with themselves wherever they moved.
/// 2. Between those anchors, pages pair by the words they share through the chapter's text
///    alignment: the heaviest chain of pairs in reading order, so a page reflowed after an
///    insertion pairs with the page that held most of its words.
/// 3. Pages left without text on both sides (images) pair in order.
///
/// What stays unpaired was added or removed.
enum PageMatcher {
    /// Index pairs into `baseline` and `current`, increasing in both. `wordPairs` gives, when
    /// asked, how many aligned words each (baseline page, current page) pair shares.
    static func pairs(baseline: [String], current: [String], wordPairs: () -> [PagePair: Int]) -> [(Int, Int)] {
        let anchors = SequenceAlignment.matches(baseline, current)
        guard anchors.count < min(baseline.count, current.count) else { return anchors }
        let weights = wordPairs()
        var out: [(Int, Int)] = []
        var b = 0, c = 0
        for (nextB, nextC) in anchors + [(baseline.count, current.count)] {
            if b < nextB && c < nextC {
                var inner: [(Int, Int)] = []
                let chain = heaviestChain(b..<nextB, c..<nextC, weights)
                var sb = b, sc = c
                for (pb, pc) in chain + [(nextB, nextC)] {
                    inner += emptyPages(baseline, sb..<pb, current, sc..<pc)
                    if pb < nextB { inner.append((pb, pc)) }
                    sb = pb + 1
                    sc = pc + 1
                }
                out += inner
            }
            if nextB < baseline.count { out.append((nextB, nextC)) }
            b = nextB + 1
            c = nextC + 1
        }
        return out
    }

    /// Pages with no text on both sides, paired in order.
    private static func emptyPages(_ baseline: [String], _ bs: Range<Int>, _ current: [String], _ cs: Range<Int>) -> [(Int, Int)] {
        let emptyB = bs.filter { baseline[$0].allSatisfy(\.isWhitespace) }
        let emptyC = cs.filter { current[$0].allSatisfy(\.isWhitespace) }
        return Array(zip(emptyB, emptyC))
    }

    /// The increasing pairs within the ranges with the most shared words: each weighted pair in
    /// order of baseline page, extending the best chain that ends at an earlier current page
    /// (a Fenwick tree of prefix maxima over current pages), O(pairs × log pages).
    static func heaviestChain(_ bs: Range<Int>, _ cs: Range<Int>, _ weights: [PagePair: Int]) -> [(Int, Int)] {
        let entries = weights.filter { bs.contains($0.key.baseline) && cs.contains($0.key.current) && $0.value > 0 }
            .map { (b: $0.key.baseline, c: $0.key.current, w: $0.value) }
            // Same baseline page: later current pages first, so that they cannot chain onto each other.
            .sorted { ($0.b, -$0.c) < ($1.b, -$1.c) }
        guard !entries.isEmpty else { return [] }
        var tree = [(score: Int, entry: Int)](repeating: (0, -1), count: cs.count + 1)
        var previous = [Int](repeating: -1, count: entries.count)
        var score = [Int](repeating: 0, count: entries.count)
        for (k, entry) in entries.enumerated() {
            // Best chain over current pages before entry.c.
            var best = (score: 0, entry: -1)
            var i = entry.c - cs.lowerBound
            while i > 0 {
                if tree[i].score > best.score { best = tree[i] }
                i -= i & -i
            }
            score[k] = best.score + entry.w
            previous[k] = best.entry
            i = entry.c - cs.lowerBound + 1
            while i <= cs.count {
                if score[k] > tree[i].score { tree[i] = (score[k], k) }
                i += i & -i
            }
        }
        var k = score.indices.max { score[$0] < score[$1] } ?? -1
        var chain: [(Int, Int)] = []
        while k >= 0 {
            chain.append((entries[k].b, entries[k].c))
            k = previous[k]
        }
        return chain.reversed()
    }
}

/// A baseline page and a current page of one chapter (indices in the chapter).
struct PagePair: Hashable {
    var baseline: Int
    var current: Int
}
