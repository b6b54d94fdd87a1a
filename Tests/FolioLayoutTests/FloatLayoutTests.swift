@testable import FolioLayout
import FolioStyle
import Testing

@Suite struct FloatLayoutTests {
    static func image(_ flow: ChapterFlow) -> Rect? {
        flow.placed.lazy.compactMap { item -> Rect? in
            if case .image(let image) = item.item { return image.rect }
            return nil
        }.first
    }

    static func textLefts(_ flow: ChapterFlow, containing word: String) -> [Double] {
        flow.placed.compactMap { item in
            if case .text(let origin, let run) = item.item, run.text.contains(word) { return origin.x + run.x }
            return nil
        }
    }

    @Test func aRightFloatSitsAtTheRightEdgeWithTextBesideIt() throws {
        let flow = try LayoutSupport.flow("<img src='i.png' alt='' style='float:right'/><p>Beside the picture.</p>",
                                          images: ["EPUB/i.png": (100, 80)])
        let image = try #require(Self.image(flow))
        #expect(abs(image.maxX - 380) < 0.01)
        #expect(abs(image.y) < 0.01)
        let line = try #require(LayoutSupport.unit(flow, "Beside"))
        #expect(line.top < image.maxY, "the text starts beside the float, not below it")
    }

    @Test func aLeftFloatPushesTheTextBesideItRight() throws {
        let flow = try LayoutSupport.flow("<div style='float:left; width:100px; height:60px; background:#ccc'></div><p>Beside the box.</p>")
        let left = try #require(Self.textLefts(flow, containing: "Beside").first)
        #expect(left >= 100 - 0.01)
    }

    @Test func clearMovesContentBelowTheFloat() throws {
        let flow = try LayoutSupport.flow("<img src='i.png' alt='' style='float:left'/><p style='clear:both'>Below.</p>",
                                          images: ["EPUB/i.png": (100, 80)])
        let line = try #require(LayoutSupport.unit(flow, "Below"))
        #expect(line.top >= 80 - 0.01)
        #expect(Self.textLefts(flow, containing: "Below").first ?? -1 < 1)
    }

    @Test func aFloatWithoutAWidthShrinksToItsContent() throws {
        let flow = try LayoutSupport.flow("<div style='float:right; background:#ccc'>Note</div><p>Text.</p>")
        let fill = try #require(LayoutSupport.firstFill(flow))
        #expect(fill.width < 100)
        #expect(abs(fill.maxX - 380) < 1)
    }

    @Test func theChapterEndsBelowItsLastFloat() throws {
        let pages = try LayoutSupport.pages("<p>Short.</p><img src='i.png' alt='' style='float:left'/>", images: ["EPUB/i.png": (100, 200)])
        #expect(pages.count == 1)
        let words = LayoutSupport.words(pages.map(\.text).joined())
        #expect(words == ["short."])
    }
}

extension FloatLayoutTests {
    @Test func aFloatAmongALinesWordsSitsBesideThatLine() throws {
        let flow = try LayoutSupport.flow("<div>The lady of situations.<span style='float:right; margin:0 20px'>50</span></div><div>Next line.</div>")
        let number = try #require(flow.placed.lazy.compactMap { item -> (Point, Double)? in
            if case .text(let origin, let run) = item.item, run.text == "50" { return (origin, run.x + run.width) }
            return nil
        }.first)
        let line = try #require(LayoutSupport.unit(flow, "The lady"))
        #expect(abs(number.0.y - line.top) < 0.01, "on the line it follows")
        #expect(number.0.x + number.1 <= 380 - 20 + 0.01 && number.0.x + number.1 > 300)
        let next = try #require(LayoutSupport.unit(flow, "Next"))
        #expect(next.top >= line.bottom - 0.01)
    }

    // CSS 2.1 §10.3.5: a float's `auto` margins are 0; they do not centre it.
    @Test func aFloatsAutoMarginsAreZeroNotCentring() throws {
        let flow = try LayoutSupport.flow("<div style='float:left; width:100px; height:60px; margin:0 auto; background:#ccc'></div><p>Beside the box.</p>")
        let fill = try #require(LayoutSupport.firstFill(flow))
        #expect(abs(fill.x) < 0.01, "the float sits at the left edge")
        #expect(abs(fill.width - 100) < 0.01)
        let left = try #require(Self.textLefts(flow, containing: "Beside").first)
        #expect(left >= 100 - 0.01 && left < 110, "the text is beside the float's 100 px")
    }

    @Test func aFloatedImagesAutoMarginsAreZero() throws {
        let flow = try LayoutSupport.flow("<img src='i.png' alt='' style='float:right; margin:auto'/><p>Beside the picture.</p>",
                                          images: ["EPUB/i.png": (100, 80)])
        let image = try #require(Self.image(flow))
        #expect(abs(image.maxX - 380) < 0.01)
        let lefts = Self.textLefts(flow, containing: "Beside")
        #expect(lefts.first.map { $0 < 1 } ?? false)
        let line = try #require(LayoutSupport.unit(flow, "Beside"))
        #expect(line.top < image.maxY, "the text has the room left of the 100 px picture")
    }

    @Test func aBlockImagesAutoMarginsStillCentreIt() throws {
        let flow = try LayoutSupport.flow("<p>Above.</p><img src='i.png' alt='' style='display:block; margin:0 auto'/>", images: ["EPUB/i.png": (100, 80)])
        let image = try #require(Self.image(flow))
        #expect(abs(image.x - 140) < 0.01, "\(image)")
    }
}
