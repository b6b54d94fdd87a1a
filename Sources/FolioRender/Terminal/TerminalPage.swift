import FolioImage
import FolioLayout
import FolioStyle

/// A page drawn for a terminal: its cell grid, and the images that a graphics protocol shows
/// over it (kitty and sixel images are escape sequences written at a cell, not characters
/// in one, so they come apart from the grid).
public struct TerminalPage: Sendable {
    public var grid: CellGrid
    /// The kitty or sixel images, in painting order; empty for half blocks and alt text,
    /// which are in the grid.
    public var placements: [TerminalImagePlacement]

    public init(grid: CellGrid, placements: [TerminalImagePlacement] = []) {
        self.grid = grid
        self.placements = placements
    }

    /// The page for a stream of text (`folio render --format cells` on stdout): the grid's
    /// rows as ANSI lines, then each image written at its cell by moving up from the last
    /// row (the page's rows are already on the screen, so nothing scrolls) and back, with the
    /// cursor saved and restored around it (DECSC/DECRC). No newline after the last row.
    public func streamed(colors: ColorMode) -> [UInt8] {
        var out = Array(CellRenderer.ansi(grid, colors: colors).utf8)
        guard !placements.isEmpty else { return out }
        let last = grid.rows - 1
        for placement in placements {
            out += Array("\u{1B}7".utf8)
            if last - placement.row > 0 { out += Array("\u{1B}[\(last - placement.row)A".utf8) }
            out.append(UInt8(ascii: "\r"))
            if placement.column > 0 { out += Array("\u{1B}[\(placement.column)C".utf8) }
            out += placement.bytes
            out += Array("\u{1B}8".utf8)
        }
        return out
    }
}

/// An image shown by a graphics protocol over a block of cells: the escape sequence to write
/// with the cursor at its top-left cell.
public struct TerminalImagePlacement: Sendable, Hashable {
    /// The top-left cell, counted from 0 on the page's grid.
    public var column: Int
    public var row: Int
    /// The cells it covers.
    public var columns: Int
    public var rows: Int
    /// The kitty or sixel escape sequence (7-bit ASCII).
    public var bytes: [UInt8]

    public init(column: Int, row: Int, columns: Int, rows: Int, bytes: [UInt8]) {
        self.column = column
        self.row = row
        self.columns = columns
        self.rows = rows
        self.bytes = bytes
    }

    /// The sequence preceded by a cursor move (CUP) to its cell on a grid whose top-left
    /// cell is at terminal row `top` and column `left` (1-based, as CUP counts).
    public func positioned(top: Int = 1, left: Int = 1) -> [UInt8] {
        Array("\u{1B}[\(top + row);\(left + column)H".utf8) + bytes
    }
}

extension CellRenderer {
    /// The cells of a page laid out in cell units (`Frame.inCells()`), with its images shown
    /// the way `graphics` says: kitty or sixel as placements, half blocks in the grid in the
    /// colours `colors` allows, alt text otherwise (and for any image that cannot be had, and
    /// for half blocks when there are no colours).
    ///
    /// `bitmap` is asked for each image at a pixel size (`BookImages.bitmap(_:width:height:)`
    /// fits); `cellPixels` is the terminal's cell in screen pixels, which sixel images are
    /// measured in and kitty images sampled at.
    public static func page(_ frame: Frame, columns: Int, rows: Int, graphics: TerminalGraphics, colors: ColorMode,
                            cellPixels: CellPixels = .fallback,
                            bitmap: (_ path: String, _ width: Int, _ height: Int) -> Bitmap?) -> TerminalPage {
        var grid = CellGrid(columns: columns, rows: rows)
        var placements: [TerminalImagePlacement] = []
        let drawing = ImageDrawing(graphics: colors == .none && graphics == .blocks ? TerminalGraphics.none : graphics,
                                   cellPixels: cellPixels, background: frame.background)
        for item in frame.items {
            switch item {
            case .text(let origin, let run): place(run, at: origin, in: &grid)
            case .fill(let rect, let color): fill(rect, color, in: &grid)
            case .border(let border): drawBorder(border, in: &grid)
            case .image(let image):
                if let placement = drawing.draw(image, in: &grid, bitmap: bitmap) { placements.append(placement) }
            case .link(let rect, let href): link(rect, href: href, in: &grid)
            case .line: break
            }
        }
        return TerminalPage(grid: grid, placements: placements)
    }
}
