import FolioLayout
import FolioRender

/// A chapter's pages stacked into one strip of rows for scroll mode, without the blank rows
/// at page tops and bottoms (the page margins and the space left by page breaks).
struct ChapterStrip {
    var rows: [[Cell]] = []
    /// The page each strip row comes from.
    var pageOfRow: [Int] = []
    /// The first strip row of each page.
    var firstRowOfPage: [Int] = []
}

extension Pager {
    func strip() -> ChapterStrip {
        let key = GridKey(position: Position(spineIndex: position.spineIndex, page: 0), columns: pageColumns, rows: pageRows, theme: theme)
        if let cached = stripCache, cached.key == key { return cached.strip }
        var strip = ChapterStrip()
        for (k, page) in book.pages(position.spineIndex).enumerated() {
            let grid = CellRenderer.grid(page.frame.inCells(), columns: pageColumns, rows: pageRows)
            let blank = (0..<grid.rows).map { row in grid.row(row).allSatisfy { $0.character == " " && $0.background == nil } }
            var first = blank.firstIndex(of: false) ?? grid.rows
            let last = blank.lastIndex(of: false) ?? -1
            if k == 0 { first = 0 }
            strip.firstRowOfPage.append(strip.rows.count)
            if first <= last {
                for row in first...last {
                    strip.rows.append(Array(grid.row(row)))
                    strip.pageOfRow.append(k)
                }
            }
        }
        stripCache = (key, strip)
        return strip
    }

    /// The visible part of the strip as a page-sized grid.
    func scrolledGrid() -> CellGrid {
        let strip = strip()
        var grid = CellGrid(columns: pageColumns, rows: pageRows)
        for row in 0..<pageRows {
            let index = scrollRow + row
            guard strip.rows.indices.contains(index) else { break }
            for (column, cell) in strip.rows[index].enumerated() where column < grid.columns { grid[column, row] = cell }
        }
        return grid
    }

    /// Turns scroll mode on (at the top of the current page) or off (on the page at the top).
    public func toggleScrolling() {
        scrolling.toggle()
        if scrolling {
            let strip = strip()
            scrollRow = strip.firstRowOfPage.indices.contains(position.page) ? strip.firstRowOfPage[position.page] : 0
            message = "Scroll mode: j/k a line, Space/b a screen; s for pages"
        } else {
            message = "Page mode"
        }
        gridCache = nil
    }

    /// Scrolls by `rows` (negative: up), into the next or previous chapter at the ends.
    func scroll(by rows: Int) {
        let strip = strip()
        let maxTop = max(0, strip.rows.count - pageRows)
        let target = scrollRow + rows
        if target > maxTop && scrollRow >= maxTop {
            guard let next = book.nextChapter(position) else {
                message = "The end of the book"
                return
            }
            go(next)
            scrollRow = 0
        } else if target < 0 && scrollRow == 0 {
            guard let previous = book.previousChapter(Position(spineIndex: position.spineIndex, page: 0)) else {
                message = "The start of the book"
                return
            }
            go(previous)
            scrollRow = max(0, self.strip().rows.count - pageRows)
        } else {
            scrollRow = max(0, min(maxTop, target))
        }
        let current = self.strip()
        if current.pageOfRow.indices.contains(scrollRow) {
            position = Position(spineIndex: position.spineIndex, page: current.pageOfRow[scrollRow])
        }
        linkIndex = nil
    }
}
