import FolioLayout

extension CellGrid {
    /// Writes one grapheme cluster of `width` columns (1 or 2) at a cell, with the colours and
    /// attributes of `style`; the cell's background and link stay unless `style` sets them.
    /// A two-column character that would not fit on the row is left out; a wide character
    /// overwritten in half leaves a space in its other half.
    mutating func put(_ character: String, width: Int, column: Int, row: Int, style: Cell) {
        guard width > 0, contains(column: column, row: row), width == 1 || column + 1 < columns else { return }
        for k in 0..<width { splitWideCharacter(at: column + k, row: row) }
        let old = self[column, row]
        var cell = style
        cell.character = character
        cell.background = style.background ?? old.background
        cell.link = style.link ?? old.link
        self[column, row] = cell
        if width == 2 {
            let right = self[column + 1, row]
            cell.character = ""
            cell.background = style.background ?? right.background
            cell.link = style.link ?? right.link
            self[column + 1, row] = cell
        }
    }

    /// Writes a string from `column` on, each cluster taking its terminal width.
    public mutating func put(text: String, column: Int, row: Int, style: Cell) {
        var column = column
        for character in text {
            let width = TerminalWidth.of(character)
            put(String(character), width: width, column: column, row: row, style: style)
            column += width
        }
    }

    /// Replaces the half of a two-column character that is not at `column` with a space,
    /// before `column` is overwritten.
    private mutating func splitWideCharacter(at column: Int, row: Int) {
        if self[column, row].character.isEmpty, column > 0 {
            self[column - 1, row].character = " "
        } else if column + 1 < columns, self[column + 1, row].character.isEmpty {
            self[column + 1, row].character = " "
        }
    }

    /// The cells whose centre lies in `rect` (left and top edges in, right and bottom out).
    func cells(centredIn rect: Rect) -> (columns: Range<Int>, rows: Range<Int>) {
        func span(_ start: Double, _ end: Double, limit: Int) -> Range<Int> {
            guard start.isFinite, end.isFinite, end > start else { return 0..<0 }
            let first = max(0, Int(max(-1, min(Double(limit), (start - 0.5).rounded(.up)))))
            let last = min(limit, Int(max(0, min(Double(limit), (end - 0.5).rounded(.up)))))
            return first < last ? first..<last : 0..<0
        }
        return (span(rect.x, rect.maxX, limit: columns), span(rect.y, rect.maxY, limit: rows))
    }

    /// The cells a border's lines go on. A border with an edge at least half a cell thick
    /// (a table's or any bordered box's, one cell wide under the cell metric) takes the cells nearest its edges, as
    /// text takes the row nearest its line's top: a line of text inside it then never lands
    /// on the border's row, and two neighbours' shared edge is one column. Thinner borders
    /// take every cell they touch.
    func cells(of border: BorderItem) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        let rect = border.rect
        guard Self.takesWholeCells(border) else { return cells(touchedBy: rect) }
        guard [rect.x, rect.y, rect.maxX, rect.maxY].allSatisfy(\.isFinite), rect.width > 0, rect.height > 0 else { return nil }
        func edge(_ value: Double, limit: Int) -> Int { Int(max(-1, min(Double(limit + 1), value.rounded()))) }
        let left = edge(rect.x, limit: columns), top = edge(rect.y, limit: rows)
        let right = max(left, edge(rect.maxX, limit: columns) - 1), bottom = max(top, edge(rect.maxY, limit: rows) - 1)
        guard right >= 0, bottom >= 0, left < columns, top < rows else { return nil }
        return (max(-1, left)...min(columns, right), max(-1, top)...min(rows, bottom))
    }

    /// Whether the layout gave a border cells of its own: an edge at least half a cell thick,
    /// as layout under the cell metric makes every drawn border of a table or block box.
    static func takesWholeCells(_ border: BorderItem) -> Bool {
        let w = border.widths
        return max(w.top, w.bottom) >= 0.5 || max(w.left, w.right) >= 0.5
    }

    /// The cells a rectangle touches at all: from the cell holding its top-left corner to the
    /// one holding its bottom-right one, reaching at most one cell past the grid's edges (so
    /// that a border whose edge is off the grid keeps its other edges where they are); nil
    /// when it is entirely off the grid.
    func cells(touchedBy rect: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        let epsilon = 1e-6
        guard rect.x.isFinite, rect.y.isFinite, rect.maxX.isFinite, rect.maxY.isFinite,
              rect.width > 0, rect.height > 0 else { return nil }
        let left = Int(max(-1, min(Double(columns), (rect.x + epsilon).rounded(.down))))
        let right = Int(max(-1, min(Double(columns), (rect.maxX - epsilon).rounded(.up)))) - 1
        let top = Int(max(-1, min(Double(rows), (rect.y + epsilon).rounded(.down))))
        let bottom = Int(max(-1, min(Double(rows), (rect.maxY - epsilon).rounded(.up)))) - 1
        guard left <= right, top <= bottom, right >= 0, bottom >= 0, left < columns, top < rows else { return nil }
        return (left...right, top...bottom)
    }
}
