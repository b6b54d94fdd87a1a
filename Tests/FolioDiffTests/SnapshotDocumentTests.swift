import FolioCore
import FolioDiff
import Foundation
import Testing

/// Manifests, diff results and reports as files: what is written reads back the same.
@Suite struct SnapshotDocumentTests {
    @Test func aManifestReadsBackAsWritten() throws {
        let side = try FixtureBooks.render(FixtureBooks.book)
        var manifest = side.manifest
        manifest.fonts = [FontHash(path: "/fonts/a.ttf", sha256: "abc")]
        let text = manifest.json().serialized()
        let read = try SnapshotManifest(data: Data(text.utf8), source: "manifest.json")
        #expect(read == manifest)
        #expect(read.pages[0].images.first?.path == "EPUB/cover.png")
        #expect(read.pages[1].chapterTitle == "One")
    }

    @Test func aSnapshotFolderListsItsProfiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let side = try FixtureBooks.render(FixtureBooks.book)
        let profile = folder.appendingPathComponent("tiny")
        try SnapshotFolder.prepareProfileFolder(profile)
        try SnapshotFolder.writeManifest(side.manifest, to: profile)
        try SnapshotFolder.writeIndex(folioVersion: "test", book: "book", profiles: ["tiny"], to: folder)
        #expect(SnapshotFolder.isSnapshot(folder.path))
        let read = try SnapshotFolder.read(folder.path)
        #expect(read.map(\.manifest.profile) == ["tiny"])
        #expect(read.first?.folder.lastPathComponent == "tiny")
        #expect(throws: SnapshotError.self) { try SnapshotFolder.read(FixtureBooks.book.path) }
    }

    @Test func aDiffResultReadsBackFromItsJSON() throws {
        let diff = try FixtureBooks.diff("paragraph-inserted")
        let result = DiffResult(baseline: "a", current: "b", notes: ["note"], profiles: [diff], threshold: 0.01)
        let json = result.json()
        let read = try DiffResult(data: Data(json.serialized().utf8), source: "diff.json")
        #expect(read == result)
        guard case .object(let members) = json, case .object(let summary)? = members.first(where: { $0.0 == "summary" })?.1 else {
            Issue.record("no summary object")
            return
        }
        #expect(members.map(\.0) == ["summary", "chapters", "pages"])
        #expect(summary.first { $0.0 == "result" }?.1 == .string("changed"))
        #expect(summary.first { $0.0 == "added" }?.1 == .number(1))
        #expect(summary.first { $0.0 == "moved" }?.1 == .number(3))
    }

    @Test func shardsSplitTheChaptersAndMergeIntoTheWholeDiff() throws {
        let copy = try FixtureBooks.edited("font-size-changed")
        defer { try? FileManager.default.removeItem(at: copy) }
        let baseline = try FixtureBooks.render(FixtureBooks.book), current = try FixtureBooks.render(copy)
        func run(_ shard: Shard?) throws -> DiffResult {
            let diff = try SnapshotDiffer.diff(profile: "tiny", baseline: baseline, current: current, options: DiffOptions(shard: shard))
            return DiffResult(baseline: "a", current: "b", notes: [], profiles: [diff], shard: shard)
        }
        let whole = try run(nil)
        let parts = try (1...3).map { try run(Shard("\($0)/3")) }
        #expect(parts.map { $0.profiles[0].chapters.count }.reduce(0, +) == whole.profiles[0].chapters.count)
        // Each shard's document is read back, as `folio diff --merge` does.
        let read = try parts.reversed().map { try DiffResult(data: Data($0.json().serialized().utf8), source: "shard") }
        #expect(try DiffResult.merged(read) == whole)
        #expect(throws: MergeError.self) { try DiffResult.merged(Array(read.prefix(2))) }
    }

    @Test func theHTMLReportShowsTheSummaryTableAndImages() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try ReportFolder(url: folder)
        let diff = try FixtureBooks.diff("paragraph-inserted", options: DiffOptions(report: report))
        let result = DiffResult(baseline: "base <1>", current: "edited", notes: [], profiles: [diff])
        try HTMLReport.write(result, to: folder)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("base &lt;1&gt;"))
        #expect(html.contains("paragraph inserted on page 2: “At low water the causeway…”"))
        #expect(html.contains("<span class=\"pill added\">added</span>"))
        let changed = try #require(diff.pages.first { $0.status == .changed }?.images)
        for path in [changed.baseline, changed.current, changed.heatMap] {
            let file = try #require(path)
            #expect(html.contains("src=\"\(file)\""))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path))
        }
        #expect(diff.pages.first { $0.status == .added }?.images?.current != nil)
        #expect(diff.pages.first { $0.status == .moved }?.images == nil)
        // The inserted paragraph word by word, and an onion skin of the changed page.
        #expect(html.contains("<details class=\"text\">") && html.contains("<ins>At low water the causeway"))
        #expect(html.contains("class=\"onion\"") && html.contains("type=\"range\""))
    }

    /// A reworded paragraph is shown with the words struck out and added in place, between the
    /// words it kept; the changes survive the JSON that shards are merged from.
    @Test func aChangedWordIsShownStruckOutAndAddedInItsParagraph() throws {
        let diff = try FixtureBooks.diff("word-changed")
        let chapter = try #require(diff.chapters.first { !$0.textChanges.isEmpty })
        let paragraph = try #require(chapter.textChanges.first)
        let kinds = paragraph.segments.map(\.kind)
        #expect(kinds.contains(.same) && kinds.contains(.deleted) && kinds.contains(.inserted))
        #expect(paragraph.segments.first { $0.kind == .deleted }?.text == "stones.")
        #expect(paragraph.segments.first { $0.kind == .inserted }?.text == "shells.")
        // Chapters whose text is the same have none.
        let others = diff.chapters.filter { $0.href != chapter.href }
        #expect(others.allSatisfy { $0.textChanges.isEmpty })
        let result = DiffResult(baseline: "a", current: "b", notes: [], profiles: [diff])
        let read = try DiffResult(data: Data(result.json().serialized().utf8), source: "result.json")
        #expect(read.profiles[0].chapters.first { $0.href == chapter.href }?.textChanges == chapter.textChanges)
    }
}

@Suite struct ProfileAndShardTests {
    @Test func profilesNameDeviceSizeAndTheme() throws {
        let profile = try #require(RenderProfile("tablet-14pt-night"))
        #expect(profile.options == ["device": "tablet", "scale": "14pt", "theme": "night"])
        #expect(RenderProfile("600x800-125%-sepia-landscape")?.options == ["device": "600x800", "scale": "125%", "theme": "sepia", "landscape": "true"])
        #expect(RenderProfile("phone")?.options == ["device": "phone"])
        #expect(RenderProfile("phone-tablet") == nil)
        #expect(RenderProfile("phone-huge") == nil)
        #expect(RenderProfile("../x") == nil)
        #expect(RenderProfile.name(device: "phone", scale: "12pt", theme: "day", landscape: false) == "phone-12pt-day")
        guard case .success(let list) = RenderProfile.list("phone-12pt-day, tablet-14pt-night") else {
            Issue.record("the list did not parse")
            return
        }
        #expect(list.map(\.name) == ["phone-12pt-day", "tablet-14pt-night"])
        #expect(RenderProfile.list("phone,phone") == .failure(.duplicate("phone")))
    }

    @Test func shardsParseAndEachChapterBelongsToExactlyOne() throws {
        #expect(Shard("2/4")?.index == 2)
        #expect(Shard("0/4") == nil && Shard("5/4") == nil && Shard("x") == nil)
        let shards = try (1...4).map { try #require(Shard("\($0)/4")) }
        for href in ["a.xhtml", "b.xhtml", "c/d.xhtml", "e.xhtml", "f.xhtml"] {
            #expect(shards.filter { $0.includes(profile: "phone-12pt-day", href: href) }.count == 1)
        }
    }
}
