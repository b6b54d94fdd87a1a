import FolioLayout
import FolioStyle
import FolioText

/// Draws a page `Frame` laid out in cell units (one unit is a column across and a row down)
/// as a grid of terminal cells, and writes grids as ANSI text.
///
/// Layout with a cell metric gives runs whose glyphs sit on whole columns and lines one row
/// tall; the grid follows the frame's items in painting order, as the PNG renderer does.
/// The page background is left to the terminal: only fills give cells a background.
public enum CellRenderer {
    /// The cells of a page `columns` wide and `rows` tall, images as their alt text; whatever
    /// falls outside is dropped. `page(_:columns:rows:graphics:colors:cellPixels:bitmap:)`
    /// shows the images.
    public static func grid(_ frame: Frame, columns: Int, rows: Int) -> CellGrid {
        page(frame, columns: columns, rows: rows, graphics: .none, colors: .none) { _, _, _ in nil }.grid
    }

    /// A run's grapheme clusters from its first column on (at the glyphs' own columns when
    /// there is one glyph per cluster, so that justified spaces keep their width), on the
    /// row nearest its line's top (as fills take the cells whose centre they cover, so that
    /// a line and a background, or a table's text and borders, agree on a row whatever
    /// fraction of a row the margins above left). Right-to-left runs are written in visual order.
    static func place(_ run: PositionedRun, at origin: Point, in grid: inout CellGrid) {
        guard origin.y.isFinite, origin.x.isFinite else { return }
        let row = Int(max(-1, min(Double(grid.rows), origin.y.rounded())))
        // Terminals draw characters one by one: Arabic letters go in their joined forms.
        let text = run.direction == .rtl ? BidiParagraph.presentationForms(run.text) : run.text
        var characters = text.map(String.init)
        if run.hasHyphen { characters.append("-") }
        if run.direction == .rtl { characters.reverse() }
        let style = Cell(
            foreground: run.color.alpha > 0 ? run.color : nil,
            bold: run.face.weight >= 600 || run.synthesizeBold,
            italic: run.face.isItalic || run.synthesizeItalic,
            underline: run.decorations.contains { $0.kind == .underline },
            strike: run.decorations.contains { $0.kind == .lineThrough })
        let perGlyph = run.glyphs.count == characters.count
        var column = Self.column(origin.x + run.x, limit: grid.columns)
        for (k, character) in characters.enumerated() {
            if perGlyph { column = Self.column(origin.x + run.glyphs[k].x, limit: grid.columns) }
            let width = TerminalWidth.of(Character(character))
            grid.put(character, width: width, column: column, row: row, style: style)
            column += width
        }
    }

    /// A fill colours the background of the cells whose centre it covers.
    static func fill(_ rect: Rect, _ color: RGBA, in grid: inout CellGrid) {
        guard color.alpha > 0 else { return }
        let cells = grid.cells(centredIn: rect)
        for row in cells.rows {
            for column in cells.columns { grid[column, row].background = color }
        }
    }

    /// A link marks the cells whose centre it covers.
    static func link(_ rect: Rect, href: String, in grid: inout CellGrid) {
        let cells = grid.cells(centredIn: rect)
        for row in cells.rows {
            for column in cells.columns { grid[column, row].link = href }
        }
    }

    /// An image shown as `[image: alt]`, centred in its rectangle and cut to its width.
    static func placeImage(_ image: ImageItem, in grid: inout CellGrid) {
        guard let cells = grid.cells(touchedBy: image.rect) else { return }
        let alt = image.alt.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let label = fitted(alt.isEmpty ? "[image]" : "[image: \(alt)]", columns: cells.columns.count)
        let width = TerminalWidth.of(text: label)
        let row = min(cells.rows.upperBound, Int(max(-1, (image.rect.y + image.rect.height / 2).rounded(.down))))
        let column = cells.columns.lowerBound + (cells.columns.count - width) / 2
        grid.put(text: label, column: column, row: max(cells.rows.lowerBound, row), style: Cell())
    }

    /// `text` cut to `columns`, ending with `…` when cut (and `]` when it was a bracketed label).
    static func fitted(_ text: String, columns: Int) -> String {
        guard TerminalWidth.of(text: text) > columns else { return text }
        let closing = text.hasSuffix("]") && columns >= 3 ? "]" : ""
        let room = columns - 1 - closing.count
        guard room >= 0 else { return "" }
        var kept = "", used = 0
        for character in text {
            let width = TerminalWidth.of(character)
            guard used + width <= room else { break }
            kept.append(character)
            used += width
        }
        return kept + "…" + closing
    }

    /// A px position rounded to the nearest column, kept within one cell of a grid `limit`
    /// wide (so that NaN and huge values cannot trap).
    static func column(_ value: Double, limit: Int) -> Int {
        guard value.isFinite else { return -1 }
        return Int(max(-1, min(Double(limit), value.rounded())))
    }
}
