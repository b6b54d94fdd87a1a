import FolioCore
import FolioOverlay
import FolioPublication
import Testing

/// `OverlayCheck` on one fixture book per fault: each a one-chapter book reading "One. Two. Three."
/// from a 2.03 s MP3 (libmpv reports 2.124 s, its frame count), with one thing wrong.
@Suite struct OverlayCheckTests {
    static func check(_ fixture: String) throws -> [Warning] {
        let publication = try PublicationOpener.open(Fixture.url(fixture).path)
        let (warnings, audioError) = OverlayCheck.run(publication)
        #expect(audioError == nil, "libmpv could not probe the audio: \(String(describing: audioError))")
        return warnings
    }

    @Test func aCleanBookHasNoProblems() throws {
        #expect(try Self.check("check-clean-book").isEmpty)
    }

    @Test(arguments: [
        ("check-missing-text-id", "overlay.text-target-missing", "EPUB/ch1.smil:5"),
        ("check-overlapping-clips", "overlay.clips-overlap", "EPUB/ch1.smil:5"),
        ("check-backwards-clip", "smil.clip-backwards", "EPUB/ch1.smil:5"),
        ("check-gap-between-clips", "overlay.clip-gap", "EPUB/ch1.smil:5"),
        ("check-clip-past-audio-end", "overlay.clip-past-audio-end", "EPUB/ch1.smil:6"),
    ])
    func eachFaultIsFoundOnceWhereItIs(fixture: String, code: String, location: String) throws {
        let warnings = try Self.check(fixture)
        #expect(warnings.map(\.code) == [code], "\(warnings)")
        #expect(warnings.first?.location == location)
    }

    @Test func durationsThatDisagreeWithMediaDurationAreFoundForTheBookAndTheOverlay() throws {
        let warnings = try Self.check("check-duration-mismatch")
        #expect(warnings.map(\.code) == ["overlay.duration-mismatch", "overlay.duration-mismatch"])
        #expect(warnings.map(\.location) == [nil, "EPUB/ch1.smil"])
        #expect(warnings[0].message.contains("5.0s") && warnings[0].message.contains("2.0s"))
    }

    @Test func theAudioLengthComesFromLibmpvAndResolvesAMissingClipEnd() throws {
        let publication = try PublicationOpener.open(Fixture.url("check-clean-book").path)
        let durations = try AudioProbe.durations(of: ["EPUB/audio/one-two-three.mp3", "EPUB/audio/absent.mp3"],
                                                 in: publication, diagnostics: Diagnostics())
        #expect(durations.keys.sorted() == ["EPUB/audio/one-two-three.mp3"])
        #expect(abs((durations["EPUB/audio/one-two-three.mp3"] ?? 0) - 2.124) < 0.01)
    }

    /// A clip running past its file's end (1.2–3.5 s of a 2.124 s file) stops at the file's end
    /// in the timeline players and `folio overlay` use, on the silent clock as with sound; the
    /// check still sees the clip as written.
    @Test func aClipPastItsAudioFilesEndIsCutThere() throws {
        let publication = try PublicationOpener.open(Fixture.url("check-clip-past-audio-end").path)
        let timeline = Timeline.buildProbingAudio(publication: publication, diagnostics: Diagnostics())
        let last = try #require(timeline.clips.last)
        #expect(abs((last.clipEnd ?? 0) - 2.124) < 0.01 && abs(last.end - 2.124) < 0.01, "\(last)")
        let asWritten = Timeline.build(publication: publication, audioDurations: ["EPUB/audio/one-two-three.mp3": 2.124],
                                       cutAtAudioEnds: false, diagnostics: Diagnostics())
        #expect(asWritten.clips.last?.clipEnd == 3.5)
    }

    @Test func aMissingMediaDurationIsFoundForTheBookAndTheOverlay() throws {
        let warnings = try Self.check("check-duration-missing")
        #expect(warnings.map(\.code) == ["overlay.duration-missing", "overlay.duration-missing"])
        #expect(warnings.map(\.location) == ["EPUB/package.opf", "EPUB/ch1.smil"])
    }

    @Test func anAudioFileLibmpvCannotOpenIsLeftOutWithAWarning() throws {
        // two-chapter-book's audio files are empty.
        let publication = try PublicationOpener.open(Fixture.url("two-chapter-book").path)
        let probing = Diagnostics()
        let durations = try AudioProbe.durations(of: ["EPUB/audio/one.mp3"], in: publication, diagnostics: probing)
        #expect(durations.isEmpty)
        #expect(probing.warnings.map(\.code) == ["overlay.audio-unplayable"])
    }
}
