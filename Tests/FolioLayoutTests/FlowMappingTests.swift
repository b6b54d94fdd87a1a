import FolioCore
@testable import FolioLayout
import FolioPublication
import FolioStyle
import FolioTestSupport
import Foundation
import Testing

/// Flow (logical) coordinates become page coordinates in one place, `FlowMapping`.
@Suite struct FlowMappingTests {
    static let page = PageGeometry(width: 400, height: 300, margins: Edges(top: 10, right: 20, bottom: 30, left: 40))

    @Test func horizontalTopToBottomMovesTheColumnIntoThePagesMarginsAndItsWindow() {
        let mapping = FlowMapping(page: Self.page)
        let rect = mapping.physical(Rect(x: 5, y: 520, width: 100, height: 20), windowStart: 500, shift: 3)
        #expect(rect == Rect(x: 45, y: 33, width: 100, height: 20))
        #expect(mapping.columnSize == LogicalSize(inline: 340, block: 260))
    }

    @Test func verticalRightToLeftStartsBlocksAtTheRightAndRunsLinesDown() {
        let mapping = FlowMapping(writingMode: .verticalRL, page: Self.page)
        // The first line (block 0…20) is the rightmost column of the content box; 5 px along the line is 5 px down.
        let rect = mapping.physical(Rect(x: 5, y: 0, width: 100, height: 20), windowStart: 0, shift: 0)
        #expect(rect == Rect(x: 400 - 20 - 20, y: 15, width: 20, height: 100))
        #expect(mapping.columnSize == LogicalSize(inline: 260, block: 340))
    }

    @Test func verticalLeftToRightStartsBlocksAtTheLeft() {
        let mapping = FlowMapping(writingMode: .verticalLR, page: Self.page)
        let rect = mapping.physical(Rect(x: 5, y: 30, width: 100, height: 20), windowStart: 10, shift: 0)
        #expect(rect == Rect(x: 60, y: 15, width: 20, height: 100))
    }

    /// A chapter with a block of every layouter (block boxes with borders and backgrounds, a
    /// drop cap and a small-caps first line, floats, an inline-block, ruby, a quotation, lists,
    /// a box kept whole, a table with a caption and a spanning cell, a missing image's placeholder, a
    /// rule, preformatted text, a forced page break), laid out through the flow coordinates
    /// and `FlowMapping` in `horizontal-tb`: its frames are those the same chapter had when
    /// layout placed items in page coordinates itself (the reference was written by that build).
    @Test func everyLayouterInHorizontalTBGivesTheFramesItGaveBefore() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/every-layouter-book").path
        let publication = try PublicationOpener.open(path)
        let layout = BookLayout(publication: publication, environment: .phone, settings: .phone, imageSize: { _ in nil })
        var out = ""
        var number = 0
        for spineIndex in layout.readingOrder {
            for page in layout.chapter(spineIndex).pages {
                number += 1
                out += "page \(number) (\(page.href))\n" + page.frame.dump()
            }
        }
        #expect(number == 3)
        ReferenceFile.check(Data(out.utf8), named: "FlowMappingTests.everyLayouterInHorizontalTBGivesTheFramesItGaveBefore.txt",
                            sourceLocation: #_sourceLocation) { expected in
            let lines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let actual = out.split(separator: "\n", omittingEmptySubsequences: false)
            let common = min(lines.count, actual.count)
            guard let k = (0..<common).first(where: { lines[$0] != actual[$0] }) ?? (lines.count == actual.count ? nil : common) else { return nil }
            return "at line \(k + 1): expected “\(k < lines.count ? lines[k] : "")”, got “\(k < actual.count ? actual[k] : "")”"
        }
    }
}
