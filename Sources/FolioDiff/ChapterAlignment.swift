/// How one chapter's text became another's: paragraphs kept, inserted, deleted or reworded,
/// and which words correspond (what pages are matched on).
///
/// Paragraphs are aligned first (a diff of whole paragraphs, as `diff` aligns lines), then
/// the words of paragraphs that were reworded, so the cost follows the size of the change.
struct ChapterAlignment {
    /// Words present in both texts at corresponding places: (baseline index, current index).
    var wordMatches: [(Int, Int)] = []
    /// Paragraphs present unchanged in both: (baseline index, current index).
    var keptParagraphs: [(Int, Int)] = []
    /// The changes to the text, in reading order.
    var edits: [TextEdit] = []

    /// Paragraphs sharing at least this share of their words count as one paragraph reworded.
    static let rewordedSimilarity = 0.5

    init(_ baseline: ChapterText, _ current: ChapterText) {
        let kept = SequenceAlignment.matches(baseline.paragraphs.map(\.text), current.paragraphs.map(\.text))
        var b = 0, c = 0
        for (nextB, nextC) in kept + [(baseline.paragraphs.count, current.paragraphs.count)] {
            alignGap(baseline, b..<nextB, current, c..<nextC)
            if nextB < baseline.paragraphs.count {
                keptParagraphs.append((nextB, nextC))
                wordMatches += zip(baseline.paragraphs[nextB].words, current.paragraphs[nextC].words).map { ($0, $1) }
            }
            b = nextB + 1
            c = nextC + 1
        }
    }

    /// Paragraphs between two kept ones: similar ones are pairs reworded, the rest inserted or deleted.
    private mutating func alignGap(_ baseline: ChapterText, _ bs: Range<Int>, _ current: ChapterText, _ cs: Range<Int>) {
        let pairs = Self.similarPairs(baseline, bs, current, cs)
        var b = bs.lowerBound, c = cs.lowerBound
        for (pb, pc) in pairs + [(bs.upperBound, cs.upperBound)] {
            if b < pb { edits.append(.deleted(baseline: b..<pb)) }
            if c < pc { edits.append(.inserted(current: c..<pc)) }
            if pb < bs.upperBound { reworded(baseline, pb, current, pc) }
            b = pb + 1
            c = pc + 1
        }
    }

    private mutating func reworded(_ baseline: ChapterText, _ b: Int, _ current: ChapterText, _ c: Int) {
        let old = baseline.paragraphs[b].words, new = current.paragraphs[c].words
        let matches = SequenceAlignment.matches(Array(baseline.words[old]), Array(current.words[new]))
        var changes: [WordChange] = []
        var i = 0, j = 0
        for (mi, mj) in matches + [(old.count, new.count)] {
            if i < mi || j < mj {
                changes.append(WordChange(old: old.lowerBound + i..<old.lowerBound + mi, new: new.lowerBound + j..<new.lowerBound + mj))
            }
            if mi < old.count { wordMatches.append((old.lowerBound + mi, new.lowerBound + mj)) }
            i = mi + 1
            j = mj + 1
        }
        edits.append(.reworded(baseline: b, current: c, changes: changes))
    }

    /// The most pairs of similar paragraphs, in order (a small dynamic programme: gaps are
    /// short unless the chapter was rewritten, and then nothing is paired).
    private static func similarPairs(_ baseline: ChapterText, _ bs: Range<Int>, _ current: ChapterText, _ cs: Range<Int>) -> [(Int, Int)] {
        guard !bs.isEmpty, !cs.isEmpty, bs.count * cs.count <= 40_000 else { return [] }
        let n = bs.count, m = cs.count
        var best = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        var similar = [[Bool]](repeating: [Bool](repeating: false, count: m), count: n)
        for i in 0..<n {
            for j in 0..<m {
                similar[i][j] = similarity(baseline, bs.lowerBound + i, current, cs.lowerBound + j) >= rewordedSimilarity
            }
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                best[i][j] = max(best[i + 1][j], best[i][j + 1], similar[i][j] ? best[i + 1][j + 1] + 1 : 0)
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0, j = 0
        while i < n, j < m {
            if similar[i][j] && best[i][j] == best[i + 1][j + 1] + 1 {
                pairs.append((bs.lowerBound + i, cs.lowerBound + j))
                i += 1
                j += 1
            } else if best[i + 1][j] >= best[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }

    /// Shared words over the longer paragraph's word count (as multisets).
    private static func similarity(_ baseline: ChapterText, _ b: Int, _ current: ChapterText, _ c: Int) -> Double {
        let old = baseline.paragraphs[b].words, new = current.paragraphs[c].words
        var counts: [String: Int] = [:]
        for word in baseline.words[old] { counts[word, default: 0] += 1 }
        var shared = 0
        for word in current.words[new] where counts[word, default: 0] > 0 {
            counts[word]! -= 1
            shared += 1
        }
        return Double(shared) / Double(max(old.count, new.count, 1))
    }
}

/// A change to a chapter's text.
enum TextEdit {
    /// Paragraphs only in the current text (indices of its paragraphs).
    case inserted(current: Range<Int>)
    /// Paragraphs only in the baseline.
    case deleted(baseline: Range<Int>)
    /// One paragraph with some words changed.
    case reworded(baseline: Int, current: Int, changes: [WordChange])
}

/// Baseline words replaced by current ones (either range may be empty).
struct WordChange {
    var old: Range<Int>
    var new: Range<Int>
}
