/// One chapter on its way through a diff: its pages paired, the pixel outcomes as they come
/// in, then the chapter's `ChapterDiff`.
struct ChapterWork {
    enum Side { case baseline, current }

    /// What comparing (or imaging) one page gave.
    struct Outcome {
        var difference: PixelDifference?
        var images: ReportImages?
    }

    let order: Int
    let label: String
    let baseline: [SnapshotPage]
    let current: [SnapshotPage]
    /// Matched pages: indices into `baseline` and `current`.
    let pairs: [(Int, Int)]
    /// Pages on one side only, in reading order.
    let unpaired: [(side: Side, page: SnapshotPage)]
    /// Per pair, then per unpaired page.
    var outcomes: [Outcome]
    /// The chapter's texts and how they align; nil when every page's text is unchanged.
    let text: TextComparison?

    struct TextComparison {
        var baseline: ChapterText
        var current: ChapterText
        var alignment: ChapterAlignment
    }

    init(order: Int, label: String, baseline: [SnapshotPage], current: [SnapshotPage]) {
        self.order = order
        self.label = label
        self.baseline = baseline
        self.current = current
        let baselineTexts = baseline.map(\.text), currentTexts = current.map(\.text)
        if !baseline.isEmpty, !current.isEmpty, baselineTexts != currentTexts {
            let b = ChapterText(pages: baselineTexts), c = ChapterText(pages: currentTexts)
            text = TextComparison(baseline: b, current: c, alignment: ChapterAlignment(b, c))
        } else {
            text = nil
        }
        let text = self.text
        pairs = PageMatcher.pairs(baseline: baselineTexts, current: currentTexts) {
            var weights: [PagePair: Int] = [:]
            guard let text else { return weights }
            for (b, c) in text.alignment.wordMatches {
                weights[PagePair(baseline: text.baseline.wordPages[b], current: text.current.wordPages[c]), default: 0] += 1
            }
            return weights
        }
        var unpaired: [(Side, SnapshotPage)] = []
        var b = 0, c = 0
        for (nextB, nextC) in pairs + [(baseline.count, current.count)] {
            unpaired += baseline[b..<nextB].map { (.baseline, $0) } + current[c..<nextC].map { (.current, $0) }
            b = nextB + 1
            c = nextC + 1
        }
        self.unpaired = unpaired
        outcomes = Array(repeating: Outcome(), count: pairs.count + unpaired.count)
    }

    /// The chapter's pages classified and summarised: pixel differences up to `threshold` count
    /// as none, but a page whose text changed is changed whatever the threshold.
    func result(threshold: Double) -> ChapterDiff {
        var rows: [PageDiff] = []
        var statuses: [PageStatus] = []
        var nextUnpaired = 0
        func emitUnpaired(before pair: (Int, Int)?) {
            while nextUnpaired < unpaired.count {
                let (side, page) = unpaired[nextUnpaired]
                if let pair, page.number >= (side == .baseline ? baseline[pair.0].number : current[pair.1].number) { return }
                let images = outcomes[pairs.count + nextUnpaired].images
                rows.append(side == .baseline
                    ? PageDiff(status: .removed, baseline: page.number, current: nil, href: page.href, difference: nil, images: images)
                    : PageDiff(status: .added, baseline: nil, current: page.number, href: page.href, difference: nil, images: images))
                nextUnpaired += 1
            }
        }
        for (slot, pair) in pairs.enumerated() {
            emitUnpaired(before: pair)
            let b = baseline[pair.0], c = current[pair.1]
            let outcome = outcomes[slot]
            let moved = b.number != c.number
            var row = PageDiff(status: moved ? .moved : .identical, baseline: b.number, current: c.number, href: c.href, difference: 0)
            let textChanged = b.text != c.text
            if b.sha256 != c.sha256 || b.sha256.isEmpty || textChanged {
                if let difference = outcome.difference {
                    // Ten decimals: enough for one pixel of the largest page, and they survive a JSON round trip.
                    row.difference = (difference.fraction * 1e10).rounded() / 1e10
                    row.box = difference.box
                    if textChanged || (difference.differing > 0 && difference.fraction > threshold) { row.status = .changed }
                } else {
                    row.status = .changed
                    row.difference = nil
                }
                row.images = outcome.images
            }
            rows.append(row)
            statuses.append(row.status)
        }
        emitUnpaired(before: nil)
        let summary = ChapterSummary(work: self, statuses: statuses, boxes: rows.filter { $0.baseline != nil && $0.current != nil }.map(\.box))
        return ChapterDiff(href: (current.first ?? baseline.first)?.href ?? "", title: (current.first ?? baseline.first)?.chapterTitle,
                           label: label, order: order, baselinePages: baseline.count, currentPages: current.count,
                           statements: summary.statements(), pages: rows,
                           textChanges: text.map { ChangedParagraph.list($0.baseline, $0.current, $0.alignment) } ?? [])
    }
}
