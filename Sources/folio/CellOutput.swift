import ArgumentParser
import FolioLayout
import FolioRender
import Foundation

/// `render --format cells|text`: pages laid out for a terminal grid and printed to stdout,
/// with ANSI styling (cells) or without (text), form feeds between pages.
struct CellOutput {
    let format: Render.Format
    let columns: Int
    let rows: Int

    /// Colours by what the terminal says it shows; none with NO_COLOR or when not a terminal.
    static func colorMode() -> ColorMode {
        let env = ProcessInfo.processInfo.environment
        if env["NO_COLOR"].map({ !$0.isEmpty }) == true || isatty(1) != 1 { return .none }
        if let colorterm = env["COLORTERM"]?.lowercased(), colorterm == "truecolor" || colorterm == "24bit" { return .trueColor }
        if env["TERM"]?.contains("256color") == true { return .palette256 }
        return .palette16
    }

    func run(_ paged: PagedBook, selection: PageSelection?) throws {
        let mode = Self.colorMode()
        var first = true
        try paged.forEachPage(upTo: selection?.last) { number, page in
            guard selection?.contains(number) ?? true else { return }
            let grid = CellRenderer.grid(page.frame.inCells(), columns: columns, rows: rows)
            let text = format == .cells ? CellRenderer.ansi(grid, colors: mode) : CellRenderer.plain(grid)
            Terminal.write((first ? "" : "\u{C}") + text + (text.hasSuffix("\n") ? "" : "\n"))
            first = false
        }
    }
}
