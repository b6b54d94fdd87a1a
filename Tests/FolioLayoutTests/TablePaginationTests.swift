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
