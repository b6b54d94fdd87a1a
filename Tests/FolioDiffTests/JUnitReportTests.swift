import FolioCore
@testable import FolioDiff
import FolioXML
import Foundation
import Testing

/// `folio diff --junit` and the GitHub Actions annotations: what CI test reporters read.
@Suite struct JUnitReportTests {
    static func parsed(_ xml: String) throws -> XMLTree {
        let diagnostics = Diagnostics()
        let tree = try MarkupParser.parse(Array(xml.utf8), path: "junit.xml", recovery: .xml, diagnostics: diagnostics)
        // Well-formed as it stands: the strict parser needed no recovery.
        #expect(diagnostics.warnings.isEmpty, "\(diagnostics.warnings)")
        return tree
    }

    @Test func aChangedChapterFailsAndTheOthersPass() throws {
        let diff = try FixtureBooks.diff("paragraph-inserted")
        let result = DiffResult(baseline: "base", current: "book.epub", notes: ["fonts differ"], profiles: [diff])
        let tree = try Self.parsed(JUnitReport.xml(result, book: "book.epub", report: "out/report"))
        let root = try #require(tree.root)
        #expect(root.localName == "testsuites")
        let suites = root.descendants("testsuite")
        try #require(suites.count == 1)
        let cases = suites[0].descendants("testcase")
        #expect(cases.count == diff.chapters.count)
        let changed = diff.chapters.filter { $0.pages.contains { $0.status != .identical } }
        try #require(!changed.isEmpty && changed.count < diff.chapters.count)
        let failing = cases.filter { !$0.descendants("failure").isEmpty }
        #expect(failing.count == changed.count)
        #expect(root.attribute("tests") == String(diff.chapters.count) && root.attribute("failures") == String(changed.count))
        #expect(suites[0].attribute("failures") == String(changed.count))
        // The failure carries the summary's words and the report's section.
        let failure = try #require(failing.first?.descendants("failure").first)
        let inserted = try #require(changed.first?.statements.first)
        #expect(failure.attribute("message") == inserted)
        #expect(failure.textContent.contains(inserted))
        #expect(failure.textContent.contains("Report: out/report/index.html#tiny"))
        #expect(failing.first?.attribute("classname") == "book.epub.tiny")
        #expect(suites[0].descendants("system-out").first?.textContent == "note: fonts differ")
    }

    @Test func anUnchangedBookPassesEveryChapter() throws {
        let side = try FixtureBooks.render(FixtureBooks.book)
        let diff = try SnapshotDiffer.diff(profile: "tiny", baseline: side, current: side, options: DiffOptions())
        let tree = try Self.parsed(JUnitReport.xml(DiffResult(baseline: "a", current: "b", notes: [], profiles: [diff]), book: "b", report: nil))
        let root = try #require(tree.root)
        #expect(root.attribute("failures") == "0")
        #expect(root.descendants("failure").isEmpty)
        #expect(root.descendants("testcase").count == diff.chapters.count)
    }

    @Test func textFromTheBookIsEscapedAndCharactersXMLCannotHoldAreLeftOut() throws {
        let text = "a <b> & \"c\" 'd'\u{1}\u{FFFF} é\nnext"
        let tree = try Self.parsed("<x a=\"\(JUnitReport.escape(text))\">\(JUnitReport.escape(text))</x>")
        let root = try #require(tree.root)
        #expect(root.attribute("a") == "a <b> & \"c\" 'd' é\nnext")
        #expect(root.textContent == "a <b> & \"c\" 'd' é\nnext")
    }

    @Test func githubAnnotationsNameEachChangedChapterOnOneLine() throws {
        let diff = try FixtureBooks.diff("paragraph-inserted")
        let result = DiffResult(baseline: "base", current: "book.epub", notes: [], profiles: [diff])
        let lines = JUnitReport.githubAnnotations(result, book: "book.epub").split(separator: "\n")
        let changed = diff.chapters.filter { $0.pages.contains { $0.status != .identical } }
        #expect(lines.count == changed.count)
        for line in lines {
            #expect(line.hasPrefix("::error title=folio diff%3A book.epub tiny::"))
        }
    }
}
