@testable import FolioLayout
import FolioStyle
import Testing

@Suite struct BlockLayoutTests {
    @Test func adjoiningSiblingMarginsCollapseToTheLarger() throws {
        let flow = try LayoutSupport.flow("<p style='margin:0 0 20px'>Alpha</p><p style='margin:30px 0 0'>Beta</p>")
        let alpha = try #require(LayoutSupport.unit(flow, "Alpha")), beta = try #require(LayoutSupport.unit(flow, "Beta"))
        #expect(abs(beta.top - alpha.bottom - 30) < 0.01)
    }

    @Test func negativeMarginsCollapseWithPositiveOnesBySumming() throws {
        let flow = try LayoutSupport.flow("<p style='margin:0 0 20px'>Alpha</p><p style='margin:-5px 0 0'>Beta</p>")
        let alpha = try #require(LayoutSupport.unit(flow, "Alpha")), beta = try #require(LayoutSupport.unit(flow, "Beta"))
        #expect(abs(beta.top - alpha.bottom - 15) < 0.01)
    }

    @Test func aFirstChildsMarginCollapsesThroughItsParent() throws {
        let flow = try LayoutSupport.flow("<div style='margin-top:40px'><p style='margin-top:10px'>Alpha</p></div>")
        let alpha = try #require(LayoutSupport.unit(flow, "Alpha"))
        #expect(abs(alpha.top - 40) < 0.01)
    }

    @Test func paddingStopsMarginsCollapsingThroughAParent() throws {
        let flow = try LayoutSupport.flow("<div style='margin-top:40px; padding-top:5px'><p style='margin-top:10px'>Alpha</p></div>")
        let alpha = try #require(LayoutSupport.unit(flow, "Alpha"))
        #expect(abs(alpha.top - 55) < 0.01)
        // A page starting here starts at the div's border edge, so its padding comes along.
        #expect(abs(alpha.breakTop - 40) < 0.01)
    }

    @Test func paddingAndBordersNarrowTheContentBox() throws {
        let flow = try LayoutSupport.flow("<div style='padding:0 20px; border-left:5px solid red'><p>Alpha</p></div>")
        let run = try #require(flow.placed.lazy.compactMap { item -> Point? in
            if case .text(let origin, _) = item.item { return origin }
            return nil
        }.first)
        #expect(abs(run.x - 25) < 0.01)
    }

    @Test func autoMarginsCentreABoxOfFixedWidth() throws {
        let flow = try LayoutSupport.flow("<div style='width:180px; margin:0 auto; background:#eee'>Alpha</div>")
        let fill = try #require(LayoutSupport.firstFill(flow))
        #expect(abs(fill.x - 100) < 0.01)
        #expect(abs(fill.width - 180) < 0.01)
    }

    @Test func aBoxWiderThanThePageIsNarrowedToIt() throws {
        let flow = try LayoutSupport.flow("<div style='width:2000px; background:#eee'>Alpha</div>")
        let fill = try #require(LayoutSupport.firstFill(flow))
        #expect(fill.maxX <= 380.01)
    }

    @Test func displayNoneContentIsNotLaidOut() throws {
        let flow = try LayoutSupport.flow("<p>Alpha</p><p style='display:none'>Hidden</p><p>Beta</p>")
        #expect(flow.units.map(\.text).joined().contains("Hidden") == false)
        #expect(flow.units.count == 2)
    }

    @Test func anEmptyBorderedBoxIsAUnitOfItsOwn() throws {
        let flow = try LayoutSupport.flow("<p>Alpha</p><hr/><p>Beta</p>")
        #expect(flow.units.count == 3)
        #expect(flow.units[1].bottom > flow.units[1].top)
    }

    @Test func aBlockInsideAnInlineSplitsTheParagraph() throws {
        let flow = try LayoutSupport.flow("<p><span>Alpha <div>Beta</div> Gamma</span></p>")
        #expect(flow.units.map { $0.text.trimmingSuffix(" ") } == ["Alpha", "Beta", "Gamma"])
    }

    @Test func linksBecomeActiveAreasWithResolvedTargets() throws {
        let flow = try LayoutSupport.flow("<p><a href='notes.xhtml#n1'>note</a> and <a href='https://example.org/'>web</a></p>")
        let links = flow.placed.compactMap { item -> String? in
            if case .link(_, let href) = item.item { return href }
            return nil
        }
        #expect(links == ["EPUB/notes.xhtml#n1", "https://example.org/"])
    }

    @Test func elementIdsAnchorTheUnitWhereTheyStart() throws {
        let flow = try LayoutSupport.flow("<p>Alpha</p><h2 id='two'>Beta</h2><p>Gamma <span id='in'>delta</span></p>")
        #expect(flow.anchors["two"] == 1)
        #expect(flow.anchors["in"] == 2)
    }

    // A desktop book's body margins (the W3C samples' 6em and 15em) give way on a small page
    // until the text has four fifths of it; a box inside the body keeps the usual half.
    @Test func bodyMarginsGiveWayUntilTheTextHasFourFifthsOfThePage() throws {
        let flow = try LayoutSupport.flow("<p>Alpha</p><div style='margin: 0 15em 0 6em'><p>Beta</p></div>",
                                          css: "body { margin: 0 15em 0 6em !important; }")
        func left(_ word: String) throws -> Double {
            let run = try #require(flow.placed.lazy.compactMap { item -> Double? in
                if case .text(let origin, let run) = item.item, run.text.hasPrefix(word) { return origin.x + run.x }
                return nil
            }.first)
            return run
        }
        // 380 px of page: 21em = 336 px of margins shrink to 76, in proportion (6:15).
        #expect(abs(try left("Alpha") - 76 * 6 / 21) < 0.5)
        let alpha = try #require(LayoutSupport.unit(flow, "Alpha"))
        let beta = try #require(LayoutSupport.unit(flow, "Beta"))
        #expect(alpha.text.hasPrefix("Alpha") && beta.text.hasPrefix("Beta"))
        // Inside the body (304 px), the div's margins shrink only until it has half the page (190 px).
        #expect(abs((try left("Beta") - (try left("Alpha"))) - (304 - 190) * 6 / 21) < 0.5)
    }
}
