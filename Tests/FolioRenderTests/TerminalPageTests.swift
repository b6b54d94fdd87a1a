import FolioImage
import FolioLayout
import FolioPublication
import FolioStyle
import FolioTestSupport
import Foundation
import Testing
@testable import FolioRender

#if canImport(Glibc)
import Glibc

/// The C library's `wcwidth` (declared in `<wchar.h>` under `_XOPEN_SOURCE`, which the Glibc
/// module leaves out).
@_silgen_name("wcwidth") private func cWidth(_ character: Int32) -> Int32
#endif

/// Books laid out with the cell metric and drawn as terminal pages, end to end.
@Suite struct TerminalPageTests {
    /// A book's pages for a terminal of `columns`×`rows`, as `folio render --format cells` lays them out.
    static func pages(_ path: String, columns: Int, rows: Int, limit: Int = .max) throws -> (BookImages, [Page]) {
        let publication = try PublicationOpener.open(path)
        let images = BookImages(publication)
        var settings = ReaderSettings(fontScale: 1, pageMargin: 16)
        settings.marginShare = 0
        let layout = BookLayout(publication: publication, environment: .terminal(columns: columns, rows: rows), settings: settings,
                                metric: .cells) { images.size($0) }
        var pages: [Page] = []
        for spineIndex in layout.readingOrder where pages.count < limit {
            pages += layout.chapter(spineIndex).pages.prefix(limit - pages.count)
        }
        return (images, pages)
    }

    static func firstPage(_ fixture: String) throws -> String {
        let path = RenderSupport.fixtures.appendingPathComponent(fixture).path
        let page = try #require(try pages(path, columns: 40, rows: 12).1.first)
        return CellRenderer.plain(CellRenderer.grid(page.frame.inCells(), columns: 40, rows: 12))
    }

    /// Emphasis, strong text and headings keep their style in cells: italic and bold are flags
    /// of the one cell face, which the terminal shows as SGR 3 and 1 (the check fixture's
    /// heading, and the data URL fixture has none).
    @Test func headingsAndEmphasisAreBoldAndItalicInCells() throws {
        let path = RenderSupport.packageRoot.appendingPathComponent("Tests/FolioCLITests/Fixtures/check/broken").path
        let page = try #require(try Self.pages(path, columns: 60, rows: 40).1.first)
        let grid = CellRenderer.grid(page.frame.inCells(), columns: 60, rows: 40)
        func cells(of word: String) -> [Cell] {
            let text = CellRenderer.plain(grid).split(separator: "\n", omittingEmptySubsequences: false)
            for (row, line) in text.enumerated() {
                guard let range = line.range(of: word) else { continue }
                let column = line.distance(from: line.startIndex, to: range.lowerBound)
                return (column..<(column + word.count)).map { grid.cells[row * grid.columns + $0] }
            }
            return []
        }
        let heading = cells(of: "The Harbour")
        #expect(!heading.isEmpty && heading.allSatisfy { $0.bold && !$0.italic })
        let body = cells(of: "morning boats")
        #expect(!body.isEmpty && body.allSatisfy { !$0.bold && !$0.italic })
    }

    @Test func aCollapsedTableIsBoxDrawnWithItsTextOffTheBorderRows() throws {
        #expect(try Self.firstPage("table-collapsed-in-cells") == (try CellSupport.expected("table-collapsed-in-cells")))
    }

    @Test func aSeparatedTableWithNoRoomBetweenItsBordersIsDrawnAsOneGrid() throws {
        #expect(try Self.firstPage("table-separated-in-cells") == (try CellSupport.expected("table-separated-in-cells")))
    }

    @Test func blockBordersTakeWholeRowsAndColumnsOffTheirText() throws {
        let path = RenderSupport.fixtures.appendingPathComponent("bordered-blocks-in-cells").path
        let page = try #require(try Self.pages(path, columns: 40, rows: 24).1.first)
        let frame = page.frame.inCells()
        let grid = CellRenderer.grid(frame, columns: 40, rows: 24)
        #expect(CellRenderer.plain(grid) == (try CellSupport.expected("bordered-blocks-in-cells")))

        // Every character of text is where the text alone puts it: no line covers one.
        var textOnly = frame
        textOnly.items = frame.items.filter { if case .text = $0 { true } else { false } }
        let text = CellRenderer.grid(textOnly, columns: 40, rows: 24)
        for k in text.cells.indices where text.cells[k].character != " " {
            #expect(grid.cells[k].character == text.cells[k].character, "cell \(k % 40), \(k / 40)")
        }
        // Each drawn edge is a whole row or column of line characters, from corner to corner.
        let borders = frame.items.compactMap { if case .border(let border) = $0 { border } else { nil } }
        #expect(borders.count == 4)
        func isLine(_ column: Int, _ row: Int) -> Bool {
            grid[column, row].character.unicodeScalars.first.map { (0x2500...0x257F).contains($0.value) } == true
        }
        for border in borders {
            #expect(CellGrid.takesWholeCells(border))
            let cells = try #require(grid.cells(of: border))
            let w = border.widths
            if w.top > 0 { #expect(cells.columns.allSatisfy { isLine($0, cells.rows.lowerBound) }) }
            if w.bottom > 0 { #expect(cells.columns.allSatisfy { isLine($0, cells.rows.upperBound) }) }
            if w.left > 0 { #expect(cells.rows.allSatisfy { isLine(cells.columns.lowerBound, $0) }) }
            if w.right > 0 { #expect(cells.rows.allSatisfy { isLine(cells.columns.upperBound, $0) }) }
        }
    }

    /// The columns a terminal gives a line, by the C library's `wcwidth` (an oracle apart from
    /// `TerminalWidth`), escape sequences left out.
    static func terminalColumns(_ line: Substring) -> Int {
        #if canImport(Glibc)
        var columns = 0
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                // CSI … final byte, or OSC … ST.
                guard let kind = scalars.next() else { break }
                if kind == "[" {
                    while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
                } else if kind == "]" {
                    while let next = scalars.next() {
                        if next == "\u{1B}" { _ = scalars.next(); break }
                    }
                }
                continue
            }
            columns += max(0, Int(cWidth(Int32(bitPattern: scalar.value))))
        }
        return columns
        #else
        return TerminalWidth.of(text: line)
        #endif
    }

    /// The first pages of every corpus book and of the project's own, at 80×24 with half-block
    /// images in 24-bit colour: no line is wider than the terminal, no page taller.
    @Test(.enabled(if: Corpus.directory != nil, Comment(rawValue: Corpus.absentMessage)), arguments: TerminalPageTests.books)
    func corpusPagesFitAnEightyByTwentyFourTerminal(book: String) throws {
        #if canImport(Glibc)
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        #endif
        // The oracle itself counts: one, two (CJK), one (a half block), none (an escape).
        #expect(Self.terminalColumns("a中▀\u{1B}[0;38;2;1;2;3m") == 4)
        let (images, pages) = try Self.pages(book, columns: 80, rows: 24, limit: 150)
        for (number, page) in pages.enumerated() {
            let drawn = CellRenderer.page(page.frame.inCells(), columns: 80, rows: 24, graphics: .blocks, colors: .trueColor) {
                images.bitmap($0, width: $1, height: $2)
            }
            let lines = CellRenderer.ansi(drawn.grid, colors: .trueColor).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count <= 24, Comment(rawValue: "\(book) page \(number + 1): \(lines.count) lines"))
            for (row, line) in lines.enumerated() {
                let width = Self.terminalColumns(line)
                #expect(width <= 80, Comment(rawValue: "\(book) page \(number + 1) row \(row): \(width) columns"))
            }
        }
    }

    static let books: [String] = {
        let samples = Corpus.directory.map { $0.appendingPathComponent("samples") }
        let files = samples.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
        // kusamakura-preview names its files with absolute paths: it has no page to lay out.
        let epubs = files.filter { $0.hasSuffix(".epub") && $0 != "kusamakura-preview.epub" }.sorted()
        return epubs.compactMap { samples?.appendingPathComponent($0).path }
            + [Corpus.packageRoot.appendingPathComponent("corpus/lighthouse.epub").path]
    }()
}
