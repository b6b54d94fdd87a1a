@testable import FolioLayout
@testable import FolioStyle
@testable import FolioText
import Testing

/// A chapter's frame items are held twice while it is cut into pages (the column's slots, then
/// the pages' frames), so their size is a design decision: see `FrameItem`.
@Suite struct FrameItemSizeTests {
    @Test func anItemIsFiftySixBytesWhateverItDraws() {
        #expect(MemoryLayout<FrameItem>.stride == 56)
        // In the column: its units, and how far the boxes it was made in have moved.
        #expect(MemoryLayout<PlacedItem?>.stride == 80)
    }

    @Test func aRunCopiedIntoAnItemSharesItsFieldsUntilOneIsChanged() throws {
        let pages = try LayoutSupport.pages("<p>Harrow Rock is not large.</p>", page: PageGeometry(width: 300, height: 400, margins: .init(all: 10)))
        let runs = pages.flatMap(\.frame.items).compactMap { item -> PositionedRun? in
            if case .text(_, let run) = item { return run }
            return nil
        }
        var run = try #require(runs.first)
        let copy = run
        #expect(run.fields.isIdentical(to: copy.fields))
        run.x += 1
        #expect(!run.fields.isIdentical(to: copy.fields))
        #expect(copy.x == runs[0].x && run.x == copy.x + 1)
    }
}
