import FolioFuzz
import Foundation
import Testing

/// Inputs the fuzzer (or a hunt beside it) found to crash or hang Folio, replayed through the
/// same entry libFuzzer uses, each with what a fixed Folio answers.
/// Fixtures: `Fixtures/fuzz/<target>-<case>`.
@Suite struct FuzzFindingTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz")

    static func run(_ name: String) throws -> String {
        let target = try #require(FuzzTarget(rawValue: String(name.prefix { $0 != "-" })))
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        return target.run([UInt8](data))
    }

    /// The leading figures of an outcome such as "12 pages, 40 characters shown, 0 warnings".
    static func figures(_ outcome: String) -> [Int] {
        outcome.split(separator: ",").compactMap { Int($0.split(separator: " ").first ?? "") }
    }

    /// A line, box or inline taller than 10^300 px was cut at every page's height, one page at a
    /// time: 10^297 pages, an endless loop eating memory. Now it takes at most 1000 pages and
    /// the chapter goes on to its next paragraph.
    @Test(arguments: ["chapter-line-height-1e300.xhtml", "chapter-padding-1e300px.xhtml", "chapter-vertical-align-1e308-percent.xhtml"])
    func anAbsurdlyTallUnitTakesBoundedPagesAndTheChapterGoesOn(fixture: String) throws {
        let outcome = try Self.run(fixture)
        let figures = Self.figures(outcome)
        try #require(figures.count == 3, "\(outcome)")
        #expect((2...1002).contains(figures[0]), "pages: \(outcome)")
        // A page of the cut unit holds the text it draws (not the unit's on every page): the
        // unit's "x" and the next paragraph are shown.
        #expect(figures[1] >= "x".count + "after".count, "characters: \(outcome)")
    }

    /// An SVG whose height is 0 (its width misspelt) has a 0 × 0 intrinsic size: the image
    /// target asked for sizes above zero and stopped. Zero is a real size, drawn as nothing; it
    /// is probed as such and decoding refuses an empty bitmap without trapping.
    @Test func anSVGOfHeightZeroIsProbedAsZeroByZero() throws {
        let outcome = try Self.run("image-svg-height-zero.svg")
        #expect(outcome.hasSuffix("probed svg 0.0×0.0"), "\(outcome)")
    }

    /// Twenty-six unclosed `<iframe>`s nest, each an inline-block taller than the page: every
    /// level laid its content out to measure it, for its min-content width, for real, and then
    /// once more as a block because it was too tall, so the innermost text was set some 4^26
    /// times and the chapter never finished (the fuzzer's 60 s timeout; 5 minutes were not
    /// enough either). Now a box's measurements are made once per width, boxes nested more
    /// than three deep take the width they are given, and a too-tall inline-block inside
    /// another shrink-to-fit box keeps the layout it has.
    @Test func nestedShrinkToFitBoxesAreLaidOutAFewTimesNotExponentiallyMany() throws {
        let outcome = try Self.run("chapter-nested-iframes.xhtml")
        let figures = Self.figures(outcome)
        try #require(figures.count == 3, "\(outcome)")
        #expect(figures[0] >= 1 && figures[1] > 500, "\(outcome)")
    }

    /// A play's table row, its cell made of some 600 lines by a mangled style sheet, is cut over
    /// hundreds of pages; every page held every line of the row (drawn off the page), 1.5 GB for
    /// a 7 KB chapter (the fuzzer's 2 GB limit). Each page now holds what it shows
    /// (`TallUnitPaginationTests`). Most of those lines were the play's rows laid out again and
    /// again by the stray row groups its unclosed tags make (`chapter-stray-row-group-heap`):
    /// laid out once, the chapter is some 70 pages.
    @Test func aRowCutOverHundredsOfPagesKeepsEachLineOnItsOwnPage() throws {
        let outcome = try Self.run("chapter-tall-row-many-pages.xhtml")
        let figures = Self.figures(outcome)
        try #require(figures.count == 3, "\(outcome)")
        #expect((50...100).contains(figures[0]) && figures[1] > 2_000, "\(outcome)")
    }

    /// A mangled play (8 KB) whose unclosed cells nest tables inside tables until the text
    /// column is a pixel wide: a letter a line, some thousand pages, the fuzzer's slowest input
    /// (10 s under AddressSanitizer; 2.4 s in a release build). Each item of the cut row was
    /// tried against every page it might fall on; the pages are now found by bisection. The
    /// nesting itself was mostly stray row groups laying the same rows out again inside each
    /// other (`chapter-stray-row-group-heap`): with each row laid out once, some 70 pages in
    /// 0.04 s.
    @Test func cellsNestedToAPixelWidePaginateEveryLetter() throws {
        let outcome = try Self.run("chapter-nested-cells-thousand-pages.xhtml")
        let figures = Self.figures(outcome)
        try #require(figures.count == 3, "\(outcome)")
        #expect((50...100).contains(figures[0]) && figures[1] > 2_000, "\(outcome)")
    }

    /// A mangled chapter (7 KB) whose table row is cut into many page bands: each band's text
    /// was gathered by walking every unit of the row, and each unit's band found by scanning
    /// the bands, so the row cost bands² × units (3.2 s in a release build). Units are now
    /// sorted into their bands once, bands found by bisection (0.2 s). The fuzzer's "slow unit".
    @Test func aRowCutIntoManyBandsGathersEachBandsTextOnce() throws {
        let outcome = try Self.run("chapter-row-cut-into-many-bands.xhtml")
        let figures = Self.figures(outcome)
        try #require(figures.count == 3, "\(outcome)")
        // Some 1,900 pages of a few letters each, every character kept (3,309 letters; the
        // row's lines run on from page to page as a paragraph's do, with no line break between).
        #expect(figures[0] > 1_000 && figures[1] > 3_500, "\(outcome)")
    }

    /// A mutated play whose cell held some 64,000 one-letter lines (a box laid out whole, far
    /// taller than the page) put the box's whole text in the text of each of its 2,000 pages:
    /// 132 million characters, 280 MB and 2.2 s in a release build. A page of a cut box now
    /// holds the text of the runs it draws (`TallUnitPaginationTests`). The fuzzer's "slow
    /// unit". Those lines were the play's rows laid out again and again by stray row groups
    /// (`chapter-stray-row-group-heap`): laid out once, the chapter is some 100 pages.
    @Test func aBoxCutOverThousandsOfPagesKeepsEachPagesOwnText() throws {
        let outcome = try Self.run("chapter-box-cut-over-2000-pages.xhtml")
        let figures = Self.figures(outcome)
        try #require(figures.count == 3, "\(outcome)")
        #expect((50...150).contains(figures[0]) && figures[1] > 2_000, "\(outcome)")
    }

    /// A heap of unclosed `<thead><tbody>` tags before 200 one-letter rows (the shape of the
    /// fuzzer's slowest chapter, 19,243 pages in 7 s, 182 MB, whose file was lost): the row
    /// groups nest, each level an anonymous table around its stray parts, and each inner run
    /// made the outer one forget the parts it had laid out, so the rows were laid out again at
    /// every level, 800 times over (6,170 pages, 3.7 s, 180 MB). Each row is now laid out once.
    @Test func aHeapOfStrayRowGroupsLaysEachRowOutOnce() throws {
        let outcome = try Self.run("chapter-stray-row-group-heap.xhtml")
        let figures = Self.figures(outcome)
        try #require(figures.count == 3, "\(outcome)")
        // 200 rows of "x", a line each, after the line telling the reader the chapter is
        // recovered HTML (69 characters and its newline).
        #expect(figures[1] == 400 + 70, "\(outcome)")
        #expect(figures[0] < 20, "\(outcome)")
    }
}
