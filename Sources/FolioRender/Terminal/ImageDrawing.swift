import FolioImage
import FolioLayout
import FolioStyle

/// How a page's images go onto a terminal: half blocks into the grid, kitty and sixel images
/// as placements over blanked cells, alt text when there is no picture to show.
struct ImageDrawing {
    var graphics: TerminalGraphics
    var cellPixels: CellPixels
    /// The page colour, under transparent pixels.
    var background: RGBA

    /// The most pixels an image is sampled to (a page of 1000×1000 cells of 4×4 px).
    static let pixelLimit = 16_000_000

    /// Draws one image; returns the placement a graphics protocol shows it with.
    func draw(_ image: ImageItem, in grid: inout CellGrid,
              bitmap: (_ path: String, _ width: Int, _ height: Int) -> Bitmap?) -> TerminalImagePlacement? {
        guard let path = image.path, let span = ImageSpan(image.rect, grid: grid) else {
            CellRenderer.placeImage(image, in: &grid)
            return nil
        }
        switch graphics {
        case .none:
            CellRenderer.placeImage(image, in: &grid)
        case .blocks:
            // Asked for at 8×16 px a cell, so that an SVG is drawn finely enough to average down.
            guard let source = bitmap(path, span.columns * 8, span.rows * 16),
                  let scaled = source.areaResampled(width: span.columns, height: span.rows * 2) else {
                CellRenderer.placeImage(image, in: &grid)
                return nil
            }
            drawHalfBlocks(scaled, span: span, in: &grid)
        case .kitty, .sixel:
            let width = span.columns * max(1, cellPixels.width), height = span.rows * max(1, cellPixels.height)
            guard width.multipliedReportingOverflow(by: height).partialValue <= Self.pixelLimit,
                  let source = bitmap(path, width, height),
                  let scaled = source.areaResampled(width: width, height: height),
                  let shown = scaled.cropped(x: (span.visibleColumns.lowerBound - span.column) * cellPixels.width,
                                             y: (span.visibleRows.lowerBound - span.row) * cellPixels.height,
                                             width: span.visibleColumns.count * cellPixels.width,
                                             height: span.visibleRows.count * cellPixels.height) else {
                CellRenderer.placeImage(image, in: &grid)
                return nil
            }
            // The cells under the picture are blank: the grid's text is written first.
            for row in span.visibleRows {
                for column in span.visibleColumns { grid.put(" ", width: 1, column: column, row: row, style: Cell()) }
            }
            let bytes = graphics == .kitty
                ? KittyGraphics.placement(shown, columns: span.visibleColumns.count, rows: span.visibleRows.count)
                : SixelEncoder.encode(shown, background: background)
            return TerminalImagePlacement(column: span.visibleColumns.lowerBound, row: span.visibleRows.lowerBound,
                                          columns: span.visibleColumns.count, rows: span.visibleRows.count, bytes: bytes)
        }
        return nil
    }

    /// Two pixels a cell: `▀` in the upper pixel's colour over a background of the lower
    /// one's. A (nearly) transparent pixel keeps the cell's own background (`▄` when only the
    /// lower pixel shows); partly transparent ones are laid over it, or over the page colour.
    /// https://www.unicode.org/charts/PDF/U2580.pdf
    func drawHalfBlocks(_ pixels: Bitmap, span: ImageSpan, in grid: inout CellGrid) {
        for row in span.visibleRows {
            for column in span.visibleColumns {
                let x = column - span.column, y = 2 * (row - span.row)
                let base = grid[column, row].background ?? background
                let upper = pixels.opaqueColor(x: x, y: y, over: base), lower = pixels.opaqueColor(x: x, y: y + 1, over: base)
                switch (upper, lower) {
                case (let upper?, let lower):
                    grid.put("▀", width: 1, column: column, row: row, style: Cell(foreground: upper, background: lower))
                case (nil, let lower?):
                    grid.put("▄", width: 1, column: column, row: row, style: Cell(foreground: lower))
                case (nil, nil):
                    continue
                }
            }
        }
    }
}

/// The whole cells an image takes on a grid (its left edge rounded to a column as text is,
/// its top to the row it starts in, its size to whole cells), and the part of them on the grid.
struct ImageSpan {
    var column: Int
    var row: Int
    var columns: Int
    var rows: Int
    var visibleColumns: Range<Int>
    var visibleRows: Range<Int>

    /// Nil when the image is empty, not finite, far larger than the grid, or off it.
    init?(_ rect: Rect, grid: CellGrid) {
        let limit = Double(4 * max(grid.columns, grid.rows) + 16)
        guard [rect.x, rect.y, rect.width, rect.height].allSatisfy({ $0.isFinite && abs($0) < limit }),
              rect.width > 0, rect.height > 0 else { return nil }
        column = Int(rect.x.rounded())
        row = Int((rect.y + 1e-6).rounded(.down))
        columns = max(1, Int(rect.width.rounded()))
        rows = max(1, Int(rect.height.rounded()))
        visibleColumns = max(0, column)..<max(0, min(grid.columns, column + columns))
        visibleRows = max(0, row)..<max(0, min(grid.rows, row + rows))
        guard !visibleColumns.isEmpty, !visibleRows.isEmpty else { return nil }
    }
}
