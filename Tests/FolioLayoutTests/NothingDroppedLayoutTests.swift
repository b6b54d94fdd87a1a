import FolioCore
@testable import FolioLayout
import FolioStyle
import Foundation
import FolioXML
import Testing

/// Content Folio cannot show as such still shows something, with a warning; blank endings
/// and viewport units make no blank pages.
@Suite struct NothingDroppedLayoutTests {
    typealias Hostile = HostileLayoutTests

    @Test func aChapterOfOnlyAMissingImageWithoutAltGetsAPageWithAPlaceholder() throws {
        let (pages, warnings) = try Hostile.laidOut("<img src='missing.png'/>")
        #expect(pages.count == 1)
        #expect(pages.first?.text.contains("[image: missing.png]") == true)
        let warning = try #require(warnings.first { $0.code == "layout.image-missing" })
        #expect(warning.location == "EPUB/chapter.xhtml:5", "the body's line")
    }

    @Test func aMissingImageWithAltShowsItsAlt() throws {
        let (pages, _) = try Hostile.laidOut("<p><img src='missing.png' alt='A lighthouse'/></p>")
        #expect(pages.first?.text.contains("A lighthouse") == true)
        #expect(pages.first?.text.contains("[image") == false)
    }

    @Test(arguments: ["<video src='media/clip.mp4'></video>", "<video><source src='clip.mp4'/></video>", "<audio src='clip.mp3'/>"])
    func aVideoOrAudioWithoutFallbackGetsAPlaceholderAndAWarning(body: String) throws {
        let (pages, warnings) = try Hostile.laidOut(body)
        #expect(pages.count == 1)
        let text = try #require(pages.first?.text)
        #expect(text.hasPrefix("[video: clip.mp4]") || text.hasPrefix("[audio: clip.mp3]"), "\(text)")
        let warning = try #require(warnings.first { $0.code == "layout.media-not-shown" })
        #expect(warning.location == "EPUB/chapter.xhtml:5", "the body's line")
    }

    @Test func aVideosFallbackContentIsShownInstead() throws {
        let (pages, warnings) = try Hostile.laidOut("<video src='clip.mp4'><p>The keeper lights the lamp.</p></video>")
        #expect(pages.first?.text.hasPrefix("The keeper lights the lamp.") == true)
        #expect(!warnings.contains { $0.code == "layout.media-not-shown" })
    }

    /// Fourteen 20 px lines fill the 280 px column exactly.
    static let fullPage = (1...14).map { "<p>Line \($0).</p>" }.joined()

    @Test(arguments: ["<p></p>", "<p>&#160;</p>", "<div><p> </p></div>", "<p></p><p></p>"])
    func emptyBlocksAtTheEndStartNoPage(ending: String) throws {
        let (pages, _) = try Hostile.laidOut(Self.fullPage + ending, css: "p { margin: 0 }")
        #expect(pages.count == 1)
        #expect(pages.first?.text.hasPrefix("Line 1.") == true)
    }

    @Test func anEmptyBlockBeforeMoreTextStillTakesItsPlace() throws {
        let (pages, _) = try Hostile.laidOut(Self.fullPage + "<p></p><p>Line 15.</p>", css: "p { margin: 0 }")
        #expect(pages.count == 2)
        #expect(pages.last?.text.hasPrefix("Line 15.") == true)
    }

    @Test func aHundredVhBoxFillsOnePageWithoutSpilling() throws {
        let diagnostics = Diagnostics()
        var settings = ReaderSettings()
        settings.pageMargin = 10
        settings.marginShare = 0
        let context = StyleContext(environment: MediaEnvironment(width: 400, height: 300), settings: settings, diagnostics: diagnostics) { _ in nil }
        let tree = try MarkupParser.parse(Array(LayoutSupport.document("<div style='height:100vh; background:#ccc'>Cover</div><p>Next</p>",
                                                                           css: "p { margin: 0 }").utf8),
                                                   path: "EPUB/chapter.xhtml", recovery: .html, diagnostics: diagnostics)
        let flow = ChapterLayout(document: Cascade.style(tree, context: context), path: "EPUB/chapter.xhtml",
                                  context: try LayoutSupport.context(diagnostics: diagnostics)).build()
        let fill = try #require(LayoutSupport.firstFill(flow))
        #expect(abs(fill.height - 280) < 0.01, "100vh is the page's content height")
        let pages = Paginator.pages(flow, page: LayoutSupport.smallPage, spineIndex: 0, href: "EPUB/chapter.xhtml")
        #expect(pages.map(\.text) == ["Cover\n", "Next\n"])
    }
}
