import FolioCore
import FolioXML
import Foundation
import FolioTestSupport
import Testing
@testable import FolioStyle

/// Every stylesheet of the shared corpus (`../shared/corpus`), parsed without crashing.
@Suite struct SyntaxCorpusTests {
    /// `../shared/corpus` beside the package root (or beside an ancestor, for a git worktree).
    static let corpus: URL = Corpus.directory ?? Corpus.packageRoot.appendingPathComponent("../shared/corpus")

    /// The corpus books' paths, or nil (with a reason) when the corpus or `unzip` is absent.
    static func books() -> [URL]? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") else { return nil }
        var books: [URL] = []
        for folder in ["samples", "w3c"] {
            let dir = corpus.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            books += names.filter { $0.hasSuffix(".epub") }.sorted().map { dir.appendingPathComponent($0) }
        }
        return books.isEmpty ? nil : books
    }

    static func unzip(_ arguments: [String]) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    /// (book, sheet path, decoded text) for every `.css` entry.
    static func sheets() -> [(book: String, path: String, text: String)] {
        var out: [(String, String, String)] = []
        for book in books() ?? [] {
            let listing = String(decoding: unzip(["-Z1", book.path]), as: UTF8.self)
            for entry in listing.split(separator: "\n") where entry.lowercased().hasSuffix(".css") {
                out.append((book.lastPathComponent, String(entry), CSSParser.decode(unzip(["-p", book.path, String(entry)]))))
            }
        }
        return out
    }

    @Test(.enabled(if: books() != nil, "../shared/corpus or /usr/bin/unzip is absent"))
    func everyCorpusStylesheetParsesWithFewWarnings() {
        let sheets = Self.sheets()
        #expect(sheets.count > 30)
        let diagnostics = Diagnostics()
        var ruleCount = 0
        for sheet in sheets {
            let parsed = CSSParser.parseStylesheet(sheet.text, path: "\(sheet.book)/\(sheet.path)", diagnostics: diagnostics)
            ruleCount += parsed.rules.count
        }
        #expect(ruleCount > 500)
        // Real books are mostly clean CSS: a handful of vendor selectors and at-rules at most.
        #expect(diagnostics.warnings.count < 40, "\(diagnostics.warnings.map { "\($0.location ?? ""): \($0.code) \($0.message)" })")
    }

    @Test(.enabled(if: books() != nil, "../shared/corpus or /usr/bin/unzip is absent"))
    func childrensMediaQueryBookSwitchesRulesWithSizeAndOrientation() throws {
        let sheet = try #require(Self.sheets().first { $0.book == "childrens-media-query.epub" && $0.path.hasSuffix("childrens-book-style.css") })
        let diagnostics = Diagnostics()
        let parsed = CSSParser.parseStylesheet(sheet.text, path: sheet.path, diagnostics: diagnostics)
        #expect(diagnostics.warnings.isEmpty)
        let media = parsed.rules.compactMap { if case .media(let m) = $0 { m } else { nil } }
        try #require(media.count == 2)  // (max-width: 480px), (orientation: landscape)
        func matching(_ env: MediaEnvironment) -> [Bool] { media.map { $0.queries.matches(env) } }
        #expect(matching(.phone) == [true, false])
        #expect(matching(MediaEnvironment.phone.landscape) == [false, true])
        #expect(matching(.tablet) == [false, false])
        #expect(matching(MediaEnvironment.tablet.landscape) == [false, true])
        // The chapter rule inside uses the sheet's `epub` prefix.
        guard case .style(let chapter) = media[0].rules.first else { Issue.record("no rule in @media"); return }
        #expect(chapter.selectors.first?.compounds.first?.conditions == [.attribute(AttributeSelector(
            name: "type", namespace: .uri("http://www.idpf.org/2007/ops"), op: .equals, value: "chapter"))])
    }
}
