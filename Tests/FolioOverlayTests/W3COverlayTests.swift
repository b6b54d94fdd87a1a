import FolioCore
import FolioOverlay
import FolioPublication
import FolioTestSupport
import Testing

/// The W3C `mol-` reading-system tests of the shared corpus, where what each one's first page asks
/// can be checked without a pager.
@Suite(.enabled(if: Corpus.file("w3c/mol-audio.epub") != nil, Comment(rawValue: Corpus.absentMessage)))
struct W3COverlayTests {
    static func timeline(_ name: String, probing: Bool = false) throws -> (Publication, Timeline) {
        let publication = try PublicationOpener.open(try #require(Corpus.file("w3c/\(name).epub")).path)
        let timeline = probing ? Timeline.buildProbingAudio(publication: publication, diagnostics: Diagnostics())
                               : Timeline.build(publication: publication, diagnostics: Diagnostics())
        return (publication, timeline)
    }

    /// "plays an audio track from clipBegin to clipEnd … no additional text is read".
    @Test func molAudioPlaysOnlyFromClipBeginToClipEnd() throws {
        let (_, timeline) = try Self.timeline("mol-audio")
        let spans = timeline.spans()
        #expect(spans.count == 1)
        #expect(spans.first?.fileBegin == 29.268 && spans.first?.fileEnd == 44.783)
    }

    /// "Start at the beginning of an audio track if clipBegin is missing".
    @Test func molAudioNoClipBeginStartsAtTheBeginningOfTheFile() throws {
        let (_, timeline) = try Self.timeline("mol-audio-no-clipbegin")
        #expect(timeline.clips.first?.clipBegin == 0)
        #expect(timeline.spans().first?.fileBegin == 0)
    }

    /// "Rendering of an audio track until the end if clipEnd is missing": libmpv gives the file's length.
    @Test func molAudioNoClipEndPlaysToTheEndOfTheFile() throws {
        let (_, plain) = try Self.timeline("mol-audio-no-clipend")
        let (_, probed) = try Self.timeline("mol-audio-no-clipend", probing: true)
        #expect(plain.clips.last?.clipEnd == nil)
        let end = try #require(probed.clips.last?.clipEnd)
        #expect(abs(end - 88.03) < 0.01)
        #expect(probed.clips.last?.text.fragment == "second")  // the highlight stays on it while the audio runs on
    }

    /// "The two paragraphs of the text are read without a significant gap between them": the second
    /// file's span begins in book time where the first ends.
    @Test func molMultipleAudioContinuesIntoTheSecondFileWithoutAGap() throws {
        let (_, timeline) = try Self.timeline("mol-timing-synchronization_multiple_audio")
        let spans = timeline.spans()
        #expect(spans.map(\.audio) == ["EPUB/audio/mobydick_1.mp3", "EPUB/audio/mobydick_2.mp3"])
        #expect(spans[0].bookEnd == spans[1].bookBegin)
    }

    /// Two documents read from one overlay, then two overlays: the narration moves into the second
    /// document by itself (the page turn is the pager's part).
    @Test(arguments: ["mol-support_xhtml-load", "mol-support_xhtml-load-next"])
    func narrationContinuesIntoTheNextDocument(book: String) throws {
        let (_, timeline) = try Self.timeline(book)
        #expect(timeline.chapters.map(\.href) == ["EPUB/mobydick_1.xhtml", "EPUB/mobydick_2.xhtml"])
        #expect(timeline.chapters[0].end == timeline.chapters[1].begin)
    }

    /// Text-to-speech overlays have no audio: nothing to play, and no time.
    @Test func molTTSHasNoRecordedAudio() throws {
        let (_, timeline) = try Self.timeline("mol-tts_multi")
        #expect(!timeline.isEmpty)
        #expect(timeline.clips.allSatisfy { $0.audio == nil })
        #expect(timeline.duration == 0)
    }
}
