import FolioCore
import Testing
@testable import FolioXML

/// XML is read by libxml2's SAX2 parser into the tree (`SAXReader`): what libxml2's own tree
/// would have held, in the cases where the parser's reports differ from its tree.
@Suite struct SAXReaderTests {
    func parse(_ text: String, _ diagnostics: Diagnostics = Diagnostics()) throws -> XMLTree {
        try MarkupParser.parse(Array(text.utf8), path: "EPUB/doc.xhtml", recovery: .xml, diagnostics: diagnostics)
    }

    /// libxml2 reports a long text in parts of some 300 bytes, and a character reference on
    /// its own: the node is the whole text, made once.
    @Test func longTextReadInPartsIsOneNode() throws {
        let words = (0..<2_000).map { "word\($0)" }.joined(separator: " ")
        let tree = try parse("<r>\(words) &#233;t&#xE9; &amp; \(words)<b/>tail</r>")
        let root = try #require(tree.root)
        let texts = root.children.filter { $0.kind == .text }.map { $0.text ?? "" }
        #expect(texts == ["\(words) été & \(words)", "tail"])
        #expect(tree.texts.count == 2)
    }

    /// libxml2 parses an internal entity's replacement text once to check it, reporting what
    /// it finds to the same handlers: none of it lands in the tree where the entity is
    /// declared or used, and an entity with markup is left out with a warning.
    @Test func entityCheckedByTheParserAddsNothing() throws {
        let diagnostics = Diagnostics()
        let tree = try parse(#"<!DOCTYPE r [<!ENTITY m "one <i>two</i>"><!ENTITY t "plain">]><r>a &m; b &t; c</r>"#, diagnostics)
        let root = try #require(tree.root)
        #expect(root.descendants().filter(\.isElement).count == 0)
        #expect(root.children.filter { $0.kind == .text }.map { $0.text ?? "" } == ["a  b plain c"])
        #expect(diagnostics.contains(code: "xml.entity-refused"))
    }

    /// An element with an undeclared prefix is named as libxml2 names it — the prefix part of
    /// its local name, in no namespace — and the document is recovered and says so.
    @Test func undeclaredPrefixStaysInTheName() throws {
        let diagnostics = Diagnostics()
        let tree = try parse(#"<r xmlns="urn:x"><p:q a="1" p:b="2">t</p:q></r>"#, diagnostics)
        let element = try #require(tree.root?.children.first)
        #expect(element.localName == "p:q" && element.namespaceURI == nil)
        #expect(element.attribute("a") == "1" && element.attribute("p:b") == "2")
        #expect(diagnostics.contains(code: "xml.not-well-formed"))
    }

    /// Attributes the DTD gives a default to are not the document's; declared ones are.
    @Test func defaultedAttributesAreLeftOut() throws {
        let tree = try parse(#"<!DOCTYPE r [<!ATTLIST r d CDATA "default" a CDATA #IMPLIED>]><r a="1"/>"#)
        let root = try #require(tree.root)
        #expect(root.attribute("a") == "1")
        #expect(root.attribute("d") == nil)
    }

    /// Lines are where each node starts, also past the 65,535 libxml2's tree could hold.
    @Test func linesAreCountedPastSixtyFiveThousand() throws {
        let tree = try parse("<r>" + String(repeating: "\n", count: 70_000) + "<p>x</p></r>")
        let elements = tree.root?.children.filter { $0.isElement } ?? []
        let p = try #require(elements.first)
        #expect(p.line == 70_001)
    }

    /// In recovery, an element whose start tag never ends is dropped from libxml2's stack
    /// with no end reported: what follows is its parent's, as in libxml2's own tree.
    @Test func elementLibxml2DropsLeavesTheRestToItsParent() throws {
        let diagnostics = Diagnostics()
        let tree = try parse(#"<r><a x="1"/ ><b>t</b><c/></r>"#, diagnostics)
        let root = try #require(tree.root)
        // `a` was reported, then dropped: it stays, empty, and `b` and `c` follow it.
        #expect(root.children.filter(\.isElement).map(\.localName) == ["a", "b", "c"])
        #expect(root.children.first?.firstChild == nil)
        #expect(diagnostics.contains(code: "xml.not-well-formed"))
    }

    /// A document read twice (not well-formed, then recovered) warns about what the tree that
    /// is kept holds, once.
    @Test func theParseWhoseTreeIsDroppedWarnsAboutNothing() throws {
        let diagnostics = Diagnostics()
        _ = try parse(#"<!DOCTYPE r [<!ENTITY m "<i>x</i>">]><r>&m;<oops></r>"#, diagnostics)
        #expect(diagnostics.warnings.filter { $0.code == "xml.entity-refused" }.count == 1)
    }

    /// Comments and processing instructions of the DTD's internal subset are the DTD's.
    @Test func theInternalSubsetsCommentsAreNotTheDocuments() throws {
        let tree = try parse("<!DOCTYPE r [<!-- in the DTD --><?pi in the DTD?><!ENTITY e \"E\">]><!-- before --><r>&e;</r>")
        let document = tree.document
        #expect(document.children.map(\.kind) == [.comment, .element])
        #expect(document.children.first?.text == " before ")
    }

    /// An entity multiplied through attribute values is bounded as in text: a plain one is
    /// put in, one with references is not, and the document's budget holds for both.
    @Test func entitiesInAttributeValuesAreBoundedAsInText() throws {
        let big = String(repeating: "x", count: 100_000)
        var doc = "<!DOCTYPE r [<!ENTITY big \"\(big)\"><!ENTITY two \"&big;&big;\">]><r>"
        for k in 0..<30 { doc += "<p a=\"&big;\" b=\"&two;\" n=\"\(k)\"/>" }
        doc += "</r>"
        let diagnostics = Diagnostics()
        let tree = try parse(doc, diagnostics)
        let elements = Array(try #require(tree.root).children)
        let values = elements.compactMap { $0.attribute("a") }
        #expect(values.count == 30)
        #expect(values.prefix(10).allSatisfy { $0 == big })
        #expect(values.reduce(0) { $0 + $1.utf8.count } <= 1 << 20)
        #expect(elements.allSatisfy { $0.attribute("b") == "" })
        #expect(diagnostics.contains(code: "xml.entity-refused"))
    }

    /// Warnings kept aside until the tree is taken are bounded, and kept once, as in the sink
    /// they go to: a reference refused on each of thousands of lines cannot fill memory.
    @Test func warningsKeptAsideAreBounded() throws {
        var doc = "<!DOCTYPE r [<!ENTITY m \"<i/>\">]><r>"
        for _ in 0..<500 { doc += "&m;\n" }
        doc += "</r>"
        let diagnostics = Diagnostics(limit: 100)
        _ = try MarkupParser.parse(Array(doc.utf8), path: "EPUB/doc.xhtml", recovery: .xml, diagnostics: diagnostics)
        #expect(diagnostics.warnings.count == 100)
        #expect(diagnostics.droppedCount == 400)
    }
}
