@testable import FolioLayout
import FolioStyle
import Testing

/// A unit taller than a page is cut over pages; each page holds the items it shows, not every
/// item of the unit (a fuzzed play's table row over 614 pages held its 11,283 runs on each).
@Suite struct TallUnitPaginationTests {
    @Test func aUnitCutOverManyPagesPutsEachItemOnlyOnThePagesItShowsOn() throws {
        let page = LayoutSupport.smallPage   // a 280 px tall column
        let height = page.contentHeight * 10
        let unit = FlowUnit(top: 0, bottom: height, breakTop: 0, forcedTop: 0, breakBefore: .normal, start: 0, end: 0,
                            text: "", endsBlock: true)
        // One unit holding 100 pictures 28 px tall, one under the other.
        let placed = (0..<100).map { k in
            PlacedItem(item: .image(ImageItem(rect: Rect(x: 0, y: Double(k) * height / 100, width: 50, height: height / 100),
                                              path: "p\(k).png", alt: "")), firstUnit: 0, lastUnit: 0)
        }
        let flow = ChapterFlow(width: page.contentWidth, units: [unit], slots: placed, anchors: [:],
                               offsets: TextOffsets(tree: try LayoutSupport.styled(LayoutSupport.document("<p>x</p>")).tree),
                               background: .white)
        let pages = Paginator.pages(flow, page: page, spineIndex: 0, href: "EPUB/chapter.xhtml")
        #expect(pages.count == 10)
        for page in pages {
            let images = page.frame.items.filter { if case .image = $0 { return true } else { return false } }
            #expect(images.count <= 11, "\(images.count) pictures on one page")
            #expect(images.count >= 10)
        }
    }

    /// Items are placed by the sum of their boxes' offsets, page edges come from the units: an
    /// item that ends where a page starts, but for the last bits of a double, is not on it.
    @Test func anItemEndingWhereAPageStartsIsNotOnThatPage() throws {
        let page = LayoutSupport.smallPage
        let height = page.contentHeight * 2
        let unit = FlowUnit(top: 0, bottom: height, breakTop: 0, forcedTop: 0, breakBefore: .normal, start: 0, end: 0,
                            text: "", endsBlock: true)
        // A picture and a background in the first page, placed by offsets that add up to a
        // hair past its end; the background of the second page starts a hair before it.
        var picture = PlacedItem(item: .image(ImageItem(rect: Rect(x: 0, y: 0, width: 50, height: 100), path: "a.png", alt: "")),
                                 firstUnit: 0, lastUnit: 0)
        picture.move(dx: 0, dy: page.contentHeight - 100 + 1e-10)
        var fill = PlacedItem(item: .fill(Rect(x: 0, y: 0, width: 50, height: 100), .black), firstUnit: 0, lastUnit: 0)
        fill.move(dx: 0, dy: page.contentHeight - 1e-10)
        let flow = ChapterFlow(width: page.contentWidth, units: [unit], slots: [picture, fill], anchors: [:],
                               offsets: TextOffsets(tree: try LayoutSupport.styled(LayoutSupport.document("<p>x</p>")).tree),
                               background: .white)
        let pages = Paginator.pages(flow, page: page, spineIndex: 0, href: "EPUB/chapter.xhtml")
        try #require(pages.count == 2)
        func kinds(_ page: Page) -> [String] {
            page.frame.items.compactMap { item in
                switch item {
                case .image: "image"
                case .fill(_, let color) where color == .black: "fill"
                default: nil
                }
            }
        }
        #expect(kinds(pages[0]) == ["image"])
        #expect(kinds(pages[1]) == ["fill"])
    }

    /// A table row taller than the page is cut into bands, a unit each: each page's text is the
    /// text it shows, cells apart by a tab, not the whole row's.
    @Test func aRowCutOverPagesGivesEachPageOnlyTheTextItShows() throws {
        let cell = (1...60).map { "<p>Verse \($0) of the row.</p>" }.joined()
        let pages = try LayoutSupport.pages("<table><tr><td>Speaker</td><td>\(cell)</td></tr></table>")
        #expect(pages.count >= 3)
        var seen: [Int: Int] = [:]
        for page in pages {
            for verse in 1...60 where page.text.contains("Verse \(verse) of") { seen[verse, default: 0] += 1 }
            #expect(page.text.count < 600, "page \(page.indexInChapter + 1) holds \(page.text.count) characters")
        }
        // Every verse on exactly one page, in order.
        #expect((1...60).allSatisfy { seen[$0] == 1 }, "\(seen.filter { $0.value != 1 })")
        #expect(pages[0].text.hasPrefix("Speaker\tVerse 1 of the row."))
    }

    /// A box taller than the page laid out whole (here an inline-block of many lines) is one
    /// unit cut over pages: a page's text is the runs it draws, not the unit's whole text on
    /// every page (a fuzzed box over 2,000 pages held its 64,000 characters on each).
    @Test func aBoxCutOverPagesGivesEachPageOnlyTheTextItDraws() throws {
        let lines = (1...60).map { "Line \($0) of the box." }.joined(separator: "<br/>")
        let pages = try LayoutSupport.pages("<p><span style=\"display: inline-block\">\(lines)</span></p><p>After.</p>")
        #expect(pages.count >= 3)
        var seen: [Int: Int] = [:]
        for page in pages {
            for line in 1...60 where page.text.contains("Line \(line) of") { seen[line, default: 0] += 1 }
            #expect(page.text.count < 600, "page \(page.indexInChapter + 1) holds \(page.text.count) characters")
        }
        #expect((1...60).allSatisfy { seen[$0] == 1 }, "\(seen.filter { $0.value != 1 })")
        #expect(pages[0].text.hasPrefix("Line 1 of the box."))
        #expect(pages.last?.text.hasSuffix("After.\n") == true)
    }
}
