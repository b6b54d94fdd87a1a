import FolioStyle

/// One character cell of a terminal page: a grapheme cluster and how to show it.
public struct Cell: Sendable, Hashable {
    /// The grapheme cluster shown; `""` in the right half of a two-column character.
    public var character: String
    /// Nil leaves the terminal's own colour.
    public var foreground: RGBA?
    public var background: RGBA?
    public var bold: Bool
    public var italic: Bool
    public var underline: Bool
    public var strike: Bool
    /// The link the cell belongs to (a container path with an optional fragment, or a URL).
    public var link: String?

    public init(character: String = " ", foreground: RGBA? = nil, background: RGBA? = nil, bold: Bool = false,
                italic: Bool = false, underline: Bool = false, strike: Bool = false, link: String? = nil) {
        self.character = character
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strike = strike
        self.link = link
    }

    /// A space with no colours, attributes or link.
    public static let blank = Cell()
}

/// A page of terminal cells, row by row.
public struct CellGrid: Sendable, Hashable {
    public let columns: Int
    public let rows: Int
    /// `rows × columns` cells, the first row first.
    public var cells: [Cell]

    /// A grid of blank cells.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// True when the cell is on the grid.
    public func contains(column: Int, row: Int) -> Bool {
        column >= 0 && row >= 0 && column < columns && row < rows
    }

    /// The cells of one row.
    public func row(_ row: Int) -> ArraySlice<Cell> {
        cells[row * columns..<(row + 1) * columns]
    }
}
