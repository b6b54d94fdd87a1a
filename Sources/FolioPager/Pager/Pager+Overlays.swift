import FolioLayout
import FolioPublication
import FolioReader
import FolioRender
import FolioStyle

/// Boxes drawn over the page: help, table of contents, bookmarks, a note, the book jacket.
extension Pager {
    static let helpLines = [
        "Space PgDn → l j   next page        b PgUp ← h k   previous page",
        "Ctrl-D / Ctrl-U    half a screen down / up in scroll mode, else a page",
        "g / G              first / last page",
        "] / [              next / previous chapter",
        "t                  contents with page numbers (Enter jumps, / filters, Esc closes)",
        "/  then n / N      search the book, next / previous match (Esc stops a search)",
        "                   /re:pattern a regular expression · /case:Word exact case",
        ":                  go to a page (:120) or a percentage (:45%)",
        "m / '              bookmark this page (type a label or Enter) / list bookmarks (d deletes)",
        "v                  select: ←→↑↓ a word, w b by word, ) sentence, } paragraph;",
        "                   Enter highlights (with a note), d looks the word up (DICT server)",
        "H                  list highlights (Enter jumps, d deletes)",
        "f                  label every link and note; type a label to follow it",
        "Tab / Enter        choose a link / follow it; Backspace goes back",
        "T                  theme: day, night, sepia",
        "+ / −              narrower / wider text column (image pages: larger / smaller text)",
        "s                  scroll mode (j/k a line) or page mode",
        "F                  font family (pages shown as images)",
        "i                  pages as images (kitty or sixel terminals) or in cells",
        "y                  hyphenation: auto (justified text), as the book says, off",
        "J                  justification: as the book says, justified, ragged",
        "P                  progress bar (the status line fills as the book is read)",
        "                   (theme, text column, scroll mode, hyphenation, justification,",
        "                   font, image pages, progress bar: the defaults of every book)",
        "a                  narration bar (books with Media Overlays):",
        "                   p play/pause · , . ∓15 s · < > speed · ( ) part · z sleep",
        "?                  this help        q  quit",
    ]

    static let justificationNames: [CellBook.Justification: String] = [
        .book: "as the book says", .justified: "justified", .ragged: "ragged",
    ]

    /// The help: every key, then how keys are remapped and the reader's own.
    func helpText() -> [String] {
        var lines = Self.helpLines
        lines.append("Keys are remapped in settings.json: \"keys\": {\"x\": \"q\", \"ctrl-f\": \"space\", \"q\": \"none\"}")
        if !keyMap.isEmpty {
            let mine = keyMap.sorted { KeyNames.name(of: $0.key) < KeyNames.name(of: $1.key) }
                .map { KeyNames.name(of: $0.key) + " → " + ($0.value.map(KeyNames.name(of:)) ?? "nothing") }
            lines.append("Yours: " + mine.joined(separator: " · "))
        }
        return lines
    }

    static let hyphenationNames: [ReaderSettings.Hyphenation: String] = [
        .auto: "auto (justified text, unless the book says none)", .book: "as the book says", .off: "off",
    ]

    func drawOverlay(on screen: inout CellGrid) {
        switch overlay {
        case .none, .prompt: return
        case .hints(let typed):
            drawHints(typed: typed, on: &screen)
        case .selecting:
            return
        case .highlights(let list):
            let lines = highlights.map { mark -> String in
                let number = book.position(of: mark.start).flatMap { book.bookPageNumber($0) }.map { "p. \($0)  " } ?? ""
                return number + Self.oneLine(mark.text) + (mark.note.map { " · " + Self.oneLine($0) } ?? "")
            }
            drawBox(on: &screen, title: "Highlights (Enter jumps, d deletes)", lines: lines, selected: list.selected, marked: nil, top: list.top)
        case .help(let scroll):
            let lines = helpText()
            let shown = Array(lines.dropFirst(scroll))
            drawBox(on: &screen, title: "Keys", lines: shown, selected: nil, marked: nil, top: 0,
                    footer: lines.count > rows - 5 ? "j k scroll · any other key closes" : nil, skipped: lines.count - shown.count)
        case .toc(let list):
            drawContents(list, on: &screen)
        case .bookmarks(let list):
            let lines = bookmarks.map { mark -> String in
                let number = book.position(of: mark.locator).flatMap { book.bookPageNumber($0) }.map { "p. \($0)  " } ?? ""
                return number + (mark.label ?? mark.text)
            }
            drawBox(on: &screen, title: "Bookmarks (Enter jumps, d deletes)", lines: lines, selected: list.selected, marked: nil, top: list.top)
        case .note(let title, let lines, let scroll):
            drawBox(on: &screen, title: title, lines: Array(lines.dropFirst(scroll)), selected: nil, marked: nil, top: 0,
                    width: noteWidth, footer: "any key closes")
        case .jacket:
            drawJacket(on: &screen)
        }
    }

    /// The contents: entries indented by depth, each with its book page on the right (filled
    /// in as chapters are counted), narrowed by the filter when there is one.
    private func drawContents(_ list: ListState, on screen: inout CellGrid) {
        let entries = tocEntries()
        let shown = filteredTOC(list.filter)
        var title = "Contents"
        if list.filtering || !list.filter.isEmpty { title += " /" + list.filter + (list.filtering ? "▏" : "") }
        guard !shown.isEmpty else {
            let empty = entries.isEmpty ? "(no table of contents)" : "(no entry holds “\(list.filter)”)"
            drawBox(on: &screen, title: title, lines: [empty], selected: nil, marked: nil, top: 0)
            return
        }
        let titles = shown.map { String(repeating: "  ", count: min(entries[$0].depth, 6)) + entries[$0].title }
        // Page numbers for the entries in view only: finding one may lay its chapter out.
        let visible = max(1, min(shown.count, rows - 5))
        let first = min(max(0, list.selected - visible / 2), max(0, shown.count - visible))
        var numbers = [String](repeating: "", count: shown.count)
        for k in first..<min(shown.count, first + visible) { numbers[k] = tocPage(entries[shown[k]].href).map(String.init) ?? "" }
        let numberWidth = max(3, String(book.totalPages ?? 999).count)
        let width = min(columns - 6, max(40, min(90, (titles.map { TerminalWidth.of(text: $0) }.max() ?? 0) + numberWidth + 6)))
        let titleWidth = max(1, width - 3 - numberWidth - 2)
        let lines = zip(titles, numbers).map { title, number -> String in
            let cut = Self.truncate(title, width: titleWidth)
            let pad = String(repeating: " ", count: max(0, titleWidth - TerminalWidth.of(text: cut)))
            return cut + pad + "  " + String(repeating: " ", count: max(0, numberWidth - number.count)) + number
        }
        let current = currentTOCIndex().flatMap { shown.firstIndex(of: $0) }
        drawBox(on: &screen, title: title, lines: lines, selected: list.selected, marked: current, top: list.top, width: width)
    }

    /// A framed box centred on the page area, scrolled to keep `selected` in view.
    func drawBox(on screen: inout CellGrid, title: String, lines: [String], selected: Int?, marked: Int?, top: Int,
                 width: Int? = nil, footer: String? = nil, skipped: Int = 0) {
        let colors = palette
        let contentWidth = min(columns - 6, width ?? max(40, min(90, (lines.map { TerminalWidth.of(text: $0) }.max() ?? 0) + 4)))
        let boxWidth = contentWidth + 2
        let visible = max(1, min(lines.count, rows - 5))
        let boxHeight = visible + 2
        let left = max(0, (columns - boxWidth) / 2)
        let topRow = max(0, (rows - 1 - boxHeight) / 2)
        var first = 0
        if let selected {
            first = min(max(0, selected - visible / 2), max(0, lines.count - visible))
        }
        _ = top
        let frame = Cell(foreground: colors.statusText, background: colors.status)
        let body = Cell(foreground: colors.text, background: colors.status)
        for row in topRow..<(topRow + boxHeight) {
            for column in left..<(left + boxWidth) where screen.contains(column: column, row: row) { screen[column, row] = body }
        }
        let bar = String(repeating: "─", count: max(0, boxWidth - 2))
        screen.put(text: "┌" + bar + "┐", column: left, row: topRow, style: frame)
        screen.put(text: "└" + bar + "┘", column: left, row: topRow + boxHeight - 1, style: frame)
        var heading = frame
        heading.bold = true
        screen.put(text: " " + Self.truncate(title, width: boxWidth - 6) + " ", column: left + 2, row: topRow, style: heading)
        if let footer {
            screen.put(text: " " + footer + " ", column: left + boxWidth - TerminalWidth.of(text: footer) - 4,
                       row: topRow + boxHeight - 1, style: frame)
        }
        for k in 0..<visible {
            let row = topRow + 1 + k
            screen.put(text: "│", column: left, row: row, style: frame)
            screen.put(text: "│", column: left + boxWidth - 1, row: row, style: frame)
            let index = first + k
            guard lines.indices.contains(index) else { continue }
            var style = body
            if index == selected {
                style.foreground = colors.status
                style.background = colors.text
                for column in (left + 1)..<(left + boxWidth - 1) { screen[column, row] = style }
            }
            let mark = index == marked ? "▸ " : "  "
            screen.put(text: mark + Self.truncate(lines[index], width: contentWidth - 3), column: left + 1, row: row, style: style)
        }
        if lines.count > visible || skipped > 0 {
            // `skipped`: lines scrolled off before `lines` (the help), counted in the numbers.
            let note = " \(skipped + first + 1)–\(skipped + first + visible) of \(skipped + lines.count) "
            screen.put(text: note, column: left + 2, row: topRow + boxHeight - 1, style: frame)
        }
    }

    /// The book jacket shown the first time a book is opened: title, author, and a key to go on.
    private func drawJacket(on screen: inout CellGrid) {
        let colors = palette
        let metadata = book.publication.metadata
        let title = metadata.mainTitle ?? Title(value: "Untitled")
        for k in screen.cells.indices where k < columns * (rows - 1) {
            screen.cells[k] = Cell(foreground: colors.text, background: colors.page)
        }
        // Each line wrapped in reading order, then set in the visual order its direction gives.
        var lines: [(String, Bool)] = []
        for line in Self.wrap(title.value, width: max(10, columns - 8)) { lines.append((Self.visual(line, dir: title.direction), true)) }
        if !metadata.creators.isEmpty {
            lines.append(("", false))
            for creator in metadata.creators {
                for line in Self.wrap(creator.name, width: max(10, columns - 8)) { lines.append((Self.visual(line, dir: creator.direction), false)) }
            }
        }
        lines.append(("", false))
        lines.append(("", false))
        lines.append(("Press any key to start reading · ? for the keys · q quits", false))
        // The cover above the title, as large as the screen leaves room for (a cell is twice
        // as tall as it is wide).
        var start = max(0, (rows - 1 - lines.count) / 2)
        if let cover = book.publication.cover, let size = book.images.size(cover), size.width > 0, size.height > 0 {
            let room = rows - 1 - lines.count - 2
            var height = Double(min(room, 24))
            var width = height * 2 * size.width / size.height
            if width > Double(columns - 4) {
                width = Double(columns - 4)
                height = width * size.height / size.width / 2
            }
            if height >= 4 {
                let top = max(0, (rows - 1 - lines.count - Int(height) - 1) / 2)
                let left = (Double(columns) - width.rounded(.down)) / 2
                let frame = Frame(width: Double(columns), height: Double(rows - 1), background: colors.page,
                                  items: [.image(ImageItem(rect: Rect(x: left.rounded(.down), y: Double(top), width: width.rounded(.down),
                                                                      height: height.rounded(.down)), path: cover, alt: "cover"))])
                let drawn = draw(frame, columns: columns, rows: rows - 1)
                for row in 0..<(rows - 1) {
                    for column in 0..<columns where drawn.grid[column, row].character != " " || drawn.grid[column, row].background != nil {
                        var cell = drawn.grid[column, row]
                        if cell.background == nil { cell.background = colors.page }
                        screen[column, row] = cell
                    }
                }
                placements = drawn.placements
                start = top + Int(height) + 1
            }
        }
        for (k, (line, bold)) in lines.enumerated() where start + k < rows - 1 {
            var style = Cell(foreground: colors.text, background: colors.page)
            style.bold = bold
            let width = TerminalWidth.of(text: line)
            screen.put(text: line, column: max(0, (columns - width) / 2), row: start + k, style: style)
        }
    }
}
