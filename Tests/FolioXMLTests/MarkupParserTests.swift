import FolioCore
import Testing
@testable import FolioXML

@Suite struct MarkupParserTests {
    func parse(_ text: String, recovery: MarkupParser.Recovery = .xml, _ diagnostics: Diagnostics = Diagnostics()) throws -> XMLTree {
        try MarkupParser.parse(Array(text.utf8), path: "EPUB/doc.xhtml", recovery: recovery, diagnostics: diagnostics)
    }

    @Test func namespacesAndAttributesAreResolved() throws {
        let tree = try parse("""
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="fr">
            <body><aside epub:type="footnote" id="n1">Note</aside></body></html>
            """)
        let root = try #require(tree.root)
        #expect(root.isElement("html", namespace: Namespace.xhtml))
        let aside = try #require(root.descendants("aside").first)
        #expect(aside.attribute("type", namespace: Namespace.epub) == "footnote")
        #expect(aside.attribute("id") == "n1")
        #expect(aside.language == "fr")
        #expect(aside.textContent == "Note")
        #expect(aside.line == 2)
    }

    /// Names are interned by libxml2's pointers once met: one local name in several namespace
    /// declarations, prefixes and attribute places keeps each its own namespace, and the same
    /// name declared twice is one name.
    @Test func oneLocalNameUnderSeveralNamespacesKeepsEachItsOwn() throws {
        let tree = try parse("""
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:s="http://www.w3.org/2000/svg"><body>
            <a title="t" href="#x">1</a><s:svg><s:a title="u"><title>in svg</title></s:a></s:svg>
            <svg xmlns="http://www.w3.org/2000/svg"><a xmlns:x="http://www.w3.org/1999/xlink" x:href="#y"/></svg>
            <div xmlns="http://www.w3.org/1999/xhtml"><a title="v">2</a></div><a>3</a></body></html>
            """)
        let root = try #require(tree.root)
        let anchors = root.descendants().filter { $0.isElement && $0.localName == "a" }
        #expect(anchors.map(\.namespaceURI) == [Namespace.xhtml, Namespace.svg, Namespace.svg, Namespace.xhtml, Namespace.xhtml])
        #expect(anchors.map { $0.name?.prefix } == [nil, "s", nil, nil, nil])
        #expect(anchors.map { $0.attribute("title") } == ["t", "u", nil, "v", nil])
        #expect(anchors[2].attribute("href") == nil)
        #expect(anchors[2].attribute("href", namespace: Namespace.xlink) == "#y")
        // The xhtml `a` of the body and of the redeclared div are one name: the same index.
        #expect(tree.records[Int(anchors[0].index)].name == tree.records[Int(anchors[3].index)].name && tree.records[Int(anchors[0].index)].name == tree.records[Int(anchors[4].index)].name)
        #expect(tree.records[Int(anchors[0].index)].name != tree.records[Int(anchors[2].index)].name && tree.records[Int(anchors[1].index)].name != tree.records[Int(anchors[2].index)].name)
        let titles = root.descendants().filter { $0.isElement && $0.localName == "title" }
        #expect(titles.map(\.namespaceURI) == [Namespace.xhtml])
    }

    /// Every formula may declare MathML's namespace again: the declarations are numbered by
    /// their URI and prefix, so one name in each is one name.
    @Test func formulasDeclaringTheirNamespaceEachShareTheirNames() throws {
        let tree = try parse("""
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>
            <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math>
            <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>y</mi></math>
            <m:math xmlns:m="http://www.w3.org/1998/Math/MathML"><m:mi>z</m:mi></m:math>
            <mi>w</mi></p></body></html>
            """)
        let root = try #require(tree.root)
        let mis = root.descendants().filter { $0.isElement && $0.localName == "mi" }
        try #require(mis.count == 4)
        #expect(mis.map(\.namespaceURI) == [Namespace.mathml, Namespace.mathml, Namespace.mathml, Namespace.xhtml])
        #expect(mis.map { $0.name?.prefix } == [nil, nil, "m", nil])
        let names = mis.map { tree.records[Int($0.index)].name }
        #expect(names[0] == names[1] && names[0] != names[2] && names[0] != names[3] && names[2] != names[3])
    }

    @Test func htmlNamedEntitiesResolveUnderAnXHTMLDoctype() throws {
        let tree = try parse("""
            <?xml version="1.0"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>a&nbsp;b&mdash;&eacute;&amp;<![CDATA[&nbsp;]]></p></body></html>
            """)
        let p = try #require(tree.root?.descendants("p").first)
        #expect(p.textContent == "a\u{A0}b\u{2014}\u{E9}&&nbsp;")
    }

    @Test func malformedXHTMLIsRecoveredWithTheHTMLParserAndAWarning() throws {
        let diagnostics = Diagnostics()
        let tree = try parse("<html><body><p>one<p>two <b>bold</body></html>", recovery: .html, diagnostics)
        #expect(tree.wasRecovered)
        #expect(tree.root?.descendants("p").count == 2)
        #expect(tree.root?.descendants("p").first?.namespaceURI == Namespace.xhtml)
        #expect(diagnostics.contains(code: "xml.not-well-formed"))
    }

    /// `<p::p>` is well-formed XML 1.0 but no qualified name (Namespaces in XML), which libxml2
    /// reports as a namespace error and reads on: the document is recovered and says so (W3C
    /// pub-xml-names). An attribute with an undeclared prefix (`epub:type` without its
    /// declaration, common in real books) stays as it is.
    @Test func anElementNameThatIsNoQualifiedNameIsRecovered() throws {
        let diagnostics = Diagnostics()
        let tree = try parse("<html xmlns='http://www.w3.org/1999/xhtml'><body><p::p>words</p::p></body></html>", recovery: .html, diagnostics)
        #expect(tree.wasRecovered)
        #expect(tree.root?.textContent.contains("words") == true)
        #expect(diagnostics.contains(code: "xml.not-well-formed"))
        let lenient = Diagnostics()
        let plain = try parse("<html xmlns='http://www.w3.org/1999/xhtml'><body><p epub:type='note'>words</p></body></html>", recovery: .html, lenient)
        #expect(!plain.wasRecovered)
        #expect(!lenient.contains(code: "xml.not-well-formed"))
    }

    @Test func malformedXMLWithoutRecoveryThrowsNamingTheFile() {
        #expect(throws: MarkupError.self) { try parse("<<<not xml") }
    }

    @Test func elementsNestedPastTheDepthLimitAreFlattenedKeepingTheirText() throws {
        let diagnostics = Diagnostics()
        let body = String(repeating: "<div>", count: 400) + "deep <b>text</b>" + String(repeating: "</div>", count: 400)
        let tree = try parse(#"<html xmlns="http://www.w3.org/1999/xhtml"><body>\#(body)</body></html>"#, recovery: .html, diagnostics)
        let deepest = try #require(tree.root?.descendants().map(\.depth).max())
        #expect(deepest <= TreeBuilder.maximumDepth + 1)
        #expect(tree.root?.descendants("body").first?.textContent == "deep text")
        #expect(tree.root?.descendants("div").count == 400 && tree.root?.descendants("b").count == 1)
        #expect(diagnostics.warnings.map(\.code) == ["xml.too-deep"])
        #expect(diagnostics.warnings.first?.location == "EPUB/doc.xhtml:1")
    }

    @Test func documentOrderIsIndexOrderThroughEntitiesRecoveryAndFlattening() throws {
        func order(_ tree: XMLTree) -> (walked: [Int], indexed: [Int], texts: [String]) {
            var indexed: [Int] = []
            var texts: [String] = []
            tree.forEachNodeInOrder { index, text, _ in
                indexed.append(index)
                if let text { texts.append(text) }
            }
            return (tree.document.descendants().map { Int($0.index) }, indexed, texts)
        }
        let deep = String(repeating: "<div>a", count: 300) + "<b>x</b>y" + String(repeating: "</div>b", count: 300)
        let documents: [(String, MarkupParser.Recovery)] = [
            (#"<!DOCTYPE r [<!ENTITY e "one <i>two</i> three">]><r>a &e; b<!-- c --><![CDATA[d]]><?pi x?>&e;</r>"#, .xml),
            (#"<html xmlns="http://www.w3.org/1999/xhtml"><body>\#(deep)</body></html>"#, .html),
            ("<html><body><p>one<table><td>cell<p>two</b></i>three</table>&nbsp;end", .html),
        ]
        for (text, recovery) in documents {
            let tree = try parse(text, recovery: recovery, Diagnostics())
            let (walked, indexed, texts) = order(tree)
            #expect(walked == indexed)
            #expect(texts == tree.document.descendants().filter { $0.kind == .text || $0.kind == .cdata }.map { $0.text ?? "" })
        }
    }

    @Test func indentationAndAttributeValuesReadAsWritten() throws {
        let doc = "<!DOCTYPE r [<!ENTITY e \"E\">]><r a='plain' b='x &amp; &e; y' c=''>\n  <i/>\n  <i/>\n\t\t<i/>\n  x\n" + String(repeating: " ", count: 200) + "</r>"
        let tree = try parse(doc)
        let root = try #require(tree.root)
        #expect(root.attribute("a") == "plain")
        #expect(root.attribute("b") == "x & E y")
        #expect(root.attribute("c") == "")
        let texts = root.children.filter { $0.kind == .text }.map { $0.text ?? "" }
        #expect(texts == ["\n  ", "\n  ", "\n\t\t", "\n  x\n" + String(repeating: " ", count: 200)])
        #expect(root.children.filter { $0.kind == .text }.map(\.isBlankText) == [true, true, true, false])
    }

    @Test func entityExpansionBombDoesNotExpand() throws {
        var doc = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
        doc += "<!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
        for i in 2...9 {
            doc += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">"
        }
        doc += "]><lolz>&lol9;</lolz>"
        let diagnostics = Diagnostics()
        let tree = try? parse(doc, diagnostics)
        let text = tree?.root?.textContent ?? ""
        #expect(text.count < 1000)
    }

    @Test func externalEntityNamingALocalFileIsNotRead() throws {
        let doc = """
            <?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><r>&xxe;</r>
            """
        let diagnostics = Diagnostics()
        let tree = try parse(doc, diagnostics)
        let text = tree.root?.textContent ?? ""
        #expect(!text.contains("root:"), "\(text)")
        #expect(diagnostics.contains(code: "xml.external-entity-refused"))
    }

    @Test func deepNestingBuildsWithoutRecursion() throws {
        let depth = 100_000
        let doc = String(repeating: "<div>", count: depth) + "x" + String(repeating: "</div>", count: depth)
        let diagnostics = Diagnostics()
        let tree = try parse("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>" + doc + "</body></html>", recovery: .html, diagnostics)
        // libxml2 reads every level (its depth limit is lifted) and the tree flattens past
        // 256, keeping the text, with a warning; never a crash.
        let deepest = tree.root?.descendants().map(\.depth).max() ?? 0
        #expect(deepest > 250 && deepest <= TreeBuilder.maximumDepth + 1)
        #expect(tree.root?.textContent == "x")
        #expect(diagnostics.contains(code: "xml.too-deep") && !diagnostics.contains(code: "xml.not-well-formed"))
    }
}

@Suite struct BlankTextTests {
    @Test func indentationIsBlankAndTextIsNotWhereverItIsMerged() throws {
        let text = "<r>\n\t <a> x </a>\r\n<b><![CDATA[  ]]></b><c>&#32;&#10;</c><d> &#xA0;</d><e/></r>"
        let tree = try MarkupParser.parse(Array(text.utf8), path: "t.xml", recovery: .xml, diagnostics: Diagnostics())
        let root = try #require(tree.root)
        let texts = root.descendants().filter { $0.kind == .text || $0.kind == .cdata }
        // Indentation, " x ", a line break, the CDATA of spaces, two character references merged,
        // a no-break space.
        #expect(texts.map(\.isBlankText) == [true, false, true, true, true, false])
        // Elements are not blank text, empty or not.
        #expect(root.descendants().filter(\.isElement).allSatisfy { !$0.isBlankText })
    }
}
