import FolioLayout
import FolioXML
import Testing

/// Chunks of character data (§3.1.1): the text between two child elements is one chunk, whatever
/// comments or CDATA sections split it, and its offsets count UTF-16 code units (§3.1.4).
@Suite struct ChunkCFITests {
    static let package = "cfi-spec-sample/package.opf"

    static func make(_ chapter: XMLTree, node: Int, offset: Int) throws -> EPUBCFI {
        try #require(EPUBCFI.make(packageTree: try LocatorFixture.tree(package), spineIndex: 1, contentTree: chapter, node: node, offsetInNode: offset))
    }

    static func resolve(_ cfi: String, in chapter: XMLTree) throws -> (node: Int, offsetInNode: Int) {
        try #require(EPUBCFI.parse(cfi)?.resolve(contentTree: chapter), "\(cfi) does not resolve")
    }

    @Test func textSplitByACommentIsOneChunk() throws {
        let chapter = try LocatorFixture.tree("cfi-chunks/text-split-by-comment.xhtml")
        let one = try LocatorFixture.textNode(chapter, "one")
        let two = try LocatorFixture.textNode(chapter, "two")
        let three = try LocatorFixture.textNode(chapter, "three")
        #expect(try Self.make(chapter, node: two, offset: 1).description == "epubcfi(/6/4[chap01ref]!/4/2[p]/1:4)")
        #expect(try Self.make(chapter, node: three, offset: 2).description == "epubcfi(/6/4[chap01ref]!/4/2[p]/3:2)")
        #expect(try Self.resolve("epubcfi(/6/4!/4/2/1:4)", in: chapter) == (two, 1))
        #expect(try Self.resolve("epubcfi(/6/4!/4/2/1:2)", in: chapter) == (one, 2))
        // Between the two text nodes: the following one, as TextOffsets has it.
        #expect(try Self.resolve("epubcfi(/6/4!/4/2/1:3)", in: chapter) == (two, 0))
        #expect(try Self.resolve("epubcfi(/6/4!/4/2/1:6)", in: chapter) == (two, 3))
    }

    @Test func offsetsCountUTF16CodeUnits() throws {
        let chapter = try LocatorFixture.tree("cfi-chunks/astral-characters.xhtml")
        let text = try LocatorFixture.textNode(chapter, "𝔸𝔹c")
        #expect(try Self.make(chapter, node: text, offset: 2).characterOffset == 4)
        #expect(try Self.make(chapter, node: text, offset: 3).characterOffset == 5)
        #expect(try Self.resolve("epubcfi(/6/4!/4/2/1:4)", in: chapter) == (text, 2))
        // Inside a surrogate pair: the character's start.
        #expect(try Self.resolve("epubcfi(/6/4!/4/2/1:3)", in: chapter) == (text, 1))
    }

    @Test func cdataTextCountsAsCharacterData() throws {
        let chapter = try LocatorFixture.tree("cfi-chunks/cdata-section.xhtml")
        let paragraph = try #require(chapter.node(at: try LocatorFixture.element(chapter, id: "p")))
        let chunk = paragraph.children.filter { $0.kind == .text || $0.kind == .cdata }
        #expect(chunk.map { $0.text ?? "" }.joined() == "a<b>c")
        let last = try #require(chunk.last)
        let cfi = try Self.make(chapter, node: Int(last.index), offset: last.text?.unicodeScalars.count ?? 0)
        #expect(cfi.description == "epubcfi(/6/4[chap01ref]!/4/2[p]/1:5)")
        #expect(try Self.resolve(cfi.description, in: chapter) == (Int(last.index), last.text?.unicodeScalars.count ?? 0))
    }

    @Test func anEmptyChunkIsTheBoundaryBetweenItsElements() throws {
        let chapter = try LocatorFixture.tree("cfi-chunks/empty-chunks.xhtml")
        let e1 = try LocatorFixture.element(chapter, id: "e1")
        let e2 = try LocatorFixture.element(chapter, id: "e2")
        #expect(try Self.resolve("epubcfi(/6/4!/4/2/1:0)", in: chapter) == (e1, 0))
        #expect(try Self.resolve("epubcfi(/6/4!/4/2/3:0)", in: chapter) == (e2, 0))
        // After the last element: the end of the paragraph's content, the end of "b".
        #expect(try Self.resolve("epubcfi(/6/4!/4/2/5:0)", in: chapter) == (try LocatorFixture.textNode(chapter, "b"), 1))
        // An element without text: its start is its end.
        let empty = try LocatorFixture.element(chapter, id: "empty")
        #expect(try Self.resolve("epubcfi(/6/4!/4/4[empty]/1:0)", in: chapter) == (empty, 0))
    }

    @Test func theEndOfAnElementsContentIsTheEndOfItsLastText() throws {
        let chapter = try LocatorFixture.tree("cfi-chunks/text-split-by-comment.xhtml")
        let three = try LocatorFixture.textNode(chapter, "three")
        let end = try Self.make(chapter, node: three, offset: 5)
        #expect(end.description == "epubcfi(/6/4[chap01ref]!/4/2[p]/3:5)")
        #expect(try Self.resolve(end.description, in: chapter) == (three, 5))
        // The virtual element after the last chunk (`/n+2`) is the same position.
        #expect(try Self.resolve("epubcfi(/6/4!/4/2[p]/4)", in: chapter) == (three, 5))
    }

    @Test func everyPositionOfAChapterSurvivesMakeParseAndResolve() throws {
        for name in ["text-split-by-comment", "astral-characters", "cdata-section", "empty-chunks"] {
            let chapter = try LocatorFixture.tree("cfi-chunks/\(name).xhtml")
            let offsets = TextOffsets(tree: chapter)
            for offset in 0...offsets.length {
                let position = try #require(offsets.position(of: offset))
                let cfi = try Self.make(chapter, node: position.node, offset: position.offsetInNode)
                let back = try Self.resolve(cfi.description, in: chapter)
                #expect(offsets.offset(node: back.node, offsetInNode: back.offsetInNode) == offset, "\(name) \(offset): \(cfi)")
            }
        }
    }
}
