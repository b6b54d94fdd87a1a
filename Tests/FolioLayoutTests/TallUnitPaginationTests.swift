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
        let flow = ChapterFlow(width: page.contentWidth, units: [unit], placed: placed, anchors: [:],
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
}
