@testable import FolioLayout
import Testing

/// Rows as the units pages break between, and the table's text on the pages.
@Suite struct TablePaginationTests {
    @Test func eachRowIsWholeOnExactlyOnePage() throws {
        let laid = try TableSupport.layout("rows-break.xhtml")
        #expect(laid.pages.count > 1)
        for n in 1...80 {
            let pages = laid.pages.filter { $0.text.contains("Row\(n)\t") }
            #expect(pages.count == 1, "Row\(n)")
            #expect(pages.first?.text.contains("Row\(n)\talpha beta gamma\n") == true)
        }
        let rows = TableSupport.words(laid.text).filter { $0.hasPrefix("Row") && $0 != "Row" }
        #expect(rows == (1...80).map { "Row\($0)" })
    }

    @Test func theHeaderRowStaysWithTheFirstBodyRow() throws {
        let laid = try TableSupport.layout("rows-break.xhtml")
        let header = try #require(laid.flow.units.firstIndex { $0.text == "Row\tWords" })
        #expect(laid.flow.units[header + 1].breakBefore == .avoid)
    }

    @Test func aRowWithABreakBeforeStartsAPage() throws {
        let laid = try TableSupport.layout("row-break-before.xhtml")
        #expect(laid.pages.count == 2)
        #expect(laid.pages.last?.text.hasPrefix("Second\trow\nThird\trow") == true)
    }

    @Test func aRowTallerThanAPageBreaksBetweenItsLines() throws {
        let laid = try TableSupport.layout("tall-row.xhtml", page: PageGeometry(width: 390, height: 400, margins: .init(all: 16)))
        #expect(laid.pages.count > 2)
        // Each line once, on the page that shows it, in order.
        #expect(TableSupport.words(laid.text) == TableSupport.bodyWords(laid.tree))
        for page in laid.pages {
            let bottom = page.frame.height - laid.page.margins.bottom + 0.01
            for item in page.frame.items {
                if case .text(let origin, let run) = item { #expect(origin.y >= laid.page.margins.top - 0.01 && origin.y + run.size <= bottom) }
            }
        }
    }

    /// A play set as a table: a speech longer than a page (a row) starts right after the short
    /// rows above it instead of leaving the rest of their page blank, and goes on over the
    /// next pages, breaking between its lines.
    @Test func aLongRowStartsAtTheFootOfAPageAndGoesOnBetweenItsLines() throws {
        let laid = try TableSupport.layout("long-speech-row.xhtml", page: PageGeometry(width: 390, height: 400, margins: .init(all: 16)))
        let first = try #require(laid.pages.first)
        #expect(first.text.contains("Short08"))
        #expect(first.text.contains("Ghost\tVerse01"), "the speech starts on the page of the short rows")
        // That page is full: no more than a line of it is left blank.
        let bottom = first.frame.items.compactMap { item -> Double? in
            if case .text(let origin, let run) = item { return origin.y + run.size * 1.5 }
            return nil
        }.max() ?? 0
        #expect(bottom > first.frame.height - laid.page.margins.bottom - 2 * 16 * 1.5, "the first page ends at \(bottom)")
        // Each verse once, in order, over the pages; no page begins or ends the speech with a
        // lone line (orphans and widows of the cell).
        let verses = TableSupport.words(laid.text).filter { $0.hasPrefix("Verse") }
        #expect(verses == (1...30).map { $0 < 10 ? "Verse0\($0)" : "Verse\($0)" })
        for page in laid.pages {
            let shown = TableSupport.words(page.text).filter { $0.hasPrefix("Verse") }
            #expect(shown.isEmpty || shown.count >= 2, "page \(page.indexInChapter + 1) shows \(shown)")
        }
    }

    /// A label centred beside a long cell is read before the cell's first lines, though it is
    /// drawn beside its middle; and the row is not broken above the label.
    @Test func aCentredLabelIsReadBeforeTheLongCellBesideIt() throws {
        let laid = try TableSupport.layout("centred-label-row.xhtml", page: PageGeometry(width: 390, height: 600, margins: .init(all: 16)))
        let words = TableSupport.words(laid.text).filter { $0 == "Label" || $0.hasPrefix("Detail") }
        #expect(words == ["Label"] + (1...24).map { $0 < 10 ? "Detail0\($0)" : "Detail\($0)" })
        let label = try #require(laid.lineTop(containing: "Label"))
        let bands = laid.flow.units.filter { $0.text.contains("Detail") || $0.text.contains("Label") }
        #expect(bands.count > 1, "the row is cut into bands")
        for band in bands where band.top < label - 0.01 && band.top > bands[0].top + 0.01 {
            #expect(band.breakBefore == .avoid, "no break at \(band.top), above the label at \(label)")
        }
    }

    /// A row of a few lines (under a quarter of a page) is kept whole: moved to the next page,
    /// it leaves little blank.
    @Test func aRowOfAFewLinesIsKeptWhole() throws {
        let laid = try TableSupport.layout("long-speech-row.xhtml", page: PageGeometry(width: 390, height: 400, margins: .init(all: 16)))
        for reply in ["Reply1", "Reply2"] {
            let pages = laid.pages.filter { $0.text.contains(reply) }
            #expect(pages.count == 1, "\(reply) is on \(pages.count) pages")
        }
        let row = try #require(laid.flow.units.firstIndex { $0.text.contains("Reply1a") })
        #expect(laid.flow.units[row].text.contains("Reply1c"), "one unit for the whole row")
    }

    @Test func aTableThatAvoidsBreaksInsideMovesToTheNextPage() throws {
        let laid = try TableSupport.layout("table-avoids-breaks.xhtml", page: PageGeometry(width: 390, height: 560, margins: .init(all: 16)))
        let pages = laid.pages.filter { $0.text.contains("Kept") }
        #expect(pages.count == 1)
        #expect(pages.first?.text.hasPrefix("Kept1") == true)
    }

    @Test func everyWordOfTheCellsIsOnThePagesInDocumentOrder() throws {
        let laid = try TableSupport.layout("words-in-order.xhtml")
        #expect(TableSupport.words(laid.text) == TableSupport.bodyWords(laid.tree))
    }

    @Test func aRowsOffsetsSpanItsCellsText() throws {
        let laid = try TableSupport.layout("words-in-order.xhtml")
        let units = laid.flow.units
        let row = try #require(units.first { $0.text.hasPrefix("The Kestrel") })
        let offsets = TextOffsets(tree: laid.tree)
        let text = laid.tree.root.map { String($0.textContent.unicodeScalars.prefix(offsets.length)) } ?? ""
        let scalars = Array(text.unicodeScalars)
        let covered = String(String.UnicodeScalarView(scalars[row.start..<row.end]))
        #expect(covered.hasPrefix("Kestrel") || covered.hasPrefix("The"))
        #expect(covered.contains("Monday") && covered.contains("Some salt."))
        // Rows follow each other in the text.
        let rows = units.filter { $0.text.contains("\t") }
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.start <= $1.start && $0.end <= $1.start })
    }
}

/// A table's header group repeats at the top of the pages its body runs onto.
@Suite struct TableHeaderRepeatTests {
    static func texts(_ page: Page) -> [(text: String, y: Double)] {
        page.frame.items.compactMap { item in
            if case .text(let origin, let run) = item { return (run.text, origin.y + run.baseline) }
            return nil
        }
    }

    @Test func everyPageTheBodyRunsOntoStartsWithTheHeaderRow() throws {
        let laid = try TableSupport.layout("rows-break.xhtml")
        let pages = laid.pages.filter { $0.text.contains("alpha beta gamma") }
        #expect(pages.count > 1)
        for page in pages {
            let texts = Self.texts(page)
            let header = try #require(texts.first { $0.text == "Words" }, "page \(page.indexInChapter + 1) shows the header")
            let rows = texts.filter { $0.text.hasPrefix("Row") && $0.text != "Row" }
            #expect(rows.allSatisfy { $0.y > header.y }, "the header is above every row")
            // Nothing drawn past the page's content box.
            for (_, y) in texts { #expect(y <= laid.page.height - laid.page.margins.bottom + 0.01) }
        }
        // Page text has the header once: it is drawn again, not read again.
        #expect(laid.pages.filter { $0.text.contains("Row\tWords") }.count == 1)
        let rows = TableSupport.words(laid.text).filter { $0.hasPrefix("Row") && $0 != "Row" }
        #expect(rows == (1...80).map { "Row\($0)" })
    }

    @Test func aTableWithoutAHeaderGroupRepeatsNothing() throws {
        let laid = try TableSupport.layout("tall-row.xhtml", page: PageGeometry(width: 390, height: 400, margins: .init(all: 16)))
        #expect(laid.flow.repeatedHeaders.isEmpty)
    }
}
