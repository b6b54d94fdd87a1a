import FolioCore
import FolioLayout
import FolioPublication
import FolioTestSupport
import FolioXML
import Testing

/// CFIs on real books of the shared corpus: Moby-Dick (round trips) and the IDPF sample
/// georgia-cfi, whose page list is written as CFIs with text assertions to check against.
@Suite(.enabled(if: Corpus.directory != nil, Comment(rawValue: Corpus.absentMessage)))
struct CorpusCFITests {
    static func open(_ book: String) throws -> Publication {
        let path = try #require(Corpus.file("samples/\(book)"), "samples/\(book) is missing from the corpus").path
        return try PublicationOpener.open(path)
    }

    static func chapter(_ publication: Publication, spineIndex: Int) throws -> XMLTree {
        let item = try #require(publication.manifest.item(id: publication.spine.items[spineIndex].renderableID))
        let bytes = try publication.read(item.path, limit: Publication.documentLimit)
        return try MarkupParser.parse(bytes, path: item.path, recovery: .html, diagnostics: Diagnostics())
    }

    static func spineIndex(_ publication: Publication, path: String) throws -> Int {
        try #require(publication.spine.items.firstIndex { publication.manifest.item(id: $0.renderableID)?.path == path })
    }

    /// make → description → parse → spineIndex + resolve lands on the same chapter offset.
    static func roundTrip(_ publication: Publication, _ index: Int, _ chapter: XMLTree, _ offsets: TextOffsets,
                          node: Int, offset: Int) throws {
        let cfi = try #require(EPUBCFI.make(packageTree: publication.packageTree, spineIndex: index, contentTree: chapter,
                                            node: node, offsetInNode: offset, spine: publication.spine))
        let parsed = try #require(EPUBCFI.parse(cfi.description))
        #expect(parsed == cfi)
        #expect(parsed.spineIndex(packageTree: publication.packageTree, spine: publication.spine) == index)
        let back = try #require(parsed.resolve(contentTree: chapter), "\(cfi) does not resolve")
        #expect(offsets.offset(node: back.node, offsetInNode: back.offsetInNode) == offsets.offset(node: node, offsetInNode: offset),
                "\(cfi)")
    }

    @Test func everyTextNodeBoundaryOfMobyDickChapterOneSurvivesARoundTrip() throws {
        let publication = try Self.open("moby-dick.epub")
        let index = try Self.spineIndex(publication, path: "OPS/chapter_001.xhtml")
        let chapter = try Self.chapter(publication, spineIndex: index)
        let offsets = TextOffsets(tree: chapter)
        let texts = chapter.document.descendants().filter { $0.kind == .text || $0.kind == .cdata }
        #expect(texts.count == 60)
        for text in texts {
            let length = text.text?.unicodeScalars.count ?? 0
            for offset in Set([0, length / 2, length]) {
                try Self.roundTrip(publication, index, chapter, offsets, node: Int(text.index), offset: offset)
            }
        }
        // The spine is the package's third element child and chapter 1 its seventh itemref.
        let first = try #require(EPUBCFI.make(packageTree: publication.packageTree, spineIndex: index, contentTree: chapter,
                                              node: Int(texts[0].index), offsetInNode: 0, spine: publication.spine))
        #expect(first.parts[0].map(\.index) == [6, 14])
    }

    @Test func theFirstAndLastTextOfEverySpineItemSurviveARoundTrip() throws {
        let publication = try Self.open("moby-dick.epub")
        for index in publication.spine.items.indices {
            let chapter = try Self.chapter(publication, spineIndex: index)
            let offsets = TextOffsets(tree: chapter)
            guard let first = offsets.position(of: 0), let last = offsets.position(of: offsets.length) else { continue }
            try Self.roundTrip(publication, index, chapter, offsets, node: first.node, offset: first.offsetInNode)
            try Self.roundTrip(publication, index, chapter, offsets, node: last.node, offset: last.offsetInNode)
        }
    }

    /// georgia-cfi's page list (EPUB/nav.xhtml), with the hrefs' `%20` undone.
    @Test(arguments: [
        ("epubcfi(/6/4[ct]!/4/2[d10e42]/12[d10e85]/6[d10e93]/1:1552[Bryan, and])", "d10e93", "Bryan", " and"),
        ("epubcfi(/6/4[ct]!/4/2[d10e42]/18[d10e150]/4[d10e155]/1:35)", "d10e155", "", ""),
        ("epubcfi(/6/4[ct]!/4/2[d10e42]/24[d10e209]/4[d10e214]/3:2180[for, taxation])", "d10e214", "for", " taxation"),
        ("epubcfi(/6/4[ct]!/4/2[d10e42]/26[d10e271]/4[d10e276]/3:1054)", "d10e276", "", ""),
        ("epubcfi(/6/4[ct]!/4/2[d10e42]/30[d10e304]/14[d10e345]/1:505)", "d10e345", "", ""),
        ("epubcfi(/6/4[ct]!/4/2[d10e42]/30[d10e304]/22[d10e386]/1:2032)", "d10e386", "", ""),
        ("epubcfi(/6/4[ct]!/4/2[d10e42]/30[d10e304]/34/2[d10e432]/1:0)", "d10e432", "", ""),
    ])
    func georgiasPageListLandsWhereItsAssertionsSay(cfi: String, parent: String, before: String, after: String) throws {
        let publication = try Self.open("georgia-cfi.epub")
        let parsed = try #require(EPUBCFI.parse(cfi))
        let index = try #require(parsed.spineIndex(packageTree: publication.packageTree, spine: publication.spine))
        #expect(index == (try Self.spineIndex(publication, path: "EPUB/georgia.xhtml")))
        let chapter = try Self.chapter(publication, spineIndex: index)
        let position = try #require(parsed.resolve(contentTree: chapter))
        let node = try #require(chapter.node(at: position.node))
        #expect(node.kind == .text)
        #expect(node.parentElement?.attribute("id") == parent)
        // Text assertions are matched with white space collapsed (§3.1.8).
        let scalars = Array(node.text?.unicodeScalars ?? "".unicodeScalars)
        let head = String(String.UnicodeScalarView(scalars[..<position.offsetInNode]))
        let tail = String(String.UnicodeScalarView(scalars[position.offsetInNode...]))
        #expect(Self.collapsed(head).hasSuffix(before), "…\(head.suffix(20))|")
        #expect(Self.collapsed(tail).hasPrefix(after), "|\(tail.prefix(20))…")
    }

    /// Runs of white space as one space.
    static func collapsed(_ s: String) -> String {
        var out = ""
        var pendingSpace = false
        for c in s {
            if c.isWhitespace {
                pendingSpace = true
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(c)
            }
        }
        return pendingSpace ? out + " " : out
    }
}
