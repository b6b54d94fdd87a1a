import FolioCore
import Foundation
import Testing

/// `folio layout`, `folio text` and `folio render` on the sample book.
@Suite struct PagesCLITests {
    typealias CLI = CLITests

    static let fixtures = CLI.root.appendingPathComponent("Tests/FolioRenderTests/Fixtures")

    @Test func aCharacterNoFontHasIsReportedOnceWithItsPageByLayoutAndRender() throws {
        let book = Self.fixtures.appendingPathComponent("missing-glyph").path
        let layout = try CLI.folio("layout", "--frames", book)
        #expect(layout.status == 0)
        #expect(layout.text.contains("missing U+0378"))
        let warnings = layout.stderr.split(separator: "\n").filter { $0.contains("[font.missing-glyph]") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("U+0378 (page 1), U+50005 (page 1)") == true)

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("folio-missing-glyph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let render = try CLI.folio("render", book, "--out", out.path)
        #expect(render.status == 0)
        #expect(render.stderr.components(separatedBy: "[font.missing-glyph]").count == 2)
    }

    @Test func theEveryScriptBookLaysOutWithoutAMissingGlyph() throws {
        let run = try CLI.folio("layout", "--frames", Self.fixtures.appendingPathComponent("every-script").path)
        #expect(run.status == 0)
        #expect(run.text.contains("Noto Sans Devanagari"))
        #expect(!run.text.contains(" missing U+"))
        #expect(!run.stderr.contains("font."), "\(run.stderr)")
    }

    @Test func layoutJSONListsEveryPageWithItsLocatorAndCFI() throws {
        let run = try CLI.folio("layout", "--json", CLI.sample)
        #expect(run.status == 0)
        let pages = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]])
        #expect(pages.count >= 6)
        for (k, page) in pages.enumerated() {
            for key in ["page", "spineIndex", "href", "cfi", "start", "end", "text"] { #expect(page[key] != nil, "page \(k + 1) lacks \(key)") }
            #expect(page["page"] as? Int == k + 1)
            #expect((page["cfi"] as? String)?.hasPrefix("epubcfi(/6/") == true)
        }
        #expect(pages.first?["href"] as? String == "EPUB/text/cover.xhtml")
        let chapter = try #require(pages.first { ($0["text"] as? String)?.hasPrefix("I. Winter") == true })
        #expect(chapter["href"] as? String == "EPUB/text/chapter-1.xhtml")
    }

    @Test func textPrintsTheSelectedPagesSeparatedByFormFeeds() throws {
        let run = try CLI.folio("text", "--pages", "2-3", CLI.sample)
        #expect(run.status == 0)
        let pages = run.text.split(separator: "\u{C}", omittingEmptySubsequences: false)
        #expect(pages.count == 2)
        #expect(pages[0].hasPrefix("The Lighthouse Keeper’s Almanac"))
        #expect(pages[1].hasPrefix("I. Winter"))
    }

    @Test func aLargerTextSizeMakesMorePages() throws {
        let small = try CLI.folio("layout", "--scale", "12pt", CLI.sample)
        let large = try CLI.folio("layout", "--scale", "150%", CLI.sample)
        #expect(large.text.split(separator: "\n").count > small.text.split(separator: "\n").count)
    }

    @Test func badPageRangesAreUsageErrors() throws {
        #expect(try CLI.folio("text", "--pages", "5-2", CLI.sample).status == 64)
        #expect(try CLI.folio("text", "--pages", "x", CLI.sample).status == 64)
    }

    /// Asking only for pages the book does not have is an error that says how many it has,
    /// not an empty success; a range that runs past the end shows what there is and warns.
    @Test func pagesPastTheLastAreAnErrorOrAWarning() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("folio-render-none-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let pages = try CLI.folio("layout", CLI.sample).text.split(separator: "\n").count
        for command in [["text"], ["layout"], ["render", "--out", out], ["render", "--format", "pdf", "--out", out]] {
            let none = try CLI.folio(command + ["--pages", "\(pages + 1)", CLI.sample])
            #expect(none.status == 64, "\(command)")
            #expect(none.stderr.contains("names no page: the book has \(pages) pages"), "\(command): \(none.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/book.pdf"))
        let past = try CLI.folio("text", "--pages", "\(pages)-\(pages + 5)", CLI.sample)
        #expect(past.status == 0)
        #expect(past.stderr.contains("goes past the last page"))
        #expect(!past.text.isEmpty)
        #expect(try CLI.folio("text", "--pages", "\(pages)-", CLI.sample).stderr.isEmpty)
    }

    @Test func renderWritesNumberedPNGsAndAManifestWhateverTheJobCount() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("folio-render-\(getpid())")
        defer { try? FileManager.default.removeItem(at: base) }
        var hashes: [[String]] = []
        for jobs in ["1", "3"] {
            let out = base.appendingPathComponent(jobs).path
            let run = try CLI.folio("render", CLI.sample, "--pages", "1-3", "--out", out, "--jobs", jobs, "--json", "--device", "300x400")
            #expect(run.status == 0, "\(run.stderr)")
            let manifest = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
            let pages = try #require(manifest["pages"] as? [[String: Any]])
            #expect(pages.map { $0["file"] as? String } == ["page-0001.png", "page-0002.png", "page-0003.png"])
            let written = try Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("page-0002.png"))
            #expect(written.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            #expect(pages[2]["title"] as? String == "I. Winter")
            hashes.append(pages.compactMap { $0["sha256"] as? String })
        }
        #expect(hashes[0] == hashes[1])
    }

    @Test func renderAsPDFWritesTheSelectedPagesToOneFileThatIsTheSameEveryTime() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("folio-render-pdf-\(getpid())")
        defer { try? FileManager.default.removeItem(at: base) }
        var files: [Data] = []
        for name in ["a", "b"] {
            let out = base.appendingPathComponent(name)
            let run = try CLI.folio("render", CLI.sample, "--format", "pdf", "--pages", "1-3,5", "--out", out.path, "--json", "--device", "300x400")
            #expect(run.status == 0, "\(run.stderr)")
            let pdf = try Data(contentsOf: out.appendingPathComponent("book.pdf"))
            #expect(pdf.starts(with: Data("%PDF-".utf8)))
            // Cairo writes page objects and the page tree uncompressed: they can be counted as text.
            let text = String(decoding: pdf, as: UTF8.self)
            #expect(text.matches(of: /\/Type\s*\/Page\b(?!s)/).count == 4)
            #expect(text.contains("/Count 4"))
            #expect(text.contains("/MediaBox [ 0 0 225 300 ]"))  // 300 × 400 CSS px in points
            #expect(text.contains("/Title (The Lighthouse Keeper's Almanac)"))

            let manifest = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
            #expect(manifest["file"] as? String == "book.pdf")
            #expect(manifest["sha256"] as? String == Digest.sha256Hex([UInt8](pdf)))
            let pages = try #require(manifest["pages"] as? [[String: Any]])
            #expect(pages.map { $0["page"] as? Int } == [1, 2, 3, 5])
            #expect(pages.map { $0["pdfPage"] as? Int } == [1, 2, 3, 4])
            #expect(pages.allSatisfy { $0["file"] as? String == "book.pdf" })
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest.json").path))
            files.append(pdf)
        }
        #expect(files[0] == files[1])
    }

    @Test func aMissingBookIsAnErrorNamingTheFile() throws {
        let run = try CLI.folio("render", "/nonexistent/book.epub", "--out", "/tmp/folio-never")
        #expect(run.status == 65)
        #expect(run.stderr.contains("/nonexistent/book.epub"))
    }
}
