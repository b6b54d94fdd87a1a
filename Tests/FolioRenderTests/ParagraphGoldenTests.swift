import FolioImage
import FolioLayout
import FolioPublication
import FolioStyle
import FolioTestSupport
import Foundation
import Testing
@testable import FolioRender

/// Paragraphs set by the paragraph setter (total fit, hyphenation, floats, right to left,
/// cells), laid out and drawn end to end from the `paragraph-setting` fixture book, against
/// reference images that were looked at before they were accepted.
@Suite struct ParagraphGoldenTests {
    static let book = RenderSupport.fixtures.appendingPathComponent("paragraph-setting").path

    /// The first page of spine item `spineIndex` on a phone at 12 pt, the reader's defaults
    /// (justified text hyphenated), drawn at 2×.
    static func render(spineIndex: Int) throws -> [UInt8] {
        let publication = try PublicationOpener.open(book)
        let layout = BookLayout(publication: publication, environment: .phone, settings: .phone) { _ in nil }
        let page = try #require(layout.chapter(spineIndex).pages.first)
        return PNGRenderer(dpr: 2) { _, _, _ in nil }.render(page.frame)
    }

    @Test func aNarrowJustifiedColumnIsSetTotalFitAndHyphenated() throws {
        GoldenImage.check(try Self.render(spineIndex: 0), named: "ParagraphGoldenTests.aNarrowJustifiedColumnIsSetTotalFitAndHyphenated.png")
    }

    @Test func aLongWordInANarrowColumnIsHyphenatedNotStretchedAround() throws {
        GoldenImage.check(try Self.render(spineIndex: 1), named: "ParagraphGoldenTests.aLongWordInANarrowColumnIsHyphenatedNotStretchedAround.png")
    }

    @Test func linesBesideAFloatTakeTheRoomItLeavesThenTheWholeWidth() throws {
        GoldenImage.check(try Self.render(spineIndex: 2), named: "ParagraphGoldenTests.linesBesideAFloatTakeTheRoomItLeavesThenTheWholeWidth.png")
    }

    @Test func arabicIsJustifiedFromTheRight() throws {
        GoldenImage.check(try Self.render(spineIndex: 3), named: "ParagraphGoldenTests.arabicIsJustifiedFromTheRight.png")
    }

    @Test func aParagraphInTerminalCellsIsSetInWholeColumns() throws {
        let (_, pages) = try TerminalPageTests.pages(Self.book, columns: 40, rows: 16, limit: 1)
        let page = try #require(pages.first)
        let text = CellRenderer.plain(CellRenderer.grid(page.frame.inCells(), columns: 40, rows: 16))
        ReferenceFile.check(Data(text.utf8), named: "ParagraphGoldenTests.aParagraphInTerminalCellsIsSetInWholeColumns.txt",
                            sourceLocation: #_sourceLocation) { expected in
            String(decoding: expected, as: UTF8.self) == text ? nil : "(the text differs)"
        }
    }
}
