import FolioCore
import FolioStyle
import FolioXML
import FolioTestSupport
import Foundation
import Testing
@testable import FolioText

/// The paragraph setter on real text: the first chapter of Moby-Dick at a phone's width.
@Suite struct InlineCorpusTests {
    /// A phone (390 px) less 16 px margins on each side.
    static let width = 390.0 - 32

    @Test(.enabled(if: Corpus.file("samples/moby-dick.epub") != nil, Comment(rawValue: Corpus.absentMessage)))
    func everyLineOfMobyDicksFirstChapterFitsAPhoneAndKeepsItsWords() throws {
        let bytes = try #require(try Corpus.unzip("samples/moby-dick.epub", "OPS/chapter_001.xhtml"))
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

    @Test(.enabled(if: Corpus.file("samples/moby-dick.epub") != nil, Comment(rawValue: Corpus.absentMessage)))
    func everyLineOfMobyDicksFirstChapterFitsFortyTerminalColumnsAndKeepsItsWords() throws {
        let bytes = try #require(try Corpus.unzip("samples/moby-dick.epub", "OPS/chapter_001.xhtml"))
        let diagnostics = Diagnostics()
        let tree = try MarkupParser.parse(bytes, path: "OPS/chapter_001.xhtml", recovery: .html, diagnostics: diagnostics)
        let paragraphs = try #require(tree.root).descendants().filter { $0.isElement("p") }
        let context = InlineContext(fonts: try FontContext(diagnostics: diagnostics), metric: .cells)
        var hyphenated = 0
        for (k, paragraph) in paragraphs.enumerated() {
            let text = paragraph.textContent
            let layout = try InlineSupport.layout([InlineSupport.text(text, node: k) { $0.text.hyphens = .auto }], width: 40,
                                                  context: context) { $0.text.align = .justify; $0.text.indent = .px(2) }
            for line in layout.lines {
                #expect(line.x + line.width <= 40)
                #expect(line.height == 1)
                if !line.isLast { #expect(line.x + line.width == 40, "justified to the last column") }
                if line.endsWithHyphen { hyphenated += 1 }
            }
            #expect(InlineSupport.words(of: layout) == InlineSupport.words(text.replacingOccurrences(of: "\n", with: " ")))
        }
        #expect(hyphenated > 10, "\(hyphenated)")
    }
}
