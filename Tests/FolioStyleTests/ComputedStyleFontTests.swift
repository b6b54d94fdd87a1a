import Testing
@testable import FolioStyle

@Suite struct ComputedStyleFontTests {
    @Test(arguments: [
        ("xx-small", 9.6), ("x-small", 12.0), ("small", 128.0 / 9), ("medium", 16.0), ("large", 19.2),
        ("x-large", 24.0), ("xx-large", 32.0), ("xxx-large", 48.0),
    ])
    func fontSizeKeywordsScaleFromMedium(keyword: String, expected: Double) {
        let size = TestCSS.style("font-size: \(keyword)").font.size
        #expect(abs(size - expected) < 1e-9)
    }

    @Test func fontSizeKeywordsFollowTheReadersMediumSize() {
        var context = TestCSS.context
        context.mediumFontSize = 20
        let style = ComputedStyle.compute(cascaded: TestCSS.cascaded("font-size: large"), parent: nil, root: nil, environment: context)
        #expect(style.font.size == 24)
        let root = ComputedStyle.compute(cascaded: [:], parent: nil, root: nil, environment: context)
        #expect(root.font.size == 20)
    }

    @Test func smallerAndLargerScaleTheParentSizeByOnePointTwo() {
        let parent = TestCSS.style("font-size: 24px")
        #expect(TestCSS.style("font-size: smaller", parent: parent).font.size == 20)
        #expect(abs(TestCSS.style("font-size: larger", parent: parent).font.size - 28.8) < 1e-9)
        #expect(TestCSS.style("font-size: 50%", parent: parent).font.size == 12)
    }

    @Test(arguments: [
        (50, 400, 50), (300, 400, 100), (400, 700, 100), (600, 900, 400), (800, 900, 700), (950, 950, 700),
    ])
    func bolderAndLighterDependOnTheParentWeight(parentWeight: Int, bolder: Int, lighter: Int) {
        let parent = TestCSS.style("font-weight: \(parentWeight)")
        #expect(TestCSS.style("font-weight: bolder", parent: parent).font.weight == bolder)
        #expect(TestCSS.style("font-weight: lighter", parent: parent).font.weight == lighter)
    }

    @Test func lineHeightNumbersInheritAsNumbersAndLengthsAsPixels() {
        let numberParent = TestCSS.style("font-size: 10px; line-height: 1.5")
        #expect(TestCSS.style("font-size: 20px", parent: numberParent).font.lineHeight == .number(1.5))
        let percentParent = TestCSS.style("font-size: 10px; line-height: 150%")
        #expect(percentParent.font.lineHeight == .px(15))
        #expect(TestCSS.style("font-size: 20px", parent: percentParent).font.lineHeight == .px(15))
        #expect(TestCSS.style("font-size: 20px; line-height: 2em").font.lineHeight == .px(40))
    }
}
