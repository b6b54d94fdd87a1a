import FolioCore
import FolioLayout
import FolioOverlay
import FolioPublication
import FolioRender
import FolioStyle
import FolioTestSupport
import Testing
@testable import FolioPager

/// A book without Media Overlays read aloud by espeak-ng, sentence by sentence: the sample's
/// first chapter as a timeline whose clips are its sentences, and the pager's narration bar
/// reading it on a silent clock, the sentence highlighted and the next chapter following.
@Suite(.enabled(if: SpeechSynthesizer.isAvailable, "libespeak-ng is not installed; read-aloud tests skipped"))
struct ReadAloudTests {
    static let sample = PagerTests.sample

    static func chapter() throws -> (layout: BookLayout, made: (timeline: Timeline, passages: [TextTarget: NarratedPassage]), spine: Int) {
        let publication = try PublicationOpener.open(sample)
        let layout = BookLayout(publication: publication, environment: .phone, settings: .phone, imageSize: { _ in nil })
        let spine = try #require(layout.readingOrder.first { layout.href(ofSpineItem: $0)?.hasSuffix("chapter-1.xhtml") == true })
        let tree = try #require(layout.chapter(spine).tree)
        let href = try #require(layout.href(ofSpineItem: spine))
        let made = try #require(ReadAloud.chapter(tree: tree, href: href, spineIndex: spine, language: "en", spoken: SpokenAudio()))
        return (layout, made, spine)
    }

    @Test func aChapterIsReadSentenceBySentenceEachClipTheSentencesStretchOfText() throws {
        let (layout, made, spine) = try Self.chapter()
        let clips = made.timeline.clips
        let sentences = clips.compactMap { clip in made.passages[clip.text].map { String(Array($0.text)[$0.highlight]) } }
        #expect(sentences.count == clips.count)
        let first = try #require(sentences.firstIndex { $0.hasPrefix("The relief boat left") })
        #expect(sentences[first] == "The relief boat left on the first of December, and with it went the last fresh bread I would taste until the ice broke.")
        #expect(sentences[first + 1] == "Harrow Rock is not large.")
        // Each clip lasts as long as its words take and follows the one before.
        #expect(zip(clips, clips.dropFirst()).allSatisfy { $0.end == $1.begin })
        #expect(clips[first + 1].duration > 0.8 && clips[first + 1].duration < 3, "\(clips[first + 1].duration)")
        // The clip's range is that sentence's text on the page.
        let range = try #require(clips[first + 1].text.range)
        let page = try #require(layout.chapter(spine).pages.first { $0.start.offset <= range.lowerBound && range.upperBound <= $0.end.offset })
        #expect(page.text.contains("Harrow Rock is not large."))
        #expect(made.timeline.chapters.count == 1 && made.timeline.chapters[0].spineIndex == spine)
    }

    @Test func theSpeechIsMadeWhenItIsPlayedAndLastsWhatWasMeasured() throws {
        let spoken = SpokenAudio()
        let path = spoken.addSpoken("Harrow Rock is not large.", language: "en")
        let wav = try #require(spoken.bytes(path))
        let measured = try #require(SpeechSynthesizer.duration("Harrow Rock is not large.", language: "en"))
        let rate = wav[24..<28].reversed().reduce(0) { $0 << 8 | Int($1) }
        // espeak-ng ends a text with a pause that depends on what it said before, in this process
        // and on any thread (other tests speak too): this sentence lasts 1.258 s after most texts
        // and 1.307 s after some (a French one in the Hebrew voice, then until an English
        // sentence ends), its sound otherwise the same. Another text would differ by far more.
        #expect(abs(Double(wav.count - 44) / 2 / Double(rate) - measured) < 0.06)
        #expect(spoken.bytes("EPUB/audio/chapter-1.mp3") == nil)
    }

    @Test func thePagersBarReadsABookWithoutOverlaysAloudAndHighlightsTheSentence() throws {
        let publication = try PublicationOpener.open(Self.sample)
        let cells = CellBook(publication: publication, images: BookImages(publication), columns: 80, rows: 23, theme: .day)
        let pager = Pager(book: cells, columns: 80, rows: 24, theme: .day)
        let time = PagerNarrationTests.VirtualTime()
        pager.narrationFactory = { nil }
        pager.readAloud = { timeline, _ in NarrationSession(timeline: timeline, clock: SilentClock(now: { time.now }), now: { time.now }) }
        // The first chapter's opening page.
        while let page = pager.currentPage, !(pager.book.layout.href(ofSpineItem: page.spineIndex) ?? "").hasSuffix("chapter-1.xhtml") {
            _ = pager.handle(.character(" "))
        }
        _ = pager.handle(.character("a"))
        let narration = try #require(pager.narration)
        #expect(narration.readingAloud != nil)
        _ = pager.handle(.character("p"))
        // Past the heading and subtitle: some seconds into the first paragraph's first sentence.
        while time.now < 4 {
            time.now += 0.05
            _ = pager.tickNarration()
        }
        let highlight = try #require(pager.narration?.highlight)
        let page = try #require(pager.currentPage)
        let text = page.text
        #expect(text.contains("The relief boat left"))
        #expect(highlight.range.count > 100, "a whole sentence is highlighted: \(highlight.range)")
        // To the chapter's end: the next chapter is read on.
        let first = narration.readingAloud
        let clips = try #require(pager.narration?.session.controller.timeline.clips)
        let end = clips.last?.end ?? 0
        while pager.narration?.readingAloud == first, time.now < end + 60 {
            time.now += 0.5
            _ = pager.tickNarration()
        }
        let next = try #require(pager.narration?.readingAloud)
        #expect(pager.book.layout.href(ofSpineItem: next)?.hasSuffix("chapter-2.xhtml") == true, "\(next)")
        #expect(pager.narration?.status.isPlaying == true)
    }
}
