import FolioCore
import Testing
@testable import FolioStyle

/// Hostile lengths are clamped to `StyleLimits` when computed, with a warning naming the
/// element's file and line and the property.
@Suite struct ComputedStyleLimitsTests {
    static func styled(_ declarations: String) -> Styled {
        StyleFixture().style(body: "<p id='p' style='\(declarations)'>Hello</p>")
    }

    @Test(arguments: [
        ("margin-top: 1e38px", PropertyID.marginTop, "4000px"),
        ("margin-left: -1e38px", .marginLeft, "-100000px"),
        ("padding: 1e9px", .paddingBottom, "4000px"),
        ("padding: 1e9px", .paddingRight, "100000px"),
        ("height: 1e9px", .height, "4000px"),
        ("width: 1e9px", .width, "100000px"),
        ("width: 1e9%", .width, "10000%"),
        ("text-indent: 1e9px", .textIndent, "100000px"),
        ("letter-spacing: 1e9px", .letterSpacing, "1000px"),
        ("font-size: 1e38px", .fontSize, "500px"),
        ("line-height: 1e9", .lineHeight, "20"),
        ("line-height: 1e9px", .lineHeight, "4000px"),
        ("border: 1e9px solid red", .borderTopWidth, "200px"),
        ("margin-top: 1e30em", .marginTop, "4000px"),
    ])
    func anEnormousValueIsClampedWithAWarning(declaration: String, property: PropertyID, expected: String) throws {
        let styled = Self.styled(declaration)
        #expect(styled.value(property, of: "p") == expected)
        let warning = try #require(styled.diagnostics.warnings.first { $0.code == "css.value-clamped" })
        #expect(warning.location == "EPUB/text/doc.xhtml:2" || warning.location?.hasPrefix("EPUB/text/doc.xhtml") == true)
        let name = declaration.split(separator: ":")[0]
        #expect(warning.message.contains(name == "border" ? "border-width" : name == "padding" ? "padding-" : String(name)), "\(warning.message)")
    }

    @Test func ordinaryValuesAreNotTouchedNorWarned() {
        let styled = Self.styled("margin: 2em 10%; font-size: 300%; line-height: 1.4; border: 3px solid; width: calc(100% - 2em)")
        #expect(styled.value(.marginTop, of: "p") == "96px")
        #expect(styled.value(.fontSize, of: "p") == "48px")
        #expect(!styled.warningCodes.contains("css.value-clamped"))
    }

    @Test func aNumberTooLargeForADoubleIsNoValue() {
        let styled = Self.styled("margin-top: 1e999px; line-height: 1e999; font-size: 1e999px")
        #expect(styled.value(.marginTop, of: "p") == "16px", "the user agent's paragraph margin stays")
        #expect(styled.value(.lineHeight, of: "p") == "normal")
        #expect(styled.value(.fontSize, of: "p") == "16px")
    }

    @Test func emLengthsUseTheClampedFontSize() {
        let styled = Self.styled("font-size: 1e38px; text-indent: 2em")
        #expect(styled.value(.textIndent, of: "p") == "1000px")
    }
}
