import FolioCore
import Testing
@testable import FolioStyle

@Suite struct SyntaxParserTests {
    func parse(_ css: String, _ diagnostics: Diagnostics = Diagnostics()) -> Stylesheet {
        CSSParser.parseStylesheet(css, path: "EPUB/style.css", diagnostics: diagnostics)
    }

    func styleRules(_ sheet: Stylesheet) -> [StyleRule] {
        sheet.rules.compactMap { if case .style(let r) = $0 { r } else { nil } }
    }

    func names(_ rule: StyleRule) -> [String] { rule.declarations.map(\.name) }

    @Test func declarationsAreLowercasedTrimmedAndImportantIsSplitOff() throws {
        let rules = styleRules(parse("p { COLOR : Red ; margin: 0 auto ! IMPORTANT; --Brand: blue }"))
        let rule = try #require(rules.first)
        #expect(rule.declarations == [
            Declaration(name: "color", value: [.token(.ident("Red"))]),
            Declaration(name: "margin", value: [.token(.number(0, isInteger: true, repr: "0")), .token(.whitespace), .token(.ident("auto"))], important: true),
            Declaration(name: "--Brand", value: [.token(.ident("blue"))]),
        ])
    }

    @Test func aBadDeclarationIsSkippedAndTheNextOnesKept() throws {
        let diagnostics = Diagnostics()
        let rule = try #require(styleRules(parse("p { color red; 12px: x; font-size: 2em; }", diagnostics)).first)
        #expect(names(rule) == ["font-size"])
        #expect(diagnostics.warnings.filter { $0.code == "css.invalid-declaration" }.count == 2)
    }

    @Test func aMissingClosingBraceSwallowsTheNextRuleButNotTheRest() {
        // Per spec, `h1 {…}` becomes part of p's declaration; the block ends at EOF.
        let rules = styleRules(parse("p { color: red; margin: 0 h1 { color: blue } em { x: y }"))
        #expect(rules.count == 1)
        #expect(names(rules[0]) == ["color", "margin"])
    }

    @Test func aBlockUnclosedAtEndOfFileKeepsItsDeclarations() throws {
        let rules = styleRules(parse("a { color: red }\nb { font-weight: bold; color: green"))
        #expect(rules.count == 2)
        #expect(names(rules[1]) == ["font-weight", "color"])
        #expect(rules[1].line == 2)
    }

    @Test func garbageAtRulesAreSkippedWithAWarning() {
        let diagnostics = Diagnostics()
        let sheet = parse("@-epub-nonsense foo { p { color: red } }\n@keyframes k { from { x: y } }\np { color: blue }", diagnostics)
        #expect(styleRules(sheet).count == 1)
        #expect(diagnostics.warnings.filter { $0.code == "css.unknown-at-rule" }.map(\.location) == ["EPUB/style.css:1", "EPUB/style.css:2"])
    }

    @Test func anInvalidSelectorDropsOnlyItsRule() {
        let diagnostics = Diagnostics()
        let rules = styleRules(parse("p::-webkit-scrollbar { x: y }\np..q { x: y }\nh1, h2 { x: y }", diagnostics))
        #expect(rules.count == 1)
        #expect(rules.first?.selectors.count == 2)
        #expect(diagnostics.warnings.filter { $0.code == "css.invalid-selector" }.count == 2)
    }

    @Test func strayClosingBracesAndHTMLCommentMarkersDoNotLoseRules() {
        let rules = styleRules(parse("<!-- } p { color: red } --> em { color: blue }"))
        // `} p` is an invalid selector; `em` survives.
        #expect(rules.map { $0.selectors.first?.text } == ["em"])
    }

    @Test func charsetIsIgnoredSilently() {
        let diagnostics = Diagnostics()
        let sheet = parse("@charset \"utf-8\";\np { color: red }", diagnostics)
        #expect(sheet.rules.count == 1)
        #expect(diagnostics.warnings.isEmpty)
    }

    @Test func importCarriesItsMediaListAndSupportsCondition() throws {
        let sheet = parse("""
            @import url("print.css") print;
            @import 'phone.css' supports(display: flex) screen and (max-width: 600px);
            p { color: red }
            @import "late.css";
            """)
        let imports = sheet.rules.compactMap { if case .importRule(let r) = $0 { r } else { nil } }
        #expect(imports.map(\.href) == ["print.css", "phone.css"])
        #expect(!imports[0].media.matches(.phone))
        #expect(imports[1].media.matches(.phone))
        #expect(!imports[1].media.matches(.tablet))
        let supports = try #require(imports[1].supports)
        #expect(supports.evaluate { name, _ in name == "display" })
    }

    @Test func namespacePrefixesAreDeclaredForSelectors() {
        let sheet = parse("""
            @namespace epub "http://www.idpf.org/2007/ops";
            @namespace url(http://www.w3.org/1999/xhtml);
            aside[epub|type~="footnote"] { display: none }
            [svg|x] { x: y }
            """)
        #expect(sheet.rules.count == 3)
        guard case .namespace(let ns) = sheet.rules[0] else { Issue.record("no namespace rule"); return }
        #expect(ns == NamespaceRule(prefix: "epub", uri: "http://www.idpf.org/2007/ops"))
        guard case .style(let rule) = sheet.rules[2] else { Issue.record("no style rule"); return }
        #expect(rule.selectors.first?.compounds.first?.type == TypeSelector(namespace: .uri("http://www.w3.org/1999/xhtml"), localName: "aside"))
    }

    @Test func mediaRulesNestRulesAndKeepTheirQueries() throws {
        let sheet = parse("@media screen and (min-width: 600px) { p { x: y } @media (orientation: landscape) { q { x: y } } }")
        guard case .media(let media) = sheet.rules.first else { Issue.record("no media rule"); return }
        #expect(media.rules.count == 2)
        #expect(!media.queries.matches(.phone))
        #expect(media.queries.matches(.tablet))
    }

    @Test func supportsRulesParseNotAndOrDeclarationsAndSelectors() throws {
        let sheet = parse("""
            @supports (display: grid) and (not (display: inline-grid)) { a { x: y } }
            @supports selector(a > b) or (foo: bar) { b { x: y } }
            @supports display: grid { c { x: y } }
            """)
        let rules = sheet.rules.compactMap { if case .supports(let r) = $0 { r } else { nil } }
        #expect(rules.count == 2)
        let gridOnly: (String, [ComponentValue]) -> Bool = { name, value in
            name == "display" && value == [.token(.ident("grid"))]
        }
        #expect(rules[0].condition.evaluate(gridOnly))
        #expect(rules[1].condition.evaluate { _, _ in false })
        #expect(SupportsCondition.parse("(a: b) and (c: d) or (e: f)") == nil)
        #expect(SupportsCondition.parse("selector(::-moz-nothing)")?.evaluate { _, _ in true } == false)
    }

    @Test func fontFaceDescriptorsAreParsed() throws {
        let sheet = parse("""
            @font-face {
              font-family: "Wasteland Sans";
              src: url(fonts/w.woff2) format("woff2"), url("fonts/w.otf") format(opentype), local(Wasteland Sans Bold);
              font-weight: 300 700;
              font-style: oblique 10deg;
              font-stretch: condensed;
              unicode-range: U+0000-00FF, U+1E3F, U+4??;
            }
            """)
        guard case .fontFace(let face) = sheet.rules.first else { Issue.record("no @font-face"); return }
        #expect(face.family == "Wasteland Sans")
        #expect(face.sources == [
            .url("fonts/w.woff2", format: "woff2"), .url("fonts/w.otf", format: "opentype"), .local("Wasteland Sans Bold"),
        ])
        #expect(face.weight == 300...700)
        #expect(face.style == .oblique(10...10))
        #expect(face.stretch == 75...75)
        #expect(face.unicodeRanges == [0...0xFF, 0x1E3F...0x1E3F, 0x400...0x4FF])
        #expect(face.declarations.count == 6)
    }

    @Test func pageRulesKeepTheirSelectorAndSkipMarginBoxes() {
        let diagnostics = Diagnostics()
        let sheet = parse("@page :first { margin: 2cm; @top-center { content: 'x' } size: a5 }", diagnostics)
        guard case .page(let page) = sheet.rules.first else { Issue.record("no @page"); return }
        #expect(page.selectorText == ":first")
        #expect(page.declarations.map(\.name) == ["margin", "size"])
        #expect(diagnostics.warnings.isEmpty)
    }

    @Test func styleAttributesParseAsDeclarationLists() {
        let diagnostics = Diagnostics()
        let declarations = CSSParser.parseDeclarations("color: red; ; bogus; font-size:12px !important", diagnostics: diagnostics, location: "EPUB/a.xhtml:3")
        #expect(declarations.map(\.name) == ["color", "font-size"])
        #expect(declarations.last?.important == true)
        #expect(diagnostics.warnings.first?.location == "EPUB/a.xhtml:3")
    }

    @Test func deepNestingIsCutOffWithAWarningAndParsingGoesOn() {
        let diagnostics = Diagnostics()
        let deep = String(repeating: "@media all { ", count: 5000) + String(repeating: "}", count: 5000)
        let parens = "p { x: " + String(repeating: "(", count: 100_000) + "; }"
        let sheet = parse(deep + "\nem { color: red }\n" + parens + "\nb { color: blue }", diagnostics)
        #expect(diagnostics.contains(code: "css.nesting-too-deep"))
        // The outer @media and `em`; the unclosed parentheses swallow the rest into `p`, as in browsers.
        #expect(sheet.rules.count == 3)
        #expect(styleRules(sheet).map { $0.selectors.first?.text } == ["em", "p"])
    }

    @Test func decodingHonoursBOMAndCharsetAndFallsBackToLatin1() {
        #expect(CSSParser.decode([0xEF, 0xBB, 0xBF] + Array("p{}".utf8)) == "p{}")
        #expect(CSSParser.decode([0xFF, 0xFE, 0x70, 0x00, 0xE9, 0x00]) == "pé")
        #expect(CSSParser.decode(Array("@charset \"iso-8859-1\"; /*".utf8) + [0xE9, 0x80]) == "@charset \"iso-8859-1\"; /*é€")
        #expect(CSSParser.decode(Array("a".utf8) + [0xE9]) == "aé")
        #expect(CSSParser.decode(Array("é".utf8)) == "é")
    }
}
