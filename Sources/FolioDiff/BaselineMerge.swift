/// What `folio diff --update` writes into one profile of the baseline snapshot: chapter by
/// chapter, the current pages of each chapter with a change no triage entry expects, the
/// baseline's pages of every other chapter (identical ones, and those whose changes are
/// expected stay as the baseline had them), numbered again in reading order.
public struct BaselineMerge {
    /// One page of the new baseline: its record (renumbered) and where its PNG comes from.
    public struct Page {
        public var record: SnapshotPage
        /// The record on its own side, whose PNG the new file copies.
        public var source: SnapshotPage
        public var fromCurrent: Bool
    }

    public let pages: [Page]
    /// The chapters (hrefs) that take the current pages, in reading order.
    public let accepted: [String]

    public init(_ diff: ProfileDiff, baseline: SnapshotManifest, current: SnapshotManifest) {
        let changed = Set(diff.chapters.filter { $0.pages.contains(where: \.isUnexpectedChange) }.map(\.href))
        let baselineChapters = Self.chapters(baseline.pages), currentChapters = Self.chapters(current.pages)
        var order = currentChapters.map(\.href)
        // A chapter the current rendering lacks stays only when its removal is expected: after
        // the chapter it followed in the baseline.
        for (k, chapter) in baselineChapters.enumerated() where !order.contains(chapter.href) && !changed.contains(chapter.href) {
            let at = k > 0 ? order.firstIndex(of: baselineChapters[k - 1].href).map { $0 + 1 } : 0
            order.insert(chapter.href, at: at ?? order.count)
        }
        var pages: [Page] = []
        var accepted: [String] = []
        for href in order {
            let kept = changed.contains(href) ? nil : baselineChapters.first { $0.href == href }
            let fromCurrent = kept == nil
            if fromCurrent { accepted.append(href) }
            for source in kept?.pages ?? currentChapters.first(where: { $0.href == href })?.pages ?? [] {
                var record = source
                record.number = pages.count + 1
                record.file = SnapshotPage.fileName(record.number)
                pages.append(Page(record: record, source: source, fromCurrent: fromCurrent))
            }
        }
        self.pages = pages
        self.accepted = accepted.filter(changed.contains)
    }

    /// Pages grouped by chapter, in reading order.
    private static func chapters(_ pages: [SnapshotPage]) -> [(href: String, pages: [SnapshotPage])] {
        var out: [(href: String, pages: [SnapshotPage])] = []
        for page in pages {
            if let last = out.indices.last, out[last].href == page.href {
                out[last].pages.append(page)
            } else {
                out.append((page.href, [page]))
            }
        }
        return out
    }
}
