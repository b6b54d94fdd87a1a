@testable import FolioLayout
import FolioStyle
import Testing

@Suite struct PaginationTests {
    /// 280 px of column at 20 px lines: 14 lines a page.
    static let linesPerPage = 14

    static func paragraph(_ words: Int, from first: Int = 1, style: String = "") -> String {
        "<p style='margin:0; \(style)'>\(LayoutSupport.filler(words, from: first))</p>"
    }

    @Test func contentFillsPagesAndLosesNoWords() throws {
        let body = (0..<10).map { Self.paragraph(40, from: $0 * 40 + 1) }.joined()
        let pages = try LayoutSupport.pages(body)
        #expect(pages.count > 1)
        let words = LayoutSupport.words(pages.map(\.text).joined(separator: "\n"))
        #expect(words == LayoutSupport.words(LayoutSupport.filler(400)))
        for page in pages {
            for case .text(let origin, let run) in page.frame.items {
                #expect(origin.y + run.baseline <= LayoutSupport.smallPage.height - LayoutSupport.smallPage.margins.bottom + 0.01)
                #expect(origin.x + run.x + run.width <= LayoutSupport.smallPage.width - LayoutSupport.smallPage.margins.right + 0.01)
            }
        }
    }

    @Test func emptyBlocksAtTheChaptersEndStartNoPage() throws {
        // 14 lines fill the page; empty paragraphs and white space after them make no page of
        // their own, but text, an image or a background after them does.
        let full = (0..<Self.linesPerPage).map { "<p style='margin:0'>line\($0)</p>" }.joined()
        let blank = "<p style='margin:0'></p><p style='margin:0'>&#160;</p><div style='height:40px'></div>"
        #expect(try LayoutSupport.pages(full + blank).count == 1)
        let late = try LayoutSupport.pages(full + blank + "<p style='margin:0'>last</p>" + blank)
        #expect(late.count == 2)
        #expect(late[1].text.contains("last"))
        let shaded = try LayoutSupport.pages(full + blank + "<div style='height:20px; background:#ccc'></div>")
        #expect(shaded.count == 2)
    }

    @Test func aForcedBreakStartsANewPage() throws {
        let pages = try LayoutSupport.pages(Self.paragraph(3) + "<h2 style='break-before:page; margin:0'>Next</h2>" + Self.paragraph(3, from: 10))
        #expect(pages.count == 2)
        #expect(pages[1].text.hasPrefix("Next"))
    }

    @Test func theLegacyPageBreakPropertyAlsoForcesABreak() throws {
        let pages = try LayoutSupport.pages(Self.paragraph(3) + "<div style='page-break-before:always'>Next</div>")
        #expect(pages.count == 2)
    }

    @Test func widowsKeepTwoLinesTogetherOnTheNextPage() throws {
        // 11 lines, then a paragraph of 4 lines: its last line would be a widow alone on page 2,
        // so its third line goes with it.
        let filler = (0..<11).map { "<p style='margin:0'>line\($0)</p>" }.joined()
        var words = 10
        var lines: [String] = []
        while lines.count != 4 {
            words += 1
            lines = try LayoutSupport.flow(Self.paragraph(words, from: 1000)).units.map(\.text)
            try #require(lines.count <= 4)
        }
        let pages = try LayoutSupport.pages(filler + Self.paragraph(words, from: 1000))
        #expect(pages[1].text.hasPrefix(lines[2]))
    }

    @Test func orphansKeepTheFirstTwoLinesTogether() throws {
        // 13 lines fill all but one line: a long paragraph's first line alone would be an orphan.
        let filler = (0..<13).map { "<p style='margin:0'>line\($0)</p>" }.joined()
        let pages = try LayoutSupport.pages(filler + Self.paragraph(200, from: 1000))
        #expect(pages[1].text.hasPrefix("word1000"))
    }

    @Test func orphansAndWidowsCanBeSetToOne() throws {
        let filler = (0..<13).map { "<p style='margin:0'>line\($0)</p>" }.joined()
        let pages = try LayoutSupport.pages(filler + Self.paragraph(200, from: 1000, style: "orphans:1; widows:1"))
        #expect(pages[0].text.contains("word1000"))
    }

    @Test func aHeadingIsNotLeftAloneAtTheBottomOfAPage() throws {
        let filler = (0..<13).map { "<p style='margin:0'>line\($0)</p>" }.joined()
        let pages = try LayoutSupport.pages(filler + "<h2 style='margin:0; font-size:16px'>Heading</h2>" + Self.paragraph(200, from: 1000))
        #expect(pages[1].text.hasPrefix("Heading"))
    }

    @Test func breakInsideAvoidMovesABlockWhole() throws {
        let filler = (0..<10).map { "<p style='margin:0'>line\($0)</p>" }.joined()
        let pages = try LayoutSupport.pages(filler + "<div style='break-inside:avoid'>" + Self.paragraph(120, from: 1000) + "</div>")
        #expect(pages[1].text.hasPrefix("word1000"))
    }

    @Test func anImageTallerThanTheRoomLeftMovesToTheNextPage() throws {
        let filler = (0..<10).map { "<p style='margin:0'>line\($0)</p>" }.joined()
        let pages = try LayoutSupport.pages(filler + "<img src='i.png' alt='A picture' style='display:block'/>",
                                            images: ["EPUB/i.png": (200, 150)])
        #expect(pages.count == 2)
        let images = pages[1].frame.items.compactMap { item -> ImageItem? in
            if case .image(let image) = item { return image }
            return nil
        }
        #expect(images.count == 1)
        #expect(images.first?.path == "EPUB/i.png")
    }

    @Test func anImageLargerThanThePageIsScaledDownKeepingItsAspect() throws {
        let pages = try LayoutSupport.pages("<img src='i.png' alt='' style='display:block'/>", images: ["EPUB/i.png": (1000, 2000)])
        let image = try #require(pages.first?.frame.items.compactMap { item -> ImageItem? in
            if case .image(let image) = item { return image }
            return nil
        }.first)
        #expect(image.rect.height <= 280.01)
        #expect(abs(image.rect.width / image.rect.height - 0.5) < 0.001)
    }

    @Test func aMissingImageShowsItsAltText() throws {
        let pages = try LayoutSupport.pages("<p>Before <img src='gone.png' alt='a lost map'/> after</p>")
        #expect(pages.first?.text.contains("a lost map") == true)
    }

    @Test func aBoxSpanningTwoPagesIsCutAtThePageEdges() throws {
        let body = "<div style='border:2px solid black; padding:4px'>" + Self.paragraph(300) + "</div>"
        let pages = try LayoutSupport.pages(body)
        #expect(pages.count >= 2)
        let borders = pages.map { page in
            page.frame.items.compactMap { item -> BorderItem? in
                if case .border(let border) = item { return border }
                return nil
            }
        }
        #expect(borders[0].first?.widths.top == 2)
        #expect(borders[0].first?.widths.bottom == 0)
        #expect(borders[1].first?.widths.top == 0)
    }

    @Test func locatorsRunForwardWithoutGapsBetweenPages() throws {
        let body = (0..<8).map { Self.paragraph(40, from: $0 * 40 + 1) }.joined()
        let pages = try LayoutSupport.pages(body)
        for (a, b) in zip(pages, pages.dropFirst()) {
            #expect(a.end.offset <= b.start.offset)
            #expect(b.start.offset - a.end.offset <= 1, "only white space between pages")
        }
    }

    @Test func repaginatingAtAnotherSizeLandsOnTheSameText() throws {
        let body = (0..<12).map { Self.paragraph(40, from: $0 * 40 + 1) }.joined()
        let small = try LayoutSupport.pages(body)
        let large = try LayoutSupport.pages(body, page: PageGeometry(width: 600, height: 500, margins: Edges(all: 10)))
        let target = small[3]
        let flow = try LayoutSupport.flow(body, page: PageGeometry(width: 600, height: 500, margins: Edges(all: 10)))
        let chapter = ChapterPages(flow: flow, page: PageGeometry(width: 600, height: 500, margins: Edges(all: 10)), spineIndex: 0, href: "x")
        let landing = try #require(chapter.pageIndex(of: target.start.offset))
        let firstWord = try #require(LayoutSupport.words(target.text).first)
        #expect(LayoutSupport.words(large[landing].text).contains(firstWord))
    }
}
