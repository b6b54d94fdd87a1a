import FolioCore
import FolioStyle
import FolioTestSupport
import FolioXML
import Foundation
import Testing
@testable import FolioText

/// How fast the paragraph setter sets a whole book: every `<p>` of Moby-Dick (about 2,700
/// paragraphs, 1.2 million characters) at a phone's width, justified and hyphenated.
///
/// Off unless `FOLIO_PERF=1`. Timings mean something in a release build:
/// `swift build -c release --build-tests -Xswiftc -enable-testing` then
/// `FOLIO_PERF=1 swift test -c release --skip-build --filter InlinePerformanceTests`.
@Suite struct InlinePerformanceTests {
    static let book = "samples/moby-dick.epub"
    static let enabled = ProcessInfo.processInfo.environment["FOLIO_PERF"] == "1" && Corpus.file(book) != nil

    /// The text of every paragraph of the book's XHTML documents, in archive order.
    static func paragraphs() throws -> [String] {
        let path = try #require(Corpus.file(book)).path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = ["-Z1", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let listing = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var texts: [String] = []
        for entry in listing.split(separator: "\n") where entry.hasSuffix(".xhtml") && !entry.hasSuffix("toc.xhtml") {
            let bytes = try #require(try Corpus.unzip(book, String(entry)))
            let tree = try MarkupParser.parse(bytes, path: String(entry), recovery: .html, diagnostics: Diagnostics())
            texts += (tree.root?.descendants() ?? []).filter { $0.isElement("p") }.map(\.textContent)
        }
        return texts
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    @Test(.enabled(if: enabled, "FOLIO_PERF=1 times the paragraph setter on the corpus's Moby-Dick"))
    func settingEveryParagraphOfMobyDickAtAPhonesWidth() throws {
        let texts = try Self.paragraphs()
        #expect(texts.count > 2_500)
        let shared = InlineSupport.shared { $0.text.hyphens = .auto }
        let block = InlineSupport.style { $0.text.align = .justify; $0.text.indent = .px(16) }
        let inputs = texts.enumerated().map { k, text in
            ParagraphInput(items: [.text(text, style: shared, source: TextSource(node: k))], blockStyle: block, language: "en")
        }
        for metric in [TextMetric.fonts, .cells] {
            let context = InlineContext(fonts: try FontContext(diagnostics: Diagnostics()), metric: metric)
            let width = metric == .fonts ? 358.0 : 40
            for pass in ["cold", "warm"] {
                var lines = 0, overflowing = 0
                let elapsed = ContinuousClock().measure {
                    for input in inputs {
                        let layout = ParagraphLayouter.layout(input, width: width, context: context)
                        lines += layout.lines.count
                        overflowing += layout.lines.filter { $0.x + $0.width > width + 0.01 }.count
                    }
                }
                let ms = Self.milliseconds(elapsed)
                print("\(metric) \(pass): \(inputs.count) paragraphs, \(lines) lines in \(String(format: "%.0f", ms)) ms "
                      + "(\(String(format: "%.3f", ms / Double(inputs.count))) ms a paragraph)")
                #expect(lines > 20_000)
                #expect(overflowing == 0)
            }
        }
    }
}
