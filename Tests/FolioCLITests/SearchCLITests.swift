import Foundation
import Testing

/// `folio search`: every hit with chapter, locator, CFI and context; page numbers for a target.
@Suite struct SearchCLITests {
    typealias CLI = CLITests
    static let whales = CLI.root.appendingPathComponent("Tests/FolioSearchTests/Fixtures/whale-book").path

    @Test func eachHitIsALineWithChapterLocatorCFIAndContext() throws {
        let run = try CLI.folio("search", Self.whales, "whale")
        #expect(run.status == 0)
        let lines = run.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines.first == "One\tEPUB/one.xhtml:55\tepubcfi(/6/2!/4/2[one]/4/1:4)\tChapter One The [whale] swam past the ship. Whale song at night; the WHALE slept.")
        #expect(run.stderr.contains("8 hits"))
    }

    @Test func jsonHasTheDocumentedKeysAndPagesForATarget() throws {
        let run = try CLI.folio("search", Self.whales, #"\bwhale\b"#, "--regex", "--case", "--json", "--cells", "80x24")
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(object["query"] as? String == #"\bwhale\b"#)
        #expect(object["regex"] as? Bool == true)
        #expect(object["caseSensitive"] as? Bool == true)
        #expect(object["diacritics"] as? Bool == true)
        #expect(object["count"] as? Int == 5)
        #expect(object["stopped"] is NSNull)
        let hits = try #require(object["hits"] as? [[String: Any]])
        #expect(hits.count == 5)
        let first = try #require(hits.first)
        #expect(Set(first.keys) == ["spineIndex", "href", "start", "end", "cfi", "chapter", "page", "before", "match", "after"])
        #expect(first["start"] as? Int == 55)
        #expect(first["end"] as? Int == 60, "wh<em>ale</em>: five letters in two text nodes")
        #expect(first["page"] as? Int == 1)
        #expect(hits.last?["chapter"] as? String == "Two")
        #expect((hits.last?["page"] as? Int ?? 0) >= 2)
    }

    @Test func diacriticsAreIgnoredUnlessAskedFor() throws {
        let plain = try CLI.folio("search", Self.whales, "natasha", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])
        #expect(object["diacritics"] as? Bool == false)
        #expect((object["hits"] as? [[String: Any]])?.compactMap { $0["match"] as? String } == ["NATÁSHA", "Natasha"])
        let exact = try CLI.folio("search", Self.whales, "natasha", "--diacritics")
        #expect(exact.status == 0)
        #expect(exact.text.split(separator: "\n").count == 1)
        #expect(exact.text.contains("[Natasha]"))
    }

    @Test func pageNumbersFollowTheTargetsTextSizeAsLayoutDoes() throws {
        // The second "lamp" of the sample book is on page 3 at 12 pt and on page 4 at 200 %.
        func pages(_ extra: String...) throws -> [Int] {
            let run = try CLI.folio(["search", CLI.sample, "lamp", "--json", "--device", "phone"] + extra)
            let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
            return (object["hits"] as? [[String: Any]] ?? []).compactMap { $0["page"] as? Int }
        }
        let normal = try pages(), large = try pages("--scale", "200%")
        #expect(normal.count == large.count && !normal.isEmpty)
        #expect(zip(normal, large).allSatisfy { $0 <= $1 } && normal != large, "\(normal) vs \(large)")
        // And they are layout's pages: the page of each hit at 200 % holds its text.
        let layout = try CLI.folio("layout", "--json", "--device", "phone", "--scale", "200%", CLI.sample)
        let laid = try #require(try JSONSerialization.jsonObject(with: layout.stdout) as? [[String: Any]])
        for page in large {
            #expect((laid[page - 1]["text"] as? String ?? "").lowercased().contains("lamp"), "page \(page)")
        }
    }

    @Test func noHitIsExitStatusOneAndABadPatternIsAUsageError() throws {
        let none = try CLI.folio("search", Self.whales, "narwhal")
        #expect(none.status == 1)
        #expect(none.stderr.contains("0 hits"))
        let bad = try CLI.folio("search", Self.whales, "(unclosed", "--regex")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("not a regular expression"))
    }

    @Test func aRunawayRegularExpressionStopsAtTheMatchLimitAndSaysSo() throws {
        let runaway = try CLI.folio("search", Self.whales, #"(a|a)+\d"#, "--regex", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: runaway.stdout) as? [String: Any])
        #expect(object["stopped"] as? String == "match-limit")
        let said = try CLI.folio("search", Self.whales, #"(a|a)+\d"#, "--regex")
        #expect(said.stderr.contains("backtracks too much"))
    }
}
