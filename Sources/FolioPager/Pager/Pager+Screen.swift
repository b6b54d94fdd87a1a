import FolioSearch
import FolioLayout
import FolioRender
import FolioStyle
import FoundationEssentials
import Glibc

/// The screen: the page in the theme's colours, what is drawn over it, the status line.
extension Pager {
    /// The colours of the theme in the terminal (the page colour fills every cell, so the
    /// theme shows whatever the terminal's own colours are).
    var palette: (page: RGBA, text: RGBA, status: RGBA, statusText: RGBA, mark: RGBA, progress: RGBA, selection: RGBA, highlight: RGBA) {
        switch theme {
        case .day: (.white, RGBA(red: 0x10, green: 0x10, blue: 0x10), RGBA(red: 0xE4, green: 0xE4, blue: 0xE4),
                    RGBA(red: 0x30, green: 0x30, blue: 0x30), RGBA(red: 0xFF, green: 0xE0, blue: 0x66), RGBA(red: 0xBC, green: 0xBC, blue: 0xBC),
                    RGBA(red: 0xB4, green: 0xD5, blue: 0xFE), RGBA(red: 0xC8, green: 0xF0, blue: 0xC0))
        case .night: (.black, RGBA(red: 0xD8, green: 0xD8, blue: 0xD8), RGBA(red: 0x26, green: 0x26, blue: 0x26),
                      RGBA(red: 0xB0, green: 0xB0, blue: 0xB0), RGBA(red: 0x80, green: 0x66, blue: 0x10), RGBA(red: 0x4E, green: 0x4E, blue: 0x4E),
                      RGBA(red: 0x26, green: 0x4F, blue: 0x78), RGBA(red: 0x2E, green: 0x5A, blue: 0x2E))
        case .sepia: (RGBA(red: 0xF4, green: 0xEC, blue: 0xD8), RGBA(red: 0x5B, green: 0x46, blue: 0x36),
                      RGBA(red: 0xE2, green: 0xD6, blue: 0xB8), RGBA(red: 0x5B, green: 0x46, blue: 0x36),
                      RGBA(red: 0xF0, green: 0xC8, blue: 0x50), RGBA(red: 0xCB, green: 0xB4, blue: 0x86),
                      RGBA(red: 0xD9, green: 0xC3, blue: 0x9A), RGBA(red: 0xDD, green: 0xE0, blue: 0xA8))
        }
    }

    /// The current page in cells (the page area only).
    func pageGrid() -> CellGrid {
        let spoken = scrolling ? nil : currentPage.flatMap { narrationHighlight(on: $0) }
        // Pages shown as images draw the search hits and the chosen link into the picture.
        let marks = showsImagePages ? ImageMarks(query: search?.query, link: linkIndex) : nil
        let found = scrolling ? [] : currentPage.map { searchRanges(on: $0) } ?? []
        var selected: Range<Int>?
        if case .selecting(let selection) = overlay { selected = selectedRange(selection, words: pageWords()) }
        let saved = scrolling ? [] : currentPage.map { highlightRanges(on: $0) } ?? []
        let key = GridKey(position: position, scrollRow: scrolling ? scrollRow : -1, highlight: spoken?.range, searchMarks: found,
                          selection: selected, highlights: saved, columns: pageColumns, rows: pageRows, theme: theme, marks: marks)
        if let cached = gridCache, cached.key == key {
            placements = cached.placements
            return cached.grid
        }
        var grid = CellGrid(columns: pageColumns, rows: pageRows)
        var images: [TerminalImagePlacement] = []
        if showsImagePages, let page = currentPage {
            var frame = markingNarration(page.frame, rects: spoken?.rects ?? [], mark: palette.mark)
            var rects: [Rect] = []
            for range in found { rects += book.layout.highlightRects(range, on: page) }
            if let link = marks?.link {
                let all = imagePageLinks()
                if all.indices.contains(link) { rects += all[link].rects }
            }
            frame = frame.highlighting(rects, color: palette.mark)
            if let image = imagePage(frame) {
                images = [TerminalImagePlacement(column: pageLeft, row: 0, columns: pageColumns, rows: pageRows, bytes: image)]
            }
        } else if scrolling {
            grid = scrolledGrid()
        } else if let page = currentPage {
            var frame = markingNarration(page.frame, rects: spoken?.rects ?? [], mark: palette.mark)
            var rects: [Rect] = []
            for range in found { rects += book.layout.highlightRects(range, on: page) }
            let kept = saved.flatMap { book.layout.highlightRects($0, on: page) }
            if !kept.isEmpty { frame = frame.highlighting(kept, color: palette.highlight) }
            if !rects.isEmpty { frame = frame.highlighting(rects, color: palette.mark) }
            if let selected {
                let chosen = book.layout.highlightRects(selected, on: page)
                if !chosen.isEmpty { frame = frame.highlighting(chosen, color: palette.selection) }
            }
            let drawn = draw(frame.inCells(), columns: pageColumns, rows: pageRows)
            grid = drawn.grid
            images = drawn.placements.map { var p = $0; p.column += pageLeft; return p }
        }
        placements = images
        gridCache = (key, grid, images)
        return grid
    }

    /// A page drawn by Cairo at the terminal's pixel size, as a kitty or sixel image.
    func imagePage(_ frame: Frame) -> [UInt8]? {
        guard case .image(_, let cellHeight, _) = book.display else { return nil }
        let images = book.images
        let renderer = PNGRenderer(dpr: CellBook.imageScale(cellHeight: cellHeight)) { images.bitmap($0, width: $1, height: $2) }
        switch graphics {
        case .kitty:
            return KittyGraphics.placement(png: renderer.render(frame), columns: pageColumns, rows: pageRows)
        case .sixel:
            return SixelEncoder.encode(renderer.pixels(frame), background: palette.page)
        default:
            return nil
        }
    }

    /// A frame in cells drawn with the pager's graphics, its images decoded by the book.
    func draw(_ frame: Frame, columns: Int, rows: Int) -> TerminalPage {
        let images = book.images
        return CellRenderer.page(frame, columns: columns, rows: rows, graphics: graphics, colors: colors, cellPixels: cellPixels) {
            images.bitmap($0, width: $1, height: $2)
        }
    }

    /// The whole screen.
    public func screen() -> CellGrid {
        // The page's reading time starts when it is first drawn.
        if shownSince == nil { shownSince = clock() }
        let colors = palette
        var screen = CellGrid(columns: columns, rows: rows)
        let base = Cell(foreground: colors.text, background: colors.page)
        for k in screen.cells.indices { screen.cells[k] = base }
        let page = pageGrid()
        for row in 0..<min(page.rows, pageRows) {
            for column in 0..<page.columns {
                var cell = page[column, row]
                if cell.background == nil { cell.background = colors.page }
                if cell.foreground == nil { cell.foreground = colors.text }
                screen[pageLeft + column, row] = cell
            }
        }
        if let search { markMatches(search.query, in: &screen, color: colors.mark) }
        if let linkIndex {
            let all = links()
            if all.indices.contains(linkIndex) {
                for (row, range) in all[linkIndex].cells {
                    for column in range {
                        var cell = screen[pageLeft + column, row]
                        swap(&cell.foreground, &cell.background)
                        screen[pageLeft + column, row] = cell
                    }
                }
            }
        }
        if case .none = overlay {} else { placements = [] }
        drawOverlay(on: &screen)
        drawStatus(on: &screen)
        return screen
    }

    /// Highlights every occurrence of the search on the page's rows. Right-to-left text stands
    /// on the screen in visual order, Arabic letters in their joined presentation forms: a
    /// query in such a script is also looked for in each row read from right to left, letters
    /// compared by their compatibility forms.
    private func markMatches(_ query: String, in screen: inout CellGrid, color: RGBA) {
        let rightToLeft = query.unicodeScalars.contains { (0x590...0x8FF).contains($0.value) || (0xFB1D...0xFEFC).contains($0.value) }
        for row in 0..<pageRows {
            var cells: [(column: Int, character: String)] = []
            for column in pageLeft..<(pageLeft + pageColumns) {
                let character = screen[column, row].character
                if !character.isEmpty { cells.append((column, character)) }
            }
            for column in Self.matches(of: query, in: cells) { mark(&screen[column, row], color) }
            if rightToLeft {
                let logical = cells.reversed().map { ($0.column, $0.character.nfkc) }
                for column in Self.matches(of: query, in: logical) { mark(&screen[column, row], color) }
            }
        }
    }

    private func mark(_ cell: inout Cell, _ color: RGBA) {
        cell.background = color
        if theme == .night { cell.foreground = .white }
    }

    /// The columns of the cells where `query` occurs in the cells' characters read in order,
    /// compared as literal searches compare (case and typographic quotes folded).
    static func matches(of query: String, in cells: [(column: Int, character: String)]) -> [Int] {
        let needle = CaseFolding.folded(query)
        guard !needle.isEmpty else { return [] }
        var text = ""
        var cellOf: [Int] = []  // the screen column of each character of `text`
        for (column, character) in cells {
            let folded = CaseFolding.folded(character)
            for _ in folded { cellOf.append(column) }
            text += folded
        }
        var columns: [Int] = []
        for found in text.ranges(of: needle) {
            let a = text.distance(from: text.startIndex, to: found.lowerBound)
            let b = text.distance(from: text.startIndex, to: found.upperBound)
            columns += cellOf[min(a, cellOf.count)..<min(b, cellOf.count)]
        }
        return columns
    }

    /// The status line: the chapter title (or a message, or the prompt) on the left; the page
    /// in the chapter and in the book, the percentage and the print page on the right.
    private func drawStatus(on screen: inout CellGrid) {
        let colors = palette
        let row = rows - 1
        let style = Cell(foreground: colors.statusText, background: colors.status)
        for column in 0..<columns { screen[column, row] = style }
        let text = book.textProgress(position)
        if showsProgressBar, let share = text?.share {
            // The status line's background, filled as far as the reader is through the book.
            for column in 0..<Int((share * Double(columns)).rounded()) { screen[column, row].background = colors.progress }
        }
        // The parts on the right, the least needed dropped first where the title would get
        // fewer than 22 columns.
        var parts: [(text: String, keep: Int)] = []
        let chapterCount = book.pages(position.spineIndex).count
        parts.append(("\(position.page + 1)/\(chapterCount)", 3))
        if let number = book.bookPageNumber(position) {
            parts.append(("p. \(number) of \(book.totalPages.map(String.init) ?? "…")", 0))
        }
        if let share = text?.share { parts.append(("\(Int((share * 100).rounded(.down)))%", 3)) }
        if let text, let chapter = pace.timeLeft(text.chapterLeft), let all = pace.timeLeft(text.bookLeft) {
            parts.append(("\(chapter) left in chapter", 2))
            parts.append(("\(all) in book", 1))
        }
        let labels = printPageLabels()
        if let label = labels.first { parts.append(("print p. \(label)", 0)) }
        var rightText = ""
        for least in 0...3 {
            rightText = parts.filter { $0.keep >= least }.map(\.text).joined(separator: " · ") + " "
            if columns - TerminalWidth.of(text: rightText) >= 22 { break }
        }
        let rightWidth = TerminalWidth.of(text: rightText)
        var left: String
        var leftStyle = style
        if let bar = narrationBar(), message == nil {
            left = bar
            leftStyle.bold = true
        } else if case .prompt(let prompt) = overlay {
            left = Self.promptLabel(prompt.kind) + prompt.text + "▏"
            leftStyle.bold = true
        } else if let message {
            left = message
        } else {
            // A chapter's title takes the direction of its first strong letter; the book's, its own.
            if let chapter = book.layout.title(spineIndex: position.spineIndex, page: position.page) {
                left = Self.visual(chapter.split(whereSeparator: \.isNewline).joined(separator: " "), dir: nil)
            } else if let title = book.publication.metadata.mainTitle {
                left = Self.visual(title.value.split(whereSeparator: \.isNewline).joined(separator: " "), dir: title.direction)
            } else {
                left = ""
            }
        }
        let room = max(0, columns - rightWidth - 2)
        Self.put(" " + Self.truncate(left, width: room), on: &screen, column: 0, row: row, style: leftStyle)
        if rightWidth < columns { Self.put(rightText, on: &screen, column: columns - rightWidth, row: row, style: style) }
    }

    static func promptLabel(_ kind: Prompt.Kind) -> String {
        switch kind {
        case .search: "/"
        case .goTo: ":"
        case .bookmarkLabel: "Bookmark label (Enter for none): "
        case .highlightNote: "Note for the highlight (Enter for none): "
        }
    }

    /// Writes status text over whatever background its cells have (the progress bar's or the
    /// status line's).
    static func put(_ text: String, on screen: inout CellGrid, column: Int, row: Int, style: Cell) {
        var column = column
        for character in text where column < screen.columns {
            var cell = style
            cell.background = screen[column, row].background ?? style.background
            screen.put(text: String(character), column: column, row: row, style: cell)
            column += TerminalWidth.of(character)
        }
    }

    /// Text cut to `width` columns, with an ellipsis when cut.
    static func truncate(_ text: String, width: Int) -> String {
        guard TerminalWidth.of(text: text) > width else { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = TerminalWidth.of(character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }
}
