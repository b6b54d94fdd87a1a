import FolioLayout
import FolioXML
import Testing

@Suite struct TextOffsetsTests {
    /// `<title>T</title>` … `<p id="a">ab<!--c-->cd<?pi x?><![CDATA[ef]]></p><p id="b">é𝔸</p><p id="empty"></p>`
    static func mixed() throws -> (XMLTree, TextOffsets) {
        let tree = try LocatorFixture.tree("text-offsets/mixed-nodes.xhtml")
        return (tree, TextOffsets(tree: tree))
    }

    @Test func textAndCDATACountInScalarsWhileCommentsAndInstructionsDoNot() throws {
        let (_, offsets) = try Self.mixed()
        // T + ab + cd + ef + é𝔸 (two scalars, three UTF-16 units)
        #expect(offsets.length == 9)
    }

    @Test func anElementStartsAfterAllTheTextBeforeIt() throws {
        let (tree, offsets) = try Self.mixed()
        #expect(offsets.offset(ofElement: try LocatorFixture.element(tree, id: "a")) == 1)
        #expect(offsets.offset(ofElement: try LocatorFixture.element(tree, id: "b")) == 7)
        #expect(offsets.offset(ofElement: try LocatorFixture.element(tree, id: "empty")) == 9)
        #expect(offsets.offset(ofElement: Int(try #require(tree.root).index)) == 0)
    }

    @Test func anOffsetInANodeAddsToItsStartAndClamps() throws {
        let (tree, offsets) = try Self.mixed()
        let cd = try LocatorFixture.textNode(tree, "cd")
        #expect(offsets.offset(node: cd, offsetInNode: 1) == 4)
        #expect(offsets.offset(node: cd, offsetInNode: 99) == 5)
        #expect(offsets.offset(node: cd, offsetInNode: -4) == 3)
        #expect(offsets.offset(node: -1, offsetInNode: 0) == 0)
        #expect(offsets.offset(node: tree.nodeCount + 10, offsetInNode: 0) == 9)
    }

    @Test func aBoundaryOffsetBelongsToTheFollowingNode() throws {
        let (tree, offsets) = try Self.mixed()
        let ab = try LocatorFixture.textNode(tree, "ab")
        let cd = try LocatorFixture.textNode(tree, "cd")
        #expect(try #require(offsets.position(of: 1)) == (ab, 0))
        #expect(try #require(offsets.position(of: 3)) == (cd, 0))
        #expect(try #require(offsets.position(of: 4)) == (cd, 1))
    }

    @Test func theEndOfTheTextIsTheEndOfTheLastNode() throws {
        let (tree, offsets) = try Self.mixed()
        let last = try LocatorFixture.textNode(tree, "é𝔸")
        #expect(try #require(offsets.position(of: 9)) == (last, 2))
        #expect(try #require(offsets.position(of: 500)) == (last, 2))
        let title = try LocatorFixture.textNode(tree, "T")
        #expect(try #require(offsets.position(of: -3)) == (title, 0))
    }

    @Test func everyOffsetMapsToAPositionAndBack() throws {
        let (_, offsets) = try Self.mixed()
        for offset in 0...offsets.length {
            let position = try #require(offsets.position(of: offset))
            #expect(offsets.offset(node: position.node, offsetInNode: position.offsetInNode) == offset)
        }
    }

    @Test func entitiesCountAsTheCharactersTheyStandFor() throws {
        let tree = try LocatorFixture.tree("text-offsets/entities.xhtml")
        let offsets = TextOffsets(tree: tree)
        // T, then a & b NBSP c 𝔸
        #expect(offsets.length == 7)
        #expect(offsets.offset(ofElement: try LocatorFixture.element(tree, id: "p")) == 1)
    }

    @Test func aDocumentWithoutTextHasNoPositions() throws {
        let tree = try LocatorFixture.tree("text-offsets/no-text.xhtml")
        let offsets = TextOffsets(tree: tree)
        #expect(offsets.length == 0)
        #expect(offsets.position(of: 0) == nil)
    }
}
