import Testing
@testable import FolioStyle

/// Elements with the same name and attributes share one cascade (`StyledTreeBuilder.twins`)
/// with siblings and cousins, unless a rule that looks at their place or content, or at their
/// ancestors' (`RuleSet.ancestorPlaceTests`), tells them apart.
@Suite struct CascadeSharingTests {
    private func paragraphs(_ styled: Styled) -> [StyledNode] {
        styled.document.nodes.filter { $0.kind == .element && $0.source?.localName == "p" }
    }

    @Test func siblingsAlikeButForTheirPlaceOrContentTakeTheRulesOfTheirPlace() throws {
        let styled = StyleFixture().style(
            style: """
                p { color: red }
                p + p { color: blue }
                p:nth-child(3n) { text-indent: 7px }
                p:empty { margin-top: 9px }
                p:has(em) { font-weight: bold }
                div > p:last-child { color: green }
                p:not(:first-of-type) { padding-left: 2px }
                h2 ~ p { letter-spacing: 1px }
                """,
            body: "<div><p>a</p><p>b</p><p>c</p><p></p><h2>h</h2><p><em>e</em></p><p>f</p></div>")
        let ps = paragraphs(styled)
        try #require(ps.count == 6)
        let red = "rgb(255, 0, 0)", blue = "rgb(0, 0, 255)", green = "rgb(0, 128, 0)"
        // The h2 between the fourth and fifth paragraphs ends the run of p + p.
        #expect(ps.map { $0.computed.cssValue(of: .color) } == [red, blue, blue, blue, red, green])
        // The h2 counts among the children: the fifth p is the sixth child.
        #expect(ps.map { $0.computed.cssValue(of: .textIndent) } == ["0px", "0px", "7px", "0px", "7px", "0px"])
        #expect(ps.map { $0.computed.cssValue(of: .marginTop) } == ["16px", "16px", "16px", "9px", "16px", "16px"])
        #expect(ps.map { $0.computed.cssValue(of: .fontWeight) } == ["400", "400", "400", "400", "700", "400"])
        #expect(ps.map { $0.computed.cssValue(of: .paddingLeft) } == ["0px", "2px", "2px", "2px", "2px", "2px"])
        #expect(ps.map { $0.computed.cssValue(of: .letterSpacing) } == ["normal", "normal", "normal", "normal", "1px", "1px"])
    }

    @Test func siblingsWithOtherAttributesOrParentsDoNotShare() throws {
        let styled = StyleFixture().style(
            style: """
                p.x { color: red }
                p[lang|="fr"] { color: blue }
                p:lang(de) { color: green }
                .a p { text-indent: 5px }
                """,
            body: """
                <div class="a"><p>1</p><p class="x">2</p><p>3</p><p lang="fr-CA">4</p><p>5</p></div>\
                <div lang="de"><p>6</p><p style="color: purple">7</p><p>8</p></div>
                """)
        let ps = paragraphs(styled)
        try #require(ps.count == 8)
        let black = "rgb(0, 0, 0)"
        #expect(ps.map { $0.computed.cssValue(of: .color) }
            == [black, "rgb(255, 0, 0)", black, "rgb(0, 0, 255)", black, "rgb(0, 128, 0)", "rgb(128, 0, 128)", "rgb(0, 128, 0)"])
        #expect(ps.map { $0.computed.cssValue(of: .textIndent) } == ["5px", "5px", "5px", "5px", "5px", "0px", "0px", "0px"])
    }

    @Test func cousinsShareUnlessTheirAncestorsPlaceOrContentTellsThemApart() throws {
        let styled = StyleFixture().style(
            style: """
                tr:first-child td { color: red }
                tr + tr + tr td { text-indent: 4px }
                div:has(img) p { font-weight: bold }
                .x p { margin-top: 3px }
                """,
            body: """
                <table><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr><tr><td>5</td><td>6</td></tr></table>                <div><p>a</p></div><div><img src="i.png" alt=""/><p>b</p></div><div class="x"><p>c</p></div><div><p>d</p></div>
                """)
        let cells = styled.document.nodes.filter { $0.kind == .element && $0.source?.localName == "td" }
        try #require(cells.count == 6)
        let red = "rgb(255, 0, 0)", black = "rgb(0, 0, 0)"
        #expect(cells.map { $0.computed.cssValue(of: .color) } == [red, red, black, black, black, black])
        #expect(cells.map { $0.computed.cssValue(of: .textIndent) } == ["0px", "0px", "0px", "0px", "4px", "4px"])
        let ps = paragraphs(styled)
        try #require(ps.count == 4)
        #expect(ps.map { $0.computed.cssValue(of: .fontWeight) } == ["400", "700", "400", "400"])
        #expect(ps.map { $0.computed.cssValue(of: .marginTop) } == ["16px", "16px", "3px", "16px"])
    }

    @Test func generatedContentAndCountersStayPerElementWhenShared() throws {
        let styled = StyleFixture().style(
            style: """
                div { counter-reset: n }
                p { counter-increment: n }
                p::before { content: counter(n) ". " }
                """,
            body: "<div><p>a</p><p>b</p><p>c</p></div>")
        let texts = paragraphs(styled).map { p in
            styled.document.children(of: p).first { $0.kind == .pseudo(.before) }?.text
        }
        #expect(texts == ["1. ", "2. ", "3. "])
    }

    @Test func whichRulesDependOnPlace() throws {
        func depends(_ text: String) throws -> Bool {
            try #require(Selector.parseList(text)?.first).dependsOnPlace
        }
        #expect(try !depends("p"))
        #expect(try !depends("section > div p.x[lang]"))
        #expect(try !depends("li:first-child p"), "an ancestor's place is the same for siblings")
        #expect(try depends("h1 + p"))
        #expect(try depends("h1 ~ p"))
        #expect(try depends("p:first-child"))
        #expect(try depends("p:nth-last-of-type(2)"))
        #expect(try depends("p:empty"))
        #expect(try depends("p:has(img)"))
        #expect(try depends("p:not(:last-child)"))
        #expect(try !depends("p:is(.a, :lang(fr))"))
    }

    /// Elements of one name and attributes share what their own compound says (tested for the
    /// first of them), never what their ancestors, siblings or language say.
    @Test func elementsOfOneKindAreMatchedEachForItsAncestorsAndSiblings() throws {
        let styled = StyleFixture().style(
            style: """
                .a p.x { color: red }
                p.x { text-indent: 3px }
                h2 + p.x { letter-spacing: 1px }
                p.x:lang(de) { margin-top: 9px }
                p.y { color: blue }
                div.a > p.x { padding-left: 2px }
                """,
            body: """
                <div class="a"><p class="x">1</p></div><div><h2>h</h2><p class="x">2</p></div>                <div lang="de"><p class="x">3</p></div><div class="a"><div><p class="x">4</p></div></div>
                """)
        let ps = paragraphs(styled)
        try #require(ps.count == 4)
        let red = "rgb(255, 0, 0)", black = "rgb(0, 0, 0)"
        #expect(ps.map { $0.computed.cssValue(of: .color) } == [red, black, black, red])
        #expect(ps.map { $0.computed.cssValue(of: .textIndent) } == ["3px", "3px", "3px", "3px"])
        #expect(ps.map { $0.computed.cssValue(of: .letterSpacing) } == ["normal", "1px", "normal", "normal"])
        #expect(ps.map { $0.computed.cssValue(of: .marginTop) } == ["16px", "16px", "9px", "16px"])
        #expect(ps.map { $0.computed.cssValue(of: .paddingLeft) } == ["2px", "0px", "0px", "0px"])
    }

    /// Elements whose cascaded values are equal under one parent style share one computed
    /// style, whether they match the same rules (found by the rules), other rules with the same
    /// values, or a `style` attribute that says the same (found by the values).
    @Test func equalCascadedValuesUnderOneParentStyleShareOneStyle() throws {
        let styled = StyleFixture().style(
            style: """
                p { color: red }
                .x { color: blue }
                .z { color: blue }
                .y { text-indent: 2px }
                """,
            body: """
                <div><p class="x">1</p><p class="x y">2</p></div><div><p class="y x">3</p><p class="z">4</p>                <p style="color: blue">5</p><p class="x">6</p><p class="y">7</p></div>
                """)
        let ps = paragraphs(styled)
        try #require(ps.count == 7)
        #expect(ps[0].style === ps[5].style && ps[0].style === ps[3].style && ps[0].style === ps[4].style)
        #expect(ps[1].style === ps[2].style)
        #expect(ps[0].style !== ps[1].style && ps[1].style !== ps[6].style)
        #expect(ps.map { $0.computed.cssValue(of: .color) } == ["rgb(0, 0, 255)", "rgb(0, 0, 255)", "rgb(0, 0, 255)", "rgb(0, 0, 255)",
                                                                "rgb(0, 0, 255)", "rgb(0, 0, 255)", "rgb(255, 0, 0)"])
    }
}
