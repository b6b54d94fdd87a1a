import FolioCore
import FolioStyle
import FolioXML
import Foundation
import Testing
@testable import FolioText

/// The paragraph setter on real text: the first chapter of Moby-Dick at a phone's width.
@Suite struct InlineCorpusTests {
    /// A phone (390 px) less 16 px margins on each side.
    static let width = 390.0 - 32

    static func chapter(_ book: String, _ entry: String) throws -> [UInt8]? {
        guard let corpus = FontTestSupport.corpus else { return nil }
        let path = corpus.appendingPathComponent("samples/\(book)").path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        unzip.arguments = ["-p", path, entry]
        let pipe = Pipe()
        unzip.standardOutput = pipe
        try unzip.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        unzip.waitUntilExit()
        return Array(data)
    }

    @Test func everyLineOfMobyDicksFirstChapterFitsAPhoneAndKeepsItsWords() throws {
        guard let bytes = try Self.chapter("moby-dick.epub", "OPS/chapter_001.xhtml") else {
            print("skipped: ../shared/corpus/samples/moby-dick.epub is absent")
            return
        }
        let diagnostics = Diagnostics()
        let tree = try MarkupParser.parse(bytes, path: "OPS/chapter_001.xhtml", recovery: .html, diagnostics: diagnostics)
        let paragraphs = try #require(tree.root).descendants().filter { $0.isElement("p") }
        #expect(paragraphs.count == 17)
        let context = try InlineSupport.context(diagnostics)
        var lines = 0
        for (k, paragraph) in paragraphs.enumerated() {
            let text = paragraph.textContent
            let layout = try InlineSupport.layout([InlineSupport.text(text, node: k) { $0.text.hyphens = .auto }], width: Self.width,
                                                  context: context) { $0.text.align = .justify; $0.text.indent = .px(16) }
            for line in layout.lines {
                #expect(line.x + line.width <= Self.width + 0.01)
            }
            #expect(InlineSupport.words(of: layout) == InlineSupport.words(text.replacingOccurrences(of: "\n", with: " ")))
            lines += layout.lines.count
        }
        #expect(lines > 100, "\(lines)")
    }
}
