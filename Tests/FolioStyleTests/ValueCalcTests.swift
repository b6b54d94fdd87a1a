import Testing
@testable import FolioStyle

@Suite struct ValueCalcTests {
    @Test func calcWithMixedUnitsKeepsThePercentageAndResolvesTheRest() {
        let style = TestCSS.style("width: calc(50% - 2em + 1in)")
        #expect(style.box.width == .length(.mixed(px: 64, percent: 50)))
        #expect(style.cssValue(of: .width) == "calc(50% + 64px)")
        if case .length(let width) = style.box.width { #expect(width.resolve(against: 200) == 164) }
    }

    @Test func nestedCalcAndParenthesesFollowPrecedence() {
        let style = TestCSS.style("margin-top: calc(2 * (1px + calc(9px / 3)) - 1px * 2)")
        #expect(style.box.margin.top == .length(.px(6)))
    }

    @Test func calcWithoutPercentagesComputesToPixels() {
        let style = TestCSS.style("font-size: 10px; text-indent: calc(1em + 10vw)")
        #expect(style.text.indent == .px(90))
    }

    @Test func minMaxAndClampWithPercentagesStayExpressions() {
        let style = TestCSS.style("width: min(100%, 300px)")
        guard case .length(let width) = style.box.width else {
            Issue.record("width is auto")
            return
        }
        #expect(width.resolve(against: 200) == 200)
        #expect(width.resolve(against: 500) == 300)
        #expect(TestCSS.style("width: clamp(10px, 1em, 12px)").box.width == .length(.px(12)))
    }

    @Test(arguments: [
        "calc(1px + 2)", "calc(1px * 2px)", "calc(1px / 0)", "calc(1px / 2px)", "calc(1px+2px)",
        "calc()", "calc(1px +)", "calc(2 * 3)", "calc(1px 2px)", "min(1px, 2)",
    ])
    func invalidCalcMakesTheDeclarationInvalid(value: String) {
        #expect(TestCSS.parse("width: \(value)") == nil)
    }

    @Test func calcInFontSizeTakesPercentagesOfTheParentSize() {
        let parent = TestCSS.style("font-size: 20px")
        #expect(TestCSS.style("font-size: calc(50% + 2px)", parent: parent).font.size == 12)
    }
}
