import FolioCore
import FolioXML
import Testing
@testable import FolioStyle

/// Each case: a tiny XHTML document, a selector, and the ids of the elements it matches.
@Suite struct SelectorMatchingTests {
    static let xhtml = "http://www.w3.org/1999/xhtml"

    func document(_ body: String, lang: String = "en") throws -> XMLTree {
        let text = """
            <html xmlns="\(Self.xhtml)" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(lang)"><body id="body">\(body)</body></html>
            """
        return try MarkupParser.parse(Array(text.utf8), path: "EPUB/t.xhtml", recovery: .xml, diagnostics: Diagnostics())
    }

    /// The ids (or local names, for elements without one) matched by `selector`, in document order.
    func matched(_ selector: String, in body: String, namespaces: CSSNamespaces = CSSNamespaces(), lang: String = "en") throws -> [String] {
        let tree = try document(body, lang: lang)
        let list = try #require(Selector.parseList(selector, namespaces: namespaces), "\(selector) did not parse")
        let root = try #require(tree.root)
        return ([root] + root.descendants()).filter { e in e.isElement && list.contains { $0.matches(e) } }
            .map { $0.attribute("id") ?? $0.localName }
    }

    /// The cascade's matching, which remembers ancestors per descendant combinator, agrees with
    /// plain matching on every element, for selectors mixing all four combinators, with the
    /// elements visited in document order as the cascade does (answers are shared along).
    @Test func rememberedAncestorsMatchAsPlainMatchingDoes() throws {
        var body = ""
        for i in 0..<6 {
            body += "<section class='\(i % 2 == 0 ? "x" : "y")'><div class='d'>"
            for j in 0..<4 {
                body += "<table><tr class='\(j == 0 ? "first" : "r")'><td><p><span>\(i)\(j)</span></p></td><td class='x'><p/></td></tr>"
                body += "<tr><td><span/></td></tr></table><p class='after'><em><span/></em></p>"
            }
            body += "</div><h2/><p><span/></p></section>"
        }
        let tree = try document(body)
        let selectors = [
            ".x td", ".x tr td", ".x tr.first td span", "section.x > div td p", ".x ~ section td", ".y + section p span",
            "section div > table tr > .x", "table + p em span", ".d :is(td, em) span", "section:not(.x) td p",
            "body section.y p > span", "tr ~ tr td span", ".x .x p", "h2 ~ p span", "section .d table tr td p span",
        ]
        let root = try #require(tree.root)
        let elements = ([root] + root.descendants()).filter(\.isElement)
        let memo = AncestorMemo()
        for (rule, text) in selectors.enumerated() {
            let selector = try #require(Selector.parseList(text)?.first, "\(text) did not parse")
            var count = 0
            for element in elements {
                let plain = selector.matches(element)
                #expect(selector.matcher.matches(element, memo: (memo, rule)) == plain, "\(text) at element \(element.index)")
                // Where the subject matches, matching what lies left of it alone agrees too.
                if selector.matcher.subjectMatches(element) {
                    #expect(selector.matcher.matchesLeftOfSubject(element, memo: (memo, rule)) == plain, "\(text) left of element \(element.index)")
                } else {
                    #expect(!plain)
                }
                if plain { count += 1 }
            }
            #expect(count > 0, "\(text) matches something, so the comparison means something")
        }
    }

    @Test func typeUniversalClassAndIDSelectorsMatch() throws {
        let body = #"<p id="a" class="x  y"/><div id="b" class="xy"><p id="c" class="y"/></div>"#
        #expect(try matched("p", in: body) == ["a", "c"])
        #expect(try matched(".y", in: body) == ["a", "c"])
        #expect(try matched("p.x.y", in: body) == ["a"])
        #expect(try matched("#b", in: body) == ["b"])
        #expect(try matched("div *", in: body) == ["c"])
    }

    @Test func htmlTypeSelectorsIgnoreCase() throws {
        #expect(try matched("P, DIV", in: #"<p id="a"/><div id="b"/>"#) == ["a", "b"])
        // Either side may be in capitals, or not ASCII; names that differ still differ.
        #expect(try matched("p, span", in: #"<P id="a"/><Span id="b"/><pp id="c"/><Ép id="d"/>"#) == ["a", "b"])
        #expect(try matched("ép", in: #"<Ép id="d"/><ep id="e"/>"#) == ["d"])
        // Outside XHTML, case counts.
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><linearGradient id="g"/><lineargradient id="h"/></svg>"#
        #expect(try matched("linearGradient", in: svg) == ["g"])
        #expect(try matched("lineargradient", in: svg) == ["h"])
    }

    @Test func attributeOperatorsAndFlagsMatch() throws {
        let body = ##"<a id="a" href="https://x.org/a.PDF" lang="en-GB" rel="next prev"/><a id="b" href="#n1" lang="en"/><a id="c"/>"##
        #expect(try matched("[href]", in: body) == ["a", "b"])
        #expect(try matched("[lang=en]", in: body) == ["b"])
        #expect(try matched("[rel~=prev]", in: body) == ["a"])
        #expect(try matched("[lang|=en]", in: body) == ["a", "b"])
        #expect(try matched("[href^='#']", in: body) == ["b"])
        #expect(try matched("[href$='.pdf' i]", in: body) == ["a"])
        #expect(try matched("[href$='.pdf' s]", in: body) == [])
        #expect(try matched("[href*=\"x.org\"]", in: body) == ["a"])
    }

    @Test func namespacedAttributeSelectorsUseDeclaredPrefixes() throws {
        let body = #"<aside id="n" epub:type="footnote rearnote"/><aside id="m" type="footnote"/>"#
        let ns = CSSNamespaces(prefixes: ["epub": "http://www.idpf.org/2007/ops"])
        #expect(try matched("[epub|type~=\"footnote\"]", in: body, namespaces: ns) == ["n"])
        #expect(try matched("[*|type~=footnote]", in: body, namespaces: ns) == ["n", "m"])
        #expect(try matched("[type]", in: body, namespaces: ns) == ["m"])
        // Books often escape the colon; the prefixed name is matched leniently.
        #expect(try matched(#"[epub\:type~=footnote]"#, in: body) == ["n"])
        #expect(Selector.parseList("[undeclared|type]") == nil)
    }

    @Test func namespacedTypeSelectorsMatchByNamespace() throws {
        let body = #"<p id="p"/><svg xmlns="http://www.w3.org/2000/svg" id="s"><title id="t"/></svg>"#
        let ns = CSSNamespaces(defaultNamespace: Self.xhtml, prefixes: ["svg": "http://www.w3.org/2000/svg"])
        #expect(try matched("svg|*", in: body, namespaces: ns) == ["s", "t"])
        #expect(try matched("title", in: body, namespaces: ns) == [])
        #expect(try matched("*|title", in: body, namespaces: ns) == ["t"])
        #expect(try matched("title", in: body) == ["t"])
        #expect(try matched("|title", in: body) == [])
    }

    @Test func combinatorsWalkAncestorsAndSiblings() throws {
        let body = #"<div id="d"><h2 id="h"/><p id="p1"/><p id="p2"><em id="e"/></p></div>"#
        #expect(try matched("div > p", in: body) == ["p1", "p2"])
        #expect(try matched("body em", in: body) == ["e"])
        #expect(try matched("body > em", in: body) == [])
        #expect(try matched("h2 + p", in: body) == ["p1"])
        #expect(try matched("h2 ~ p", in: body) == ["p1", "p2"])
        #expect(try matched("h2 ~ p > em", in: body) == ["e"])
    }

    @Test func structuralPseudoClassesMatch() throws {
        let body = #"<div id="d"><span id="s1"/><em id="e1"/><span id="s2"/><em id="e2"><b id="b"/></em></div><p id="empty"><!-- c --></p><p id="text"> </p>"#
        #expect(try matched("div > :first-child", in: body) == ["s1"])
        #expect(try matched("div > :last-child", in: body) == ["e2"])
        // Selectors 4 dropped "has a parent": the root is its document's only child.
        #expect(try matched(":only-child", in: body) == ["html", "body", "b"])
        #expect(try matched("div > span:first-of-type", in: body) == ["s1"])
        #expect(try matched("div > em:last-of-type", in: body) == ["e2"])
        #expect(try matched("b:only-of-type", in: body) == ["b"])
        #expect(try matched(":root", in: body) == ["html"])
        #expect(try matched("p:empty", in: body) == ["empty"])
    }

    @Test func nthFormulasCountPositions() throws {
        let body = (1...7).map { #"<li id="\#($0)" class="\#($0 % 3 == 0 ? "t" : "o")"/>"# }.joined()
        #expect(try matched("li:nth-child(odd)", in: body) == ["1", "3", "5", "7"])
        #expect(try matched("li:nth-child(even)", in: body) == ["2", "4", "6"])
        #expect(try matched("li:nth-child(3n+1)", in: body) == ["1", "4", "7"])
        #expect(try matched("li:nth-child(2n - 1)", in: body) == ["1", "3", "5", "7"])
        #expect(try matched("li:nth-child(-n+3)", in: body) == ["1", "2", "3"])
        #expect(try matched("li:nth-child(5)", in: body) == ["5"])
        #expect(try matched("li:nth-last-child(2)", in: body) == ["6"])
        #expect(try matched("li:nth-of-type(n+6)", in: body) == ["6", "7"])
        #expect(try matched("li:nth-last-of-type(-2n+3)", in: body) == ["5", "7"])
        #expect(try matched("li:nth-child(2 of .t)", in: body) == ["6"])
        #expect(Selector.parseList("li:nth-child(2x+1)") == nil)
    }

    @Test func notIsAndWhereTakeSelectorLists() throws {
        let body = #"<p id="a" class="x"/><p id="b"/><h1 id="c"/>"#
        #expect(try matched("p:not(.x)", in: body) == ["b"])
        #expect(try matched(":is(h1, .x)", in: body) == ["a", "c"])
        #expect(try matched(":where(h1, p::before, .x)", in: body) == ["a", "c"])
        #expect(try matched(":is(h1, ::-unknown, .x)", in: body) == ["a", "c"])
        #expect(Selector.parseList(":not(::before)") == nil)
    }

    /// `:has()` with each leading combinator, with selectors that go down and sideways again,
    /// in lists; Standard Ebooks' `hgroup:has(h2)` sets its headings' margins.
    @Test func hasMatchesAnElementByItsRelatives() throws {
        let body = #"<hgroup id="g1"><h2 id="h2"/><p id="sub"/></hgroup><hgroup id="g3"><h3 id="h3"/></hgroup>"#
            + #"<figure id="f"><img id="i"/><figcaption id="c"><em id="e"/></figcaption></figure><p id="p"/><h4 id="h4"/>"#
        #expect(try matched("hgroup:has(h2)", in: body) == ["g1"])
        #expect(try matched("hgroup:has(> h3)", in: body) == ["g3"])
        #expect(try matched(":has(> em)", in: body) == ["c"])
        #expect(try matched("figure:has(em)", in: body) == ["f"])
        #expect(try matched("figure:has(> em)", in: body) == [])
        #expect(try matched("figure:has(> figcaption em)", in: body) == ["f"])
        #expect(try matched("figure:has(img + figcaption)", in: body) == ["f"])
        #expect(try matched("h2:has(+ p)", in: body) == ["h2"])
        #expect(try matched("figure:has(+ h4)", in: body) == [])
        #expect(try matched("figure:has(~ h4)", in: body) == ["f"])
        #expect(try matched("figure:has(+ p ~ h4)", in: body) == ["f"])
        #expect(try matched("hgroup:has(h3, h2)", in: body) == ["g1", "g3"])
        #expect(try matched("hgroup:not(:has(h2))", in: body) == ["g3"])
        #expect(try matched(":has(h9)", in: body) == [])
        // The anchor itself is not its own relative.
        #expect(try matched("em:has(em)", in: body) == [])
        #expect(Selector.parseList("p:has(::before)") == nil)
        #expect(Selector.parseList("p:has()") == nil)
        #expect(Selector.parseList("p:has(> )") == nil)
        // No :has() inside :has() (Selectors 4), which would multiply the work.
        #expect(Selector.parseList("p:has(div:has(em))") == nil)
        #expect(Selector.parseList("p:has(:is(a, :has(b)))") == nil)
        #expect(Selector.parseList(":is(p:has(em))") != nil)
        #expect(Selector.parseList("hgroup:has(h1)")?.first?.specificity == Specificity(a: 0, b: 0, c: 2))
    }

    /// `:has(> h2)` looks only at children, so a huge first child does not use up the
    /// budget before the second; `:has(~ p ~ q)` walks back no further than the anchor.
    @Test func hasLooksOnlyWhereItsRelativeCanBe() throws {
        let big = String(repeating: "<div><span/></div>", count: 120_000)
        #expect(try matched("section:has(> h2)", in: #"<section id="s"><div>\#(big)</div><h2/></section>"#) == ["s"])
        let siblings = String(repeating: "<p/>", count: 50_000)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try matched("x:has(~ p ~ q)", in: "\(siblings)<x id=\"x\"/><q/>") == [])
        #expect(try matched("x:has(~ q)", in: "\(siblings)<x id=\"x\"/><q/>") == ["x"])
        #expect(clock.now - start < .seconds(30))
    }

    /// A `:has()` test on a huge subtree stops at its budget instead of walking everything
    /// for every element (`*:has(…)` over a chapter of 100,000 elements).
    @Test func hasOnAHugeDocumentStaysBounded() throws {
        let body = String(repeating: "<div><span/></div>", count: 30_000)
        let tree = try document(body)
        let list = try #require(Selector.parseList("*:has(.nowhere)"))
        let root = try #require(tree.root)
        let clock = ContinuousClock()
        let start = clock.now
        let count = ([root] + root.descendants()).filter { e in list.contains { $0.matches(e) } }.count
        #expect(count == 0)
        #expect(clock.now - start < .seconds(20))
    }

    @Test func langMatchesByPrefixAndInherits() throws {
        let body = #"<p id="a"/><div xml:lang="fr-CA"><p id="b"/></div>"#
        #expect(try matched("p:lang(en)", in: body, lang: "en-US") == ["a"])
        #expect(try matched("p:lang(fr)", in: body, lang: "en-US") == ["b"])
        #expect(try matched("p:lang(\"fr-ca\")", in: body) == ["b"])
        #expect(try matched("p:lang(f)", in: body) == [])
    }

    @Test func linksMatchButUserStatesNever() throws {
        let body = #"<a id="l" href="x.xhtml"/><a id="n"/>"#
        #expect(try matched("a:link", in: body) == ["l"])
        #expect(try matched("a:any-link", in: body) == ["l"])
        #expect(try matched("a:visited, a:hover, a:focus, a:active", in: body) == [])
    }

    @Test func pseudoElementsAreRecordedNotMatchedAgainst() throws {
        let list = try #require(Selector.parseList("p::before, p:after, p::first-letter, p:first-line, li::marker"))
        #expect(list.map(\.pseudoElement) == [.before, .after, .firstLetter, .firstLine, .marker])
        #expect(try matched("p::before", in: #"<p id="a"/>"#) == ["a"])
        #expect(Selector.parseList("p::before span") == nil)
        #expect(Selector.parseList("p:marker") == nil)
        #expect(Selector.parseList("p::before:hover") != nil)
    }

    @Test func descendantChainsOnDeepTreesStayFast() throws {
        let depth = 2000
        let body = String(repeating: "<div>", count: depth) + #"<p id="x"/>"# + String(repeating: "</div>", count: depth)
        // Naive backtracking would try every way of placing 30 divs among 2000 ancestors.
        let selector = "section " + Array(repeating: "div", count: 30).joined(separator: " ") + " p"
        let clock = ContinuousClock()
        var result: [String] = ["not run"]
        let elapsed = try clock.measure { result = try matched(selector, in: body) }
        #expect(result == [])
        #expect(elapsed < .seconds(5))
    }

    /// A subject that looks at nothing but the element's name and attributes is tested once per
    /// kind of element (`ElementMatcher`); anything that looks at place, content, language or
    /// ancestors is not intrinsic.
    @Test func intrinsicSubjectsAreThoseOfNameAndAttributesAlone() throws {
        func intrinsic(_ text: String) throws -> Bool {
            try #require(Selector.parseList(text)?.first, "\(text) did not parse").hasIntrinsicSubject
        }
        for text in ["p", "p.note", "#x", "a[href]", "[lang|=fr]", "a:link", ":not(.x)", ":is(p, .y)", "div > p.x", "h2 + p", "p:hover"] {
            #expect(try intrinsic(text), "\(text)")
        }
        for text in ["p:first-child", ":root", ":lang(en)", "p:empty", ":not(div p)", ":is(p:nth-child(2))", "p:has(em)", "div p:last-of-type"] {
            #expect(try !intrinsic(text), "\(text)")
        }
    }
}
