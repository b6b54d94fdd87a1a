import FolioCore
import FolioOverlay
import FolioPublication
import FolioTestSupport
import Testing

/// `moby-dick-mo` (IDPF sample): two narrated chapters in one MP4, declared 0:23:23.500 in all.
@Suite(.enabled(if: Corpus.file("samples/moby-dick-mo.epub") != nil, Comment(rawValue: Corpus.absentMessage)))
struct TimelineCorpusTests {
    static func build() throws -> (Publication, Timeline, Diagnostics) {
        let path = try #require(Corpus.file("samples/moby-dick-mo.epub")).path
        let publication = try PublicationOpener.open(path)
        let diagnostics = Diagnostics()
        return (publication, Timeline.build(publication: publication, diagnostics: diagnostics), diagnostics)
    }

    @Test func theTimelineTotalEqualsMediaDuration() throws {
        let (publication, timeline, diagnostics) = try Self.build()
        #expect(publication.metadata.mediaOverlays.duration == 1403.5)
        #expect(abs(timeline.duration - 1403.5) < 0.001)
        #expect(timeline.chapters.map(\.href) == ["OPS/chapter_001.xhtml", "OPS/chapter_002.xhtml"])
        #expect(timeline.chapters.map(\.clips.count) == [27, 13])
        #expect(abs(timeline.chapters[0].duration - 860.5) < 0.001)
        #expect(diagnostics.warnings.isEmpty, "\(diagnostics.warnings)")
    }

    /// Expected values read from OPS/chapter_00{1,2}_overlay.smil: book time = audio time − 24.5 s,
    /// since the narration runs contiguously through the file from its first clip at 0:00:24.500.
    @Test(arguments: [
        (0.0, "OPS/chapter_001.xhtml#c01h01", 24.5, 29.268),
        (4.8, "OPS/chapter_001.xhtml#c01w00001", 29.268, 29.441),
        (300.0, "OPS/chapter_001.xhtml#c01p0006", 269.3, 412.5),
        (860.4, "OPS/chapter_001.xhtml#c01p0017", 858.8, 885.0),
        (860.5, "OPS/chapter_002.xhtml#c02h01", 885.0, 888.5),
        (1403.4, "OPS/chapter_002.xhtml#c02p0012", 1414.0, 1428.0),
    ])
    func theClipAtABookTimeMatchesTheSMIL(time: Double, text: String, clipBegin: Double, clipEnd: Double) throws {
        let (_, timeline, _) = try Self.build()
        let clip = try #require(timeline.clip(at: time))
        #expect(clip.text.description == text)
        #expect(clip.audio == "OPS/audio/mobydick_001_002_melville.mp4")
        #expect(abs(clip.clipBegin - clipBegin) < 0.0005)
        #expect(clip.clipEnd.map { abs($0 - clipEnd) < 0.0005 } == true)
        #expect(abs(clip.begin - (clipBegin - 24.5)) < 0.0005)
    }
}
