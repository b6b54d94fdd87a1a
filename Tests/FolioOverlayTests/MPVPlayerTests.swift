import FolioCore
import FolioOverlay
import FolioPublication
import FolioTestSupport
import Foundation
import Testing

/// Real playback through libmpv with its null audio output (real time, no sound device), on the
/// project's narrated sample `corpus/tide-clock.epub`. These tests take a few seconds of wall time.
@Suite(.serialized) struct MPVPlayerTests {
    static let tideClock = Corpus.packageRoot.appendingPathComponent("corpus/tide-clock.epub").path

    static func open() throws -> (Publication, Timeline) {
        let publication = try PublicationOpener.open(tideClock)
        return (publication, Timeline.build(publication: publication, diagnostics: Diagnostics()))
    }

    @Test func theHighlightedFragmentFollowsTheAudioWithin100msAcrossAChapterChange() throws {
        let (publication, timeline) = try Self.open()
        let player = try MPVPlayer(publication: publication, audioOutput: "null")
        let chapterEnd = timeline.chapters[0].end
        // From 2.5 s before the end of chapter 1 into chapter 2, at 1.5×: two files, one span change.
        let start = chapterEnd - 2.5
        let session = NarrationSession(timeline: timeline, clock: player, at: start, speed: 1.5)
        session.send(.play)
        let wallStart = MonotonicTime.now()
        var samples: [(wall: Double, status: NarrationStatus)] = []
        while MonotonicTime.now() - wallStart < 4.5 {
            Thread.sleep(forTimeInterval: 0.02)
            samples.append((MonotonicTime.now() - wallStart, session.tick()))
        }
        session.send(.pause)
        let statuses = samples.map(\.status)
        #expect(statuses.allSatisfy { $0.isPlaying })
        // Every change of highlighted clip comes within 100 ms (book time) after the clip's SMIL begin.
        var changes = 0
        for (a, b) in zip(statuses, statuses.dropFirst()) where a.clipIndex != b.clipIndex {
            let clip = try #require(b.clipIndex)
            let late = b.time - timeline.clips[clip].begin
            #expect(late >= 0 && late < 0.1, "clip \(clip) (\(timeline.clips[clip].text)) highlighted \(late) s after its begin")
            #expect(timeline.clipIndex(at: b.time) == clip)
            changes += 1
        }
        #expect(changes >= 2)
        #expect(statuses.contains { $0.part == 2 })
        // And the audio runs in real time at the asked speed (less two file loads).
        let last = try #require(samples.last)
        let expected = start + 1.5 * last.wall
        #expect(abs(last.status.time - expected) < 0.3, "book time \(last.status.time), expected about \(expected)")
    }

    @Test func aSpanPlaysFromItsOffsetAndEndsExactlyAtItsEnd() throws {
        let (publication, timeline) = try Self.open()
        let player = try MPVPlayer(publication: publication, audioOutput: "null")
        let span = try #require(timeline.spans().first)
        player.start(span, at: span.duration - 0.6, paused: true)
        Thread.sleep(forTimeInterval: 0.3)
        let paused = player.reading()
        #expect(abs(paused.offset - (span.duration - 0.6)) < 0.01)
        #expect(!paused.ended)
        player.setSpeed(2)
        player.setPaused(false)
        Thread.sleep(forTimeInterval: 0.8)
        let done = player.reading()
        #expect(done.ended)
        #expect(abs(done.offset - span.duration) < 0.05)
    }

    /// W3C `mol-audio-exceeding-clipend`: the last clip's clipEnd (2:00) is past the end of its
    /// file (1:28.03); playback must stop when the audio does.
    @Test(.enabled(if: Corpus.file("w3c/mol-audio-exceeding-clipend.epub") != nil, Comment(rawValue: Corpus.absentMessage)))
    func aClipEndingPastItsAudioFileEndsWhenTheFileDoes() throws {
        let book = try #require(Corpus.file("w3c/mol-audio-exceeding-clipend.epub"))
        let publication = try PublicationOpener.open(book.path)
        let timeline = Timeline.build(publication: publication, diagnostics: Diagnostics())
        let span = try #require(timeline.spans().first { $0.fileEnd == 120 })
        let player = try MPVPlayer(publication: publication, audioOutput: "null")
        player.start(span, at: 88.03 - span.fileBegin - 0.4, paused: false)
        Thread.sleep(forTimeInterval: 1.0)
        let reading = player.reading()
        #expect(reading.ended)
        #expect(reading.offset < 88.1 - span.fileBegin)
    }
}
