import Testing
@testable import FolioDiff

@Suite struct ChapterRunTests {
    static func pages(_ hrefs: [String]) -> [SnapshotPage] {
        hrefs.enumerated().map { k, href in
            SnapshotPage(number: k + 1, file: SnapshotPage.fileName(k + 1), spineIndex: 0, href: href, start: 0, end: 0,
                         title: nil, text: "", sha256: "", width: 1, height: 1)
        }
    }

    @Test func pagesGroupIntoChaptersAndARepeatedSpineItemIsItsOwnChapter() {
        let runs = ChapterRun.runs(Self.pages(["a", "a", "b", "a"]))
        #expect(runs.map(\.key) == ["a", "b", "a#2"])
        #expect(runs.map(\.pages.count) == [2, 1, 1])
    }

    @Test func removedChaptersKeepTheirPlaceAmongTheCurrentOnes() {
        let baseline = ChapterRun.runs(Self.pages(["a", "b", "c"])), current = ChapterRun.runs(Self.pages(["a", "c", "d"]))
        let combined = ChapterRun.combined(baseline, current)
        #expect(combined.map { ($0.0?.key ?? "-") + "/" + ($0.1?.key ?? "-") } == ["a/a", "b/-", "c/c", "-/d"])
    }

    @Test func aFileNameHasFourDigitsAtLeast() {
        #expect(SnapshotPage.fileName(7) == "page-0007.png")
        #expect(SnapshotPage.fileName(12345) == "page-12345.png")
    }
}
