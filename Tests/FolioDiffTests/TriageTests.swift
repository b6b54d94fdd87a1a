@testable import FolioDiff
import Foundation
import Testing

/// `folio diff --accept`: changes a committed triage file expects are reported with their
/// reason and do not fail the diff, until the entry expires.
@Suite struct TriageTests {
    static func triage(_ json: String) throws -> Triage {
        try Triage(data: Data(json.utf8), source: "triage.json")
    }

    static func inserted() throws -> DiffResult {
        DiffResult(baseline: "base", current: "book", notes: [], profiles: [try FixtureBooks.diff("paragraph-inserted")])
    }

    @Test func anExpectedChangeIsReportedWithItsReasonAndDoesNotFail() throws {
        var result = try Self.inserted()
        try #require(result.hasChanges)
        // The whole book's changes expected: nothing fails.
        let triage = try Self.triage("""
            {"expected": [{"book": "book", "profile": "tiny", "reason": "new preface", "expires": "2999-12-31"}]}
            """)
        let notes = triage.apply(to: &result, book: "book", today: "2026-11-27")
        #expect(notes.isEmpty, "\(notes)")
        #expect(!result.hasChanges)
        let changed = result.profiles[0].pages.filter { $0.status != .identical }
        #expect(!changed.isEmpty && changed.allSatisfy { $0.expected == "new preface" })
        #expect(result.expectedCount == changed.count)
        // It survives a JSON round trip (shards are merged from JSON).
        let again = try DiffResult(data: Data(result.json().serialized().utf8), source: "result.json")
        #expect(!again.hasChanges && again.expectedCount == result.expectedCount)
        // JUnit: the chapters pass and say why.
        let xml = JUnitReport.xml(result, book: "book", report: nil)
        #expect(xml.contains("failures=\"0\"") && xml.contains("expected: new preface"))
    }

    @Test func anEntryWithWordsOfAChangeExpectsOnlyThatChapter() throws {
        var result = try Self.inserted()
        // The inserted paragraph's words pick chapter One; the later chapters' pages moved
        // (their numbers shifted), which this entry does not expect.
        let triage = try Self.triage(#"{"expected": [{"text": "At low water", "reason": "a paragraph added"}]}"#)
        #expect(triage.apply(to: &result, book: "book", today: "2026-11-27").isEmpty)
        let chapters = result.profiles[0].chapters
        let one = try #require(chapters.first { $0.href == "EPUB/one.xhtml" })
        #expect(one.pages.filter { $0.status != .identical }.allSatisfy { $0.expected == "a paragraph added" })
        #expect(chapters.filter { $0.href != "EPUB/one.xhtml" }.allSatisfy { $0.pages.allSatisfy { $0.expected == nil } })
        #expect(result.hasChanges)
    }

    @Test func anExpiredEntryOrOneForAnotherBookLeavesTheChangeFailing() throws {
        for entry in [#"{"reason": "old", "expires": "2026-11-26"}"#, #"{"reason": "elsewhere", "book": "other.epub"}"#,
                      #"{"reason": "other profile", "profile": "phone-12pt-day"}"#, #"{"reason": "no such words", "text": "zebra"}"#] {
            var result = try Self.inserted()
            let notes = try Self.triage(#"{"expected": ["# + entry + #"]}"#).apply(to: &result, book: "book", today: "2026-11-27")
            #expect(result.hasChanges, "\(entry)")
            #expect(notes.count == 1, "\(entry): \(notes)")
            #expect(notes.first?.contains(entry.contains("2026-11-26") ? "expired on 2026-11-26" : "matched no change") == true)
        }
    }

    @Test func anEntryOnItsLastDayStillHolds() throws {
        var result = try Self.inserted()
        _ = try Self.triage(#"{"expected": [{"reason": "today", "expires": "2026-11-27"}]}"#).apply(to: &result, book: "book", today: "2026-11-27")
        #expect(!result.hasChanges)
    }

    @Test func aMalformedTriageFileIsRefusedNamingTheProblem() {
        #expect(throws: SnapshotError.self) { try Self.triage(#"{"expected": [{"reason": "x", "expires": "soon"}]}"#) }
        #expect(throws: SnapshotError.self) { try Self.triage(#"{"expected": [{"book": "no reason"}]}"#) }
        #expect(throws: SnapshotError.self) { try Self.triage("[]") }
        #expect(throws: SnapshotError.self) { try Self.triage(#"{"expected": "none"}"#) }
        // Masks alone make a triage file too (folio snapshot --accept reads only those).
        #expect((try? Self.triage(#"{"masks": [{"selector": "time"}]}"#))?.entries.isEmpty == true)
    }

    @Test func todayIsTheUTCDay() {
        #expect(Triage.today(Date(timeIntervalSince1970: 0)) == "1970-01-01")
        #expect(Triage.today(Date(timeIntervalSince1970: 1_795_000_000)) == "2026-11-18")
    }
}

/// Masks: a page region whose pixels are not compared, text left out of the pages' texts.
@Suite struct TriageMaskTests {
    static func diff(_ edit: String, masks json: String) throws -> ProfileDiff {
        let triage = try Triage(data: Data(json.utf8), source: "triage.json")
        let copy = try FixtureBooks.edited(edit)
        defer { try? FileManager.default.removeItem(at: copy) }
        var baseline = try FixtureBooks.render(FixtureBooks.book), current = try FixtureBooks.render(copy)
        triage.maskText(&baseline, book: "book")
        triage.maskText(&current, book: "book")
        var options = DiffOptions()
        options.masks = triage.pixelMasks(book: "book")
        return try SnapshotDiffer.diff(profile: "tiny", baseline: baseline, current: current, options: options)
    }

    @Test func aRectangleOverWhatChangedHidesAPixelOnlyChange() throws {
        let strict = try FixtureBooks.diff("css-colour-changed")
        let changed = try #require(strict.pages.first { $0.status == .changed })
        let box = try #require(changed.box)
        let page = try #require(changed.current)
        let hidden = try Self.diff("css-colour-changed", masks: """
            {"expected": [], "masks": [{"page": \(page), "rect": [\(box.x), \(box.y), \(box.width), \(box.height)]}]}
            """)
        #expect(hidden.pages.first { $0.current == page }?.status == .identical)
        // A rectangle elsewhere hides nothing.
        let elsewhere = try Self.diff("css-colour-changed", masks: #"{"expected": [], "masks": [{"rect": [0, 0, 2, 2]}]}"#)
        #expect(elsewhere.pages.first { $0.current == page }?.status == .changed)
    }

    @Test func aTextMaskAndARectangleHideAChangedWord() throws {
        let strict = try FixtureBooks.diff("word-changed")
        let changed = try #require(strict.pages.first { $0.status == .changed })
        let box = try #require(changed.box)
        // The text alone: the word no longer counts as a text change, its pixels still do.
        let textOnly = try Self.diff("word-changed", masks: #"{"expected": [], "masks": [{"text": "stones\\.|shells\\."}]}"#)
        #expect(textOnly.chapters.allSatisfy { $0.textChanges.isEmpty })
        #expect(textOnly.pages.contains { $0.status == .changed })
        let both = try Self.diff("word-changed", masks: """
            {"expected": [], "masks": [{"text": "stones\\\\.|shells\\\\.", "rect": [\(box.x), \(box.y), \(box.width), \(box.height)]}]}
            """)
        #expect(both.pages.allSatisfy { $0.status == .identical }, "\(both.rows)")
    }

    /// A date in the colophon, masked by a selector: left out of the page's text, its boxes
    /// recorded with the page, so a changed date is no change; unmasked, it is one.
    @Test func aSelectorMaskHidesTheTextOfTheElementsItMatches() throws {
        let strict = try FixtureBooks.diff("date-changed")
        #expect(strict.pages.contains { $0.status == .changed })
        let masked = try FixtureBooks.diff("date-changed", masks: ".colophon time")
        #expect(masked.pages.allSatisfy { $0.status == .identical }, "\(masked.rows)")
        let side = try FixtureBooks.render(FixtureBooks.book, masks: ".colophon time")
        let last = try #require(side.manifest.pages.last)
        #expect(last.text.contains("Built on ."), "\(last.text)")
        #expect(!last.text.contains("November"))
        try #require(!last.masked.isEmpty)
        #expect(last.masked.reduce(0) { $0 + $1.width } > 40 && last.masked.allSatisfy { $0.height > 10 && $0.x >= 0 })
        let unmasked = side.manifest.pages.dropLast().allSatisfy { $0.masked.isEmpty }
        #expect(unmasked)
        // The boxes survive the manifest's JSON.
        let read = try SnapshotManifest(data: Data(side.manifest.json().serialized().utf8), source: "manifest.json")
        #expect(read.pages.last?.masked == last.masked)
        // A mask that matches something else leaves the change a change.
        let elsewhere = try FixtureBooks.diff("date-changed", masks: "h1 em")
        #expect(elsewhere.pages.contains { $0.status == .changed })
    }

    @Test func aTriageFileGivesEachBookAndProfileItsSelectors() throws {
        let triage = try Triage(data: Data(#"""
            {"expected": [], "masks": [{"selector": "time"}, {"book": "a.epub", "selector": ".date"},
                                       {"profile": "phone-12pt-day", "selector": "footer"}, {"text": "x"}]}
            """#.utf8), source: "t.json")
        #expect(triage.maskSelectors(book: "a.epub", profile: "tablet-14pt-night") == "time, .date")
        #expect(triage.maskSelectors(book: "b.epub", profile: "phone-12pt-day") == "time, footer")
        #expect(Triage(entries: []).maskSelectors(book: "a.epub", profile: "p") == nil)
    }

    @Test func removingPiecesTakesEachOutInTurn() {
        #expect(SnapshotRenderer.removing(["29", "November"], from: "On 29 November 2026, 29 ships.") == "On 2026, 29 ships.")
        #expect(SnapshotRenderer.removing(["b"], from: "a b c\nb d") == "a c\nb d")
        #expect(SnapshotRenderer.removing(["zz"], from: "a  b") == "a b")
    }

    @Test func aMalformedMaskIsRefused() {
        for mask in [#"{"rect": [1, 2, 3]}"#, #"{"rect": [0, 0, 0, 5]}"#, #"{"text": "("}"#, #"{"page": 2}"#,
                     #"{"selector": "p >"}"#, #"{"selector": "time", "page": 3}"#] {
            #expect(throws: SnapshotError.self, "\(mask)") {
                try Triage(data: Data((#"{"expected": [], "masks": ["# + mask + "]}").utf8), source: "t.json")
            }
        }
    }
}
