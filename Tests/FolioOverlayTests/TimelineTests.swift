import FolioCore
import FolioOverlay
import FolioPublication
import FolioTestSupport
import Testing

/// The timeline of `Fixtures/two-chapter-book`: chapter 1 (clips 0–1, 1–3, 3–6 in book time, the middle
/// one without clipEnd), chapter 2 without overlay, chapter 3 (6–8, 8–12, 12–15).
@Suite struct TimelineTests {
    static func build() throws -> (Timeline, Diagnostics) {
        let publication = try PublicationOpener.open(Fixture.url("two-chapter-book").path)
        let diagnostics = Diagnostics()
        return (Timeline.build(publication: publication, diagnostics: diagnostics), diagnostics)
    }

    @Test func clipsArePlacedInBookTimeAcrossChapters() throws {
        let (timeline, _) = try Self.build()
        #expect(timeline.clips.map(\.begin) == [0, 1, 3, 6, 8, 12])
        #expect(timeline.clips.map(\.end) == [1, 3, 6, 8, 12, 15])
        #expect(timeline.duration == 15)
        #expect(timeline.chapters.map(\.href) == ["EPUB/ch1.xhtml", "EPUB/ch3.xhtml"])
        #expect(timeline.chapters.map(\.spineIndex) == [0, 2])
        #expect(timeline.chapters.map(\.duration) == [6, 9])
    }

    @Test func aMissingClipEndIsTakenFromTheNextClipInTheSameFile() throws {
        let (timeline, diagnostics) = try Self.build()
        #expect(timeline.clips[1].clipEnd == 3)
        #expect(!diagnostics.warnings.contains { $0.code == "overlay.clip-end-unknown" })
    }

    @Test func aMissingClipEndWithNoContiguousClipCountsAsZeroWithAWarning() {
        let diagnostics = Diagnostics()
        let clips = [
            OverlayClip(text: TextTarget(path: "c.xhtml", fragment: "a"), audio: "a.mp3", clipBegin: 5, clipEnd: nil),
            OverlayClip(text: TextTarget(path: "c.xhtml", fragment: "b"), audio: "b.mp3", clipBegin: 0, clipEnd: 2),
        ]
        let resolved = Timeline.resolveClipEnds(clips, diagnostics: diagnostics)
        #expect(resolved[0].clipEnd == nil)
        #expect(diagnostics.warnings.map(\.code) == ["overlay.clip-end-unknown"])
    }

    @Test func aMissingClipEndAtTheEndOfAFileIsItsLengthWhenThePlayerKnowsIt() {
        let diagnostics = Diagnostics()
        let clips = [OverlayClip(text: TextTarget(path: "c.xhtml", fragment: "a"), audio: "a.mp3", clipBegin: 5, clipEnd: nil)]
        let resolved = Timeline.resolveClipEnds(clips, audioDurations: ["a.mp3": 9.5], diagnostics: diagnostics)
        #expect(resolved[0].clipEnd == 9.5)
        #expect(diagnostics.warnings.isEmpty)
    }

    @Test func theClipAtABookTimeIsFoundByBinarySearch() throws {
        let (timeline, _) = try Self.build()
        #expect(timeline.clip(at: 0)?.text.description == "EPUB/ch1.xhtml#h")
        #expect(timeline.clip(at: 0.999)?.text.description == "EPUB/ch1.xhtml#h")
        #expect(timeline.clip(at: 1)?.text.description == "EPUB/ch1.xhtml#s1")
        #expect(timeline.clip(at: 6.5)?.text.description == "EPUB/ch3.xhtml#h")
        #expect(timeline.clip(at: 14.9)?.text.description == "EPUB/ch3.xhtml#s2")
        #expect(timeline.clip(at: 15) == nil)
        #expect(timeline.clip(at: -1) == nil)
    }

    @Test func theBookTimeOfATextTargetIsItsFirstClip() throws {
        let (timeline, _) = try Self.build()
        #expect(timeline.time(of: TextTarget(path: "EPUB/ch3.xhtml", fragment: "s1")) == 8)
        #expect(timeline.time(of: TextTarget(path: "EPUB/ch3.xhtml")) == 6)
        #expect(timeline.time(of: TextTarget(path: "EPUB/ch2.xhtml")) == nil)
        #expect(timeline.time(of: TextTarget(path: "EPUB/ch1.xhtml", fragment: "nope")) == nil)
    }

    @Test func aPositionSaysPartNOfMAndElapsedAndRemaining() throws {
        let (timeline, _) = try Self.build()
        let position = try #require(timeline.position(at: 10))
        #expect(position.part == 2)
        #expect(position.partCount == 2)
        #expect(timeline.clips[position.clipIndex].text.description == "EPUB/ch3.xhtml#s1")
        #expect(position.elapsedInChapter == 4)
        #expect(position.remainingInChapter == 5)
        #expect(position.elapsed == 10)
        #expect(position.remaining == 5)
    }

    @Test func aTotalThatDisagreesWithMediaDurationIsWarnedButPerOverlayDurationsThatAgreeAreNot() throws {
        let (_, diagnostics) = try Self.build()
        let mismatches = diagnostics.warnings.filter { $0.code == "overlay.duration-mismatch" }
        #expect(mismatches.count == 1)
        #expect(mismatches.first?.message.contains("20.0s") == true)
        #expect(mismatches.first?.location == nil)
    }

    @Test func oneOverlaySharedByTwoDocumentsIsSplitBetweenThemNotCountedTwice() throws {
        let publication = try PublicationOpener.open(Fixture.url("shared-overlay-book").path)
        let diagnostics = Diagnostics()
        let timeline = Timeline.build(publication: publication, diagnostics: diagnostics)
        #expect(timeline.chapters.map(\.href) == ["EPUB/ch1.xhtml", "EPUB/ch2.xhtml"])
        #expect(timeline.chapters.map(\.clips) == [0..<2, 2..<3])
        #expect(timeline.duration == 7)
        #expect(!diagnostics.warnings.contains { $0.code == "overlay.duration-mismatch" }, "\(diagnostics.warnings)")
    }
}

/// `NarratedPassages`: the passage around a fragment, for a player without pages.
@Suite struct NarratedPassageTests {
    @Test func aSentenceIsShownInItsParagraphWithItsCharactersMarked() throws {
        let publication = try PublicationOpener.open(Corpus.packageRoot.appendingPathComponent("corpus/tide-clock.epub").path)
        let passages = NarratedPassages(publication: publication)
        let passage = try #require(passages.passage(TextTarget(path: "EPUB/text/chapter-1.xhtml", fragment: "c1s2")))
        #expect(passage.text.hasPrefix("In the harbour town of Wrenmouth"))
        #expect(passage.text.hasSuffix("nobody remembered who had built it."))
        let marked = String(Array(passage.text)[passage.highlight])
        #expect(marked == "It had one hand, made of brass, and it pointed to high water and to low.")
        let heading = try #require(passages.passage(TextTarget(path: "EPUB/text/chapter-1.xhtml", fragment: "c1h")))
        #expect(heading.text == "Chapter One: The Tide Clock" && heading.highlight == 0..<heading.text.count)
        #expect(passages.passage(TextTarget(path: "EPUB/text/chapter-1.xhtml", fragment: "nope")) == nil)
    }

    /// `Fixtures/huge-clock-values`: a clipEnd of 100,000,000,000,000 h, a clip starting past Int64's
    /// milliseconds, and media:duration values as large; these once trapped `folio overlay`.
    @Test func clockValuesPastTheLimitAreDroppedAndTheRestOfTheBookPlays() throws {
        let publication = try PublicationOpener.open(Fixture.url("huge-clock-values").path)
        #expect(publication.metadata.mediaOverlays.duration == nil)
        #expect(publication.metadata.mediaOverlays.itemDurations.isEmpty)
        #expect(publication.diagnostics.warnings.filter { $0.code == "opf.media-duration-invalid" }.count == 2)
        let diagnostics = Diagnostics()
        let timeline = Timeline.build(publication: publication, diagnostics: diagnostics)
        #expect(timeline.clips.map { $0.clip.id } == ["p1", "p3"])
        #expect(timeline.duration == 1.4)
        #expect(diagnostics.warnings.filter { $0.code == "smil.clock-value-out-of-range" }.map(\.location)
            == ["EPUB/ch1.smil:5", "EPUB/ch1.smil:7"])
    }
}
