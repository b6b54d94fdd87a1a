import FolioLayout
import FolioPublication
import FolioStyle
import FolioText
import Foundation
import Testing

/// The highlight API on `Fixtures/highlight-book`: one paragraph of spans `a` ("Alpha beta."),
/// `b` ("Gamma <em>delta</em> epsilon."), `c` (a sentence over several lines) and `empty`; its
/// stylesheet gives class `on` a green background and white text, and `playing p` grey text.
@Suite struct HighlightTests {
    static let book = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/highlight-book").path

    static func layout(cells: Bool = false) throws -> BookLayout {
        let publication = try PublicationOpener.open(book)
        if cells {
            return BookLayout(publication: publication, environment: .terminal(columns: 60, rows: 20), settings: ReaderSettings(),
                              metric: .cells, imageSize: { _ in nil })
        }
        return BookLayout(publication: publication, environment: .phone, settings: .phone, imageSize: { _ in nil })
    }

    @Test func anElementsRangeRunsFromItsFirstToItsLastCharacter() throws {
        let layout = try Self.layout()
        let a = try #require(layout.textRange(ofElementID: "a", inSpineItem: 0))
        let b = try #require(layout.textRange(ofElementID: "b", inSpineItem: 0))
        let p = try #require(layout.textRange(ofElementID: "p", inSpineItem: 0))
        #expect(a.count == "Alpha beta.".unicodeScalars.count)
        #expect(b.count == "Gamma delta epsilon.".unicodeScalars.count)
        #expect(b.lowerBound == a.upperBound + 1)  // the space between the spans
        #expect(p.lowerBound == a.lowerBound && p.upperBound > b.upperBound)
        #expect(layout.textRange(ofElementID: "empty", inSpineItem: 0)?.isEmpty == true)
        #expect(layout.textRange(ofElementID: "nope", inSpineItem: 0) == nil)
        #expect(layout.chapter(0).pageIndex(of: b.lowerBound) == 0)
    }

    @Test func aSpanOnOneLineGetsOneRectangleAcrossItsStyledRuns() throws {
        let layout = try Self.layout()
        let page = layout.chapter(0).pages[0]
        let a = try #require(layout.textRange(ofElementID: "a", inSpineItem: 0))
        let b = try #require(layout.textRange(ofElementID: "b", inSpineItem: 0))
        let aRects = layout.highlightRects(a, on: page)
        let bRects = layout.highlightRects(b, on: page)
        #expect(aRects.count == 1)
        #expect(bRects.count == 1, "the em's run joins its neighbours: \(bRects)")
        #expect(bRects[0].x > aRects[0].maxX)
        #expect(bRects[0].y == aRects[0].y && bRects[0].height > 10)
    }

    @Test func partOfARunIsCoveredByItsGlyphsOnly() throws {
        let layout = try Self.layout()
        let page = layout.chapter(0).pages[0]
        let b = try #require(layout.textRange(ofElementID: "b", inSpineItem: 0))
        let whole = try #require(layout.highlightRects(b, on: page).first)
        // "amma" of "Gamma": inside the run of the span's first text node.
        let part = layout.highlightRects((b.lowerBound + 1)..<(b.lowerBound + 5), on: page)
        #expect(part.count == 1)
        #expect(part[0].x > whole.x && part[0].maxX < whole.maxX)
        #expect(part[0].width > 10 && part[0].width < whole.width / 3)
    }

    @Test func aSentenceOverSeveralLinesGetsARectangleOnEachLine() throws {
        let layout = try Self.layout()
        let page = layout.chapter(0).pages[0]
        let c = try #require(layout.textRange(ofElementID: "c", inSpineItem: 0))
        let rects = layout.highlightRects(c, on: page)
        #expect(rects.count >= 2)
        #expect(zip(rects, rects.dropFirst()).allSatisfy { $0.y < $1.y })
        #expect(layout.highlightRects(0..<0, on: page).isEmpty)
    }

    @Test func underTheCellMetricRectanglesCoverWholeCells() throws {
        let layout = try Self.layout(cells: true)
        let page = layout.chapter(0).pages[0]
        let c = try #require(layout.textRange(ofElementID: "c", inSpineItem: 0))
        let rects = layout.highlightRects(c, on: page)
        #expect(rects.count >= 2)
        for rect in rects {
            #expect(rect.x.truncatingRemainder(dividingBy: 8) == 0 && rect.width.truncatingRemainder(dividingBy: 8) == 0)
            #expect(rect.y.truncatingRemainder(dividingBy: 16) == 0 && rect.height == 16)
        }
    }

    @Test func highlightFillsGoBeneathTheTextTheyCover() throws {
        let layout = try Self.layout()
        let page = layout.chapter(0).pages[0]
        let b = try #require(layout.textRange(ofElementID: "b", inSpineItem: 0))
        let rects = layout.highlightRects(b, on: page)
        let yellow = RGBA(red: 255, green: 255, blue: 0)
        let frame = page.frame.highlighting(rects, color: yellow)
        #expect(frame.items.count == page.frame.items.count + rects.count)
        let fill = try #require(frame.items.firstIndex { if case .fill(_, yellow) = $0 { return true } else { return false } })
        // Right before the run it lies under, so after the runs before it and beneath its glyphs.
        guard case .text(_, let run) = frame.items[fill + 1] else { Issue.record("no text after the fill"); return }
        #expect(run.text.hasPrefix("Gamma"))
    }

    @Test func theBooksActiveClassGivesTheBackgroundAndRecoloursTheFragmentAndPlaybackClassTheRest() throws {
        let layout = try Self.layout()
        let style = try #require(layout.classHighlight(elementID: "b", activeClass: "on", playbackActiveClass: "playing", inSpineItem: 0))
        #expect(style.background == RGBA(red: 0, green: 255, blue: 0))
        let colors = Set(style.textColors.values)
        #expect(colors == [RGBA(red: 255, green: 255, blue: 255), RGBA(red: 128, green: 128, blue: 128)])
        let page = layout.chapter(0).pages[0]
        let recoloured = page.frame.recoloringText(style.textColors)
        let runs = recoloured.items.compactMap { item -> (String, RGBA)? in
            if case .text(_, let run) = item { return (run.text, run.color) } else { return nil }
        }
        #expect(runs.first { $0.0.contains("delta") }?.1 == RGBA(red: 255, green: 255, blue: 255))
        #expect(runs.first { $0.0.contains("Alpha") }?.1 == RGBA(red: 128, green: 128, blue: 128))
    }

    /// For a view without pages (`folio narrate`): the fragment's text and background colours,
    /// and the rest of the text's.
    @Test func narrationColoursAreTheFragmentsAndTheRestsUnderTheClasses() throws {
        let layout = try Self.layout()
        let colors = try #require(layout.narrationColors(elementID: "b", activeClass: "on", playbackActiveClass: "playing", inSpineItem: 0))
        #expect(colors == NarrationColors(text: RGBA(red: 255, green: 255, blue: 255), background: RGBA(red: 0, green: 255, blue: 0),
                                          rest: RGBA(red: 128, green: 128, blue: 128)))
        #expect(layout.narrationColors(elementID: "a", activeClass: "-epub-media-overlay-active", playbackActiveClass: nil, inSpineItem: 0) == nil)
    }

    @Test func aClassTheBookDoesNotStyleChangesNothingSoTheDefaultHighlightIsUsed() throws {
        let layout = try Self.layout()
        let style = try #require(layout.classHighlight(elementID: "a", activeClass: "-epub-media-overlay-active", inSpineItem: 0))
        #expect(style.isEmpty)
        #expect(ClassHighlight.defaultFill(on: .white) != ClassHighlight.defaultFill(on: .black))
        #expect(layout.classHighlight(elementID: "nope", activeClass: "on", inSpineItem: 0) == nil)
    }
}
