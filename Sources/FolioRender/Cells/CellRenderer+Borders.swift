import FolioLayout
import FolioStyle

extension CellRenderer {
    /// Box-drawing characters of one border style: edges, then the top-left, top-right,
    /// bottom-right and bottom-left corners.
    struct BoxCharacters {
        var horizontal: String
        var vertical: String
        var corners: [String]

        static let light = BoxCharacters(horizontal: "─", vertical: "│", corners: ["┌", "┐", "┘", "└"])
        static let rounded = BoxCharacters(horizontal: "─", vertical: "│", corners: ["╭", "╮", "╯", "╰"])
        static let double = BoxCharacters(horizontal: "═", vertical: "║", corners: ["╔", "╗", "╝", "╚"])
        static let dashed = BoxCharacters(horizontal: "╌", vertical: "╎", corners: ["┌", "┐", "┘", "└"])
        static let dotted = BoxCharacters(horizontal: "┈", vertical: "┊", corners: ["┌", "┐", "┘", "└"])

        static func of(_ style: BorderStyle) -> BoxCharacters {
            switch style {
            case .double: .double
            case .dashed: .dashed
            case .dotted: .dotted
            case .solid, .groove, .ridge, .inset, .outset, .none, .hidden: .light
            }
        }
    }

    /// Light box-drawing characters by the directions their lines leave the cell: up 1,
    /// right 2, down 4, left 8.
    static let lightJoins: [String: Int] = [
        "─": 10, "│": 5, "┌": 6, "┐": 12, "┘": 9, "└": 3, "├": 7, "┤": 13, "┬": 14, "┴": 11, "┼": 15,
    ]
    static let lightByJoins: [Int: String] = Dictionary(uniqueKeysWithValues: lightJoins.map { ($0.value, $0.key) })

    /// Puts a line character, joining it with a light line already in the cell (the shared
    /// edge of two table cells becomes `┬`, `├`, `┼` …).
    static func joinLine(_ grid: inout CellGrid, _ character: String, width: Int, column: Int, row: Int, style: Cell) {
        if grid.contains(column: column, row: row), let new = lightJoins[character],
           let old = lightJoins[grid[column, row].character], let joined = lightByJoins[new | old] {
            grid.put(joined, width: width, column: column, row: row, style: style)
            return
        }
        grid.put(character, width: width, column: column, row: row, style: style)
    }

    /// A border is box-drawing characters on the cells along its edges: lines in each edge's
    /// style and colour, corners where two drawn edges meet (rounded when the corner has a
    /// radius, double when both edges are double); text already in a cell stays.
    static func drawBorder(_ border: BorderItem, in grid: inout CellGrid) {
        guard let cells = grid.cells(of: border) else { return }
        var (left, right) = (cells.columns.lowerBound, cells.columns.upperBound)
        var (top, bottom) = (cells.rows.lowerBound, cells.rows.upperBound)
        func shown(_ width: Double, _ style: BorderStyle, _ color: RGBA) -> Bool {
            width > 0 && style != .none && style != .hidden && color.alpha > 0
        }
        let hasTop = shown(border.widths.top, border.styles.top, border.colors.top)
        let hasRight = shown(border.widths.right, border.styles.right, border.colors.right)
        let hasBottom = shown(border.widths.bottom, border.styles.bottom, border.colors.bottom)
        let hasLeft = shown(border.widths.left, border.styles.left, border.colors.left)
        if !CellGrid.takesWholeCells(border) {
            // A thin border the layout made no room for: an edge whose cells hold the box's
            // text moves one cell outwards when that row or column is free of text there.
            func rowIsFree(_ row: Int) -> Bool { (left...right).allSatisfy { !holdsText(grid, column: $0, row: row) } }
            func columnIsFree(_ column: Int) -> Bool { (top...bottom).allSatisfy { !holdsText(grid, column: column, row: $0) } }
            if hasTop, !rowIsFree(top), top > 0, rowIsFree(top - 1) { top -= 1 }
            if hasBottom, !rowIsFree(bottom), bottom + 1 < grid.rows, rowIsFree(bottom + 1) { bottom += 1 }
            if hasLeft, !columnIsFree(left), left > 0, columnIsFree(left - 1) { left -= 1 }
            if hasRight, !columnIsFree(right), right + 1 < grid.columns, columnIsFree(right + 1) { right += 1 }
        }
        func style(_ color: RGBA) -> Cell { Cell(foreground: color) }

        // This border's own characters first (its corners replace its edges' ends), then joined
        // with lines other borders already drew in those cells.
        var own: [Int: (character: String, column: Int, row: Int, style: Cell)] = [:]
        func draw(_ character: String, width: Int, column: Int, row: Int, style: Cell) {
            own[row * max(1, grid.columns) + column] = (character, column, row, style)
        }
        if hasTop {
            for column in left...right { draw(BoxCharacters.of(border.styles.top).horizontal, width: 1, column: column, row: top, style: style(border.colors.top)) }
        }
        if hasBottom {
            for column in left...right { draw(BoxCharacters.of(border.styles.bottom).horizontal, width: 1, column: column, row: bottom, style: style(border.colors.bottom)) }
        }
        if hasLeft {
            for row in top...bottom { draw(BoxCharacters.of(border.styles.left).vertical, width: 1, column: left, row: row, style: style(border.colors.left)) }
        }
        if hasRight {
            for row in top...bottom { draw(BoxCharacters.of(border.styles.right).vertical, width: 1, column: right, row: row, style: style(border.colors.right)) }
        }
        // Corners, in the colour of the horizontal edge (the one drawn across the corner).
        let corners: [(Bool, Bool, Int, Int, BorderStyle, BorderStyle, RGBA)] = [
            (hasTop, hasLeft, left, top, border.styles.top, border.styles.left, border.colors.top),
            (hasTop, hasRight, right, top, border.styles.top, border.styles.right, border.colors.top),
            (hasBottom, hasRight, right, bottom, border.styles.bottom, border.styles.right, border.colors.bottom),
            (hasBottom, hasLeft, left, bottom, border.styles.bottom, border.styles.left, border.colors.bottom),
        ]
        for (index, corner) in corners.enumerated() where corner.0 && corner.1 {
            let radius = index < border.radii.count ? border.radii[index] : 0
            let set: BoxCharacters = corner.4 == .double && corner.5 == .double ? .double : radius > 0 ? .rounded : .light
            draw(set.corners[index], width: 1, column: corner.2, row: corner.3, style: style(corner.6))
        }
        for key in own.keys.sorted() {
            guard let cell = own[key], !holdsText(grid, column: cell.column, row: cell.row) else { continue }
            joinLine(&grid, cell.character, width: 1, column: cell.column, row: cell.row, style: cell.style)
        }
    }

    /// Whether a cell shows a character of text: a line never covers one (a thin border a
    /// fraction of a cell from its text would otherwise eat the text's first or last letter).
    /// Lines and blocks of pictures are not text.
    static func holdsText(_ grid: CellGrid, column: Int, row: Int) -> Bool {
        guard grid.contains(column: column, row: row) else { return false }
        let character = grid[column, row].character
        if character.isEmpty {
            // The right half of a wide character.
            return column > 0 && !grid[column - 1, row].character.isEmpty
        }
        guard character != " ", let scalar = character.unicodeScalars.first else { return false }
        return !(0x2500...0x259F).contains(scalar.value)
    }
}
