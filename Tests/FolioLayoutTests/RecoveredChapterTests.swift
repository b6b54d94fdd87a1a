import FolioCore
@testable import FolioLayout
import FolioStyle
import FolioText
import Testing

/// A chapter whose markup is not well-formed is shown as the HTML parser recovers it, and its
/// first page says so in a line of its own (W3C pub-xml-non-validating_unclosed); a
/// well-formed chapter has no such line.
@Suite struct RecoveredChapterTests {
    @Test func aRecoveredChapterStartsWithANoticeAndKeepsItsText() throws {
        let broken = LayoutSupport.document("<p>An unclosed <em>tag.</p><p>More text.</p>")
        let diagnostics = Diagnostics()
        let document = try LayoutSupport.styled(broken, diagnostics: diagnostics)
        #expect(diagnostics.contains(code: "xml.not-well-formed"))
        let flow = ChapterLayout(document: document, path: "EPUB/chapter.xhtml", context: try LayoutSupport.context()).build()
        let pages = Paginator.pages(flow, page: LayoutSupport.smallPage, spineIndex: 0, href: "EPUB/chapter.xhtml")
        let text = pages.map(\.text).joined()
        #expect(text.hasPrefix(ChapterLayout.recoveryNoticeText))
        #expect(text.contains("An unclosed tag.") && text.contains("More text."))
        let italic = pages[0].frame.items.contains { item in
            if case .text(_, let run) = item { return run.text.hasPrefix("This chapter") && (run.synthesizeItalic || run.face.isItalic) }
            return false
        }
        #expect(italic)
    }

    @Test func aWellFormedChapterHasNoNotice() throws {
        let pages = try LayoutSupport.pages("<p>Closed <em>tags</em>.</p>")
        #expect(!pages.map(\.text).joined().contains("not well-formed"))
    }
}
