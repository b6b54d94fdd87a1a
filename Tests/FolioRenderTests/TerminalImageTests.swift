import FolioImage
import FolioLayout
import FolioStyle
import Foundation
import Testing
@testable import FolioRender

@Suite struct TerminalImageTests {
    static func fixture(_ name: String) throws -> Bitmap {
        try ImageDecoder.decode(Array(try Data(contentsOf: RenderSupport.fixtures.appendingPathComponent(name))))
    }

    /// A page of `columns`×`rows` cells with one image on it.
    static func frame(_ rect: Rect, columns: Int, rows: Int, items: [FrameItem] = []) -> Frame {
        Frame(width: Double(columns), height: Double(rows), background: .white,
              items: items + [.image(ImageItem(rect: rect, path: "images/map.png", alt: "a map"))])
    }

    @Test func halfBlocksShowTwoPixelRowsACellInTheImagesOwnColours() throws {
        let image = try Self.fixture("half-blocks/image.png")
        var asked: [String] = []
        let page = CellRenderer.page(Self.frame(Rect(x: 1, y: 0, width: 2, height: 2), columns: 4, rows: 2),
                                     columns: 4, rows: 2, graphics: .blocks, colors: .trueColor) { path, width, height in
            asked.append("\(path) \(width)×\(height)")
            return image
        }
        let grid = page.grid
        #expect(asked == ["images/map.png 16×32"])  // 8×16 px a cell
        #expect(page.placements.isEmpty)
        // Upper pixel red, lower blue; white over a transparent pixel; green under one; both transparent.
        #expect(grid[1, 0] == Cell(character: "▀", foreground: RenderSupport.red, background: RenderSupport.blue))
        #expect(grid[2, 0] == Cell(character: "▀", foreground: .white))
        #expect(grid[1, 1] == Cell(character: "▄", foreground: RenderSupport.green))
        #expect(grid[2, 1] == .blank && grid[0, 0] == .blank && grid[3, 1] == .blank)
        #expect(CellRenderer.ansi(grid, colors: .trueColor) ==
            " \u{1B}[0;38;2;255;0;0;48;2;0;0;255m▀\u{1B}[0;38;2;255;255;255m▀\u{1B}[0m\n \u{1B}[0;38;2;0;160;0m▄\u{1B}[0m")
    }

    @Test func theAreaFilterAveragesEverySourcePixelUnderAnOutputPixel() throws {
        // A black and white checkerboard, 8×8: point sampling would give black or white.
        var pixels: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<8 { pixels += (x + y) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        }
        let board = Bitmap(width: 8, height: 8, stride: 32, pixels: pixels)
        let small = try #require(board.areaResampled(width: 1, height: 2))
        #expect(small.color(x: 0, y: 0) == RGBA(red: 128, green: 128, blue: 128))
        #expect(small.color(x: 0, y: 1) == RGBA(red: 128, green: 128, blue: 128))
        // Three pixels into two: each output takes two thirds of one and a third of the middle.
        let weights = Bitmap.areaWeights(source: 3, destination: 2)
        #expect(weights.map { $0.map(\.index) } == [[0, 1], [1, 2]])
        #expect(weights.map { $0.map { ($0.weight * 3).rounded() } } == [[2, 1], [1, 2]])
    }

    @Test func withoutColoursOrWithoutItsFileAnImageIsItsAltText() throws {
        let frame = Self.frame(Rect(x: 0, y: 0, width: 16, height: 1), columns: 16, rows: 1)
        let image = try Self.fixture("half-blocks/image.png")
        let noColours = CellRenderer.page(frame, columns: 16, rows: 1, graphics: .blocks, colors: .none) { _, _, _ in image }
        let noFile = CellRenderer.page(frame, columns: 16, rows: 1, graphics: .kitty, colors: .trueColor) { _, _, _ in nil }
        let none = CellRenderer.page(frame, columns: 16, rows: 1, graphics: .none, colors: .trueColor) { _, _, _ in image }
        for page in [noColours, noFile, none] {
            #expect(CellRenderer.plain(page.grid) == " [image: a map]")
            #expect(page.placements.isEmpty)
        }
    }

    @Test func aKittyImageIsAPlacementOverBlankCellsSampledAtTheCellsPixelSize() throws {
        let text = try CellSupport.run("under")
        let frame = Self.frame(Rect(x: 1, y: 1, width: 3, height: 2), columns: 6, rows: 3,
                               items: [.text(origin: Point(x: 0, y: 1), run: text)])
        let image = try Self.fixture("half-blocks/image.png")
        let page = CellRenderer.page(frame, columns: 6, rows: 3, graphics: .kitty, colors: .trueColor,
                                     cellPixels: CellPixels(width: 5, height: 10)) { _, _, _ in image }
        #expect(CellRenderer.plain(page.grid) == "\nu   r\n")
        let placement = try #require(page.placements.first)
        #expect([placement.column, placement.row, placement.columns, placement.rows] == [Int]([1, 1, 3, 2]))
        let sequence = String(decoding: placement.bytes, as: UTF8.self)
        #expect(sequence.hasPrefix("\u{1B}_Ga=T,f=100,q=2,C=1,c=3,r=2;") && sequence.hasSuffix("\u{1B}\\"))
        let payload = sequence.dropFirst("\u{1B}_Ga=T,f=100,q=2,C=1,c=3,r=2;".count).dropLast(2)
        let png = try #require(Data(base64Encoded: String(payload)))
        let decoded = try ImageDecoder.decode(Array(png))
        #expect(decoded.width == 15 && decoded.height == 20)
    }

    @Test func aSixelImageRunningOffThePageIsCutToTheRowsOnIt() throws {
        let image = try Self.fixture("half-blocks/image.png")
        let page = CellRenderer.page(Self.frame(Rect(x: 0, y: 1, width: 2, height: 4), columns: 4, rows: 3),
                                     columns: 4, rows: 3, graphics: .sixel, colors: .palette256,
                                     cellPixels: CellPixels(width: 4, height: 6)) { _, _, _ in image }
        let placement = try #require(page.placements.first)
        #expect([placement.column, placement.row, placement.columns, placement.rows] == [Int]([0, 1, 2, 2]))
        // Two rows of cells 6 px tall and two columns 4 px wide: raster attributes 8×12.
        #expect(String(decoding: placement.bytes, as: UTF8.self).hasPrefix("\u{1B}P0;1;0q\"1;1;8;12#"))
    }

    @Test func aStreamedPageWritesEachImageAtItsCellAndPutsTheCursorBack() {
        var grid = CellGrid(columns: 4, rows: 3)
        grid.put(text: "abc", column: 0, row: 2, style: Cell())
        let page = TerminalPage(grid: grid, placements: [TerminalImagePlacement(column: 2, row: 0, columns: 2, rows: 2, bytes: Array("IMG".utf8))])
        #expect(String(decoding: page.streamed(colors: .none), as: UTF8.self) == "\n\nabc\u{1B}7\u{1B}[2A\r\u{1B}[2CIMG\u{1B}8")
        #expect(String(decoding: page.placements[0].positioned(top: 4, left: 3), as: UTF8.self) == "\u{1B}[4;5HIMG")
    }
}
