import Foundation
import FolioTestSupport
import Testing

/// `folio check` on the fixture books made for it: a clean twin that must pass, a book with one
/// instance of every problem the check knows, and a book with print pages but no page list.
@Suite struct CheckCLITests {
    static let fixtures = CLITests.root.appendingPathComponent("Tests/FolioCLITests/Fixtures/check")
    static func book(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    struct Problem {
        var code: String
        var severity: String
        var message: String
        var file: String?
        var line: Int?
        var pages: [String: [Int]]
        var ref: String?
    }

    /// The check's JSON, parsed: the summary and every problem.
    static func check(_ name: String, _ more: [String] = []) throws -> (run: CLITests.Run, json: [String: Any], problems: [Problem]) {
        let run = try CLITests.folio(["check", book(name), "--json"] + more)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any], "\(run.stderr)")
        let problems = try #require(json["problems"] as? [[String: Any]]).map { object in
            Problem(code: object["code"] as? String ?? "", severity: object["severity"] as? String ?? "", message: object["message"] as? String ?? "",
                    file: object["file"] as? String, line: object["line"] as? Int,
                    pages: (object["pages"] as? [String: [Int]]) ?? [:], ref: object["ref"] as? String)
        }
        return (run, json, problems)
    }

    /// The broken book's problems, found once for every test that asks.
    static let broken: Result<[Problem], Error> = Result { try check("broken").problems }

    static func found(_ code: String, _ where: (Problem) -> Bool = { _ in true }) throws -> [Problem] {
        try broken.get().filter { $0.code == code && `where`($0) }
    }

    // MARK: The clean twin

    @Test func theCleanTwinHasNoProblemAndExitsZero() throws {
        let (run, json, problems) = try Self.check("clean")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(problems.isEmpty, "\(problems.map { "\($0.code): \($0.message)" })")
        let profiles = try #require(json["profiles"] as? [[String: Any]])
        #expect(profiles.map { $0["name"] as? String } == ["phone-12pt-day", "tablet-14pt-day"])
        #expect(profiles.allSatisfy { ($0["pages"] as? Int ?? 0) >= 2 })
        let text = try CLITests.folio("check", Self.book("clean"), "--fail-on", "warning")
        #expect(text.status == 0)
        #expect(text.text.contains("0 errors, 0 warnings, 0 notes"))
    }

    // MARK: References

    @Test func aManifestItemWithoutItsFileIsAnError() throws {
        let problem = try #require(try Self.found("ref.manifest-file-missing").first)
        #expect(problem.severity == "error")
        #expect(problem.message.contains("EPUB/images/gone.png"))
        #expect(problem.file == "EPUB/package.opf" && problem.line != nil)
    }

    @Test func aFileOutsideTheManifestIsNamed() throws {
        let files = try Self.found("ref.file-not-in-manifest").map(\.file)
        #expect(files == ["EPUB/extra.txt"])
    }

    @Test func aSpineItemThatCannotBeShownIsNamed() throws {
        let problem = try #require(try Self.found("opf.spine-item-unrenderable").first)
        #expect(problem.message.contains("\"data\""))
    }

    @Test func linksAndFragmentsThatLeadNowhereAreErrorsWithTheirLines() throws {
        let link = try #require(try Self.found("ref.link-broken").first)
        #expect(link.severity == "error" && link.file == "EPUB/chapter1.xhtml" && link.line == 25)
        #expect(link.message.contains("EPUB/missing.xhtml"))
        let fragments = try Self.found("ref.fragment-missing")
        #expect(fragments.count == 1, "the navigation document's links are judged as its entries, once")
        #expect(fragments.first?.message.contains("chapter2.xhtml#nowhere") == true)
        #expect(fragments.first?.line == 25)
    }

    @Test func aLinkToAFileOutsideTheSpineHasNoPageToShow() throws {
        let problem = try #require(try Self.found("ref.link-outside-spine").first)
        #expect(problem.severity == "warning" && problem.file == "EPUB/chapter1.xhtml" && problem.line == 26)
        #expect(problem.message.contains("EPUB/appendix.xhtml"))
    }

    @Test func aResourceOnTheNetworkIsNamed() throws {
        let problem = try #require(try Self.found("ref.resource-remote").first)
        #expect(problem.message.contains("https://harbour.example.org/photo.jpg") && problem.line == 26)
    }

    @Test func missingImagesAudioAndFontsAreErrors() throws {
        let missing = try Self.found("ref.resource-missing").map(\.message)
        #expect(missing.contains { $0.contains("<img>") && $0.contains("images/gone2.png") })
        #expect(missing.contains { $0.contains("<audio>") && $0.contains("audio/gone.mp3") })
        #expect(missing.contains { $0.contains("@font-face") && $0.contains("fonts/gone.woff2") })
        #expect(missing.count == 4, "the image, audio and font, and the video of the placeholder test")
    }

    @Test func imagesAndFontsThatCannotBeDecodedAreErrors() throws {
        let files = Set(try Self.found("ref.resource-undecodable").compactMap(\.file))
        #expect(files == ["EPUB/images/corrupt.png", "EPUB/fonts/broken.ttf"])
        // Once: layout's own warning, when text asks for the font, is the same problem.
        #expect(try Self.found("font.unreadable").isEmpty)
    }

    @Test func navigationAndPageListEntriesThatLeadNowhere() throws {
        let toc = try #require(try Self.found("ref.nav-target-missing").first)
        #expect(toc.message.contains("“The Storm”") && toc.message.contains("#gone"))
        #expect(toc.file == "EPUB/nav.xhtml")
        let page = try #require(try Self.found("ref.page-list-target-missing").first)
        #expect(page.message.contains("#p99"))
    }

    @Test func duplicateIDsAreErrors() throws {
        let problem = try #require(try Self.found("ref.duplicate-id").first)
        #expect(problem.message.contains("\"dup\"") && problem.line == 9)
    }

    @Test func fallbackChainsThatEndNowhereOrLoop() throws {
        #expect(try Self.found("opf.fallback-missing").first?.message.contains("\"nothing\"") == true)
        #expect(try Self.found("opf.fallback-cycle").first?.message.contains("loop-a") == true)
    }

    // MARK: Pages

    @Test func aTableNarrowedBelowItsWidthIsOnItsPageInEachProfile() throws {
        let problems = try Self.found("layout.box-narrowed")
        #expect(Set(problems.flatMap(\.pages.keys)) == ["phone-12pt-day", "tablet-14pt-day"])
        #expect(problems.allSatisfy { $0.file == "EPUB/chapter1.xhtml" && $0.line == 13 })
        #expect(problems.allSatisfy { $0.pages.values.allSatisfy { $0 == [1] } })
    }

    @Test func wordsBrokenForWantOfABreakNameTheWordAndPage() throws {
        let problems = try Self.found("layout.word-broken")
        #expect(problems.contains { $0.message.contains("HARBOURREGISTER") && $0.pages["phone-12pt-day"] == [1] })
        #expect(problems.contains { $0.message.contains("registerOfBoats") })
    }

    @Test func contentShownAsAPlaceholderIsOnItsPage() throws {
        let images = try Self.found("layout.image-missing")
        #expect(Set(images.compactMap(\.line)) == [22, 23], "the missing image and the one that does not decode")
        #expect(images.allSatisfy { $0.pages["phone-12pt-day"]?.count == 1 && $0.pages["tablet-14pt-day"]?.count == 1 })
        let media = try #require(try Self.found("layout.media-not-shown").first)
        #expect(media.message.contains("<video>") && media.line == 27 && media.pages["phone-12pt-day"] != nil)
        #expect(try Self.found("ref.resource-missing").contains { $0.message.contains("video/launch.mp4") })
    }

    @Test func scaledImagesAreNotesWithTheirScale() throws {
        let problems = try Self.found("layout.content-scaled") { $0.message.contains("banner.svg") }
        #expect(problems.count == 2)
        #expect(problems.allSatisfy { $0.severity == "info" && $0.message.contains("%") })
    }

    @Test func aCharacterNoFontHasIsNamedWithItsPages() throws {
        let problem = try #require(try Self.found("font.missing-glyph").first)
        #expect(problem.message.hasPrefix("U+E000"))
        #expect(problem.pages == ["phone-12pt-day": [1], "tablet-14pt-day": [1]])
    }

    @Test func anImageDrawnOverMoreDevicePixelsThanItHasIsUpscaled() throws {
        let dot = try Self.found("layout.image-upscaled") { $0.message.contains("dot.png") }
        #expect(dot.count == 2)
        #expect(dot.allSatisfy { $0.severity == "warning" && $0.message.contains("40×40 px") })
        #expect(dot.contains { $0.message.contains("900×900 device pixels") && $0.pages["phone-12pt-day"] != nil })
    }

    @Test func cssFolioDoesNotFollowIsCountedWithItsSelectors() throws {
        let problems = try Self.found("css.unsupported")
        #expect(problems.contains { $0.message.hasPrefix("display: grid") && $0.message.contains("div.cards") && $0.line == 7 })
        #expect(problems.contains { $0.message.hasPrefix("column-count: 2") && $0.message.contains("div.twocol") })
        #expect(problems.contains { $0.message.hasPrefix("position: absolute") && $0.message.contains("1 declaration: div.badge") })
        #expect(problems.allSatisfy { $0.file == "EPUB/style.css" })
    }

    @Test func mediaQueriesNoProfileMatchesAreNotes() throws {
        let problem = try #require(try Self.found("css.media-unmatched").first)
        #expect(problem.severity == "info" && problem.line == 12)
        #expect(problem.message.contains("(min-width: 3000px)"))
    }

    @Test func faintTextIsBelowWCAGContrast() throws {
        let problem = try #require(try Self.found("layout.low-contrast").first)
        #expect(problem.message.contains("#bbbbbb on #ffffff") && problem.message.contains("1.9:1"))
        #expect(problem.ref?.contains("1.4.3") == true)
        #expect(problem.pages["phone-12pt-day"] == [1])
    }

    @Test func aPageThatShowsNothingIsBlank() throws {
        let problem = try #require(try Self.found("layout.blank-page").first)
        #expect(problem.file == "EPUB/blank.xhtml")
        #expect(problem.pages["phone-12pt-day"]?.count == 1)
    }

    // MARK: Accessibility

    @Test func anImageWithoutAltButNotOneMarkedDecorative() throws {
        let problems = try Self.found("a11y.image-alt-missing")
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("images/boat.png") == true && problems.first?.ref?.contains("1.1.1") == true)
    }

    @Test func aDocumentWithoutLanguage() throws {
        #expect(try Self.found("a11y.lang-missing").map(\.file) == ["EPUB/chapter2.xhtml"])
    }

    @Test func accessibilityMetadataEachMissingOne() throws {
        let messages = try Self.found("a11y.metadata-missing").map(\.message)
        for property in ["schema:accessMode ", "schema:accessibilityFeature", "schema:accessibilityHazard", "schema:accessibilitySummary", "dcterms:conformsTo"] {
            #expect(messages.contains { $0.contains(property) }, "\(property)")
        }
    }

    @Test func aSkippedHeadingLevel() throws {
        let problem = try #require(try Self.found("a11y.heading-skipped").first)
        #expect(problem.message.contains("<h3> follows <h1>") && problem.line == 8)
    }

    @Test func aDataTableWithoutHeaders() throws {
        let problems = try Self.found("a11y.table-without-headers")
        #expect(problems.count == 1 && problems.first?.line == 13)
    }

    @Test func positionedContentIsAReadingOrderNote() throws {
        let problem = try #require(try Self.found("a11y.reading-order").first)
        #expect(problem.severity == "info" && problem.message.contains("div.badge"))
    }

    @Test func printPagesWithoutAPageList() throws {
        let (run, _, problems) = try Self.check("no-page-list", ["--fail-on", "warning"])
        #expect(problems.map(\.code) == ["a11y.page-list-missing"])
        #expect(run.status == 1, "a warning fails the check at --fail-on warning")
        #expect(try Self.check("no-page-list").run.status == 0, "but not at the default, errors")
        #expect(try Self.found("a11y.page-list-missing").isEmpty, "the broken book has a page list")
    }

    // MARK: Output

    @Test func theBrokenBookFailsAndItsTextGroupsBySeverity() throws {
        let run = try CLITests.folio("check", Self.book("broken"))
        #expect(run.status == 1)
        let text = run.text
        let errors = try #require(text.range(of: "\nErrors\n")), warnings = try #require(text.range(of: "\nWarnings\n"))
        let notes = try #require(text.range(of: "\nNotes\n"))
        #expect(errors.lowerBound < warnings.lowerBound && warnings.lowerBound < notes.lowerBound)
        #expect(text.contains("  ref.link-broken  EPUB/chapter1.xhtml:25\n"))
        #expect(text.contains("phone-12pt-day: page 1 · tablet-14pt-day: page 1"))
        let summary = try #require(text.split(separator: "\n").first)
        #expect(summary.contains("errors") && summary.contains("(phone-12pt-day: "))
    }

    @Test func theJSONIsStableFromRunToRun() throws {
        let first = try CLITests.folio("check", Self.book("broken"), "--json")
        let second = try CLITests.folio("check", Self.book("broken"), "--json")
        #expect(first.stdout == second.stdout)
        let json = try #require(try JSONSerialization.jsonObject(with: first.stdout) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Int])
        let problems = try #require(json["problems"] as? [[String: Any]])
        #expect(summary["error"] == problems.filter { $0["severity"] as? String == "error" }.count)
        #expect(problems.allSatisfy { Set($0.keys) == ["code", "severity", "message", "file", "line", "pages", "ref"] })
    }

    @Test func aBookThatCannotBeOpenedExits65AndABadProfile64() throws {
        let missing = try CLITests.folio("check", Self.fixtures.appendingPathComponent("no-such-book.epub").path)
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("no-such-book.epub"))
        let bad = try CLITests.folio("check", Self.book("clean"), "--profiles", "phone-huge")
        #expect(bad.status == 64)
    }

    @Test func theReportHasThumbnailsOfEveryPageAndMarksTheProblemsRegion() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("folio-check-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try CLITests.folio("check", Self.book("broken"), "--report", out.path, "--json")
        #expect(run.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let profiles = try #require(json["profiles"] as? [[String: Any]])
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("ref.link-broken"))
        #expect(html.contains("class=\"mark\""), "a region marked on a thumbnail")
        #expect(profiles.count == 2)
        for profile in profiles {
            let name = try #require(profile["name"] as? String), pages = try #require(profile["pages"] as? Int)
            #expect(pages >= 5)
            for page in 1...pages {
                let file = out.appendingPathComponent("\(name)/page-000\(page).png")
                let bytes = try Data(contentsOf: file)
                #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                #expect(html.contains("\(name)/page-000\(page).png"))
            }
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("\(name)/page-000\(pages + 1).png").path))
        }
    }

    // MARK: Pages in other commands

    @Test func layoutNamesThePagesOfItsWarnings() throws {
        let run = try CLITests.folio("layout", Self.book("broken"))
        #expect(run.stderr.contains("[layout.box-narrowed] at EPUB/chapter1.xhtml:13, page 1"))
        #expect(run.stderr.contains("the page shows nothing (page 5) [layout.blank-page]"))
    }

    @Test func renderManifestsCarryEachPagesWarnings() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("folio-check-render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try CLITests.folio("render", Self.book("broken"), "--json", "--out", out.path, "--pages", "1-5", "--dpr", "1")
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let pages = try #require(json["pages"] as? [[String: Any]])
        let codes = pages.map { (($0["warnings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String } }
        #expect(codes[0].contains("layout.box-narrowed") && codes[0].contains("layout.low-contrast"))
        #expect(codes[4] == ["layout.blank-page"])
        let contrast = try #require((pages[0]["warnings"] as? [[String: Any]])?.first { $0["code"] as? String == "layout.low-contrast" })
        #expect(contrast["rect"] is [String: Any])
    }

    @Test func snapshotManifestsCarryEachPagesWarnings() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("folio-check-snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try CLITests.folio("snapshot", Self.book("broken"), "--out", out.path, "--profiles", "phone-12pt-day", "--dpr", "1")
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: out.appendingPathComponent("phone-12pt-day/manifest.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let pages = try #require(json["pages"] as? [[String: Any]])
        let blank = try #require(pages.first { ($0["href"] as? String) == "EPUB/blank.xhtml" })
        #expect((blank["warnings"] as? [[String: Any]])?.first?["code"] as? String == "layout.blank-page")
    }
}

/// `folio info --json` gives each title and creator its direction and language: its own
/// `dir`, else the package's, else `auto` (W3C `pkg-dir_*`).
@Suite struct InfoDirectionCLITests {
    @Test(.enabled(if: Corpus.file("w3c/pkg-dir_creator-rtl.epub") != nil, Comment(rawValue: Corpus.absentMessage)))
    func aCreatorSetRightToLeftSaysSo() throws {
        let book = try #require(Corpus.file("w3c/pkg-dir_creator-rtl.epub")).path
        let run = try CLITests.folio("info", book, "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let creator = try #require((json["creators"] as? [[String: Any]])?.first)
        #expect(creator["name"] as? String == "Dave Cramer" && creator["dir"] as? String == "rtl" && creator["lang"] as? String == "en")
        let title = try #require((json["titles"] as? [[String: Any]])?.first)
        #expect(title["dir"] as? String == "auto" && title["lang"] as? String == "en")
    }

    @Test func aBookWithoutDirectionsSaysAuto() throws {
        let run = try CLITests.folio("info", CLITests.sample, "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let creators = try #require(json["creators"] as? [[String: Any]])
        #expect(!creators.isEmpty && creators.allSatisfy { $0["dir"] as? String == "auto" })
    }
}
