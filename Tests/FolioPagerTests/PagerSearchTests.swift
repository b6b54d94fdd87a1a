import FolioLayout
import FolioPublication
import FolioRender
import Foundation
import Testing
@testable import FolioPager

/// The pager's search running in the background: hits arrive while the reader reads, Esc stops it.
@Suite struct PagerSearchTests {
    static let whales = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FolioSearchTests/Fixtures/whale-book").path

    private func pager(_ path: String = whales) throws -> Pager {
        let publication = try PublicationOpener.open(path)
        let book = CellBook(publication: publication, images: BookImages(publication), columns: 80, rows: 23, theme: .day)
        return Pager(book: book, columns: 80, rows: 24, theme: .day)
    }

    private func search(_ p: Pager, _ text: String) {
        _ = p.handle(.character("/"))
        for c in text { _ = p.handle(.character(c)) }
        _ = p.handle(.enter)
    }

    @Test func theFirstHitShowsAndIsMarkedThenTheCountFillsIn() throws {
        let p = try pager()
        search(p, "whale")
        #expect(p.isSearching)
        p.finishSearch()
        let state = try #require(p.search)
        #expect(state.total == 8)
        #expect(state.current == 0)
        let screen = p.screen()
        #expect(CellRenderer.plain(screen).contains("match 1 of 8"))
        // The split word `wh<em>ale</em>` is marked: five cells on its row.
        var marked = 0
        for row in 0..<(screen.rows - 1) {
            for column in 0..<screen.columns where screen[column, row].background == p.palette.mark { marked += 1 }
        }
        #expect(marked >= 5)
        _ = p.handle(.character("n"))
        #expect(p.search?.current == 1)
        _ = p.handle(.character("N"))
        _ = p.handle(.character("N"))
        #expect(p.search?.current == 7, "N from the first hit wraps to the last")
    }

    @Test func aRegularExpressionExactCaseAndDiacriticsAreAskedForInThePrompt() throws {
        let p = try pager()
        search(p, #"re:\bwhale\b"#)
        p.finishSearch()
        #expect(p.search?.total == 7)
        search(p, "case:WHALE")
        p.finishSearch()
        #expect(p.search?.total == 1)
        search(p, "natasha")
        p.finishSearch()
        #expect(p.search?.total == 2)
        search(p, "accents:natásha")
        p.finishSearch()
        #expect(p.search?.total == 1)
        search(p, "re:(unclosed")
        #expect(!p.isSearching)
        #expect(CellRenderer.plain(p.screen()).contains("Cannot search"))
    }

    @Test func escapeStopsASearchThatWouldRunForeverAtOnce() throws {
        let p = try pager()
        // Seconds of backtracking on chapter two's long run of a's, under the match limit.
        search(p, #"re:(a|a){1,18}\d"#)
        #expect(p.isSearching)
        usleep(200_000)
        _ = p.pollSearch()
        #expect(p.isSearching)
        let clock = ContinuousClock()
        let start = clock.now
        _ = p.handle(.escape)
        #expect(clock.now - start < .milliseconds(50))
        #expect(!p.isSearching)
        #expect(CellRenderer.plain(p.screen()).contains("Search stopped"))
        // The pager still reads keys and searches again.
        search(p, "whale")
        p.finishSearch()
        #expect(p.search?.total == 8)
    }

    @Test func controlCDuringASearchStopsTheSearchNotThePager() throws {
        let p = try pager()
        search(p, "re:(a+)+b")
        #expect(p.handle(.control("c")))
        #expect(!p.isSearching)
    }
}
