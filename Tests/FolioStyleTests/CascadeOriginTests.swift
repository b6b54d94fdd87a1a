import Testing
@testable import FolioStyle

/// The cascade's sort: origin and importance, then specificity, then order of appearance;
/// the `style` attribute and presentational hints; inheritance.
/// https://www.w3.org/TR/css-cascade-4/#cascade-sort
@Suite struct CascadeOriginTests {
    let red = "rgb(255, 0, 0)", blue = "rgb(0, 0, 255)", green = "rgb(0, 128, 0)"

    @Test func importanceRanksOriginsUAUserAuthorThenAuthorUserUA() {
        let ranks = [
            Origin.userAgent.rank(important: false), Origin.user.rank(important: false), Origin.author.rank(important: false),
            Origin.author.rank(important: true), Origin.user.rank(important: true), Origin.userAgent.rank(important: true),
        ]
        #expect(ranks == ranks.sorted() && Set(ranks).count == 6)
    }

    @Test func aUserRuleBeatsTheUserAgentSheet() {
        // UA: html { background-color: transparent }; the day theme's user sheet: html { background-color: #ffffff }.
        let styled = StyleFixture().style(body: "<p id='p'>x</p>")
        #expect(styled.node(tag: "html")?.computed.cssValue(of: .backgroundColor) == "rgb(255, 255, 255)")
    }

    @Test func anAuthorRuleBeatsAUserRuleAndTheUserAgentSheet() {
        let styled = StyleFixture().style(style: "html { background-color: red } p { display: inline }", body: "<p id='p'>x</p>")
        #expect(styled.node(tag: "html")?.computed.cssValue(of: .backgroundColor) == red)
        #expect(styled.value(.display, of: "p") == "inline")
    }

    @Test func anAuthorImportantDeclarationBeatsAMoreSpecificNormalOne() {
        let styled = StyleFixture().style(style: "p { color: red !important } #p.x { color: blue }", body: "<p id='p' class='x'>x</p>")
        #expect(styled.value(.color, of: "p") == red)
    }

    @Test func aUserImportantDeclarationBeatsAnAuthorImportantOne() {
        // justify: true puts `text-align: justify !important` on paragraphs in the user sheet.
        let fixture = StyleFixture(settings: ReaderSettings(justify: true))
        let styled = fixture.style(style: "#p { text-align: right !important }", body: "<p id='p'>x</p>")
        #expect(styled.value(.textAlign, of: "p") == "justify")
    }

    @Test func higherSpecificityWinsRegardlessOfOrder() {
        let styled = StyleFixture().style(
            style: "#p { color: red } p.x { color: blue } .x { color: green } p { color: green }",
            body: "<p id='p' class='x'>x</p><p id='q' class='x'>y</p>")
        #expect(styled.value(.color, of: "p") == red)
        #expect(styled.value(.color, of: "q") == blue)
    }

    @Test func laterRulesWinAtEqualSpecificity() {
        let styled = StyleFixture().style(style: ".x { color: red } .y { color: blue }", body: "<p id='p' class='y x'>x</p>")
        #expect(styled.value(.color, of: "p") == blue)
    }

    @Test func laterSheetsWinOverEarlierOnesAtEqualSpecificity() {
        let fixture = StyleFixture(files: ["EPUB/a.css": "p { color: red }", "EPUB/b.css": "p { color: blue }"])
        let styled = fixture.style(head: "<link rel='stylesheet' href='../b.css'/><link rel='stylesheet' href='../a.css'/>",
                                   body: "<p id='p'>x</p>")
        #expect(styled.value(.color, of: "p") == red)
    }

    @Test func theStyleAttributeBeatsEveryNormalRule() {
        let styled = StyleFixture().style(style: "#p#p { color: red }", body: "<p id='p' style='color: blue'>x</p>")
        #expect(styled.value(.color, of: "p") == blue)
    }

    @Test func anImportantRuleBeatsTheStyleAttributeButNotItsImportant() {
        let styled = StyleFixture().style(
            style: "p { color: red !important }",
            body: "<p id='p' style='color: blue'>x</p><p id='q' style='color: green !important'>y</p>")
        #expect(styled.value(.color, of: "p") == red)
        #expect(styled.value(.color, of: "q") == green)
    }

    @Test func presentationalHintsApplyWithoutRules() {
        let styled = StyleFixture().style(body: "<p id='p' align='center'>x</p><table id='t' width='50%'><tr><td>c</td></tr></table>")
        #expect(styled.value(.textAlign, of: "p") == "center")
        #expect(styled.value(.width, of: "t") == "50%")
    }

    @Test func presentationalHintsLoseToAnyAuthorRuleEvenTheUniversalSelector() {
        let styled = StyleFixture().style(style: "* { text-align: right }", body: "<p id='p' align='center'>x</p>")
        #expect(styled.value(.textAlign, of: "p") == "right")
    }

    @Test func presentationalHintsBeatTheUserAgentSheet() {
        // UA: th { text-align: center }.
        let styled = StyleFixture().style(body: "<table><tr><th id='h' align='left'>c</th></tr></table>")
        #expect(styled.value(.textAlign, of: "h") == "left")
    }

    @Test func tableBorderHintsSetWidthAndStyleButKeepTheGrayColour() {
        let styled = StyleFixture().style(body: "<table id='t' border='2'><tr><td id='c' style='color: blue'>c</td></tr></table>")
        #expect(styled.value(.borderTopWidth, of: "t") == "2px")
        #expect(styled.value(.borderTopStyle, of: "t") == "outset")
        #expect(styled.value(.borderTopColor, of: "t") == "rgb(128, 128, 128)")
        #expect(styled.value(.borderLeftWidth, of: "c") == "1px")
        #expect(styled.value(.borderLeftStyle, of: "c") == "inset")
        #expect(styled.value(.borderLeftColor, of: "c") == "rgb(128, 128, 128)")
    }

    @Test func inheritedPropertiesPassToChildrenAndOthersDoNot() {
        let styled = StyleFixture().style(
            style: "div { color: red; font-style: italic; margin-left: 10px; border: 2px solid; background-color: blue }",
            body: "<div id='d'><span id='s'>x</span></div>")
        #expect(styled.value(.color, of: "s") == red)
        #expect(styled.value(.fontStyle, of: "s") == "italic")
        #expect(styled.value(.marginLeft, of: "d") == "10px")
        #expect(styled.value(.marginLeft, of: "s") == "0px")
        #expect(styled.value(.borderTopWidth, of: "s") == "0px")
        #expect(styled.value(.backgroundColor, of: "s") == "rgba(0, 0, 0, 0)")
    }

    @Test func inheritForcesANonInheritedPropertyFromTheParent() {
        let styled = StyleFixture().style(style: "div { margin-left: 10px } span { margin-left: inherit }",
                                          body: "<div><span id='s'>x</span></div>")
        #expect(styled.value(.marginLeft, of: "s") == "10px")
    }

    @Test func theStyleAttributeWarnsAboutItsInvalidDeclarations() {
        let styled = StyleFixture().style(body: "<p id='p' style='color: bluish; margin-left: 3px'>x</p>")
        #expect(styled.value(.marginLeft, of: "p") == "3px")
        #expect(styled.warningCodes.contains("css.invalid-value"))
    }
}
