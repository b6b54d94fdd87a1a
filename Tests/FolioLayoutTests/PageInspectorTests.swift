import FolioCore
import FolioStyle
import FolioText
import Testing
@testable import FolioLayout

/// What the page inspector sees in frames made by hand: contrast by the WCAG formula, blank
/// pages, upscaled images.
@Suite struct PageInspectorTests {
    let inspector = PageInspector(devicePixelRatio: 3) { path in path == "EPUB/small.png" ? (100, 50) : (3000, 1500) }

    @Test func contrastFollowsTheWCAGFormula() {
        #expect(abs(PageInspector.contrast(.black, .white) - 21) < 1e-9)
        #expect(abs(PageInspector.contrast(.white, .white) - 1) < 1e-9)
        // #767676 on white is the lightest grey that passes AA (4.54:1).
        let grey = RGBA(red: 0x76, green: 0x76, blue: 0x76)
        #expect(abs(PageInspector.contrast(grey, .white) - 4.54) < 0.01)
        let lighter = RGBA(red: 0x77, green: 0x77, blue: 0x77)
        #expect(PageInspector.contrast(lighter, .white) < 4.5)
    }

    @Test func aPageWithNothingOrOnlyItsOwnColourIsBlank() {
        let empty = Frame(width: 390, height: 844, background: .white)
        #expect(inspector.problems(empty).map(\.code) == ["layout.blank-page"])
        var painted = empty
        painted.items = [.fill(Rect(x: 0, y: 0, width: 390, height: 844), .white)]
        #expect(inspector.problems(painted).map(\.code) == ["layout.blank-page"])
        var coloured = empty
        coloured.items = [.fill(Rect(x: 10, y: 10, width: 50, height: 50), RGBA(red: 200, green: 0, blue: 0))]
        #expect(inspector.problems(coloured).isEmpty)
    }

    @Test func anImageDrawnOverMoreDevicePixelsThanItHasIsUpscaled() throws {
        var frame = Frame(width: 390, height: 844, background: .white)
        frame.items = [.image(ImageItem(rect: Rect(x: 20, y: 20, width: 100, height: 50), path: "EPUB/small.png", alt: "")),
                       .image(ImageItem(rect: Rect(x: 20, y: 100, width: 300, height: 150), path: "EPUB/large.png", alt: ""))]
        let problems = inspector.problems(frame)
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.code == "layout.image-upscaled" && problem.severity == .warning)
        #expect(problem.message.contains("100×50 px") && problem.message.contains("300×150 device pixels") && problem.message.contains("3.0×"))
        #expect(problem.rect == Rect(x: 20, y: 20, width: 100, height: 50))
        // Drawn on a 1× screen, the same image is sharp.
        #expect(PageInspector(devicePixelRatio: 1, imagePixels: inspector.imagePixels).problems(frame).isEmpty)
    }

    @Test func aLineWiderThanItsRoomOverflowsAndOneEndingInsideAWordIsBroken() {
        var frame = Frame(width: 390, height: 844, background: .white)
        let overflowing = LineSetting(left: 0, room: 300, natural: 340, separators: 0, separatorWidth: 0, justified: false, end: .emergency, overflows: true)
        let broken = LineSetting(left: 0, room: 300, natural: 296, separators: 0, separatorWidth: 0, justified: false, end: .emergency)
        let shrunk = LineSetting(left: 0, room: 300, natural: 304, separators: 6, separatorWidth: 24, justified: true, end: .space)
        frame.items = [.line(Rect(x: 20, y: 20, width: 300, height: 18), overflowing), .line(Rect(x: 20, y: 38, width: 300, height: 18), broken),
                       .line(Rect(x: 20, y: 56, width: 300, height: 18), shrunk), .fill(Rect(x: 0, y: 0, width: 10, height: 10), .black)]
        let problems = inspector.problems(frame)
        #expect(problems.map(\.code) == ["layout.line-overflow", "layout.word-broken"], "a justified line set a little tight is not one")
        #expect(problems.first?.rect?.width == 340, "the region reaches as far as the line does")
        #expect(problems.last?.rect == Rect(x: 20, y: 38, width: 300, height: 18))
    }

    @Test func pagesAreListedAsPeopleWriteThem() {
        #expect(PageWarnings.pageList([3]) == "page 3")
        #expect(PageWarnings.pageList([3, 5, 9]) == "pages 3, 5 and 9")
        #expect(PageWarnings.pageList(Array(1...12)) == "pages 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more")
        #expect(PageWarnings.pageRange(4...4) == "page 4" && PageWarnings.pageRange(4...9) == "pages 4–9")
    }
}
