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
}
