import FolioLayout
import FolioPublication
import FolioStyle
import Foundation
import Testing

/// Pre-paginated spine items: one page each, their viewport scaled into the reader's page.
@Suite struct FixedLayoutTests {
    static func layout() throws -> BookLayout {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fixed-layout-book").path
        let publication = try PublicationOpener.open(path)
        return BookLayout(publication: publication, environment: .phone, settings: .phone, imageSize: { _ in nil })
    }

    @Test func aFixedLayoutDocumentIsOnePageScaledToFitAndCentred() throws {
        let layout = try Self.layout()
        let pages = layout.chapter(0).pages
        #expect(pages.count == 1)
        let page = try #require(pages.first)
        #expect(page.text.contains("Top words") && page.text.contains("Bottom words"))
        // 1000×2000 into 390×844: scaled by 0.39 (the width limits), centred vertically.
        let scale = 390.0 / 1000
        var fills: [Rect] = []
        for item in page.frame.items { if case .fill(let rect, _) = item { fills.append(rect) } }
        let red = try #require(fills.first { abs($0.height - 1900 * scale) < 1 })
        #expect(abs(red.width - 1000 * scale) < 1)
        let top = (844 - 2000 * scale) / 2
        #expect(abs(red.y - (top + 60 * 1.2 * scale)) < 8)
        for item in page.frame.items {
            if case .text(let origin, let run) = item { #expect(origin.y + run.baseline <= 844 && run.size < 60 * scale + 1) }
        }
    }

    @Test func aSpineItemMarkedReflowableIsPaginatedAsUsual() throws {
        let layout = try Self.layout()
        #expect(layout.chapter(1).pages.count > 1)
    }
}
