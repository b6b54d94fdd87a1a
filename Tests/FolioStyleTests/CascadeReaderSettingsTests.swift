import Testing
@testable import FolioStyle

/// The reader's settings, carried into the cascade as a user stylesheet: themes, font
/// choice, line height, justification, text size, and turning the publisher's styles off.
@Suite struct CascadeReaderSettingsTests {
    let bookStyle = """
        html { background-color: #fffff0 }
        p { color: #333333; background-color: yellow }
        #loud { color: red !important; background-color: blue !important }
        """
    let body = "<p id='p'>plain <a id='link' href='#p'>link</a> <img id='img' src='x.png' alt=''/></p><p id='loud'>loud</p>"

    @Test func theDayThemeKeepsTheBooksColours() {
        let styled = StyleFixture().style(style: bookStyle, body: body)
        #expect(styled.node(tag: "html")?.computed.cssValue(of: .backgroundColor) == "rgb(255, 255, 240)")
        #expect(styled.value(.color, of: "p") == "rgb(51, 51, 51)")
        #expect(styled.value(.backgroundColor, of: "p") == "rgb(255, 255, 0)")
        #expect(styled.value(.color, of: "link") == "rgb(0, 0, 238)")
    }

    @Test func theNightThemeOverridesTheBooksColoursEvenImportantOnes() {
        let styled = StyleFixture(settings: ReaderSettings(theme: .night)).style(style: bookStyle, body: body)
        let html = styled.node(tag: "html")?.computed
        #expect(html?.cssValue(of: .color) == "rgb(230, 230, 230)")
        #expect(html?.cssValue(of: .backgroundColor) == "rgb(0, 0, 0)")
        for id in ["p", "loud"] {
            #expect(styled.value(.color, of: id) == "rgb(230, 230, 230)")
            #expect(styled.value(.backgroundColor, of: id) == "rgba(0, 0, 0, 0)")
        }
        #expect(styled.value(.color, of: "link") == "rgb(138, 180, 248)")
    }

    @Test func theSepiaThemeUsesBrownOnCream() {
        let styled = StyleFixture(settings: ReaderSettings(theme: .sepia)).style(style: bookStyle, body: body)
        #expect(styled.node(tag: "html")?.computed.cssValue(of: .backgroundColor) == "rgb(244, 236, 216)")
        #expect(styled.value(.color, of: "loud") == "rgb(59, 42, 26)")
        #expect(styled.value(.backgroundColor, of: "p") == "rgba(0, 0, 0, 0)")
    }

    @Test func themesLeaveImagesAlone() {
        let styled = StyleFixture(settings: ReaderSettings(theme: .night))
            .style(style: "img { background-color: white }", body: "<p><img id='img' src='x.png' alt=''/></p>")
        #expect(styled.value(.backgroundColor, of: "img") == "rgb(255, 255, 255)")
    }

    @Test(arguments: [(ReaderSettings.FontChoice.serif, "serif"), (.sans, "sans-serif")])
    func aFontChoiceOverridesTheBooksFontsButKeepsCodeMonospace(choice: ReaderSettings.FontChoice, family: String) {
        let styled = StyleFixture(settings: ReaderSettings(font: choice)).style(
            style: "p { font-family: Georgia, serif } pre { font-family: 'Fira Mono', monospace }",
            body: "<p id='p'>text <code id='code'>x()</code></p><pre id='pre'>y</pre><h1 id='h'>T</h1>")
        #expect(styled.value(.fontFamily, of: "p") == family)
        #expect(styled.value(.fontFamily, of: "h") == family)
        #expect(styled.value(.fontFamily, of: "code") == "monospace")
        #expect(styled.value(.fontFamily, of: "pre") == "\"Fira Mono\", monospace")
    }

    @Test func thePublisherFontChoiceKeepsTheBooksFonts() {
        let styled = StyleFixture().style(style: "p { font-family: Georgia, serif }", body: "<p id='p'>x</p>")
        #expect(styled.value(.fontFamily, of: "p") == "\"Georgia\", serif")
    }

    @Test func aLineHeightSettingOverridesTheBooks() {
        let styled = StyleFixture(settings: ReaderSettings(lineHeight: 1.6))
            .style(style: "p { line-height: 1.1 !important } h1 { line-height: 40px }", body: "<h1 id='h'>T</h1><p id='p'>x</p>")
        #expect(styled.value(.lineHeight, of: "p") == "1.6")
        #expect(styled.value(.lineHeight, of: "h") == "1.6")
    }

    @Test func justifyOnAndOffOverrideTheBooksAlignment() {
        let page = StyleFixture.page(style: "p { text-align: left } #j { text-align: justify } h1 { text-align: center }",
                                     body: "<h1 id='h'>T</h1><p id='p'>x</p><p id='j'>y</p>")
        let on = StyleFixture(settings: ReaderSettings(justify: true)).style(page)
        let off = StyleFixture(settings: ReaderSettings(justify: false)).style(page)
        let book = StyleFixture().style(page)
        #expect([on.value(.textAlign, of: "p"), on.value(.textAlign, of: "j"), on.value(.textAlign, of: "h")] == ["justify", "justify", "center"])
        #expect([off.value(.textAlign, of: "p"), off.value(.textAlign, of: "j"), off.value(.textAlign, of: "h")] == ["start", "start", "center"])
        #expect([book.value(.textAlign, of: "p"), book.value(.textAlign, of: "j")] == ["left", "justify"])
    }

    @Test func justifyOnLeavesVerseAsTheBookAlignsIt() {
        // Standard Ebooks' plays and poems: a verse paragraph of lines, each a block span.
        let page = StyleFixture.page(
            style: "@namespace epub url(http://www.idpf.org/2007/ops); p { text-align: left } [epub|type~='z3998:verse'] p { text-align: initial }",
            body: """
            <p id='prose'>x</p>
            <blockquote epub:type='z3998:verse' id='q'><p id='verse'><span>a</span></p></blockquote>
            <div epub:type='z3998:song'><ul><li id='song'>b</li></ul></div>
            <p epub:type='chapter z3998:poem' id='poem'>c</p>
            """)
        let on = StyleFixture(settings: ReaderSettings(justify: true)).style(page)
        #expect(on.value(.textAlign, of: "prose") == "justify")
        #expect([on.value(.textAlign, of: "q"), on.value(.textAlign, of: "verse"), on.value(.textAlign, of: "song"),
                 on.value(.textAlign, of: "poem")] == ["start", "start", "left", "left"])
    }

    @Test func publisherStylesOffKeepStructureButDropDesign() {
        let styled = StyleFixture(settings: ReaderSettings(publisherStyles: false)).style(
            style: """
            p { color: red; margin: 3em; font-size: 30px; font-family: Georgia; display: inline; font-style: italic; text-indent: 2em }
            ul { list-style-type: square; padding-left: 0 }
            .b { font-weight: bold; text-decoration: underline; background-color: yellow }
            .x::before { content: "§ " }
            """,
            body: "<p id='p'>x <span id='b' class='b x' style='color: blue; display: block'>y</span></p><ul><li id='li'>z</li></ul>")
        #expect(styled.value(.display, of: "p") == "inline")
        #expect(styled.value(.fontStyle, of: "p") == "italic")
        #expect(styled.value(.color, of: "p") == "rgb(0, 0, 0)")
        #expect(styled.value(.marginTop, of: "p") == "16px")  // the UA's 1em, not the book's 3em
        #expect(styled.value(.fontSize, of: "p") == "16px")
        #expect(styled.value(.fontFamily, of: "p") == "serif")
        #expect(styled.value(.textIndent, of: "p") == "0px")
        #expect(styled.value(.fontWeight, of: "b") == "700")
        #expect(styled.value(.textDecorationLine, of: "b") == "underline")
        #expect(styled.value(.backgroundColor, of: "b") == "rgba(0, 0, 0, 0)")
        #expect(styled.value(.display, of: "b") == "block")
        #expect(styled.value(.color, of: "b") == "rgb(0, 0, 0)")
        #expect(styled.generated(.before, of: "b") == "§ ")
        #expect(styled.generated(.marker, of: "li") == "\u{25AA} ")
        #expect(styled.value(.paddingLeft, of: "li") == "0px")
        #expect(styled.node(tag: "ul")?.computed.cssValue(of: .paddingLeft) == "40px")
    }

    @Test func publisherStylesOffDropsDesignHintsButKeepsAlignment() {
        let styled = StyleFixture(settings: ReaderSettings(publisherStyles: false))
            .style(body: "<p id='p' align='center'>x</p><table id='t' bgcolor='red'><tr><td>c</td></tr></table>")
        #expect(styled.value(.textAlign, of: "p") == "center")
        #expect(styled.value(.backgroundColor, of: "t") == "rgba(0, 0, 0, 0)")
    }

    @Test func aLargerTextSizeScalesMediumTheRootAndEmSizes() throws {
        let scale = try #require(ReaderSettings.parseScale("14pt"))
        let styled = StyleFixture(settings: ReaderSettings(fontScale: scale)).style(
            style: "#em { font-size: 1.5em } #rem { font-size: 2rem } #px { font-size: 20px } #med { font-size: medium } #indent { text-indent: 1em }",
            body: "<p id='p'>a</p><p id='em'>b</p><p id='rem'>c</p><p id='px'>d</p><p id='med'>e</p><h1 id='h1'>f</h1><p id='indent'>g</p>")
        func size(_ id: String) -> Double { styled.node(id)?.computed.font.size ?? 0 }
        let root = try #require(styled.node(tag: "html")).computed.font.size
        #expect(abs(root - 18.6667) < 0.001)
        #expect(abs(size("p") - 18.6667) < 0.001)
        #expect(abs(size("em") - 28) < 0.001)
        #expect(abs(size("rem") - 37.3333) < 0.001)
        #expect(size("px") == 20)
        #expect(abs(size("med") - 18.6667) < 0.001)
        #expect(abs(size("h1") - 37.3333) < 0.001)
        #expect(styled.value(.fontSize, of: "p") == "18.6667px")
        #expect(styled.value(.textIndent, of: "indent") == "18.6667px")
    }
}
