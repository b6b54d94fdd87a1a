import FolioDiff
import Foundation
import Testing

/// The fixture book against copies with one edit each: exactly the expected pages and words.
@Suite struct BookEditTests {
    @Test func aChangedWordChangesOnlyItsPageAndIsQuoted() throws {
        let diff = try FixtureBooks.diff("word-changed")
        #expect(diff.rows == ["identical 1→1", "identical 2→2", "changed 3→3", "identical 4→4", "identical 5→5"])
        #expect(diff.statements == ["chapter “Two”: page 3: “stones.” → “shells.”"])
        let changed = try #require(diff.pages.first { $0.status == .changed })
        #expect((changed.difference ?? 0) > 0 && (changed.difference ?? 1) < 0.05)
    }

    @Test func aParagraphInsertedEarlyMovesLaterChaptersInsteadOfChangingThem() throws {
        let diff = try FixtureBooks.diff("paragraph-inserted")
        #expect(diff.rows == ["identical 1→1", "changed 2→2", "added -→3", "moved 3→4", "moved 4→5", "moved 5→6"])
        #expect(diff.statements == [
            "chapter “One”: 1 page longer (1 → 2 pages)",
            "chapter “One”: paragraph inserted on page 2: “At low water the causeway…”",
            "chapter “One”: paragraph “Nobody on the island kept…” moved from page 2 to page 3",
            "chapter “Two”: pages 3–4 are now pages 4–5 (same content)",
            "chapter “Three”: page 5 is now page 6 (same content)",
        ])
    }

    @Test func aSwappedImageIsNamedAsTheChange() throws {
        let diff = try FixtureBooks.diff("image-swapped")
        #expect(diff.rows == ["changed 1→1", "identical 2→2", "identical 3→3", "identical 4→4", "identical 5→5"])
        #expect(diff.statements == ["chapter “Cover”: image on page 1 changed (EPUB/cover.png)"])
    }

    @Test func aChangedHeadingColourChangesTheLookOfEveryPageWithAHeading() throws {
        let diff = try FixtureBooks.diff("css-colour-changed")
        #expect(diff.rows == ["identical 1→1", "changed 2→2", "changed 3→3", "identical 4→4", "changed 5→5"])
        #expect(diff.statements == [
            "chapter “One”: page 2 looks different with the same text",
            "chapter “Two”: page 3 looks different with the same text",
            "chapter “Three”: page 5 looks different with the same text",
        ])
    }

    @Test func aLargerFontSizeReflowsAndLengthensTheBook() throws {
        let diff = try FixtureBooks.diff("font-size-changed")
        #expect(diff.rows == ["identical 1→1", "changed 2→2", "changed 3→3", "added -→4", "changed 4→5", "changed 5→6"])
        #expect(diff.statements == [
            "chapter “One”: page 2 looks different with the same text",
            "chapter “Two”: 1 page longer (2 → 3 pages)",
            "chapter “Two”: pages 3 and 5 reflowed (same words, new page breaks)",
            "chapter “Two”: paragraph “Each spring he walked the…” moved from page 3 to page 4 (and 1 more paragraph moved)",
            "chapter “Three”: page 6 (was 5) looks different with the same text",
        ])
    }

    @Test func aRenderingDiffedAgainstItselfIsClean() throws {
        let side = try FixtureBooks.render(FixtureBooks.book)
        let diff = try SnapshotDiffer.diff(profile: "tiny", baseline: side, current: side, options: DiffOptions())
        #expect(diff.rows == ["identical 1→1", "identical 2→2", "identical 3→3", "identical 4→4", "identical 5→5"])
        #expect(diff.statements.isEmpty)
        #expect(!DiffResult(baseline: "a", current: "a", notes: [], profiles: [diff]).hasChanges)
    }

    @Test func renderingsWithOneJobAndWithTwoAreTheSame() throws {
        let one = try FixtureBooks.render(FixtureBooks.book, jobs: 1)
        let two = try FixtureBooks.render(FixtureBooks.book, jobs: 2)
        #expect(one.manifest.pages == two.manifest.pages)
        let diff = try SnapshotDiffer.diff(profile: "tiny", baseline: one, current: two, options: DiffOptions(jobs: 2))
        #expect(diff.pages.allSatisfy { $0.status == .identical && $0.difference == 0 })
    }

    @Test func aThresholdAboveAPagesPixelDifferenceLetsItPass() throws {
        // A colour changed: the same text, other pixels.
        let strict = try FixtureBooks.diff("css-colour-changed")
        let largest = strict.pages.compactMap(\.difference).max() ?? 0
        try #require(largest > 0 && strict.pages.contains { $0.status == .changed })
        let forgiving = try FixtureBooks.diff("css-colour-changed", options: DiffOptions(threshold: largest))
        #expect(forgiving.pages.allSatisfy { $0.status == .identical })
    }

    /// The threshold forgives pixels only: a page whose text changed is changed even when
    /// every pixel may differ (a word changed, a paragraph inserted and the pages after it
    /// reflowed), so a text change never passes a lenient pixel threshold.
    @Test(arguments: ["word-changed", "paragraph-inserted"])
    func aTextChangeIsAChangeWhateverTheThreshold(edit: String) throws {
        let diff = try FixtureBooks.diff(edit, options: DiffOptions(threshold: 1))
        #expect(diff.pages.contains { $0.status == .changed }, "\(diff.rows)")
        #expect(DiffResult(baseline: "a", current: "b", notes: [], profiles: [diff]).hasChanges)
    }
}
