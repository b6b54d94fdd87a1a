import FolioRender
import FoundationEssentials
import Glibc

/// Runs a pager in a terminal: draws its screen, reads keys, follows resizes, and counts the
/// book's pages while the reader reads.
public final class PagerShell {
    let pager: Pager
    let terminal: TerminalSession
    let colors: ColorMode
    /// The rows on screen now, as written, so only changed rows are written again.
    private var shown: [String] = []
    private var shownPlacements: [TerminalImagePlacement] = []

    /// With `detectGraphics`, the terminal is asked (DA1) whether it shows sixel images and
    /// how large its cells are, and the pager's graphics set from the answer.
    let detectGraphics: Bool

    public init(pager: Pager, terminal: TerminalSession, colors: ColorMode, detectGraphics: Bool = true) {
        self.pager = pager
        self.terminal = terminal
        self.colors = colors
        self.detectGraphics = detectGraphics
        pager.colors = colors
    }

    private func detect() {
        let environment = ProcessInfo.processInfo.environment
        let attributes = DeviceAttributes(reply: terminal.query(DeviceAttributes.query, terminator: UInt8(ascii: "c")))
        pager.graphics = TerminalGraphics.detect(environment: environment, deviceAttributes: attributes, colors: colors)
        if pager.graphics == .kitty || pager.graphics == .sixel,
           let cell = CellPixels(reply: terminal.query(CellPixels.query, terminator: UInt8(ascii: "t"))) {
            pager.cellPixels = cell
        }
    }

    /// Reads until the reader quits. `afterKey` runs after each key (saving the position).
    public func run(afterKey: (Pager) -> Void = { _ in }) {
        terminal.start()
        defer { terminal.close() }
        if detectGraphics { detect() }
        pager.applyDisplay()
        let size = terminal.size()
        if size.columns != pager.columns || size.rows != pager.rows { pager.resize(columns: size.columns, rows: size.rows) }
        draw()
        while true {
            // Idle work (counting pages) runs between keys without making them wait long.
            // Narration ticks twenty times a second; idle work fills the gaps between keys.
            // A running search hands over its hits every 20 ms.
            let keys = terminal.readKeys(timeout: pager.isSearching ? 20 : pager.needsIdleWork ? 0 : pager.isNarrating ? 50 : -1)
            if pager.isNarrating, pager.tickNarration() { draw() }
            if pager.isSearching, pager.pollSearch() { draw() }
            if terminal.takeResize() {
                let size = terminal.size()
                pager.resize(columns: size.columns, rows: size.rows)
                shown = []
                terminal.write("\u{1B}[2J")
            }
            if keys.isEmpty {
                if pager.isSearching { continue }
                if pager.needsIdleWork && pager.idle() { draw() } else if shown.isEmpty { draw() }
                continue
            }
            for key in keys {
                guard pager.handle(key) else { return }
                afterKey(pager)
            }
            draw()
        }
    }

    /// Writes the rows that changed since the last screen.
    func draw() {
        let lines = Self.lines(pager.screen(), colors: colors)
        var out = ""
        for (row, line) in lines.enumerated() where row >= shown.count || shown[row] != line {
            out += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[K"
        }
        shown = lines
        // Images go over the cells after them; kitty keeps images until told to delete them.
        let placements = pager.placements
        if !out.isEmpty || placements != shownPlacements {
            if pager.graphics == .kitty { out += KittyGraphics.deleteAll }
            for placement in placements where !out.isEmpty || placements != shownPlacements {
                out += String(decoding: placement.positioned(), as: UTF8.self)
            }
            shownPlacements = placements
        }
        if !out.isEmpty { terminal.write(out) }
    }

    /// The screen as one ANSI line per row.
    public static func lines(_ grid: CellGrid, colors: ColorMode) -> [String] {
        CellRenderer.ansi(grid, colors: colors).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
