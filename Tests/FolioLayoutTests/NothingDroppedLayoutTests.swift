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
        let context = StyleContext(environment: MediaEnvironment(width: 400, height: 300), settings: settings, diagnostics: diagnostics) { _ in nil }
        let tree = try MarkupParser.parse(Array(LayoutSupport.document("<div style='height:100vh; background:#ccc'>Cover</div><p>Next</p>",
                                                                           css: "p { margin: 0 }").utf8),
                                                   path: "EPUB/chapter.xhtml", recovery: .html, diagnostics: diagnostics)
        let flow = ChapterBuilder(document: Cascade.style(tree, context: context), path: "EPUB/chapter.xhtml",
                                  context: try LayoutSupport.context(diagnostics: diagnostics)).build()
        let fill = try #require(LayoutSupport.firstFill(flow))
        #expect(abs(fill.height - 280) < 0.01, "100vh is the page's content height")
        let pages = Paginator.pages(flow, page: LayoutSupport.smallPage, spineIndex: 0, href: "EPUB/chapter.xhtml")
        #expect(pages.map(\.text) == ["Cover\n", "Next\n"])
    }
}

/// Words stay whole where the page has room for them.
@Suite struct WholeWordsLayoutTests {
    static func lines(_ flow: ChapterFlow) -> [String] { flow.units.map { $0.text.trimmingCharacters(in: .whitespaces) } }

    @Test func anInlineBlockInANarrowBoxTakesItsLongestWordsWidth() throws {
        let flow = try LayoutSupport.flow("<div style='width:30px'><span style='display:inline-block; border:1px solid red'>Father</span></div>")
        #expect(Self.lines(flow) == ["Father"], "not cut into Fath/er")
    }

    @Test func aFloatInANarrowBoxTakesItsLongestWordsWidth() throws {
        let flow = try LayoutSupport.flow("<div style='width:30px'><div style='float:left'>Child</div></div><p style='clear:both'>After</p>")
        #expect(Self.lines(flow).prefix(1) == ["Child"])
    }

    @Test func anInlineBlockWiderThanThePageStillBreaksItsWord() throws {
        let word = String(repeating: "m", count: 80)
        let flow = try LayoutSupport.flow("<p><span style='display:inline-block; overflow-wrap:anywhere; background:#ccc'>\(word)</span></p>")
        let box = try #require(LayoutSupport.firstFill(flow))
        #expect(box.width <= 380 + 0.01, "no wider than the page: the word is cut")
        let runs = flow.placed.filter { if case .text = $0.item { return true } else { return false } }
        #expect(runs.count > 1)
    }

    @Test func aSqueezedTableCutsOnlyItsWidestColumns() {
        let widths = TableColumnWidths.squeezed([90, 35, 38, 33, 76, 34, 55], into: 326)
        #expect(widths[1] == 35 && widths[2] == 38 && widths[3] == 33 && widths[5] == 34, "narrow columns keep their min-content")
        #expect(abs(widths.reduce(0, +) - 326) < 0.001)
        #expect(widths[0] == widths[4] && widths[0] < 76)
    }

    @Test func aTableNarrowerThanItsWordsKeepsItsNumbersWhole() throws {
        let row = "<tr><td>Portsmouth</td><td>155</td><td>Southampton</td><td>1805</td><td>Fitzwilliam</td></tr>"
        let flow = try LayoutSupport.flow("<table>\(row)</table>", css: "td { padding: 0 2px }", page: PageGeometry(width: 220, height: 300, margins: Edges(all: 10)))
        let texts = flow.units.map(\.text).joined(separator: "|")
        #expect(texts.contains("155") && texts.contains("1805"), "\(texts)")
    }
}
