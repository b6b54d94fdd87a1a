import FolioLayout
import FolioCore
import FolioOverlay
import FolioPublication
import FolioRender
import FolioStyle
import FolioTestSupport
import Foundation
import Testing
@testable import FolioPager

/// The narration bar over the pages of our narrated sample, on the silent clock with time
/// moved by hand: the highlighted words follow the SMIL, and the page follows the voice.
@Suite struct PagerNarrationTests {
    static let sample = Corpus.packageRoot.appendingPathComponent("corpus/tide-clock.epub").path

    final class VirtualTime: @unchecked Sendable {
        var now = 0.0
    }

    func narratedPager(columns: Int = 80, rows: Int = 24) throws -> (Pager, VirtualTime, Timeline) {
        try Self.pager(Self.sample, columns: columns, rows: rows)
    }

    /// A pager on `book` whose narration bar and page media play on a silent clock that moves
    /// only when the test moves `time.now`.
    static func pager(_ book: String, columns: Int = 80, rows: Int = 24) throws -> (Pager, VirtualTime, Timeline) {
        let publication = try PublicationOpener.open(book)
        let cells = CellBook(publication: publication, images: BookImages(publication), columns: columns, rows: rows - 1, theme: .day)
        let pager = Pager(book: cells, columns: columns, rows: rows, theme: .day)
        let time = VirtualTime()
        let timeline = Timeline.build(publication: publication, diagnostics: publication.diagnostics)
        pager.narrationFactory = { NarrationSession(timeline: timeline, clock: SilentClock(now: { time.now }), now: { time.now }) }
        pager.mediaFactory = { path, text, spine in
            guard let duration = (try? AudioProbe.durations(of: [path], in: publication, diagnostics: Diagnostics()))?[path] else { return nil }
            return NarrationSession(timeline: .single(audio: path, duration: duration, text: text, spineIndex: spine),
                                    clock: SilentClock(now: { time.now }), now: { time.now })
        }
        return (pager, time, timeline)
    }

    /// The text of the screen cells painted with the sample's `.reading-now` background (its
    /// media:active-class, which the pager uses instead of its own mark).
    private func highlighted(_ pager: Pager) -> String {
        let screen = pager.screen()
        let mark = RGBA(red: 0xFF, green: 0xE5, blue: 0x8F)
        var out = ""
        for row in 0..<(screen.rows - 1) {
            for column in 0..<screen.columns where screen[column, row].background == mark { out += screen[column, row].character }
            out += " "
        }
        return out.split(separator: " ").joined(separator: " ")
    }

    private func advance(_ pager: Pager, _ time: VirtualTime, to seconds: Double) {
        while time.now < seconds - 1e-9 {
            time.now = min(seconds, time.now + 0.05)
            _ = pager.tickNarration()
        }
    }

    @Test func narrationWaitsForPlayThenHighlightsTheSpokenSentence() throws {
        let (pager, time, timeline) = try narratedPager()
        #expect(pager.handle(.character("a")))
        advance(pager, time, to: 2)
        // Nothing plays until p.
        #expect(pager.narration?.status.isPlaying == false)
        #expect(pager.narration?.status.time == 0)
        _ = pager.handle(.character("p"))
        for probe in [0.5, 4.0, 9.0, 15.0] {
            advance(pager, time, to: 2 + probe)
            let clip = try #require(timeline.clip(at: probe))
            let status = try #require(pager.narration?.status)
            // Within 100 ms of the SMIL.
            #expect(abs(status.time - probe) < 0.1)
            let passage = try #require(NarratedPassages(publication: pager.book.publication).passage(clip.text))
            let spoken = String(Array(passage.text)[passage.highlight.clamped(to: 0..<passage.text.count)])
            let words = spoken.split(separator: " ").prefix(3).joined(separator: " ")
            #expect(highlighted(pager).contains(words), "at \(probe) s “\(words)” should be highlighted")
        }
        #expect(CellRenderer.plain(pager.screen()).contains("part 1 of 2"))
    }

    @Test func aSentenceRunningOverAPageBoundaryTurnsThePageMidSentence() throws {
        // Small pages, so that some sentence runs from one page onto the next.
        let (pager, time, timeline) = try narratedPager(columns: 40, rows: 10)
        let book = pager.book
        var spanning: (clip: TimelineClip, spine: Int, first: Int, last: Int)?
        for clip in timeline.clips {
            guard let spine = book.layout.spineIndex(ofPath: clip.text.path), let id = clip.text.fragment,
                  let range = book.layout.textRange(ofElementID: id, inSpineItem: spine), range.count > 1 else { continue }
            let chapter = book.layout.chapter(spine)
            if let first = chapter.pageIndex(of: range.lowerBound), let last = chapter.pageIndex(of: range.upperBound - 1), last > first {
                spanning = (clip, spine, first, last)
                break
            }
        }
        let found = try #require(spanning, "some sentence runs over a page boundary at 40×9")
        _ = pager.handle(.character("a"))
        _ = pager.handle(.character("p"))
        advance(pager, time, to: found.clip.begin + 0.02)
        #expect(pager.position == Position(spineIndex: found.spine, page: found.first), "the sentence starts on its first page")
        advance(pager, time, to: found.clip.end - 0.02)
        #expect(pager.position == Position(spineIndex: found.spine, page: found.last), "its end is read on the next page")
        #expect(!highlighted(pager).isEmpty, "the part on this page is highlighted")
    }

    @Test func thePageFollowsTheVoiceIntoTheNextChapter() throws {
        let (pager, time, timeline) = try narratedPager()
        _ = pager.handle(.character("a"))
        _ = pager.handle(.character("p"))
        let second = try #require(timeline.chapters.dropFirst().first)
        advance(pager, time, to: second.begin + 1)
        #expect(pager.book.layout.href(ofSpineItem: pager.position.spineIndex) == second.href)
        #expect(CellRenderer.plain(pager.screen()).contains("part 2 of 2"))
    }

    @Test func choosingAChapterFromTheContentsMovesTheNarrationThere() throws {
        let (pager, time, timeline) = try narratedPager()
        _ = pager.handle(.character("a"))
        _ = pager.handle(.character("p"))
        advance(pager, time, to: 2)
        _ = pager.handle(.character("t"))
        let entries = pager.tocEntries()
        let second = try #require(entries.firstIndex { $0.href?.contains(timeline.chapters[1].href.split(separator: "/").last.map(String.init) ?? "?") == true })
        for _ in 0..<(second - (pager.currentTOCIndex() ?? 0)) { _ = pager.handle(.down) }
        _ = pager.handle(.enter)
        advance(pager, time, to: 2.5)
        let status = try #require(pager.narration?.status)
        #expect(status.part == 2)
        #expect(abs(status.time - timeline.chapters[1].begin) < 1)
    }

    @Test func aBookWithoutNarrationSaysSo() throws {
        let publication = try PublicationOpener.open(PagerTests.sample)
        let book = CellBook(publication: publication, images: BookImages(publication), columns: 80, rows: 23, theme: .day)
        let pager = Pager(book: book, columns: 80, rows: 24, theme: .day)
        pager.narrationFactory = { nil }
        _ = pager.handle(.character("a"))
        #expect(CellRenderer.plain(pager.screen()).contains("no narration"))
    }
}

/// The book's own Media Overlays classes in the pager (W3C mol-css): the word being read takes
/// `.active-item` (white on green), the rest of the text `.rendered-with-mo`'s grey while
/// narration plays.
@Suite(.enabled(if: Corpus.file("w3c/mol-css.epub") != nil, Comment(rawValue: Corpus.absentMessage)))
struct PagerNarrationStyleTests {
    @Test func theFragmentBeingReadTakesTheBooksActiveClass() throws {
        let (pager, time, timeline) = try PagerNarrationTests.pager(try #require(Corpus.file("w3c/mol-css.epub")).path)
        _ = pager.handle(.character("a"))
        _ = pager.handle(.character("p"))
        let clip = try #require(timeline.clips.first { $0.text.fragment == "c01w00002" })
        while time.now < clip.begin + 0.05 {
            time.now += 0.05
            _ = pager.tickNarration()
        }
        let screen = pager.screen()
        let green = RGBA(red: 13, green: 146, blue: 95), grey = RGBA(red: 158, green: 158, blue: 158)
        var active = "", greyed = 0
        for row in 0..<(screen.rows - 1) {
            for column in 0..<screen.columns {
                let cell = screen[column, row]
                if cell.background == green { active += cell.character }
                if cell.foreground == grey, cell.character != " " { greyed += 1 }
            }
        }
        #expect(active.trimmingCharacters(in: .whitespaces) == "me", "\(active)")
        #expect(greyed > 100, "the other text takes the playback class's grey")
        // Not the pager's own mark: the book styles its fragment.
        #expect(!(0..<(screen.rows - 1)).contains { row in (0..<screen.columns).contains { screen[$0, row].background == pager.palette.mark } })
    }
}

/// A page's `<audio>` (W3C pub-cmt-mp3): Tab chooses its play control, Enter plays the file in
/// the narration bar, its name in the bar, p pauses.
@Suite(.enabled(if: Corpus.file("w3c/pub-cmt-mp3.epub") != nil, Comment(rawValue: Corpus.absentMessage)))
struct PagerMediaTests {
    @Test func enterOnAnAudioControlPlaysItInTheBar() throws {
        let (pager, time, _) = try PagerNarrationTests.pager(try #require(Corpus.file("w3c/pub-cmt-mp3.epub")).path)
        _ = pager.handle(.tab)
        _ = pager.handle(.enter)
        let status = try #require(pager.narration?.status)
        #expect(status.isPlaying)
        #expect(status.partCount == 1 && status.remaining > 1)
        time.now = 0.5
        _ = pager.tickNarration()
        _ = pager.handle(.character("p"))
        #expect(pager.narration?.status.isPlaying == false)
        #expect(abs((pager.narration?.status.time ?? 0) - 0.5) < 0.01)
        let bar = try #require(CellRenderer.plain(pager.screen()).split(separator: "\n").last)
        #expect(bar.contains("⏸") && bar.contains("001.mp3"), "\(bar)")
    }
}
