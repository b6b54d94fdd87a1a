import Foundation
import Testing

/// `folio overlay` on the narrated sample of the shared corpus and on a book without overlays.
@Suite struct OverlayCLITests {
    static let corpus = CLITests.root.appendingPathComponent("../shared/corpus").standardizedFileURL
    static let mobyDick: String? = {
        for root in [corpus, CLITests.root.appendingPathComponent("../../shared/corpus").standardizedFileURL] {
            let path = root.appendingPathComponent("samples/moby-dick-mo.epub").path
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }()

    @Test(.enabled(if: mobyDick != nil, "the shared corpus (../shared/corpus) is absent; corpus tests skipped"))
    func overlayJSONListsChaptersAndClipsInBookTime() throws {
        let run = try CLITests.folio("overlay", "--json", try #require(Self.mobyDick))
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(json["duration"] as? Double == 1403.5)
        #expect(json["narrator"] as? String == "Stuart Wills")
        #expect(json["activeClass"] as? String == "-epub-media-overlay-active")
        let chapters = try #require(json["chapters"] as? [[String: Any]])
        #expect(chapters.map { $0["href"] as? String } == ["OPS/chapter_001.xhtml", "OPS/chapter_002.xhtml"])
        #expect(chapters.map { $0["duration"] as? Double } == [860.5, 543])
        let first = try #require((chapters[0]["clips"] as? [[String: Any]])?.first)
        #expect(first["text"] as? String == "OPS/chapter_001.xhtml#c01h01")
        #expect(first["audio"] as? String == "OPS/audio/mobydick_001_002_melville.mp4")
        #expect(first["clipBegin"] as? Double == 24.5)
        #expect(first["clipEnd"] as? Double == 29.268)
        #expect(first["begin"] as? Double == 0)
        #expect(first["end"] as? Double == 4.768)
    }

    @Test(.enabled(if: mobyDick != nil, "the shared corpus (../shared/corpus) is absent; corpus tests skipped"))
    func overlayAtAClockValueNamesTheClipPartAndTimes() throws {
        let run = try CLITests.folio("overlay", try #require(Self.mobyDick), "--at", "0:14:21")
        #expect(run.status == 0)
        #expect(run.text.contains("part 2 of 2"))
        #expect(run.text.contains("OPS/chapter_002.xhtml#c02h01 \"Chapter 2. The Carpet-Bag.\""))
        #expect(run.text.contains("0:00:00.500 elapsed, 0:09:02.500 remaining"))
        let past = try CLITests.folio("overlay", try #require(Self.mobyDick), "--at", "2h")
        #expect(past.status == 1)
        #expect(past.stderr.contains("0:23:23.500"))
        #expect(try CLITests.folio("overlay", try #require(Self.mobyDick), "--at", "soon").status == 64)
    }

    @Test func aBookWithoutOverlaysSaysSoAndSucceeds() throws {
        let run = try CLITests.folio("overlay", CLITests.sample)
        #expect(run.status == 0)
        #expect(run.text.contains("has no media overlays"))
    }
}
