import Testing
@testable import FolioStyle

@Suite struct SelectorParsingTests {
    func specificity(_ text: String) throws -> Specificity {
        try #require(Selector.parseList(text)?.first, "\(text) did not parse").specificity
    }

    @Test func specificityFollowsSelectorsLevel4() throws {
        #expect(try specificity("*") == Specificity(a: 0, b: 0, c: 0))
        #expect(try specificity("li") == Specificity(a: 0, b: 0, c: 1))
        #expect(try specificity("ul li::before") == Specificity(a: 0, b: 0, c: 3))
        #expect(try specificity("ul ol+li") == Specificity(a: 0, b: 0, c: 3))
        #expect(try specificity("h1 + *[rel=up]") == Specificity(a: 0, b: 1, c: 1))
        #expect(try specificity("ul ol li.red") == Specificity(a: 0, b: 1, c: 3))
        #expect(try specificity("li.red.level") == Specificity(a: 0, b: 2, c: 1))
        #expect(try specificity("#x34y") == Specificity(a: 1, b: 0, c: 0))
        #expect(try specificity("#s12:not(FOO)") == Specificity(a: 1, b: 0, c: 1))
        #expect(try specificity(":is(em, #foo)") == Specificity(a: 1, b: 0, c: 0))
        #expect(try specificity(":where(em, #foo) p") == Specificity(a: 0, b: 0, c: 1))
        #expect(try specificity("li:nth-child(2n of .a, #b)") == Specificity(a: 1, b: 1, c: 1))
        #expect(try specificity("a:hover:first-child") == Specificity(a: 0, b: 2, c: 1))
    }

    @Test func specificityOrdersByIDsThenClassesThenTypes() {
        let ordered = [
            Specificity(a: 0, b: 0, c: 9), Specificity(a: 0, b: 1, c: 0), Specificity(a: 0, b: 1, c: 2),
            Specificity(a: 1, b: 0, c: 0),
        ]
        #expect(ordered.shuffled().sorted() == ordered)
        #expect(Specificity(a: 0, b: 2, c: 0) > Specificity(a: 0, b: 1, c: 100))
    }

    @Test func rightmostKeyPrefersIDThenClassThenTag() throws {
        let keys = try #require(Selector.parseList("div #main.x, ul li.item, nav > P, p *, .a:hover"))
        #expect(keys.map(\.rightmostKey) == [.id("main"), .className("item"), .tag("p"), .universal, .className("a")])
    }

    @Test func rightmostKeyIsAnAttributeNameWhenTheSubjectHasNoIDClassOrTag() throws {
        let keys = try #require(Selector.parseList("[title], p[title], section [lang|=en].x, *"))
        #expect(keys.map(\.rightmostKey) == [.attribute("title"), .tag("p"), .className("x"), .universal])
    }

    @Test func selectorsAreStoredRightToLeft() throws {
        let selector = try #require(Selector.parseList("nav > ol li + li")?.first)
        #expect(selector.compounds.map { $0.type?.localName } == ["li", "li", "ol", "nav"])
        #expect(selector.combinators == [.nextSibling, .descendant, .child])
    }

    @Test func attributeSelectorsParseOperatorsFlagsAndNamespaces() throws {
        let ns = CSSNamespaces(prefixes: ["epub": "http://www.idpf.org/2007/ops"])
        let selector = try #require(Selector.parseList(#"[epub|type ~= "footnote" i]"#, namespaces: ns)?.first)
        #expect(selector.compounds[0].conditions == [.attribute(AttributeSelector(
            name: "type", namespace: .uri("http://www.idpf.org/2007/ops"), op: .includes, value: "footnote", caseInsensitive: true))])
        let dash = try #require(Selector.parseList("[lang|=en]")?.first)
        #expect(dash.compounds[0].conditions == [.attribute(AttributeSelector(name: "lang", op: .dashMatch, value: "en"))])
    }

    @Test func invalidSelectorsAreRejected() {
        for bad in ["", "p,", "> p", "p >", "p ! q", "#1x", "[a=]", "[a=b c]", "[a=b x]", ":nope", "::nope", "p:not()",
                    "a:nth-child()", "p::before::after", "p::before.x", ".", "ns|p"] {
            #expect(Selector.parseList(bad) == nil, "\(bad) should be invalid")
        }
    }

    @Test func forgivingListsDropOnlyTheirBadEntries() throws {
        let selector = try #require(Selector.parseList(":is(p, :nope, ::before)")?.first)
        guard case .pseudoClass(.is(let list)) = selector.compounds[0].conditions.first else {
            Issue.record("no :is")
            return
        }
        #expect(list.count == 1)
    }

    @Test func anplusbParsesEveryForm() {
        func nth(_ s: String) -> NthFormula? { NthFormula.parse(CSSParser.parseComponentValues(s)) }
        #expect(nth("odd") == NthFormula(a: 2, b: 1))
        #expect(nth("EVEN") == NthFormula(a: 2, b: 0))
        #expect(nth("-n+3") == NthFormula(a: -1, b: 3))
        #expect(nth("+n") == NthFormula(a: 1, b: 0))
        #expect(nth("2n-1") == NthFormula(a: 2, b: -1))
        #expect(nth("3n + 2") == NthFormula(a: 3, b: 2))
        #expect(nth("-2") == NthFormula(a: 0, b: -2))
        #expect(nth("n- 1") == NthFormula(a: 1, b: -1))
        #expect(nth("1.5n") == nil)
        #expect(nth("foo") == nil)
        #expect(NthFormula(a: -1, b: 3).matches(3) && !NthFormula(a: -1, b: 3).matches(4))
    }

    @Test func deeplyNestedPseudoClassesAreBoundedNotOverflowing() throws {
        func nested(_ n: Int) -> String { String(repeating: ":not(", count: n) + ".x" + String(repeating: ")", count: n) }
        #expect(Selector.parseList("p" + nested(10)) != nil)
        #expect(Selector.parseList("p" + nested(5000)) == nil)
        #expect(Selector.parseList(String(repeating: ":is(", count: 5000)) != nil)
    }
}
