import Testing
@testable import FolioStyle

/// Which author sheets and rules apply: `<link>` and `<style>` with `media`, alternate and
/// disabled sheets, `@import` (order, media, cycles), missing sheets, `@supports`, `@media`.
@Suite struct CascadeSheetTests {
    let red = "rgb(255, 0, 0)", blue = "rgb(0, 0, 255)", black = "rgb(0, 0, 0)"

    @Test(arguments: [
        ("(max-width: 480px)", true), ("(min-width: 600px)", false), ("print", false), ("screen and (orientation: portrait)", true),
        ("all", true), ("", true),
    ])
    func aLinkedSheetAppliesOnlyWhenItsMediaMatchesAPhone(media: String, applies: Bool) {
        let fixture = StyleFixture(files: ["EPUB/s.css": "p { color: red }"])
        let styled = fixture.style(head: "<link rel='stylesheet' href='../s.css' media='\(media)'/>", body: "<p id='p'>x</p>")
        #expect(styled.value(.color, of: "p") == (applies ? red : black))
    }

    @Test func aLinkedSheetForTabletsAppliesOnATablet() {
        let fixture = StyleFixture(files: ["EPUB/s.css": "p { color: red }"], environment: .tablet)
        let styled = fixture.style(head: "<link rel='stylesheet' href='../s.css' media='(min-width: 600px)'/>", body: "<p id='p'>x</p>")
        #expect(styled.value(.color, of: "p") == red)
    }

    @Test func alternateAndDisabledSheetsAreIgnored() {
        let fixture = StyleFixture(files: ["EPUB/alt.css": "p { color: red }", "EPUB/off.css": "p { color: blue }", "EPUB/icon.css": "p { color: red }"])
        let styled = fixture.style(
            head: """
            <link rel='alternate stylesheet' title='Alt' href='../alt.css'/>\
            <link rel='stylesheet' disabled='disabled' href='../off.css'/>\
            <link rel='icon' href='../icon.css'/>
            """,
            body: "<p id='p'>x</p>")
        #expect(styled.value(.color, of: "p") == black)
        #expect(styled.warningCodes.isEmpty)
    }

    @Test func aLinkOfAnotherTypeIsIgnored() {
        let fixture = StyleFixture(files: ["EPUB/s.css": "p { color: red }"])
        let styled = fixture.style(head: "<link rel='stylesheet' type='text/xsl' href='../s.css'/>", body: "<p id='p'>x</p>")
        #expect(styled.value(.color, of: "p") == black)
    }

    @Test func aStyleElementHonoursItsMediaAttribute() {
        let page = StyleFixture.page(head: "<style media='(min-width: 600px)'>p { color: red }</style><style media='(max-width: 480px)'>em { color: blue }</style>",
                                     body: "<p id='p'><em id='e'>x</em></p>")
        let phone = StyleFixture().style(page)
        let tablet = StyleFixture(environment: .tablet).style(page)
        #expect(phone.value(.color, of: "p") == black)
        #expect(phone.value(.color, of: "e") == blue)
        #expect(tablet.value(.color, of: "p") == red)
        #expect(tablet.value(.color, of: "e") == red)
    }

    @Test func importedRulesComeBeforeTheImportingSheetsOwn() {
        let fixture = StyleFixture(files: [
            "EPUB/css/main.css": "@import url(base.css);\np { color: red }",
            "EPUB/css/base.css": "p { color: blue; margin-left: 3px }",
        ])
        let styled = fixture.style(head: "<link rel='stylesheet' href='../css/main.css'/>", body: "<p id='p'>x</p>")
        #expect(styled.value(.color, of: "p") == red)
        #expect(styled.value(.marginLeft, of: "p") == "3px")
    }

    @Test func anImportInAStyleElementResolvesAgainstTheDocument() {
        let fixture = StyleFixture(files: ["EPUB/css/base.css": "p { color: blue }"])
        let styled = fixture.style(style: "@import '../css/base.css';", body: "<p id='p'>x</p>")
        #expect(styled.value(.color, of: "p") == blue)
    }

    @Test func anImportWithAMediaListAppliesOnlyWhereItMatches() {
        let files = ["EPUB/main.css": "@import 'big.css' (min-width: 600px);\n@import 'small.css' screen and (max-width: 480px);",
                     "EPUB/big.css": "p { color: red }", "EPUB/small.css": "p { margin-left: 7px }"]
        let page = StyleFixture.page(head: "<link rel='stylesheet' href='../main.css'/>", body: "<p id='p'>x</p>")
        let phone = StyleFixture(files: files).style(page)
        let tablet = StyleFixture(files: files, environment: .tablet).style(page)
        #expect(phone.value(.color, of: "p") == black)
        #expect(phone.value(.marginLeft, of: "p") == "7px")
        #expect(tablet.value(.color, of: "p") == red)
        #expect(tablet.value(.marginLeft, of: "p") == "0px")
    }

    @Test func anImportCycleIsBrokenWithAWarning() {
        let fixture = StyleFixture(files: [
            "EPUB/a.css": "@import 'b.css';\np { color: red }",
            "EPUB/b.css": "@import 'a.css';\np { margin-left: 2px }",
        ])
        let styled = fixture.style(head: "<link rel='stylesheet' href='../a.css'/>", body: "<p id='p'>x</p>")
        #expect(styled.value(.color, of: "p") == red)
        #expect(styled.value(.marginLeft, of: "p") == "2px")
        #expect(styled.warningCodes.contains("css.import-cycle"))
    }

    @Test func aSheetThatImportsItselfIsBrokenWithAWarning() {
        let fixture = StyleFixture(files: ["EPUB/a.css": "@import 'a.css';\np { color: red }"])
        let styled = fixture.style(head: "<link rel='stylesheet' href='../a.css'/>", body: "<p id='p'>x</p>")
        #expect(styled.value(.color, of: "p") == red)
        #expect(styled.warningCodes == ["css.import-cycle"])
    }

    @Test func aMissingStylesheetIsWarnedAndTheRestApplies() {
        let fixture = StyleFixture(files: ["EPUB/s.css": "p { color: red }"])
        let styled = fixture.style(head: "<link rel='stylesheet' href='../gone.css'/><link rel='stylesheet' href='../s.css'/>", body: "<p id='p'>x</p>")
        #expect(styled.value(.color, of: "p") == red)
        #expect(styled.diagnostics.warnings.map(\.code) == ["css.stylesheet-missing"])
        #expect(styled.diagnostics.warnings.first?.message.contains("EPUB/gone.css") == true)
    }

    @Test func aMissingImportIsWarned() {
        let fixture = StyleFixture(files: ["EPUB/s.css": "@import 'gone.css';\np { color: red }"])
        let styled = fixture.style(head: "<link rel='stylesheet' href='../s.css'/>", body: "<p id='p'>x</p>")
        #expect(styled.value(.color, of: "p") == red)
        #expect(styled.warningCodes == ["css.stylesheet-missing"])
    }

    @Test func aSheetHrefClimbingAboveTheBookStaysAtItsRoot() {
        let fixture = StyleFixture(files: ["s.css": "p { color: red }"])
        let styled = fixture.style(head: "<link rel='stylesheet' href='../../../s.css'/>", body: "<p id='p'>x</p>")
        // Hrefs that climb above the root stay at the root (as URL parsing does), so this resolves to s.css.
        #expect(styled.value(.color, of: "p") == red)
    }

    @Test func supportsRulesApplyOnlyWhenTheConditionHolds() {
        let styled = StyleFixture().style(
            style: """
            @supports (color: red) { #a { color: red } }
            @supports (display: bogus) { #b { color: red } }
            @supports not (display: bogus) { #c { color: blue } }
            @supports (hyphens: auto) or (display: bogus) { #d { color: blue } }
            @supports (hyphens: auto) and (display: bogus) { #e { color: red } }
            """,
            body: "<p id='a'>a</p><p id='b'>b</p><p id='c'>c</p><p id='d'>d</p><p id='e'>e</p>")
        #expect(styled.value(.color, of: "a") == red)
        #expect(styled.value(.color, of: "b") == black)
        #expect(styled.value(.color, of: "c") == blue)
        #expect(styled.value(.color, of: "d") == blue)
        #expect(styled.value(.color, of: "e") == black)
    }

    @Test func mediaRulesFollowTheDevice() {
        let page = StyleFixture.page(
            style: """
            @media (max-width: 480px) { #p { margin-left: 1px } }
            @media (min-width: 600px) { #p { margin-right: 2px } }
            @media (orientation: landscape) { #p { color: red } }
            @media print { #p { color: blue } }
            """,
            body: "<p id='p'>x</p>")
        let phone = StyleFixture(environment: .phone).style(page)
        let tablet = StyleFixture(environment: .tablet).style(page)
        let landscape = StyleFixture(environment: MediaEnvironment.phone.landscape).style(page)
        #expect([phone.value(.marginLeft, of: "p"), phone.value(.marginRight, of: "p"), phone.value(.color, of: "p")] == ["1px", "0px", black])
        #expect([tablet.value(.marginLeft, of: "p"), tablet.value(.marginRight, of: "p"), tablet.value(.color, of: "p")] == ["0px", "2px", black])
        // A phone on its side is 844 px wide.
        #expect([landscape.value(.marginLeft, of: "p"), landscape.value(.marginRight, of: "p"), landscape.value(.color, of: "p")] == ["0px", "2px", red])
    }

    /// Cascaded values: the last value declared for a property wins, across blocks given from
    /// lowest to highest precedence and within a block; the values are kept in property order,
    /// so equal values compare and hash alike however they were declared.
    @Test func cascadedValuesKeepTheLastValueOfEachPropertyInPropertyOrder() throws {
        let red = SpecifiedValue.color(.rgba(RGBA(red: 255, green: 0, blue: 0))), blue = SpecifiedValue.color(.rgba(RGBA(red: 0, green: 0, blue: 255)))
        let green = SpecifiedValue.color(.currentColor)
        let low: PropertyParser.Longhands = [(.color, red), (.textIndent, TestCSS.cascaded("text-indent: 1px")[.textIndent]!)]
        let high: PropertyParser.Longhands = [(.color, blue), (.display, .display(.block)), (.color, green)]
        let values = CascadedValues(lowestFirst: [low, high])
        #expect(values.count == 3)
        #expect(values[.color] == green)
        #expect(values[.display] == .display(.block))
        #expect(values[.textIndent] != nil && values[.fontSize] == nil)
        #expect(values.values.map(\.id.rawValue) == values.values.map(\.id.rawValue).sorted())
        let same = CascadedValues([.display: .display(.block), .color: green, .textIndent: values[.textIndent]!])
        #expect(values == same && values.hashValue == same.hashValue)
        #expect(CascadedValues(lowestFirst: [high, low])[.color] == red)
        #expect(CascadedValues(lowestFirst: [PropertyParser.Longhands]()).isEmpty)
    }
}
