import FolioCore
@testable import FolioLayout
import FolioStyle
import FolioText
import FolioXML
import Testing

/// Hostile documents lay out in bounded pages and keep all their text: enormous lengths,
/// deep nesting, one enormous word.
@Suite struct HostileLayoutTests {
    /// Pages and warnings of a chapter on the small test page.
    static func laidOut(_ body: String, css: String = "") throws -> (pages: [Page], warnings: [Warning]) {
        let diagnostics = Diagnostics()
        let document = try LayoutSupport.styled(LayoutSupport.document(body, css: css), diagnostics: diagnostics)
        let flow = ChapterLayout(document: document, path: "EPUB/chapter.xhtml",
                                  context: try LayoutSupport.context(diagnostics: diagnostics)).build()
        let pages = Paginator.pages(flow, page: LayoutSupport.smallPage, spineIndex: 0, href: "EPUB/chapter.xhtml", diagnostics: diagnostics)
        return (pages, diagnostics.warnings)
    }

    static func words(_ pages: [Page]) -> [String] { LayoutSupport.words(pages.map(\.text).joined(separator: "\n")) }

    @Test(arguments: ["margin-top: 1e38px", "line-height: 1e9", "border: 1e9px solid red", "height: 1e9px", "font-size: 1e38px",
                      "padding: 1e9px", "width: 1e9px", "text-indent: 1e9px", "letter-spacing: 1e9px", "margin-left: -1e38px"])
    func anEnormousLengthMakesAFewPagesAndKeepsTheText(declaration: String) throws {
        let (pages, warnings) = try Self.laidOut("<p style='\(declaration)'>Hello</p><p>After</p>")
        // 4000 px of vertical space at most per side, on a 280 px column: tens of pages, not millions.
        #expect(pages.count >= 1 && pages.count <= 40, "\(pages.count) pages")
        #expect(Self.words(pages).joined().contains("after"))
        let clamped = try #require(warnings.first { $0.code == "css.value-clamped" })
        #expect(clamped.location?.hasPrefix("EPUB/chapter.xhtml:") == true)
    }

    @Test(arguments: [300, 1_000, 10_000], ["div", "span", "blockquote"])
    func deeplyNestedContentAndWhatFollowsAreAllShown(depth: Int, tag: String) throws {
        let body = "<p>Before</p>" + String(repeating: "<\(tag)>", count: depth) + "Deep" + String(repeating: "</\(tag)>", count: depth) + "<p>After</p>"
        let (pages, warnings) = try Self.laidOut(body)
        #expect(Self.words(pages) == ["before", "deep", "after"])
        #expect(warnings.contains { $0.code == "css.nesting-flattened" })
    }

    @Test func textAtEveryDepthOfADeepNestStaysInOrder() throws {
        let depth = 400
        let body = (0..<depth).map { "<div>w\($0)" }.joined() + String(repeating: "</div>", count: depth)
        let (pages, _) = try Self.laidOut(body)
        #expect(Self.words(pages) == (0..<depth).map { "w\($0)" })
    }

    @Test func aHundredThousandCharacterWordIsCutIntoLinesAndKeptWhole() throws {
        let n = 100_000
        let (pages, _) = try Self.laidOut("<p>\(String(repeating: "a", count: n))</p><p>After</p>")
        let text = pages.map(\.text).joined()
        #expect(text.filter { $0 == "a" }.count == n)
        #expect(Self.words(pages).last == "after")
        #expect(pages.count > 10)
    }

    @Test func aParagraphLongerThanAPieceIsSetInPiecesAndKeepsEveryWordInOrder() throws {
        // Numbered words, so that a word lost, doubled or moved where two pieces meet shows.
        let count = ParagraphPieces.limit / 6 + 5_000
        let words = (0..<count).map { "w\($0)" }
        let (pages, warnings) = try Self.laidOut("<p style='text-indent: 3em'>\(words.joined(separator: " "))</p><p>After</p>")
        #expect(Self.words(pages) == words + ["after"])
        let pieces = try #require(warnings.first { $0.code == "layout.paragraph-in-pieces" })
        #expect(pieces.message.contains("2 pieces"), "\(pieces.message)")
        #expect(pieces.location?.hasPrefix("EPUB/chapter.xhtml:") == true)
        // Each piece's last line is set again with the next piece: the only last lines are the
        // two paragraphs' own.
        let ends = pages.flatMap { page in
            page.frame.items.compactMap { item -> LineSetting.End? in
                if case .line(_, let setting) = item { return setting.end }
                return nil
            }
        }
        #expect(ends.filter { $0 == .last }.count == 2)
        #expect(!ends.contains(.emergency) && !ends.contains(.forced))
    }

    @Test func aChapterPastThePageLimitSaysWhatIsNotShown() throws {
        let body = (1...40).map { "<p>Paragraph \($0).</p>" }.joined()
        let diagnostics = Diagnostics()
        let flow = try LayoutSupport.flow(body)
        let pages = Paginator.pages(flow, page: LayoutSupport.smallPage, spineIndex: 0, href: "EPUB/chapter.xhtml",
                                    diagnostics: diagnostics, pageLimit: 2)
        #expect(pages.count == 2)
        let warning = try #require(diagnostics.warnings.first { $0.code == "layout.too-many-pages" })
        #expect(warning.severity == .error)
        #expect(warning.message.contains("the text after character \(pages[1].end.offset) of \(flow.textLength) is not shown"), "\(warning.message)")
    }
}
