@testable import FolioDiff
import Foundation
import Testing

/// `folio diff --update` chapter by chapter: what changed takes the current pages, the rest
/// keeps the baseline's, numbered again in reading order.
@Suite struct BaselineMergeTests {
    @Test func changedChaptersTakeTheCurrentPagesAndTheOthersKeepTheirs() throws {
        let copy = try FixtureBooks.edited("paragraph-inserted")
        defer { try? FileManager.default.removeItem(at: copy) }
        let baseline = try FixtureBooks.render(FixtureBooks.book), current = try FixtureBooks.render(copy)
        let diff = try SnapshotDiffer.diff(profile: "tiny", baseline: baseline, current: current, options: DiffOptions())
        let merge = BaselineMerge(diff, baseline: baseline.manifest, current: current.manifest)
        let changed = diff.chapters.filter { $0.pages.contains(where: \.isUnexpectedChange) }.map(\.href)
        #expect(merge.accepted == changed)
        #expect(merge.accepted.contains("EPUB/one.xhtml") && !merge.accepted.contains("EPUB/cover.xhtml"))
        #expect(merge.pages.map(\.record.number) == Array(1...merge.pages.count))
        #expect(merge.pages.map(\.record.file) == merge.pages.map { SnapshotPage.fileName($0.record.number) })
        // Every page now is one of the current pages, with the current text, in the current order.
        #expect(merge.pages.map(\.record.text) == current.manifest.pages.map(\.text))
        for page in merge.pages {
            #expect(page.fromCurrent == changed.contains(page.record.href))
            #expect(page.fromCurrent || baseline.manifest.pages.contains(page.source))
        }
    }

    @Test func aChapterWhoseChangeIsExpectedKeepsTheBaselinePages() throws {
        let copy = try FixtureBooks.edited("word-changed")
        defer { try? FileManager.default.removeItem(at: copy) }
        let baseline = try FixtureBooks.render(FixtureBooks.book), current = try FixtureBooks.render(copy)
        var result = DiffResult(baseline: "b", current: "c", notes: [],
                                profiles: [try SnapshotDiffer.diff(profile: "tiny", baseline: baseline, current: current, options: DiffOptions())])
        _ = Triage(entries: [.init(book: nil, profile: nil, chapter: "EPUB/two.xhtml", text: nil, reason: "known", expires: nil)])
            .apply(to: &result, book: "c", today: "2026-11-29")
        let merge = BaselineMerge(result.profiles[0], baseline: baseline.manifest, current: current.manifest)
        #expect(merge.accepted.isEmpty)
        #expect(merge.pages.map(\.source) == baseline.manifest.pages)
    }
}
