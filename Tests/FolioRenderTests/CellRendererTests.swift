import FolioLayout
import FolioStyle
import Testing
@testable import FolioRender
@testable import FolioText

@Suite struct CellRendererTests {
    typealias C = CellSupport

    @Test func aWideCJKCharacterOccupiesTwoCells() throws {
        let frame = Frame(width: 10, height: 1, background: .white, items: [.text(origin: Point(x: 1, y: 0), run: try C.run("a中b"))])
        let grid = CellRenderer.grid(frame, columns: 10, rows: 1)
        #expect(grid.row(0).map(\.character) == [" ", "a", "中", "", "b", " ", " ", " ", " ", " "])
        #expect(CellRenderer.plain(grid) == " a中b")
    }

    @Test func textLandsAtItsGlyphColumnsOnTheRowItsLineStartsIn() throws {
        var run = try C.run("ab cd")
        run.glyphs[3].x = 4  // justified: the space is two columns wide
        run.glyphs[4].x = 5
        let frame = Frame(width: 10, height: 3, background: .white, items: [.text(origin: Point(x: 2, y: 1), run: run)])
        #expect(CellRenderer.plain(CellRenderer.grid(frame, columns: 10, rows: 3)) == "\n  ab  cd\n")
    }

    @Test func aWideCharacterOverwrittenInHalfLeavesASpace() throws {
        let frame = Frame(width: 6, height: 1, background: .white, items: [
            .text(origin: Point(x: 0, y: 0), run: try C.run("中中")),
            .text(origin: Point(x: 1, y: 0), run: try C.run("x")),
        ])
        let grid = CellRenderer.grid(frame, columns: 6, rows: 1)
        #expect(grid.row(0).map(\.character) == [" ", "x", "中", "", " ", " "])
    }

    @Test func boldAndItalicComeFromTheFaceOrItsSynthesis() throws {
        let frame = Frame(width: 12, height: 1, background: .white, items: [
            .text(origin: Point(x: 0, y: 0), run: try C.run("B", weight: 700)),
            .text(origin: Point(x: 1, y: 0), run: try C.run("s", synthesizeBold: true)),
            .text(origin: Point(x: 2, y: 0), run: try C.run("i", italic: true)),
            .text(origin: Point(x: 3, y: 0), run: try C.run("u", decorations: [.underline])),
            .text(origin: Point(x: 4, y: 0), run: try C.run("x", decorations: [.lineThrough])),
            .text(origin: Point(x: 5, y: 0), run: try C.run("r")),
        ])
        let cells = Array(CellRenderer.grid(frame, columns: 12, rows: 1).row(0))
        #expect(cells[0].bold && cells[1].bold && !cells[2].bold)
        #expect(cells[2].italic && !cells[0].italic)
        #expect(cells[3].underline && !cells[3].strike && cells[4].strike)
        #expect(!cells[5].bold && !cells[5].italic && !cells[5].underline && cells[5].foreground == .black)
    }

    @Test func fillsColourTheBackgroundOfTheCellsWhoseCentreTheyCover() throws {
        let yellow = RGBA(red: 255, green: 255, blue: 0)
        let frame = Frame(width: 6, height: 3, background: .white, items: [
            .fill(Rect(x: 1, y: 0.6, width: 2.2, height: 1), yellow),
            .text(origin: Point(x: 1, y: 1), run: try C.run("ab")),
        ])
        let grid = CellRenderer.grid(frame, columns: 6, rows: 3)
        #expect(grid[1, 1].background == yellow && grid[2, 1].background == yellow)
        #expect(grid[3, 1].background == nil && grid[1, 0].background == nil && grid[1, 2].background == nil)
        #expect(grid[1, 1].character == "a")  // text keeps the background under it
    }

    @Test func bordersDrawBoxCharactersOnTheCellsTheyCross() throws {
        let frame = Frame(width: 12, height: 5, background: .white, items: [
            .border(BorderItem(rect: Rect(x: 1, y: 0, width: 10, height: 5), widths: Edges(all: 1),
                               styles: Edges(all: .solid), colors: Edges(all: .black))),
            .text(origin: Point(x: 3, y: 2), run: try C.run("box")),
            .border(BorderItem(rect: Rect(x: 6, y: 1, width: 4, height: 3), widths: Edges(all: 1),
                               styles: Edges(all: .double), colors: Edges(all: .black))),
        ])
        #expect(CellRenderer.plain(CellRenderer.grid(frame, columns: 12, rows: 5)) == (try C.expected("box-border")))
    }

    @Test func roundedCornersAndMissingEdgesChangeTheBoxCharacters() {
        let frame = Frame(width: 6, height: 3, background: .white, items: [
            .border(BorderItem(rect: Rect(x: 0, y: 0, width: 6, height: 3), widths: Edges(top: 1, right: 1, bottom: 0, left: 1),
                               styles: Edges(all: .solid), colors: Edges(all: .black), radii: [1, 1, 1, 1])),
        ])
        #expect(CellRenderer.plain(CellRenderer.grid(frame, columns: 6, rows: 3)) == "╭────╮\n│    │\n│    │")
    }

    @Test func aThinBorderWhoseRowsHoldItsTextMovesOutwardsOntoFreeCells() throws {
        // A 1-px border (a sixteenth of a row, an eighth of a column) that layout made no room
        // for: its text rounds onto the rows and columns the border touches.
        let frame = Frame(width: 12, height: 6, background: .white, items: [
            .text(origin: Point(x: 1.2, y: 1.3), run: try C.run("top")),
            .text(origin: Point(x: 7, y: 3.4), run: try C.run("end")),
            .border(BorderItem(rect: Rect(x: 1.1, y: 1.2, width: 8, height: 2.6), widths: Edges(top: 1.0 / 16, right: 0.125, bottom: 1.0 / 16, left: 0.125),
                               styles: Edges(all: .solid), colors: Edges(all: .black))),
        ])
        #expect(CellRenderer.plain(CellRenderer.grid(frame, columns: 12, rows: 6)) == "┌─────────┐\n│top      │\n│         │\n│      end│\n└─────────┘\n")
    }

    @Test func aThinBorderWithNoFreeCellsBesideItLeavesTheTextWhole() throws {
        let frame = Frame(width: 8, height: 3, background: .white, items: [
            .text(origin: Point(x: 0, y: 0), run: try C.run("above")),
            .text(origin: Point(x: 1, y: 1), run: try C.run("inner")),
            .border(BorderItem(rect: Rect(x: 0.9, y: 1, width: 6, height: 1.5), widths: Edges(all: 0.1),
                               styles: Edges(all: .solid), colors: Edges(all: .black))),
        ])
        let lines = CellRenderer.plain(CellRenderer.grid(frame, columns: 8, rows: 3)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "above")
        #expect(lines[1].contains("inner"))
    }

    @Test func anImageIsItsAltTextCentredInItsRect() throws {
        let frame = Frame(width: 24, height: 5, background: .white, items: [
            .border(BorderItem(rect: Rect(x: 0, y: 0, width: 24, height: 5), widths: Edges(all: 1),
                               styles: Edges(all: .solid), colors: Edges(all: .black))),
            .image(ImageItem(rect: Rect(x: 1, y: 1, width: 22, height: 3), path: "images/map.png", alt: "Map of the island")),
            .image(ImageItem(rect: Rect(x: 1, y: 3, width: 8, height: 1), path: nil, alt: "A long caption")),
        ])
        #expect(CellRenderer.plain(CellRenderer.grid(frame, columns: 24, rows: 5)) == (try C.expected("image-in-box")))
    }

    @Test func linksMarkTheCellsInTheirRect() throws {
        let frame = Frame(width: 8, height: 1, background: .white, items: [
            .text(origin: Point(x: 0, y: 0), run: try C.run("see here")),
            .link(Rect(x: 4, y: 0, width: 4, height: 1), href: "ch2.xhtml#note"),
        ])
        let grid = CellRenderer.grid(frame, columns: 8, rows: 1)
        #expect(grid.row(0).map(\.link) == [nil, nil, nil, nil] + Array(repeating: "ch2.xhtml#note", count: 4))
    }

    @Test func aHyphenatedRunEndsWithItsHyphenAndARightToLeftRunIsWrittenInVisualOrder() throws {
        var hyphenated = try C.run("hyphen")
        hyphenated.hasHyphen = true
        hyphenated.glyphs.append(PositionedGlyph(id: 2, x: 6, y: 0, advance: 1))
        var rtl = try C.run("אבג")
        rtl.direction = .rtl
        let frame = Frame(width: 8, height: 2, background: .white, items: [
            .text(origin: Point(x: 0, y: 0), run: hyphenated),
            .text(origin: Point(x: 0, y: 1), run: rtl),
        ])
        #expect(CellRenderer.plain(CellRenderer.grid(frame, columns: 8, rows: 2)) == "hyphen-\nגבא")
    }

    @Test func textOutsideTheGridIsDropped() throws {
        let frame = Frame(width: 4, height: 1, background: .white, items: [
            .text(origin: Point(x: 2, y: 0), run: try C.run("abcd")),
            .text(origin: Point(x: 0, y: 5), run: try C.run("gone")),
            .text(origin: Point(x: 3, y: 0), run: try C.run("中")),
        ])
        #expect(CellRenderer.plain(CellRenderer.grid(frame, columns: 4, rows: 1)) == "  ab")
    }
}
