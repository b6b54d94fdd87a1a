import Testing
@testable import FolioStyle

@Suite struct ValueLengthTests {
    /// A parent with a 20px font and a root with a 10px font, so em and rem differ.
    let parent = TestCSS.style("font-size: 20px")
    let root = TestCSS.style("font-size: 10px")

    @Test(arguments: [
        ("2em", "40px"), ("2rem", "20px"), ("2ex", "20px"), ("2ch", "20px"),
        ("10vw", "80px"), ("10vh", "60px"), ("10vmin", "60px"), ("10vmax", "80px"),
        ("12pt", "16px"), ("1pc", "16px"), ("1in", "96px"), ("2.54cm", "96px"),
        ("25.4mm", "96px"), ("101.6q", "96px"), ("7px", "7px"), ("0", "0px"),
    ])
    func everyUnitResolvesToCSSPixels(length: String, expected: String) {
        let style = TestCSS.style("margin-left: \(length)", parent: parent, root: root)
        #expect(style.cssValue(of: .marginLeft) == expected)
    }

    @Test func percentagesStayPercentagesForLayoutToResolve() {
        let style = TestCSS.style("width: 50%", parent: parent, root: root)
        #expect(style.box.width == .length(.percent(50)))
        if case .length(let width) = style.box.width { #expect(width.resolve(against: 300) == 150) }
    }

    @Test func emInFontSizeIsOfTheParentAndEmElsewhereOfTheOwnSize() {
        let style = TestCSS.style("font-size: 2em; text-indent: 1em", parent: parent, root: root)
        #expect(style.font.size == 40)
        #expect(style.text.indent == .px(40))
    }

    @Test func remOnTheRootElementIsTheInitialFontSize() {
        let style = TestCSS.style("font-size: 2rem; margin-top: 1rem")
        #expect(style.font.size == 32)
        #expect(style.box.margin.top == .length(.px(16)))
    }

    @Test func unitlessNonZeroLengthsAreInvalid() {
        #expect(TestCSS.parse("margin-left: 12") == nil)
        #expect(TestCSS.parse("width: 3furlongs") == nil)
    }

    @Test func negativePaddingIsInvalidButNegativeMarginIsNot() {
        #expect(TestCSS.parse("padding-left: -1px") == nil)
        #expect(TestCSS.parse("margin-left: -1px") != nil)
    }
}
