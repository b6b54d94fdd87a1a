import FolioCore
import FolioXML
import Testing
@testable import FolioStyle

/// Whole documents through the cascade: entities, hostile depth, foreign content (MathML,
/// SVG), style interning, and the user-agent sheet's own validity.
@Suite struct CascadeDocumentTests {
    @Test func htmlNamedEntitiesReachTextAndGeneratedContent() throws {
        let styled = StyleFixture().style(style: "p::after { content: attr(title) }",
                                          body: "<p id='p' title='&hellip;&nbsp;fin'>caf&eacute; &mdash; &copy;&amp;</p>")
        let p = try #require(styled.node("p"))
        let text = styled.document.children(of: p).filter { $0.kind == .text }.compactMap(\.text).joined()
        #expect(text == "café — ©&")
        #expect(styled.generated(.after, of: "p") == "…\u{00A0}fin")
        #expect(!styled.warningCodes.contains("xml.undefined-entity"))
    }

    @Test func aDocumentNested100000DeepIsStyledWithoutOverflowingTheStack() throws {
        let depth = 100_000
        let xhtml = "<html xmlns='http://www.w3.org/1999/xhtml'><body>" + String(repeating: "<div>", count: depth) + "deep"
            + String(repeating: "</div>", count: depth) + "</body></html>"
        let diagnostics = Diagnostics()
        let tree = try MarkupParser.parse(Array(xhtml.utf8), path: "deep.xhtml", recovery: .html, diagnostics: diagnostics)
        let context = StyleContext(environment: .phone, diagnostics: diagnostics) { _ in nil }
        let styled = Cascade.style(tree, context: context)
        // libxml2's 256-level limit is lifted: every level is read; the styler walks them without
        // recursion and hangs those past its depth limit side by side, text and all.
        #expect(!diagnostics.warnings.contains { $0.code == "xml.not-well-formed" })
        #expect(diagnostics.warnings.contains { $0.code == "css.nesting-flattened" })
        #expect(styled.nodes.count > depth)
        let text = try #require(styled.nodes.last { $0.kind == .text })
        #expect(text.text == "deep")
        var depthOfText = 0
        var up = text.parent
        while up >= 0 {
            depthOfText += 1
            up = styled.nodes[Int(up)].parent
        }
        #expect(depthOfText <= 130, "the text hangs at the flattening depth, not 100,000 levels down")
        #expect(styled.nodes.filter { $0.kind == .element && $0.source?.localName == "div" }.allSatisfy { $0.computed.box.display == .block })
        #expect(!styled.outline().isEmpty)
        _ = styled.json().serialized()
    }

    /// The cascade remembers, per rule, which elements have an ancestor matching `A` in `A B`:
    /// answers must not leak between branches, nor between rules, nor past a matching element.
    @Test func descendantSelectorsAnswerPerBranchAndPerRule() throws {
        let styled = StyleFixture().style(
            style: """
                [data-k~="drama"] td { color: red }
                .side td { color: blue }
                section td { text-indent: 3px }
                """,
            body: """
                <div data-k="x drama"><table><tr><td id="a">a</td><td id="b">b</td></tr></table></div>                <div data-k="dramatic"><table><tr><td id="c">c</td></tr></table></div>                <section><div class="side"><table><tr><td id="d">d</td></tr></table></div>                <table><tr><td id="e">e</td></tr></table></section>                <table><tr><td id="f">f</td></tr></table>
                """)
        let red = "rgb(255, 0, 0)", blue = "rgb(0, 0, 255)"
        #expect(styled.value(.color, of: "a") == red)
        #expect(styled.value(.color, of: "b") == red)
        #expect(styled.value(.color, of: "c") != red, "“dramatic” is not the token “drama”")
        #expect(styled.value(.color, of: "d") == blue)
        #expect(styled.value(.color, of: "e") != blue && styled.value(.color, of: "e") != red)
        #expect(styled.value(.textIndent, of: "d") == "3px")
        #expect(styled.value(.textIndent, of: "e") == "3px")
        #expect(styled.value(.textIndent, of: "f") == "0px")
        #expect(styled.value(.color, of: "f") != red && styled.value(.color, of: "f") != blue)
    }

    /// Rules keyed by an attribute's token reach every element holding the token, whichever
    /// namespace's attribute holds it and however the tokens are spaced.
    @Test func attributeTokenRulesReachEveryElementHoldingTheToken() throws {
        let styled = StyleFixture().style(
            head: "",
            style: """
                @namespace epub "http://www.idpf.org/2007/ops";
                [epub|type~="z3998:persona"] { color: red }
                [data-k="v"] { text-indent: 3px }
                [data-c~="Up" i] { color: blue }
                """,
            body: """
                <p id="a" epub:type="x&#13;&#10;z3998:persona	y">a</p>                <p id="b" type="other" epub:type="z3998:persona">b</p>                <p id="c" epub:type="z3998:personae">c</p>                <p id="d" data-k="v">d</p><p id="e" data-k="v w">e</p>                <p id="f" data-c="x up">f</p><p id="g" type="z3998:persona">g</p>
                """)
        let red = "rgb(255, 0, 0)"
        #expect(styled.value(.color, of: "a") == red)
        #expect(styled.value(.color, of: "b") == red)
        #expect(styled.value(.color, of: "c") != red)
        #expect(styled.value(.color, of: "g") != red, "the token is in an attribute of another namespace")
        #expect(styled.value(.textIndent, of: "d") == "3px")
        #expect(styled.value(.textIndent, of: "e") == "0px")
        #expect(styled.value(.color, of: "f") == "rgb(0, 0, 255)")
    }

    @Test func mathMLIsOneNodeCarryingItsAlttext() throws {
        let styled = StyleFixture().style(body: """
            <p>E = <math xmlns='http://www.w3.org/1998/Math/MathML' id='m' alttext='mc^2'><mi id='mi'>m</mi><msup><mi>c</mi><mn>2</mn></msup></math></p>\
            <p><math xmlns='http://www.w3.org/1998/Math/MathML' id='n'><mi>x</mi><mo>+</mo><mn>1</mn></math></p>\
            <math xmlns='http://www.w3.org/1998/Math/MathML' id='b' display='block'><mi>y</mi></math>
            """)
        let math = try #require(styled.node("m"))
        // The text is made when asked for; the node itself carries none.
        #expect(math.text == nil)
        #expect(styled.document.mathText(math) == "mc^2")
        #expect(styled.document.hasMathText(math))
        #expect(styled.document.children(of: math).isEmpty)
        #expect(styled.node("mi") == nil)
        #expect(styled.node("n").flatMap(styled.document.mathText) == "x+1")
        #expect(math.computed.box.display == .inline)
        #expect(styled.node("b")?.computed.box.display == .block)
    }

    @Test func anAlttextGivenToEveryDifferentFormulaIsAPlaceholderAndTheTokensShow() throws {
        let placeholder = "Alternative text not available"
        func math(_ id: String, _ alt: String, _ tokens: String) -> String {
            "<p><math xmlns='http://www.w3.org/1998/Math/MathML' id='\(id)' alttext='\(alt)'>\(tokens)</math></p>"
        }
        let styled = StyleFixture().style(body: math("a", placeholder, "<mi>x</mi><mo>=</mo><mn>1</mn>")
            + math("b", placeholder, "<mi>y</mi>") + math("c", placeholder, "<mi>z</mi>")
            + math("d", "the same", "<mi>k</mi>") + math("e", "the same", "<mi>k</mi>") + math("f", "the same", "<mi>k</mi>")
            + math("g", "once", "<mi>q</mi>"))
        func text(_ id: String) -> String? { styled.node(id).flatMap(styled.document.mathText) }
        #expect(text("a") == "x=1")
        #expect(text("c") == "z")
        // The same formula three times may well share its alttext; a single one keeps its own.
        #expect(text("e") == "the same")
        #expect(text("g") == "once")
    }

    @Test func whetherAFormulaHasATextIsAnsweredAsItsTextWouldBe() throws {
        func math(_ id: String, _ inside: String) -> String {
            "<p><math xmlns='http://www.w3.org/1998/Math/MathML' id='\(id)'>\(inside)</math></p>"
        }
        let styled = StyleFixture().style(body: math("empty", "<mspace width='1em'/>  ")
            + math("sum", "<mo>∑</mo>") + math("spaces", "<mtext>\u{2003}</mtext>")
            + math("tex", "<semantics><mrow/><annotation encoding='application/x-tex'>\\alpha</annotation></semantics>")
            + math("png", "<semantics><mrow/><annotation encoding='image/png'>zz</annotation></semantics>"))
        for (id, text) in [("empty", nil), ("sum", "∑"), ("spaces", nil), ("tex", "\\alpha"), ("png", nil)] as [(String, String?)] {
            let node = try #require(styled.node(id))
            #expect(styled.document.mathText(node) == text, "\(id)")
            #expect(styled.document.hasMathText(node) == (text != nil), "\(id)")
        }
    }

    @Test func svgIsOneNodeWhoseInsidesAreNotWalked() throws {
        let styled = StyleFixture().style(style: "rect { display: block } svg { width: 10px }", body: """
            <div><svg xmlns='http://www.w3.org/2000/svg' id='s' viewBox='0 0 10 10'><rect id='r' width='5' height='5'/><text id='t'>label</text></svg></div>
            """)
        let svg = try #require(styled.node("s"))
        #expect(svg.computed.cssValue(of: .display) == "inline-block")
        #expect(svg.computed.cssValue(of: .width) == "10px")
        #expect(styled.document.children(of: svg).isEmpty)
        #expect(styled.node("r") == nil && styled.node("t") == nil)
    }

    @Test func elementsWithEqualStylesShareOneInternedStyle() throws {
        let styled = StyleFixture().style(style: ".x { color: red }",
                                          body: "<p id='a'>one</p><p id='b'>two</p><p id='c' class='x'>three</p>")
        let a = try #require(styled.node("a")), b = try #require(styled.node("b")), c = try #require(styled.node("c"))
        #expect(a.style === b.style)
        #expect(a.style !== c.style)
        // A text node shares its parent's style.
        #expect(styled.document.children(of: a).first?.style === a.style)
    }

    @Test func theUserAgentSheetParsesWithoutWarnings() {
        let diagnostics = Diagnostics()
        let sheet = CSSParser.parseStylesheet(UserAgentStyleSheet.text, path: "(user agent)", diagnostics: diagnostics)
        let context = StyleContext(environment: .phone, diagnostics: diagnostics) { _ in nil }
        var rules = RuleSet(context: context)
        rules.add(sheet, origin: .userAgent)
        #expect(diagnostics.warnings.map { "\($0.code): \($0.message) at \($0.location ?? "")" } == [])
        #expect(rules.entries.count > 150)
    }

    @Test(arguments: ReaderSettings.Theme.allCases)
    func theUserSheetParsesWithoutWarnings(theme: ReaderSettings.Theme) {
        let diagnostics = Diagnostics()
        let settings = ReaderSettings(theme: theme, font: .sans, lineHeight: 1.5, justify: true)
        let sheet = CSSParser.parseStylesheet(UserStyleSheet.text(for: settings), path: "(reader settings)", diagnostics: diagnostics)
        let context = StyleContext(environment: .phone, settings: settings, diagnostics: diagnostics) { _ in nil }
        var rules = RuleSet(context: context)
        rules.add(sheet, origin: .user)
        #expect(diagnostics.warnings.map { "\($0.code): \($0.message)" } == [])
    }

    @Test func aPlainDocumentStylesWithoutWarnings() {
        let styled = StyleFixture().style(body: "<h1>T</h1><p>x <a href='#'>y</a></p><ol><li>z</li></ol>")
        #expect(styled.diagnostics.warnings.isEmpty)
    }
}
