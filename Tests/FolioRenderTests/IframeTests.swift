import FolioLayout
import FolioText
import FolioTestSupport
import Testing
@testable import FolioRender

/// An `<iframe>` of a document of the book shows that document's first page inside its box,
/// scaled to fit; one that embeds its own document is left empty, with a warning. Fixture
/// `iframe-document`: a 600 × 100 iframe of `inner.xhtml` (30 px text), then one of itself.
@Suite struct IframeTests {
    @Test func theIframesDocumentIsLaidOutInsideItsBoxScaledToFit() throws {
        let (page, _, publication) = try RenderSupport.firstPage(ofFixture: "iframe-document")
        #expect(page.text.contains("Before the frame.\nWords from inside the frame.\nBetween the frames."), "\(page.text)")
        let runs = page.frame.items.compactMap { item -> (Point, PositionedRun)? in
            if case .text(let origin, let run) = item { return (origin, run) }
            return nil
        }
        let inside = try #require(runs.first { $0.1.text.contains("Words") })
        // 600 px of document in the phone's 334 px column: 30 px text shown at about 16.7 px.
        #expect(abs(inside.1.size - 30 * 334 / 600) < 1, "\(inside.1.size)")
        #expect(inside.1.source == nil, "the inner document's text is not this chapter's")
        let border = page.frame.items.compactMap { item -> Rect? in
            if case .border(let border) = item { return border.rect }
            return nil
        }.first
        let box = try #require(border)
        #expect(inside.0.y >= box.y && inside.0.y + inside.1.baseline <= box.maxY, "the text sits inside the iframe's border")
        #expect(publication.diagnostics.warnings.contains { $0.code == "layout.iframe-nested" })
        #expect(page.text.contains("After the frames."))
    }
}
