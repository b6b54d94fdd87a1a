import Testing
@testable import FolioStyle

@Suite struct ValueColorTests {
    @Test(arguments: [
        ("red", "rgb(255, 0, 0)"),
        ("RebeccaPurple", "rgb(102, 51, 153)"),
        ("#0f8", "rgb(0, 255, 136)"),
        ("#0f88", "rgba(0, 255, 136, 0.533)"),
        ("#102030", "rgb(16, 32, 48)"),
        ("#10203080", "rgba(16, 32, 48, 0.502)"),
        ("rgb(1, 2, 3)", "rgb(1, 2, 3)"),
        ("rgba(1, 2, 3, 0.5)", "rgba(1, 2, 3, 0.5)"),
        ("rgb(100%, 0%, 50%)", "rgb(255, 0, 128)"),
        ("rgb(1 2 3 / 25%)", "rgba(1, 2, 3, 0.25)"),
        ("rgba(1 2 3)", "rgb(1, 2, 3)"),
        ("rgb(300, -5, 0)", "rgb(255, 0, 0)"),
        ("hsl(120, 100%, 50%)", "rgb(0, 255, 0)"),
        ("hsla(240, 100%, 50%, 0.5)", "rgba(0, 0, 255, 0.5)"),
        ("hsl(0.5turn 100% 25% / 0.2)", "rgba(0, 128, 128, 0.2)"),
        ("hwb(0 0% 0%)", "rgb(255, 0, 0)"),
        ("transparent", "rgba(0, 0, 0, 0)"),
        ("Canvas", "rgb(255, 255, 255)"),
    ])
    func everyColourSyntaxComputesToRGBA(value: String, expected: String) {
        #expect(TestCSS.style("background-color: \(value)").cssValue(of: .backgroundColor) == expected)
    }

    @Test func allNamedColoursAreKnown() {
        #expect(namedColors.count == 148)
        #expect(CSSColor.parse(.token(.ident("LightGoldenRodYellow"))) == .rgba(RGBA(red: 250, green: 250, blue: 210)))
    }

    @Test func currentColorIsTheElementsOwnColour() {
        let style = TestCSS.style("color: #123456; border-top: 1px solid currentColor")
        #expect(style.border.color.top == .currentColor)
        #expect(style.resolve(style.border.color.top) == RGBA(red: 0x12, green: 0x34, blue: 0x56))
        #expect(style.cssValue(of: .borderTopColor) == "rgb(18, 52, 86)")
    }

    @Test func currentColorOnColorInheritsTheParentsColour() {
        let parent = TestCSS.style("color: lime")
        #expect(TestCSS.style("color: currentcolor", parent: parent).text.color == RGBA(red: 0, green: 255, blue: 0))
    }

    @Test(arguments: ["rgb(1, 2)", "#12345", "notacolor", "rgb(1, 2%, 3)", "rgb(1 2 3 4)", "hsl(1, 2, 3)", "rgb(1, 2 3)"])
    func invalidColoursAreRejected(value: String) {
        #expect(TestCSS.parse("color: \(value)") == nil)
    }
}
