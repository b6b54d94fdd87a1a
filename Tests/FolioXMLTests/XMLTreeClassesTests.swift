import FolioCore
import FolioXML
import Testing

@Suite struct XMLTreeClassesTests {
    @Test func addingAClassKeepsEveryNodeWhereItWasAndOnlyChangesThatElement() throws {
        let tree = try MarkupParser.parse(Array("""
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p id="a" class="x">One</p><p id="b">Two</p></body></html>
            """.utf8), path: "doc.xhtml", recovery: .xml, diagnostics: Diagnostics())
        let root = try #require(tree.root)
        let a = try #require(root.descendants("p").first), b = try #require(root.descendants("p").last)
        let copy = tree.addingClasses([(Int(a.index), "on"), (Int(b.index), "on"), (Int(root.index), "playing")])
        #expect(copy.nodeCount == tree.nodeCount)
        #expect(copy.node(at: Int(a.index))?.attribute("class") == "x on")
        #expect(copy.node(at: Int(a.index))?.attribute("id") == "a")
        #expect(copy.node(at: Int(b.index))?.attribute("class") == "on")
        #expect(copy.root?.attribute("class") == "playing")
        #expect(copy.node(at: Int(b.index))?.textContent == "Two")
        #expect(a.attribute("class") == "x", "the original is untouched")
    }
}
