import FolioCore
@testable import FolioLayout
import FolioStyle
import FolioText
import Testing

/// `position: relative` (CSS 2 §9.4.3): a box is laid out where it would be, then drawn moved;
/// nothing around it moves.
@Suite struct RelativePositionTests {
    /// The origin of the run showing `text`.
    static func origin(_ flow: ChapterFlow, _ text: String) -> Point? {
        flow.placed.lazy.compactMap { placed -> Point? in
            if case .text(let origin, let run) = placed.item, run.text == text { return origin }
            return nil
        }.first
    }

    static func fill(_ flow: ChapterFlow, _ color: RGBA) -> Rect? {
        flow.placed.lazy.compactMap { placed -> Rect? in
            if case .fill(let rect, let fill) = placed.item, fill == color { return rect }
            return nil
        }.first
    }

    static let plain = "<p>Alpha <sup>48</sup> omega</p><p>Beta</p>"

    /// The book's idiom for note references: raised without opening the line.
    @Test func aRaisedSuperscriptMovesItsTextNotItsLine() throws {
        let css = "sup { vertical-align: baseline; font-size: 16px }"
        let before = try LayoutSupport.flow(Self.plain, css: css)
        let after = try LayoutSupport.flow(Self.plain, css: css + " sup { position: relative; top: -0.5em; left: 2px }")
        let (was, now) = (try #require(Self.origin(before, "48")), try #require(Self.origin(after, "48")))
        #expect(abs(now.y - (was.y - 8)) < 0.01, "up by half its 16 px em")
        #expect(abs(now.x - (was.x + 2)) < 0.01)
        let (alpha, alphaNow) = (try #require(Self.origin(before, "Alpha ")), try #require(Self.origin(after, "Alpha ")))
        #expect(alpha == alphaNow, "the words around it stay")
        #expect(before.units.map(\.top) == after.units.map(\.top), "so do the lines")
    }

    /// Text inside a moved element moves with it, by its own offset too.
    @Test func offsetsOfNestedElementsAddUp() throws {
        let body = "<p>Alpha <span class='a'>one <span class='b'>two</span></span></p>"
        let before = try LayoutSupport.flow(body)
        let after = try LayoutSupport.flow(body, css: ".a { position: relative; top: 5px } .b { position: relative; bottom: 3px; right: 4px }")
        let one = (try #require(Self.origin(before, "one ")), try #require(Self.origin(after, "one ")))
        let two = (try #require(Self.origin(before, "two")), try #require(Self.origin(after, "two")))
        #expect(abs(one.1.y - one.0.y - 5) < 0.01)
        #expect(abs(two.1.y - two.0.y - 2) < 0.01, "5 down, then 3 up")
        #expect(abs(two.1.x - two.0.x + 4) < 0.01, "`right` moves it left")
    }

    /// A block is drawn moved with its background and content; the next block stays where it was.
    @Test func aMovedBlockLeavesTheFlowAsItWas() throws {
        let body = "<div class='box'>Alpha</div><p>Beta</p>"
        let css = ".box { background: #eeeeee; width: 100px }"
        let before = try LayoutSupport.flow(body, css: css)
        let after = try LayoutSupport.flow(body, css: css + " .box { position: relative; top: 30px; left: 10% }")
        let grey = RGBA(red: 0xEE, green: 0xEE, blue: 0xEE)
        let (was, now) = (try #require(Self.fill(before, grey)), try #require(Self.fill(after, grey)))
        #expect(abs(now.y - was.y - 30) < 0.01)
        #expect(abs(now.x - was.x - 38) < 0.01, "10 % of the 380 px containing block")
        let alpha = (try #require(Self.origin(before, "Alpha")), try #require(Self.origin(after, "Alpha")))
        #expect(abs(alpha.1.y - alpha.0.y - 30) < 0.01)
        #expect(Self.origin(before, "Beta") == Self.origin(after, "Beta"))
        #expect(before.units.map(\.top) == after.units.map(\.top), "page breaks fall where they did")
    }

    /// A move meant for a wider window stops at the column's edge instead of leaving the page.
    @Test func aBlockIsMovedSidewaysNoFurtherThanTheColumnsEdge() throws {
        let body = "<div class='box'>Alpha</div>"
        let css = ".box { background: #eeeeee; width: 300px; position: relative; left: 230px }"
        let grey = RGBA(red: 0xEE, green: 0xEE, blue: 0xEE)
        let fill = try #require(Self.fill(try LayoutSupport.flow(body, css: css), grey))
        #expect(abs(fill.x - 80) < 0.01, "as far as the 380 px column allows")
        let left = try #require(Self.fill(try LayoutSupport.flow(body, css: css.replacingOccurrences(of: "left: 230px", with: "left: -50px")), grey))
        #expect(abs(fill.maxX - 380) < 0.01)
        #expect(abs(left.x) < 0.01, "nor out of its left edge")
        // A publisher is told, with the element, so a page can be named; not of a move that fits.
        func warnings(_ css: String) throws -> [String] {
            let diagnostics = Diagnostics()
            let document = try LayoutSupport.styled(LayoutSupport.document(body, css: css), diagnostics: diagnostics)
            _ = ChapterLayout(document: document, path: "EPUB/chapter.xhtml", context: try LayoutSupport.context(diagnostics: diagnostics)).build()
            return diagnostics.warnings.filter { $0.code == "layout.box-moved-less" }.map(\.message)
        }
        #expect(try warnings(css).contains { $0.contains("div moves 80 px sideways instead of the 230 px") })
        #expect(try warnings(css.replacingOccurrences(of: "left: 230px", with: "left: 20px")).isEmpty)
    }

    /// Where a box is drawn lower, its units make room for it there: a page that cannot hold
    /// the moved box whole leaves it to the next page, rather than drawing it off its bottom.
    @Test func aPageHoldsABoxWhereItIsDrawn() throws {
        let body = "<div style='height: 200px'>Alpha</div><p class='moved'>Beta</p>"
        let still = try LayoutSupport.pages(body)
        let moved = try LayoutSupport.pages(body, css: ".moved { position: relative; top: 70px }")
        func page(_ pages: [Page], _ text: String) -> Int? {
            pages.firstIndex { $0.frame.items.contains { item in
                if case .text(_, let run) = item { return run.text == text }
                return false
            } }
        }
        #expect(page(still, "Beta") == 0, "unmoved, it fits under the 200 px box")
        #expect(page(moved, "Beta") == 1, "70 px lower it would pass the 280 px page's bottom")
        let beta = try #require(moved[1].frame.items.lazy.compactMap { item -> Double? in
            if case .text(let origin, let run) = item, run.text == "Beta" { return origin.y }
            return nil
        }.first)
        #expect(beta + 20 < 300 - 10, "drawn inside the page")
    }

    /// `left` wins over `right`, `top` over `bottom`; right to left, `right` wins; a percentage
    /// of an unknown height is `auto`.
    @Test func conflictingOffsetsAreSettledAsCSSSays() throws {
        func offset(_ css: String) throws -> RelativeOffset? {
            let document = try LayoutSupport.styled(LayoutSupport.document("<p id='p'>x</p>", css: "#p { position: relative; \(css) }"))
            let node = try #require(document.nodes.first { $0.source?.attribute("id") == "p" })
            return RelativeOffset(node.computed, containingWidth: 200)
        }
        #expect(try offset("left: 5px; right: 9px; top: 3px; bottom: 7px") == RelativeOffset(dx: 5, dy: 3))
        #expect(try offset("direction: rtl; left: 5px; right: 9px") == RelativeOffset(dx: -9, dy: 0))
        #expect(try offset("bottom: 7px; right: 10%") == RelativeOffset(dx: -20, dy: -7))
        #expect(try offset("top: 50%") == nil)
        #expect(try offset("top: 0; left: auto") == nil)
        let document = try LayoutSupport.styled(LayoutSupport.document("<p id='p'>x</p>", css: "#p { top: 3px }"))
        let node = try #require(document.nodes.first { $0.source?.attribute("id") == "p" })
        #expect(RelativeOffset(node.computed, containingWidth: 200) == nil, "a static box is not moved")
    }

    /// An image inside a moved inline element moves with its text.
    @Test func anAtomicInlineMovesWithItsElement() throws {
        let body = "<p>Alpha <span><img src='a.png' alt='a'/></span></p>"
        let images = ["EPUB/a.png": (20.0, 10.0)]
        func image(_ flow: ChapterFlow) -> Rect? {
            flow.placed.lazy.compactMap { placed -> Rect? in
                if case .image(let image) = placed.item { return image.rect }
                return nil
            }.first
        }
        let before = try #require(image(try LayoutSupport.flow(body, images: images)))
        let after = try #require(image(try LayoutSupport.flow(body, css: "span { position: relative; top: -4px }", images: images)))
        #expect(abs(after.y - before.y + 4) < 0.01)
        #expect(abs(after.x - before.x) < 0.01)
    }

    /// A terminal cannot move text by part of a row: in cells nothing moves.
    @Test func cellsIgnoreRelativeOffsets() throws {
        let diagnostics = Diagnostics()
        let css = "sup { position: relative; top: -0.5em; left: 2px }"
        let document = try LayoutSupport.styled(LayoutSupport.document(Self.plain, css: css), diagnostics: diagnostics)
        let inline = InlineContext(fonts: try FontContext(diagnostics: diagnostics), metric: .cells)
        let page = PageGeometry(width: 640, height: 320, margins: Edges(all: 0))
        let flow = ChapterLayout(document: document, path: "EPUB/chapter.xhtml",
                                 context: LayoutContext(page: page, inline: inline) { _ in nil }).build()
        let runs = flow.placed.compactMap { placed -> (Point, String)? in
            if case .text(let origin, let run) = placed.item { return (origin, run.text) }
            return nil
        }
        let reference = try #require(runs.first { $0.1.contains("⁴⁸") })
        let alpha = try #require(runs.first { $0.1.hasPrefix("Alpha") })
        #expect(reference.0 == alpha.0, "drawn from its line's origin, like the words beside it")
    }
}
