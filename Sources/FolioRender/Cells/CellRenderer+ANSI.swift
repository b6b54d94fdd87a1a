import FolioStyle

extension CellRenderer {
    /// The grid as terminal text: one line per row, SGR sequences where the colours or
    /// attributes change, everything reset at each line end; trailing blank cells are left out.
    /// With `hyperlinks`, cells linking to an absolute URL (`https:`, `mailto:` …) are wrapped
    /// in OSC 8 hyperlinks; links inside the book are the pager's business. `.none` writes no
    /// escape sequences at all (the same as `plain`).
    /// https://invisible-island.net/xterm/ctlseqs/ctlseqs.html · https://gist.github.com/egmontkob/eb114294efbcd5adb1944c9f3cb5feda
    public static func ansi(_ grid: CellGrid, colors: ColorMode, hyperlinks: Bool = true) -> String {
        guard colors != .none else { return plain(grid) }
        var lines: [String] = []
        lines.reserveCapacity(grid.rows)
        for row in 0..<grid.rows {
            let cells = grid.row(row)
            // A space shows nothing unless it has a background or a line through or under it.
            let last = cells.lastIndex { !($0.character == " " && $0.background == nil && !$0.underline && !$0.strike) }
            var line = ""
            var current = ""  // the SGR parameters in force ("" = none)
            var currentLink: String?
            for cell in cells[cells.startIndex..<(last.map { $0 + 1 } ?? cells.startIndex)] {
                let link = hyperlinks ? cell.link.flatMap { isExternal($0) && isPrintable($0) ? $0 : nil } : nil
                if link != currentLink {
                    line += "\u{1B}]8;;\(link ?? "")\u{1B}\\"
                    currentLink = link
                }
                let parameters = sgr(cell, colors: colors)
                if parameters != current {
                    line += "\u{1B}[0\(parameters.isEmpty ? "" : ";" + parameters)m"
                    current = parameters
                }
                line += cell.character
            }
            if currentLink != nil { line += "\u{1B}]8;;\u{1B}\\" }
            if !current.isEmpty { line += "\u{1B}[0m" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The grid's text only: one line per row, trailing spaces trimmed.
    public static func plain(_ grid: CellGrid) -> String {
        (0..<grid.rows).map { row in
            var line = grid.row(row).map(\.character).joined()
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// The SGR parameters of a cell after the reset (`1;4;38;5;160`); "" for a plain cell.
    static func sgr(_ cell: Cell, colors: ColorMode) -> String {
        var parameters: [String] = []
        if cell.bold { parameters.append("1") }
        if cell.italic { parameters.append("3") }
        if cell.underline { parameters.append("4") }
        if cell.strike { parameters.append("9") }
        if let foreground = cell.foreground, foreground.alpha > 0 {
            parameters.append(color(foreground, colors: colors, background: false))
        }
        if let background = cell.background, background.alpha > 0 {
            parameters.append(color(background, colors: colors, background: true))
        }
        return parameters.filter { !$0.isEmpty }.joined(separator: ";")
    }

    static func color(_ color: RGBA, colors: ColorMode, background: Bool) -> String {
        switch colors {
        case .trueColor:
            return "\(background ? 48 : 38);2;\(color.red);\(color.green);\(color.blue)"
        case .palette256:
            return "\(background ? 48 : 38);5;\(TerminalPalette.index256(color))"
        case .palette16:
            let index = TerminalPalette.index16(color)
            let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            return "\(base + index % 8)"
        case .none:
            return ""
        }
    }

    /// A URL with a scheme, which a terminal can open (not a path inside the book).
    /// Whether a link may go to the terminal inside an OSC 8 sequence: a control character
    /// (ESC, BEL, C1) in a book's href would end the sequence and let the book write its own
    /// escape sequences to the reader's terminal.
    static func isPrintable(_ href: String) -> Bool {
        href.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }
    }

    static func isExternal(_ href: String) -> Bool {
        guard let colon = href.firstIndex(of: ":"), colon > href.startIndex else { return false }
        let scheme = href[..<colon]
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            && scheme.first?.isLetter == true
    }
}
