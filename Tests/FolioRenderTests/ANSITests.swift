import FolioLayout
import FolioStyle
import Testing
@testable import FolioRender

@Suite struct ANSITests {
    typealias C = CellSupport
    static let red = RGBA(red: 255, green: 0, blue: 0)

    /// Red bold "Hi" on a yellow background over two rows, the second row plain "ok".
    static func grid() throws -> CellGrid {
        let yellow = RGBA(red: 255, green: 255, blue: 0)
        let frame = Frame(width: 6, height: 2, background: .white, items: [
            .fill(Rect(x: 0, y: 0, width: 3, height: 1), yellow),
            .text(origin: Point(x: 0, y: 0), run: try C.run("Hi", color: red, weight: 700)),
            .text(origin: Point(x: 0, y: 1), run: try C.run("ok")),
        ])
        return CellRenderer.grid(frame, columns: 6, rows: 2)
    }

    @Test func trueColourWritesRGBAndResetsAtEachLineEnd() throws {
        let text = CellRenderer.ansi(try Self.grid(), colors: .trueColor)
        #expect(text == "\u{1B}[0;1;38;2;255;0;0;48;2;255;255;0mHi\u{1B}[0;48;2;255;255;0m \u{1B}[0m\n\u{1B}[0;38;2;0;0;0mok\u{1B}[0m")
    }

    @Test func coloursMapToTheNearest256PaletteEntries() throws {
        #expect(TerminalPalette.index256(Self.red) == 196)
        #expect(TerminalPalette.index256(RGBA(red: 255, green: 255, blue: 255)) == 231)
        #expect(TerminalPalette.index256(RGBA(red: 128, green: 128, blue: 128)) == 244)   // grey ramp: 8 + 10 × 12
        #expect(TerminalPalette.index256(RGBA(red: 0, green: 135, blue: 175)) == 31)      // exactly on the cube
        #expect(TerminalPalette.index256(RGBA(red: 30, green: 30, blue: 30)) == 234)
        let text = CellRenderer.ansi(try Self.grid(), colors: .palette256)
        #expect(text.contains("\u{1B}[0;1;38;5;196;48;5;226mHi"))
    }

    @Test func coloursMapToTheNearestOfTheSixteen() throws {
        #expect(TerminalPalette.index16(Self.red) == 9)
        #expect(TerminalPalette.index16(RGBA(red: 160, green: 0, blue: 0)) == 1)
        #expect(TerminalPalette.index16(RGBA(red: 0, green: 0, blue: 128)) == 4)
        #expect(TerminalPalette.index16(.black) == 0)
        #expect(TerminalPalette.index16(.white) == 15)
        #expect(TerminalPalette.index16(RGBA(red: 120, green: 120, blue: 120)) == 8)
        let text = CellRenderer.ansi(try Self.grid(), colors: .palette16)
        #expect(text.contains("\u{1B}[0;1;91;103mHi"))
        #expect(text.contains("\u{1B}[0;30mok"))
    }

    @Test func noColourModeWritesNoEscapesAtAll() throws {
        let grid = try Self.grid()
        let text = CellRenderer.ansi(grid, colors: .none)
        #expect(!text.contains("\u{1B}"))
        #expect(text == "Hi\nok" && text == CellRenderer.plain(grid))
    }

    @Test func externalLinksBecomeOSC8HyperlinksAndBookLinksDoNot() throws {
        let frame = Frame(width: 8, height: 2, background: .white, items: [
            .text(origin: Point(x: 0, y: 0), run: try C.run("web")),
            .link(Rect(x: 0, y: 0, width: 3, height: 1), href: "https://example.org/"),
            .text(origin: Point(x: 0, y: 1), run: try C.run("note")),
            .link(Rect(x: 0, y: 1, width: 4, height: 1), href: "ch2.xhtml#n1"),
        ])
        let grid = CellRenderer.grid(frame, columns: 8, rows: 2)
        let text = CellRenderer.ansi(grid, colors: .trueColor)
        #expect(text.hasPrefix("\u{1B}]8;;https://example.org/\u{1B}\\\u{1B}[0;38;2;0;0;0mweb\u{1B}]8;;\u{1B}\\\u{1B}[0m\n"))
        #expect(!text.contains("ch2.xhtml"))
        #expect(!CellRenderer.ansi(grid, colors: .trueColor, hyperlinks: false).contains("\u{1B}]8"))
    }

    /// An href with ESC or BEL in it would end the OSC 8 sequence early and let the book write
    /// its own escape sequences to the reader's terminal: such a link is left out.
    @Test func hrefsWithControlCharactersNeverReachTheTerminal() throws {
        let frame = Frame(width: 8, height: 1, background: .white, items: [
            .text(origin: Point(x: 0, y: 0), run: try C.run("web")),
            .link(Rect(x: 0, y: 0, width: 3, height: 1), href: "https://example.org/\u{1B}\\\u{1B}]2;pwned\u{07}"),
        ])
        let text = CellRenderer.ansi(CellRenderer.grid(frame, columns: 8, rows: 1), colors: .trueColor)
        #expect(!text.contains("\u{1B}]8") && !text.contains("pwned") && text.contains("web"))
    }
}
