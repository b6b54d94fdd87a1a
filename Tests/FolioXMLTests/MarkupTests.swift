import FolioCore
import Testing
@testable import FolioXML

/// An element written back out stands alone: the namespaces it and its attributes use are
/// declared on it, text is escaped, and it parses back to the same tree.
struct MarkupTests {
    static let document = """
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:svg="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">\
        <body><svg:svg viewBox="0 0 10 10"><svg:style><![CDATA[a > b { fill: red }]]></svg:style>\
        <svg:use xlink:href="#x"/><!-- gone --><svg:text x="1">a &amp; b &lt; "c"</svg:text>\
        <svg:foreignObject><p title="q&quot;t">x</p></svg:foreignObject></svg:svg></body></html>
        """

    @Test func anElementIsWrittenOutWithItsNamespacesAndEscapedText() throws {
        let tree = try MarkupParser.parse(Array(Self.document.utf8), path: "t.xhtml", recovery: .xml, diagnostics: Diagnostics())
        let svg = try #require(tree.root?.descendants("svg", namespace: Namespace.svg).first)
        #expect(svg.markup() == """
            <svg:svg xmlns:svg="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><svg:style>a &gt; b { fill: red }</svg:style>\
            <svg:use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#x"></svg:use><svg:text x="1">a &amp; b &lt; &quot;c&quot;</svg:text>\
            <svg:foreignObject><p xmlns="http://www.w3.org/1999/xhtml" title="q&quot;t">x</p></svg:foreignObject></svg:svg>
            """)
        // It parses back on its own into the same elements.
        let again = try MarkupParser.parse(Array(svg.markup().utf8), path: "svg.svg", recovery: .xml, diagnostics: Diagnostics())
        let root = try #require(again.root)
        #expect(root.isElement("svg", namespace: Namespace.svg))
        #expect(root.descendants("use", namespace: Namespace.svg).first?.attribute("href", namespace: Namespace.xlink) == "#x")
        #expect(root.descendants("p", namespace: Namespace.xhtml).first?.attribute("title") == "q\"t")
        #expect(root.descendants("text", namespace: Namespace.svg).first?.textContent == "a & b < \"c\"")
    }

    @Test func anElementWithoutANamespaceInsideADefaultOneUndeclaresIt() throws {
        let tree = try MarkupParser.parse(Array("<a xmlns=\"urn:a\"><b/><c xmlns=\"\"><d/></c></a>".utf8), path: "t.xml", recovery: .xml, diagnostics: Diagnostics())
        let root = try #require(tree.root)
        #expect(root.markup() == "<a xmlns=\"urn:a\"><b></b><c xmlns=\"\"><d></d></c></a>")
    }
}
