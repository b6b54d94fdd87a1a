/// A chapter's pages on one side: a run of consecutive pages of one spine item.
struct ChapterRun {
    /// What chapters are matched on: the href, with `#2`, `#3` … for a spine item shown again.
    var key: String
    var href: String
    var pages: [SnapshotPage]

    /// The runs of a rendering's pages, in reading order.
    static func runs(_ pages: [SnapshotPage]) -> [ChapterRun] {
        var out: [ChapterRun] = []
        var seen: [String: Int] = [:]
        for page in pages {
            if let last = out.last, last.href == page.href {
                out[out.count - 1].pages.append(page)
                continue
            }
            seen[page.href, default: 0] += 1
            let n = seen[page.href]!
            out.append(ChapterRun(key: n == 1 ? page.href : "\(page.href)#\(n)", href: page.href, pages: [page]))
        }
        return out
    }

    /// Both sides' chapters in one reading order: the current order, with chapters only the
    /// baseline has placed where the baseline had them.
    static func combined(_ baseline: [ChapterRun], _ current: [ChapterRun]) -> [(ChapterRun?, ChapterRun?)] {
        let byKey = Dictionary(baseline.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let currentKeys = Set(current.map(\.key))
        var out: [(ChapterRun?, ChapterRun?)] = []
        var next = 0
        func flushRemoved(upTo key: String?) {
            while next < baseline.count, baseline[next].key != key {
                if !currentKeys.contains(baseline[next].key) { out.append((baseline[next], nil)) }
                next += 1
            }
        }
        for chapter in current {
            guard let match = byKey[chapter.key] else {
                out.append((nil, chapter))
                continue
            }
            // Chapters the current order moved back are not waited for.
            if baseline[next...].contains(where: { $0.key == chapter.key }) {
                flushRemoved(upTo: chapter.key)
                next += 1
            }
            out.append((match, chapter))
        }
        flushRemoved(upTo: nil)
        return out
    }

    /// How each chapter is named in the summary: `chapter “II. Spring”` when that title
    /// (of its first table-of-contents entry) is the chapter's alone, else its href.
    static func labels(_ chapters: [(ChapterRun?, ChapterRun?)]) -> [String] {
        let titles = chapters.map { ($0.1 ?? $0.0)?.pages.first?.chapterTitle }
        var uses: [String: Int] = [:]
        for title in titles.compactMap({ $0 }) { uses[title, default: 0] += 1 }
        return zip(chapters, titles).map { chapter, title in
            if let title, uses[title] == 1, !title.isEmpty { return "chapter “\(title)”" }
            return (chapter.1 ?? chapter.0)?.href ?? ""
        }
    }
}
