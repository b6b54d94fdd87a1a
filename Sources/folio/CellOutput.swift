import FolioCore
import ArgumentParser
import FolioLayout
import FolioRender
import FoundationEssentials
import Glibc

/// `render --format cells|text`: pages laid out for a terminal grid and printed to stdout,
/// with ANSI styling (cells) or without (text), form feeds between pages. Images are shown
/// as `--images` says: a graphics protocol, half blocks, or their alt text (always in text).
struct CellOutput {
    /// `--images`: how `--format cells` shows pictures.
    enum Images: String, NamedChoices {
        /// kitty where the environment names a terminal that speaks it, else half blocks;
        /// alt text without colours (NO_COLOR, not a terminal).
        case auto
        case kitty, sixel, blocks, none
    }

    let format: Render.Format
    let columns: Int
    let rows: Int
    var images: Images = .auto

    /// Colours by what the terminal says it shows; none with NO_COLOR or when not a terminal.
    static func colorMode() -> ColorMode {
        let env = ProcessInfo.processInfo.environment
        if env["NO_COLOR"].map({ !$0.isEmpty }) == true || isatty(1) != 1 { return .none }
        if let colorterm = env["COLORTERM"]?.lowercased(), colorterm == "truecolor" || colorterm == "24bit" { return .trueColor }
        if env["TERM"]?.contains("256color") == true { return .palette256 }
        return .palette16
    }

    /// The graphics `--images` asks for. `auto` goes by the environment alone: sixel needs the
    /// terminal's DA1 reply, which only the pager (reading the terminal) asks for.
    static func graphics(_ images: Images, colors: ColorMode) -> TerminalGraphics {
        switch images {
        case .auto: TerminalGraphics.detect(environment: ProcessInfo.processInfo.environment, colors: colors)
        case .kitty: .kitty
        case .sixel: .sixel
        case .blocks: .blocks
        case .none: .none
        }
    }

    /// The cell size in pixels from the terminal's window size (TIOCGWINSZ), which kitty,
    /// foot, xterm and WezTerm fill in; the fallback when stdout is not a terminal or it says 0.
    static func cellPixels() -> CellPixels {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel >= size.ws_col, size.ws_ypixel >= size.ws_row else { return .fallback }
        return CellPixels(width: Int(size.ws_xpixel / size.ws_col), height: Int(size.ws_ypixel / size.ws_row))
    }

    func run(_ paged: PagedBook, selection: PageSelection?) throws {
        let mode = Self.colorMode()
        let graphics = format == .text ? TerminalGraphics.none : Self.graphics(images, colors: mode)
        let cellPixels = graphics == .kitty || graphics == .sixel ? Self.cellPixels() : .fallback
        let images = paged.images
        var first = true
        try paged.forEachPage(in: selection, keepingChapters: false) { number, page, _ in
            let drawn = CellRenderer.page(page.frame.inCells(), columns: columns, rows: rows, graphics: graphics,
                                          colors: mode, cellPixels: cellPixels) { images.bitmap($0, width: $1, height: $2) }
            var bytes = first ? [] : [UInt8(0x0C)]
            bytes += format == .cells ? drawn.streamed(colors: mode) : Array(CellRenderer.plain(drawn.grid).utf8)
            bytes.append(UInt8(ascii: "\n"))
            StandardStream.output.write(bytes)
            first = false
        }
    }
}
