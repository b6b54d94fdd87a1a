import FolioLayout
import FolioStyle
import Testing
@testable import FolioRender

@Suite struct PNGRendererTests {
    typealias S = RenderSupport

    /// A white 100 × 60 page: a red fill at (10, 10, 30 × 20), a 4 px blue border around (50, 10, 40 × 40).
    static let fillAndBorder = Frame(width: 100, height: 60, background: .white, items: [
        .fill(Rect(x: 10, y: 10, width: 30, height: 20), S.red),
        .border(BorderItem(rect: Rect(x: 50, y: 10, width: 40, height: 40), widths: Edges(all: 4),
                           styles: Edges(all: .solid), colors: Edges(all: S.blue))),
        .link(Rect(x: 0, y: 0, width: 100, height: 60), href: "chapter2.xhtml"),
    ])

    static func border(_ style: BorderStyle, width: Double = 4, radius: Double = 0, colors: Edges<RGBA> = Edges(all: S.blue)) -> Frame {
        Frame(width: 100, height: 60, background: .white, items: [
            .border(BorderItem(rect: Rect(x: 10, y: 10, width: 80, height: 40), widths: Edges(all: width),
                               styles: Edges(all: style), colors: colors, radii: [radius, radius, radius, radius])),
        ])
    }

    @Test func aFillAndABorderHaveTheirColoursAtKnownPointsOfTheDecodedPNG() throws {
        let renderer = S.renderer(dpr: 2)
        let png = renderer.render(Self.fillAndBorder)
        let decoded = try #require(S.decodePNG(png))
        #expect(decoded.width == 200 && decoded.height == 120)
        #expect(decoded.color(x: 50, y: 40) == S.red)          // the fill's centre
        #expect(decoded.color(x: 21, y: 21) == S.red)          // just inside its corner
        #expect(decoded.color(x: 19, y: 19) == .white)         // just outside
        #expect(decoded.color(x: 140, y: 23) == S.blue)        // the border's top edge
        #expect(decoded.color(x: 102, y: 60) == S.blue)        // its left edge
        #expect(decoded.color(x: 140, y: 60) == .white)        // inside the border: the page
        #expect(decoded.color(x: 5, y: 110) == .white)         // the link draws nothing
        #expect(S.words(decoded) == S.words(renderer.pixels(Self.fillAndBorder)))
    }

    @Test func theSameFrameRenderedTwiceOrOnManyThreadsGivesIdenticalBytes() async throws {
        let fonts = try S.fontContext()
        var page = Self.fillAndBorder
        page.items += S.textItems(S.paragraph("The quick brown fox", fonts: fonts), at: Point(x: 4, y: 36))
        let frame = page
        let first = S.renderer(dpr: 1.5).render(frame)
        let again = S.renderer(dpr: 1.5).render(frame)
        #expect(!first.isEmpty && first == again)
        let renderer = S.renderer(dpr: 1.5)
        let results = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<4 { group.addTask { renderer.render(frame) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4 && results.allSatisfy { $0 == first })
    }

    @Test func thePNGHoldsOnlyTheImageChunksNoTimeOrText() {
        let png = S.renderer().render(Self.fillAndBorder)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Set(S.pngChunkTypes(png)) == ["IHDR", "IDAT", "IEND"])
    }

    @Test func theCompressionLevelChangesTheSizeButNotThePixels() throws {
        let stored = S.renderer(compression: 0).render(Self.fillAndBorder)
        let smallest = S.renderer(compression: 9).render(Self.fillAndBorder)
        #expect(stored.count > 2 * smallest.count)
        let a = try #require(S.decodePNG(stored)), b = try #require(S.decodePNG(smallest))
        #expect(S.words(a) == S.words(b))
    }

    @Test func anOpaquePageIsWrittenAsRGBAndATransparentOneAsStraightRGBA() throws {
        #expect(S.pngColorType(S.renderer().render(Self.fillAndBorder)) == 2)
        let halfRed = RGBA(red: 255, green: 0, blue: 0, alpha: 0.5)
        let frame = Frame(width: 20, height: 20, background: .transparent, items: [.fill(Rect(x: 0, y: 0, width: 10, height: 20), halfRed)])
        let png = S.renderer().render(frame)
        #expect(S.pngColorType(png) == 6)
        let decoded = try #require(S.decodePNG(png))
        let left = try #require(decoded.color(x: 5, y: 5))
        #expect(left.red == 255 && left.green == 0 && abs(left.alpha - 0.5) < 0.01)
        #expect(decoded.color(x: 15, y: 5)?.alpha == 0)
    }

    @Test func aPageOfGreysIsWrittenAsGreyscaleWithTheSamePixels() throws {
        let grey = RGBA(red: 0x60, green: 0x60, blue: 0x60)
        let frame = Frame(width: 40, height: 20, background: .white, items: [
            .fill(Rect(x: 0, y: 0, width: 20, height: 20), grey),
            .fill(Rect(x: 20.5, y: 0, width: 10, height: 20), .black),  // a half-covered column: antialiased grey
        ])
        let png = S.renderer().render(frame)
        #expect(S.pngColorType(png) == 0)
        let decoded = try #require(S.decodePNG(png))
        #expect(decoded.color(x: 10, y: 10) == grey)
        #expect(decoded.color(x: 25, y: 10) == .black)
        #expect(decoded.color(x: 35, y: 10) == .white)
        let edge = try #require(decoded.color(x: 20, y: 10))
        #expect(edge.red == edge.green && edge.green == edge.blue && edge != .white && edge != .black)
        // One coloured pixel makes it RGB again.
        let tinted = Frame(width: 40, height: 20, background: .white, items: frame.items + [.fill(Rect(x: 39, y: 19, width: 1, height: 1), RGBA(red: 0x61, green: 0x60, blue: 0x60))])
        #expect(S.pngColorType(S.renderer().render(tinted)) == 2)
    }

    @Test func thePageSizeIsTheFrameSizeTimesTheDevicePixelRatioRoundedUp() {
        let bitmap = S.renderer(dpr: 1.5).pixels(Frame(width: 101, height: 33, background: .white))
        #expect(bitmap.width == 152 && bitmap.height == 50)
        let exact = S.renderer(dpr: 1.1).pixels(Frame(width: 600, height: 100, background: .white))
        #expect(exact.width == 660 && exact.height == 110)
    }

    @Test func eachEdgeOfABorderHasItsOwnColour() {
        let colors = Edges(top: S.red, right: S.green, bottom: S.blue, left: RGBA.black)
        let bitmap = S.renderer().pixels(Self.border(.solid, width: 6, colors: colors))
        #expect(bitmap.color(x: 50, y: 12) == S.red)
        #expect(bitmap.color(x: 87, y: 30) == S.green)
        #expect(bitmap.color(x: 50, y: 47) == S.blue)
        #expect(bitmap.color(x: 12, y: 30) == .black)
        #expect(bitmap.color(x: 50, y: 30) == .white)
    }

    @Test func aDoubleBorderIsTwoLinesWithTheBackgroundBetween() {
        let bitmap = S.renderer().pixels(Self.border(.double, width: 9))
        #expect(bitmap.color(x: 50, y: 11) == S.blue)   // outer third: 10–13
        #expect(bitmap.color(x: 50, y: 14) == .white)   // middle third: 13–16
        #expect(bitmap.color(x: 50, y: 17) == S.blue)   // inner third: 16–19
    }

    @Test func dashedAndDottedBordersLeaveGapsAlongTheEdge() {
        for style in [BorderStyle.dashed, .dotted] {
            let bitmap = S.renderer().pixels(Self.border(style, width: 4))
            let row = (20..<80).compactMap { bitmap.color(x: $0, y: 12) }
            let painted = row.filter { $0.blue > 200 && $0.red < 100 }.count
            let gaps = row.filter { $0 == .white }.count
            #expect(painted > 10 && gaps > 10, "\(style): \(painted) painted, \(gaps) gaps")
        }
    }

    @Test func grooveBordersShadeTheirOuterAndInnerHalvesDifferently() {
        let bitmap = S.renderer().pixels(Self.border(.groove, width: 8))
        let outer = bitmap.color(x: 50, y: 11), inner = bitmap.color(x: 50, y: 16)
        #expect(outer != nil && inner != nil && outer != inner && outer != .white && inner != .white)
        // A groove's top edge is dark outside and light inside, its bottom edge the reverse.
        #expect(bitmap.color(x: 50, y: 48) == inner)
        #expect(bitmap.color(x: 50, y: 43) == outer)
    }

    @Test func roundedCornersLeaveTheOuterCornerEmpty() {
        let bitmap = S.renderer().pixels(Self.border(.solid, width: 4, radius: 15))
        #expect(bitmap.color(x: 11, y: 11) == .white)
        #expect(bitmap.color(x: 50, y: 11) == S.blue)
        #expect(bitmap.color(x: 11, y: 30) == S.blue)
        // On the curve, about 45° in from the corner: 15 − 15 / √2 ≈ 4.4 px in.
        #expect(bitmap.color(x: 10 + 5, y: 10 + 5)?.blue ?? 0 > 200)
    }

    @Test func anImageIsAskedForAtItsDevicePixelSizeAndDrawnIntoItsRect() {
        let renderer = PNGRenderer(dpr: 2) { path, width, height in
            path == "images/a.png" && width == 60 && height == 40 ? S.solidBitmap(S.green, width: width, height: height) : nil
        }
        let frame = Frame(width: 50, height: 40, background: .white, items: [
            .image(ImageItem(rect: Rect(x: 10, y: 10, width: 30, height: 20), path: "images/a.png", alt: "A")),
        ])
        let bitmap = renderer.pixels(frame)
        #expect(bitmap.color(x: 20, y: 20) == S.green)
        #expect(bitmap.color(x: 79, y: 59) == S.green)
        #expect(bitmap.color(x: 81, y: 61) == .white)
    }

    @Test func anImageThatCannotBeDecodedIsAFramedPlaceholderWithItsAltText() {
        let frame = Frame(width: 160, height: 100, background: .white, items: [
            .image(ImageItem(rect: Rect(x: 10, y: 10, width: 140, height: 60), path: "images/missing.png", alt: "A lighthouse at dusk")),
        ])
        let bitmap = S.renderer().pixels(frame)
        #expect(bitmap.color(x: 10, y: 40) == FramePainter.placeholderFrame)
        #expect(bitmap.color(x: 80, y: 10) == FramePainter.placeholderFrame)
        let inside = S.darkPixels(bitmap, in: (12..<148, 12..<68))
        #expect(inside > 50)
        #expect(S.darkPixels(bitmap, in: (0..<160, 72..<100)) == 0)
    }

    /// A hair-thin dotted or dashed border asks for more dots than `Int` holds: it draws, it
    /// does not trap.
    @Test func hairThinDottedAndDashedBordersDrawWithoutTrapping() throws {
        let renderer = S.renderer(dpr: 2)
        for style in [BorderStyle.dashed, .dotted] {
            for width in [1e-20, 1e-300, 4.9e-324] {
                #expect(S.decodePNG(renderer.render(Self.border(style, width: width))) != nil)
            }
        }
    }
}
