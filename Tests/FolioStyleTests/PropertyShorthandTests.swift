import Testing
@testable import FolioStyle

@Suite struct PropertyShorthandTests {
    /// The computed value of each longhand, as CSS text.
    private func computed(_ block: String, _ ids: [PropertyID]) -> [String] {
        let style = TestCSS.style(block)
        return ids.map { style.cssValue(of: $0) }
    }

    private let margins: [PropertyID] = [.marginTop, .marginRight, .marginBottom, .marginLeft]

    @Test(arguments: [
        ("1px", ["1px", "1px", "1px", "1px"]),
        ("1px 2px", ["1px", "2px", "1px", "2px"]),
        ("1px auto 3px", ["1px", "auto", "3px", "auto"]),
        ("1px 2px 3px 4px", ["1px", "2px", "3px", "4px"]),
    ])
    func marginTakesOneToFourValues(value: String, expected: [String]) {
        #expect(computed("margin: \(value)", margins) == expected)
    }

    @Test func marginWithFiveValuesIsInvalid() {
        #expect(TestCSS.parse("margin: 1px 2px 3px 4px 5px") == nil)
    }

    @Test func borderSetsAllFourSidesAndResetsMissingParts() {
        let style = TestCSS.style("border: thick dashed red")
        #expect(style.border.width == Edges(all: 5))
        #expect(style.border.style == Edges(all: .dashed))
        #expect(style.border.color == Edges(all: .rgba(RGBA(red: 255, green: 0, blue: 0))))
        let reset = TestCSS.style("border: solid")
        #expect(reset.border.width == Edges(all: 3))
        #expect(reset.border.color == Edges(all: .currentColor))
    }

    @Test func borderSideAndBorderWidthShorthandsSetTheirSides() {
        let style = TestCSS.style("border-left: 2px solid; border-style: none solid; border-width: 0 4px")
        #expect(style.border.width == Edges(top: 0, right: 4, bottom: 0, left: 4))
        #expect(style.border.style.left == .solid)
    }

    @Test func borderRadiusWithSlashSetsVerticalRadii() {
        let style = TestCSS.style("border-radius: 1px 2px / 3px")
        #expect(style.border.radius.topLeft == CornerRadius(horizontal: .px(1), vertical: .px(3)))
        #expect(style.border.radius.topRight == CornerRadius(horizontal: .px(2), vertical: .px(3)))
        #expect(style.border.radius.bottomRight == CornerRadius(horizontal: .px(1), vertical: .px(3)))
    }

    @Test func fontShorthandSetsEveryPartAndResetsTheRest() {
        let parent = TestCSS.style("font-weight: bold; font-style: italic; line-height: 3")
        let style = TestCSS.style("font: small-caps 600 condensed 12px/1.5 \"Iowan Old Style\", Georgia Pro, serif", parent: parent)
        #expect(style.font.style == .normal)
        #expect(style.font.variantCaps == .smallCaps)
        #expect(style.font.weight == 600)
        #expect(style.font.stretch == 75)
        #expect(style.font.size == 12)
        #expect(style.font.lineHeight == .number(1.5))
        #expect(style.font.family == [.named("Iowan Old Style"), .named("Georgia Pro"), .generic(.serif)])
        #expect(TestCSS.style("font: italic 1em serif", parent: parent).font.lineHeight == .normal)
    }

    @Test func fontShorthandWithoutFamilyOrWithSystemFont() {
        #expect(TestCSS.parse("font: 12px") == nil)
        #expect(TestCSS.parse("font: bold serif") == nil)
        #expect(TestCSS.parse("font: caption")?.isEmpty == true)
    }

    @Test func backgroundShorthandExpandsLayersWithColourFromTheLast() {
        let style = TestCSS.style(
            "background: url(a.png) right 10px top / 50% auto no-repeat, linear-gradient(red, blue) repeat-x content-box #fff"
        )
        #expect(style.background.images == [.url("a.png"), .gradient])
        #expect(style.background.positions[0] == BackgroundPosition(x: .mixed(px: -10, percent: 100), y: .percent(0)))
        #expect(style.background.positions[1] == .topLeft)
        #expect(style.background.sizes[0] == .size(width: .percent(50), height: nil))
        #expect(style.background.repeats == [BackgroundRepeat(x: .noRepeat, y: .noRepeat), BackgroundRepeat(x: .repeat, y: .noRepeat)])
        #expect(style.background.origins == [.paddingBox, .contentBox])
        #expect(style.background.clips == [.borderBox, .contentBox])
        #expect(style.background.color == .rgba(.white))
        #expect(style.cssValue(of: .backgroundPosition) == "calc(100% - 10px) 0%, 0% 0%")
    }

    @Test func backgroundColourOnlyInTheFinalLayer() {
        #expect(TestCSS.parse("background: red, url(a.png)") == nil)
        #expect(TestCSS.parse("background: cover") == nil)
    }

    @Test func backgroundSizeCoverAfterPosition() {
        let style = TestCSS.style("background: url(x.jpg) center / cover")
        #expect(style.background.sizes == [.cover])
        #expect(style.background.positions == [BackgroundPosition(x: .percent(50), y: .percent(50))])
    }

    @Test func listStyleShorthandSplitsNoneBetweenTypeAndImage() {
        let style = TestCSS.style("list-style: none inside")
        #expect(style.rareInherited.listStyleType == ListStyleType.none)
        #expect(style.rareInherited.listStyleImage == CSSImage.none)
        #expect(style.rareInherited.listStylePosition == .inside)
        let roman = TestCSS.style("list-style: upper-roman url(dot.png)")
        #expect(roman.rareInherited.listStyleType == .upperRoman)
        #expect(roman.rareInherited.listStyleImage == .url("dot.png"))
        #expect(TestCSS.parse("list-style: none none none") == nil)
    }

    @Test func textDecorationShorthandSetsLineStyleAndColour() {
        let style = TestCSS.style("text-decoration: underline line-through wavy blue")
        #expect(style.box.textDecorationLine == [.underline, .lineThrough])
        #expect(style.box.textDecorationStyle == .wavy)
        #expect(style.box.textDecorationColor == .rgba(RGBA(red: 0, green: 0, blue: 255)))
        #expect(style.cssValue(of: .textDecorationLine) == "underline line-through")
    }

    @Test func overflowColumnsAndTextEmphasisShorthands() {
        let style = TestCSS.style("overflow: hidden auto; columns: 2 10em; text-emphasis: open red")
        #expect(style.box.overflowX == .hidden && style.box.overflowY == .auto)
        #expect(style.box.columnCount == 2 && style.box.columnWidth == 160)
        #expect(style.rareInherited.emphasisStyle == .mark(filled: false, shape: .dot))
    }

    @Test func cssWideKeywordOnAShorthandSetsEveryLonghand() {
        let longhands = TestCSS.parse("padding: inherit")
        #expect(longhands?.map(\.0) == [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft])
        #expect(longhands?.allSatisfy { $0.1 == .cssWide(.inherit) } == true)
    }
}
