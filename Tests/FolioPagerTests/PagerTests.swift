import FolioImage
import FolioLayout
import FolioPublication
import FolioReader
import FolioRender
import FolioStyle
import FolioTestSupport
import Foundation
import Testing
@testable import FolioPager

/// The pager driven by keys on the sample book, reading its screen as a reader would.
@Suite struct PagerTests {
    static let sample = Corpus.packageRoot.appendingPathComponent("corpus/lighthouse.epub").path

    private func pager(columns: Int = 80, rows: Int = 24, jacket: Bool = false) throws -> Pager {
        let publication = try PublicationOpener.open(Self.sample)
        let book = CellBook(publication: publication, images: BookImages(publication), columns: columns, rows: rows - 1, theme: .day)
        return Pager(book: book, columns: columns, rows: rows, theme: .day, showJacket: jacket)
    }

    private func text(_ pager: Pager) -> String { CellRenderer.plain(pager.screen()) }

    private func press(_ pager: Pager, _ keys: Key...) {
        for key in keys { _ = pager.handle(key) }
    }

    private func type(_ pager: Pager, _ text: String) {
        for c in text { _ = pager.handle(.character(c)) }
    }

    @Test func theJacketShowsTitleAndAuthorThenAnyKeyOpensChapterOne() throws {
        let p = try pager(jacket: true)
        #expect(text(p).contains("The Lighthouse Keeper's Almanac"))
        #expect(text(p).contains("Folio Authors"))
        press(p, .character("x"))
        #expect(p.book.layout.href(ofSpineItem: p.position.spineIndex) == "EPUB/text/chapter-1.xhtml")
        #expect(text(p).contains("I. Winter"))
    }

    /// A Hebrew title with dir="rtl", an Arabic creator and a Latin one, a Hebrew chapter title:
    /// each set in the visual order its direction gives, Arabic joined, as page text is.
    @Test func theJacketAndStatusLineShowRightToLeftMetadataInVisualOrder() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/rtl-metadata")
        let publication = try PublicationOpener.open(fixture.path)
        let book = CellBook(publication: publication, images: BookImages(publication), columns: 60, rows: 19, theme: .day)
        let p = Pager(book: book, columns: 60, rows: 20, theme: .day, showJacket: true)
        let jacket = text(p).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(jacket.contains("!השדח הקתפרה :CSS"), "\(jacket)")
        #expect(jacket.contains("Ivan (the) Herman"))
        let arabic = try #require(jacket.first { $0.unicodeScalars.contains { (0xFE70...0xFEFF).contains($0.value) } })
        #expect(arabic.unicodeScalars.count == "نجيب محفوظ".unicodeScalars.count)
        press(p, .character("x"))
        let status = try #require(text(p).split(separator: "\n").last)
        #expect(status.contains("(ןושאר) קרפ"), "\(status)")
    }

    @Test func pagingForwardCrossesIntoTheNextChapterAndBackAgain() throws {
        let p = try pager()
        let first = p.position
        let count = p.book.pages(first.spineIndex).count
        for _ in 0..<count { press(p, .character(" ")) }
        #expect(p.position.spineIndex != first.spineIndex)
        #expect(p.position.page == 0)
        #expect(text(p).contains("II. Spring"))
        press(p, .character("b"))
        #expect(p.position == Position(spineIndex: first.spineIndex, page: count - 1))
    }

    @Test func theStatusLineGivesChapterPageBookPageAndPrintPage() throws {
        let p = try pager()
        p.book.countAll()
        let status = text(p).split(separator: "\n").last.map(String.init) ?? ""
        #expect(status.contains("I. Winter"))
        #expect(status.contains("1/\(p.book.pages(p.position.spineIndex).count)"))
        #expect(status.contains("p. \(p.book.bookPageNumber(p.position)!) of \(p.book.totalPages!)"))
        #expect(status.contains("print p. 1"))
    }

    @Test func theTableOfContentsMarksTheChapterAndJumps() throws {
        let p = try pager()
        press(p, .character("t"))
        let toc = text(p)
        #expect(toc.contains("▸ I. Winter"))
        #expect(toc.contains("The long evenings"))
        press(p, .down, .enter)
        #expect(p.book.layout.href(ofSpineItem: p.position.spineIndex) == "EPUB/text/chapter-2.xhtml")
        press(p, .backspace)
        #expect(p.book.layout.href(ofSpineItem: p.position.spineIndex) == "EPUB/text/chapter-1.xhtml")
    }

    @Test func theContentsGiveEachEntrysBookPageAndSlashFiltersThem() throws {
        let p = try pager()
        p.book.countAll()
        press(p, .character("t"))
        // The box's lines, without the page around it.
        func box() -> [String] {
            text(p).split(separator: "\n").compactMap { line -> String? in
                guard let a = line.firstIndex(of: "│"), let b = line.lastIndex(of: "│"), a < b else { return nil }
                return line[line.index(after: a)..<b].trimmingCharacters(in: .whitespaces)
            }
        }
        // Each entry's line ends with the book page its link leads to.
        for (title, href) in [("I. Winter", "EPUB/text/chapter-1.xhtml"), ("II. Spring", "EPUB/text/chapter-2.xhtml")] {
            let line = try #require(box().first { $0.hasSuffix(title) || $0.contains(title + " ") })
            let page = try #require(p.book.position(ofHref: href).flatMap { p.book.bookPageNumber($0) })
            #expect(line.hasSuffix(" \(page)"), "\(line)")
        }
        // / then letters narrow the list; Enter opens the entry chosen.
        press(p, .character("/"))
        type(p, "SPRING")
        #expect(text(p).contains("Contents /SPRING"))
        #expect(box().contains { $0.contains("II. Spring") } && !box().contains { $0.contains("I. Winter") })
        press(p, .enter)
        #expect(p.book.layout.href(ofSpineItem: p.position.spineIndex) == "EPUB/text/chapter-2.xhtml")
        // Nothing matching says so; Esc clears the filter and keeps the list open.
        press(p, .character("t"), .character("/"))
        type(p, "zzz")
        #expect(text(p).contains("no entry holds “zzz”"))
        press(p, .escape)
        #expect(box().contains { $0.contains("I. Winter") } && box().contains { $0.contains("II. Spring") })
        press(p, .escape)
        #expect(!text(p).contains("Contents"))
    }

    @Test func linkHintsLabelEveryLinkAndTypingALabelFollowsIt() throws {
        let p = try pager()
        // A page with a note reference: the second page of chapter one.
        var tries = 0
        while p.links().isEmpty && tries < 20 {
            press(p, .character(" "))
            tries += 1
        }
        let links = p.links()
        try #require(!links.isEmpty)
        press(p, .character("f"))
        let screen = p.screen()
        let labels = Pager.hintLabels(links.count)
        for (link, label) in zip(links, labels) {
            let first = try #require(link.cells.first)
            #expect(screen[p.pageLeft + first.columns.lowerBound, first.row].character == String(label.first!))
            #expect(screen[p.pageLeft + first.columns.lowerBound, first.row].bold)
        }
        // The note reference's label opens the note over the page.
        let note = try #require(links.firstIndex { $0.href.hasSuffix("#note-log") })
        press(p, .character(Character(labels[note])))
        guard case .note(let title, _, _) = p.overlay else {
            Issue.record("the note was not opened")
            return
        }
        #expect(!title.isEmpty)
        // A letter no label has closes the hints and says so.
        try #require(links.count < 26)
        press(p, .escape, .character("f"), .character("m"))
        #expect(statusLine(p).contains("No link is labelled “m”"))
        if case .hints = p.overlay { Issue.record("the hints should be closed") }
    }

    @Test func theWheelTurnsPagesAndAClickOnANoteReferenceOpensIt() throws {
        let p = try pager()
        let first = p.position
        press(p, .mouse(MouseEvent(.wheelDown, column: 10, row: 5)))
        #expect(p.position == p.book.next(first))
        press(p, .mouse(MouseEvent(.wheelUp, column: 10, row: 5)))
        #expect(p.position == first)
        for _ in 0..<20 where !p.links().contains(where: { $0.href.hasSuffix("#note-log") }) { press(p, .character(" ")) }
        let page = p.position
        let link = try #require(p.links().first { $0.href.hasSuffix("#note-log") })
        let cell = try #require(link.cells.first)
        // A click beside the link does nothing; on it, the note opens; another click closes it.
        press(p, .mouse(MouseEvent(.press(0), column: p.pageLeft + cell.columns.lowerBound, row: max(0, cell.row - 1))))
        if case .note = p.overlay { Issue.record("a click off the link opened the note") }
        press(p, .mouse(MouseEvent(.press(0), column: p.pageLeft + cell.columns.lowerBound, row: cell.row)))
        guard case .note = p.overlay else {
            Issue.record("the note was not opened")
            return
        }
        press(p, .mouse(MouseEvent(.press(0), column: 0, row: 0)))
        if case .none = p.overlay {} else { Issue.record("a click should close the note") }
        #expect(p.position == page)
    }

    @Test func visualModeSelectsByWordSentenceAndParagraphAndHighlightsWithANote() throws {
        let p = try pager()
        var saved: [Highlight] = []
        p.onHighlightsChanged = { saved = $0 }
        press(p, .character("v"))
        let words = p.pageWords()
        try #require(words.count > 20)
        guard case .selecting(let first) = p.overlay else {
            Issue.record("v should start a selection")
            return
        }
        #expect(first == Selection(anchor: 0, cursor: 0))
        // → moves the selected word; w extends by a word; ) to the sentence's end.
        press(p, .right, .character("w"), .character("w"))
        guard case .selecting(let extended) = p.overlay else { return }
        #expect(extended == Selection(anchor: 1, cursor: 3))
        press(p, .character(")"))
        guard case .selecting(let sentence) = p.overlay else { return }
        #expect(Pager.endsSentence(words[sentence.cursor].text))
        #expect(!words[extended.cursor..<sentence.cursor].contains { Pager.endsSentence($0.text) })
        // The selection is painted on the page in the selection colour.
        let selectedCells = p.screen().cells.filter { $0.background == p.palette.selection }.count
        #expect(selectedCells > 0)
        // Enter asks for a note; the highlight keeps the chapter's text and a CFI range.
        press(p, .enter)
        type(p, "a note")
        press(p, .enter)
        let mark = try #require(saved.first)
        let range = words[1].range.lowerBound..<words[sentence.cursor].range.upperBound
        #expect(mark.range == range)
        #expect(mark.text == p.book.layout.text(spineIndex: p.position.spineIndex, range: range))
        #expect(mark.note == "a note")
        #expect(mark.cfi?.hasPrefix("epubcfi(") == true && mark.cfi?.contains(",") == true)
        // Saved highlights stay painted; H lists them and d deletes.
        #expect(p.screen().cells.contains { $0.background == p.palette.highlight })
        press(p, .character("H"))
        #expect(text(p).contains("Highlights"))
        press(p, .character("d"))
        #expect(saved.isEmpty)
    }

    @Test(.enabled(if: DictServer.available, "dictd or dictfmt is not installed (scripts/setup installs them)"))
    func dInVisualModeLooksTheWordUpOnTheDictServer() throws {
        let server = try DictServer(entries: [("relief", "Aid in time of need; release from a post or duty.")])
        let p = try pager()
        p.dictionary = DictClient(host: "127.0.0.1", port: server.port)
        press(p, .character("v"))
        let words = p.pageWords()
        let index = try #require(words.firstIndex { $0.text == "relief" })
        for _ in 0..<index { press(p, .right) }
        press(p, .character("d"))
        guard case .note(let title, let lines, _) = p.overlay else {
            Issue.record("no definition shown: \(p.message ?? "")")
            return
        }
        #expect(title == "relief")
        #expect(lines.joined(separator: " ").contains("release from a post or duty"))
        // A word the server does not know says so.
        press(p, .escape, .character("v"), .character("d"))
        #expect(p.message?.contains("No definition of") == true)
        // No server: a clear message, not a hang.
        p.dictionary = DictClient(host: "127.0.0.1", port: DictServer.freePort(), timeout: 1)
        press(p, .escape, .character("v"), .character("d"))
        #expect(p.message?.contains("no dictionary server answers") == true)
    }

    @Test func theReadersKeysFromSettingsActAsTheBuiltInOnesOnThePage() throws {
        let p = try pager()
        let (map, unknown) = KeyNames.map(["x": "space", "ctrl-f": "space", "q": "none", "banana": "q", "z": "??"])
        #expect(unknown.sorted() == ["??", "banana"])
        p.keyMap = map
        let first = p.position
        press(p, .character("x"))
        #expect(p.position == p.book.next(first))
        press(p, .control("f"))
        #expect(p.position != first)
        // q does nothing now; in a prompt it is still typed.
        #expect(p.handle(.character("q")))
        press(p, .character("/"), .character("q"))
        guard case .prompt(let prompt) = p.overlay else {
            Issue.record("the search prompt should be open")
            return
        }
        #expect(prompt.text == "q")
        press(p, .escape)
        // The help lists them, and scrolls when it is taller than the screen.
        press(p, .character("?"))
        #expect(text(p).contains("Keys"))
        let all = p.helpText()
        #expect(all.last?.contains("ctrl-f → space") == true && all.last?.contains("q → nothing") == true)
        press(p, .character("j"))
        guard case .help(let scroll) = p.overlay else {
            Issue.record("j should scroll the help")
            return
        }
        #expect(scroll == 1)
        #expect(KeyNames.key("ctrl-d") == .control("d") && KeyNames.key("pgdn") == .pageDown && KeyNames.key("?") == .character("?"))
        #expect(KeyNames.name(of: .control("u")) == "ctrl-u" && KeyNames.name(of: .character(" ")) == "space")
    }

    @Test func hintLabelsAreOneLetterWhileTheyLastThenTwoAndNeverAPrefixOfAnother() {
        #expect(Pager.hintLabels(3) == ["a", "s", "d"])
        let many = Pager.hintLabels(100)
        #expect(many.count == 100 && Set(many).count == 100)
        #expect(many.allSatisfy { $0.count == 2 })
        #expect(Pager.hintLabels(26).allSatisfy { $0.count == 1 })
    }

    @Test func searchFindsEveryMatchInTheBookAndNMovesThroughThem() throws {
        let p = try pager()
        press(p, .character("/"))
        type(p, "lamp")
        press(p, .enter)
        p.finishSearch()
        let state = try #require(p.search)
        // Every page's text, counted apart from the engine.
        let expected = p.book.readingOrder.reduce(0) { sum, spine in
            sum + p.book.pages(spine).reduce(0) { $0 + Pager.occurrences(of: "lamp", in: $1.text.replacingOccurrences(of: "\n", with: " ")) }
        }
        #expect(state.total == expected)
        #expect(state.total >= 3)
        // The hit shown is on the page shown.
        let shown = state.hits[state.current]
        #expect(p.book.position(of: shown.locator) == p.position)
        #expect(p.currentPage?.text.lowercased().contains("lamp") == true)
        #expect(text(p).contains("of \(state.total)"))
        let firstHit = p.position
        press(p, .character("n"))
        let next = try #require(p.search)
        #expect(next.current == (state.current + 1) % state.total)
        #expect(p.book.position(of: next.hits[next.current].locator) == p.position)
        press(p, .character("N"))
        #expect(p.search?.current == state.current)
        #expect(p.position == firstHit)
    }

    @Test func goToAPercentageAndAPageNumber() throws {
        let p = try pager()
        press(p, .character(":"))
        type(p, "100%")
        press(p, .enter)
        #expect(p.position == p.book.lastPosition)
        press(p, .character(":"))
        type(p, "2")
        press(p, .enter)
        #expect(p.book.bookPageNumber(p.position) == 2)
    }

    @Test func thePercentageIsThePagesPlaceInTheBooksTextNotItsPageNumber() throws {
        let p = try pager()
        p.book.countAll()
        let lengths = p.book.readingOrder.map { p.book.pages($0).last?.end.offset ?? 0 }
        let total = lengths.reduce(0, +)
        // Chapter one's first page: what comes before it (the cover and title) over the whole text.
        let index = try #require(p.book.readingOrder.firstIndex(of: p.position.spineIndex))
        let start = lengths[..<index].reduce(0, +) + (p.currentPage?.start.offset ?? 0)
        let percent = Int((Double(start) / Double(total) * 100).rounded(.down))
        #expect(statusLine(p).contains("· \(percent)%"))
        #expect(percent < 10, "page 3 of 7 is not 3 sevenths of the text in")
        // Half way through the text is a page whose text holds that point.
        press(p, .character(":"))
        type(p, "50%")
        press(p, .enter)
        let half = try #require(p.book.textProgress(p.position))
        let page = try #require(p.currentPage)
        let chapterLength = page.end.offset - page.start.offset
        #expect(half.share <= 0.5 && half.share + Double(chapterLength) / Double(total) >= 0.5)
        // The last page is the whole book.
        press(p, .character("G"))
        #expect(statusLine(p).contains("· 100%"))
    }

    @Test func timeLeftFollowsTheReadersPaceOnceThreePagesAreRead() throws {
        let p = try pager()
        p.book.countAll()
        var now = 0.0
        p.clock = { now }
        _ = p.screen()
        // Skimmed pages (under two seconds) do not count.
        press(p, .character(" "))
        #expect(!statusLine(p).contains("left"))
        var read = 0
        for _ in 0..<3 {
            now += 30
            read += (p.currentPage?.end.offset ?? 0) - (p.currentPage?.start.offset ?? 0)
            press(p, .character(" "))
        }
        let status = statusLine(p)
        #expect(status.contains("left in chapter") && status.contains("in book"), "\(status)")
        let rate = Double(read) / 90
        let progress = try #require(p.book.textProgress(p.position))
        let expected = try #require(ReadingPace.words(seconds: Int((Double(progress.bookLeft) / rate).rounded())))
        #expect(status.contains("\(expected) in book"))
    }

    @Test func theProgressBarFillsTheStatusLineAsFarAsTheReaderHasRead() throws {
        let p = try pager()
        p.book.countAll()
        press(p, .character(":"))
        type(p, "50%")
        press(p, .enter)
        press(p, .character("P"))
        let share = try #require(p.book.textProgress(p.position)?.share)
        let screen = p.screen()
        let row = screen.rows - 1
        let filled = (0..<screen.columns).filter { screen[$0, row].background == p.palette.progress }.count
        #expect(filled == Int((share * Double(screen.columns)).rounded()))
        #expect(filled > 0 && filled < screen.columns)
        press(p, .character("P"))
        #expect(!(0..<p.screen().columns).contains { p.screen()[$0, row].background == p.palette.progress })
    }

    @Test func theReadersPlaceSurvivesResizesAndReopeningAtTheFirstSize() throws {
        let publication = try PublicationOpener.open(Self.sample)
        func open(_ columns: Int, _ rows: Int, at start: Locator?) -> Pager {
            let book = CellBook(publication: publication, images: BookImages(publication), columns: columns, rows: rows - 1, theme: .day)
            return Pager(book: book, columns: columns, rows: rows, theme: .day, start: start)
        }
        let first = open(100, 30, at: nil)
        press(first, .character(" "))
        let page = first.position
        let shown = try #require(first.currentPage?.start)
        // Through two other sizes: the page shown at each holds the text, but starts earlier.
        first.resize(columns: 70, rows: 40)
        first.resize(columns: 60, rows: 20)
        #expect(first.readingLocator == shown)
        #expect(first.currentPage.map { $0.start <= shown && shown < $0.end } == true)
        // Reopened at the first size from what was saved: the same page.
        let again = open(100, 30, at: first.readingLocator)
        #expect(again.position == page)
        #expect(again.readingLocator == shown, "quitting again at once saves the same place")
        // Once the reader moves on, the place is the new page's start.
        press(again, .character(" "))
        #expect(again.readingLocator == again.currentPage?.start)
    }

    private func statusLine(_ p: Pager) -> String { text(p).split(separator: "\n").last.map(String.init) ?? "" }

    @Test func bookmarksAreAddedListedAndDeleted() throws {
        let p = try pager()
        var saved: [Bookmark] = []
        p.onBookmarksChanged = { saved = $0 }
        // m asks for a label; Enter without one keeps the page's first words.
        press(p, .character("m"))
        #expect(statusLine(p).contains("Bookmark label"))
        press(p, .enter)
        #expect(saved.count == 1)
        #expect(saved.first?.locator == p.locator)
        #expect(saved.first?.label == nil)
        let marked = p.position
        press(p, .character("]"), .character("'"))
        #expect(text(p).contains("Bookmarks"))
        press(p, .enter)
        #expect(p.position == marked)
        press(p, .character("m"))
        #expect(statusLine(p).contains("bookmarked already"))
        press(p, .character("'"), .character("d"))
        #expect(saved.isEmpty)
        // A label typed after m names the bookmark in the list; Esc makes none.
        press(p, .character("m"), .escape)
        #expect(saved.isEmpty)
        press(p, .character("m"))
        type(p, "the relief boat")
        press(p, .enter)
        #expect(saved.first?.label == "the relief boat")
        press(p, .character("'"))
        #expect(text(p).contains("the relief boat"))
    }

    @Test func aResizeKeepsTheSameTextOnScreen() throws {
        let p = try pager(columns: 80, rows: 24)
        press(p, .character(" "), .character(" "))
        let locator = p.locator
        p.resize(columns: 60, rows: 20)
        let page = try #require(p.currentPage)
        #expect(page.start <= locator && locator <= page.end)
        p.resize(columns: 120, rows: 40)
        let wide = try #require(p.currentPage)
        #expect(wide.start <= locator && locator <= wide.end)
    }

    @Test func aThemeChangeRecoloursThePageAndKeepsTheText() throws {
        let p = try pager()
        press(p, .character(" "))
        let before = p.locator
        press(p, .character("T"))
        #expect(p.theme == .night)
        let page = try #require(p.currentPage)
        #expect(page.start <= before && before <= page.end)
        #expect(p.screen()[0, 0].background == RGBA.black)
    }

    @Test func yCyclesHyphenationAndRelaysTheSamePlace() throws {
        let p = try pager()
        press(p, .character(" "), .character(" "))
        let before = p.locator
        #expect(p.book.hyphens == .auto)
        press(p, .character("y"))
        #expect(p.book.hyphens == .book)
        #expect(p.message?.contains("as the book says") == true)
        press(p, .character("y"))
        #expect(p.book.hyphens == .off)
        let page = try #require(p.currentPage)
        #expect(page.start <= before && before <= page.end)
        #expect(!text(p).isEmpty)
        press(p, .character("y"))
        #expect(p.book.hyphens == .auto)
    }

    @Test func aFootnoteLinkOpensItsNoteOverThePage() throws {
        let p = try pager()
        // Page to the one that holds the note reference.
        for _ in 0..<10 where !p.links().contains(where: { $0.href.contains("notes.xhtml#") }) { press(p, .character(" ")) }
        let index = try #require(p.links().firstIndex { $0.href.contains("notes.xhtml#") })
        for _ in 0...index { press(p, .tab) }
        let page = p.position
        press(p, .enter)
        #expect(text(p).contains("Beaufort"))
        #expect(p.position == page)
        press(p, .escape)
        #expect(!text(p).contains("┌─ Note"))
    }

    @Test func theTextColumnNarrowsWithPlus() throws {
        let p = try pager(columns: 120, rows: 30)
        let wide = p.pageColumns
        press(p, .character("+"))
        #expect(p.pageColumns < wide)
        press(p, .character("-"), .character("-"))
        #expect(p.pageColumns >= wide)
    }

    @Test func qQuits() throws {
        let p = try pager()
        #expect(p.handle(.character("q")) == false)
    }
}

@Suite struct PagerScrollTests {
    @Test func scrollModeMovesALineAtATimeAndKeepsThePageNumberInStep() throws {
        let publication = try PublicationOpener.open(PagerTests.sample)
        let book = CellBook(publication: publication, images: BookImages(publication), columns: 80, rows: 23, theme: .day)
        let p = Pager(book: book, columns: 80, rows: 24, theme: .day)
        _ = p.handle(.character("s"))
        #expect(p.scrolling)
        let before = CellRenderer.plain(p.screen()).split(separator: "\n", omittingEmptySubsequences: false)
        _ = p.handle(.character("j"))
        let after = CellRenderer.plain(p.screen()).split(separator: "\n", omittingEmptySubsequences: false)
        // Everything moved up one row.
        #expect(Array(after[0..<21]) == Array(before[1..<22]))
        let chapter = p.position.spineIndex
        for _ in 0..<30 { _ = p.handle(.character("j")) }
        #expect(p.position.spineIndex == chapter)
        #expect(p.position.page > 0)
        _ = p.handle(.character("s"))
        #expect(!p.scrolling)
    }
}

@Suite struct PagerImageModeTests {
    private func pager(graphics: TerminalGraphics) throws -> Pager {
        let publication = try PublicationOpener.open(PagerTests.sample)
        let book = CellBook(publication: publication, images: BookImages(publication), columns: 80, rows: 23, theme: .day)
        let pager = Pager(book: book, columns: 80, rows: 24, theme: .day)
        pager.graphics = graphics
        pager.cellPixels = CellPixels(width: 10, height: 20)
        pager.wantsImagePages = true
        pager.applyDisplay()
        return pager
    }

    @Test func withKittyEachPageIsOnePNGCoveringThePageCells() throws {
        let p = try pager(graphics: .kitty)
        #expect(p.showsImagePages)
        let locator = p.locator
        _ = p.screen()
        let placement = try #require(p.placements.first)
        #expect(p.placements.count == 1)
        #expect(placement.columns == p.pageColumns && placement.rows == 23)
        // The chunks' payloads joined are a PNG of the page's pixel size.
        let png = try #require(Self.kittyPNG(placement))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(abs(width - p.pageColumns * 10) <= 1 && abs(height - 23 * 20) <= 1)
        // The same text stays on screen when the display changes.
        let page = try #require(p.currentPage)
        #expect(page.start <= locator)
    }

    /// The PNG a kitty placement carries: its chunks' payloads joined and decoded from base64.
    static func kittyPNG(_ placement: TerminalImagePlacement) -> Data? {
        let text = String(decoding: placement.bytes, as: UTF8.self)
        let payload = text.components(separatedBy: "\u{1B}_G").dropFirst().map { chunk -> String in
            let body = chunk.components(separatedBy: "\u{1B}\\").first ?? ""
            return String(body.split(separator: ";", maxSplits: 1).last ?? "")
        }.joined()
        return Data(base64Encoded: payload)
    }

    /// The page picture of a kitty placement, decoded.
    private func picture(_ p: Pager) throws -> Bitmap {
        _ = p.screen()
        let placement = try #require(p.placements.first)
        return try ImageDecoder.decode(Array(try #require(Self.kittyPNG(placement))))
    }

    /// Pixels of exactly `color` in a decoded picture.
    private func count(_ color: RGBA, in bitmap: Bitmap) -> Int {
        var n = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let at = y * bitmap.stride + x * 4
                let px = bitmap.pixels[at..<at + 4]
                // Decoded bitmaps are premultiplied ARGB32 in native order: B, G, R, A bytes.
                if Array(px) == [color.blue, color.green, color.red, 0xFF] { n += 1 }
            }
        }
        return n
    }

    @Test func searchHitsAndTheChosenLinkAreMarkedInThePagePicture() throws {
        let p = try pager(graphics: .kitty)
        let mark = RGBA(red: 0xFF, green: 0xE0, blue: 0x66)
        func hasLink(_ page: Page?) -> Bool {
            page?.frame.items.contains { if case .link = $0 { return true } else { return false } } ?? false
        }
        // Chapter one's page with the footnote reference.
        for _ in 0..<12 where !hasLink(p.currentPage) { _ = p.handle(.character(" ")) }
        #expect(hasLink(p.currentPage))
        #expect(count(mark, in: try picture(p)) == 0)
        // Links are found on image pages too: Tab chooses the footnote, and it is marked.
        _ = p.handle(.tab)
        #expect(p.imagePageLinks().map(\.href) == ["EPUB/text/notes.xhtml#note-log"])
        #expect(p.linkIndex == 0)
        #expect(count(mark, in: try picture(p)) > 0, "the chosen link is marked")
        _ = p.handle(.escape)
        p.linkIndex = nil
        // A search hit is marked in the picture.
        p.startSearch("relief")
        p.finishSearch()
        let page = try #require(p.currentPage)
        #expect(page.text.contains("relief"))
        #expect(count(mark, in: try picture(p)) > 50, "the hit is marked in the picture")
    }

    @Test func plusMakesTheTextOfImagePagesLarger() throws {
        let p = try pager(graphics: .kitty)
        #expect(p.pageColumns == 80)
        let before = p.book.pages(p.position.spineIndex).count
        _ = p.handle(.character("+"))
        _ = p.handle(.character("+"))
        #expect(p.book.pages(p.position.spineIndex).count > before)
        #expect(CellRenderer.plain(p.screen()).contains("Text size: 132%"))
    }

    @Test func withSixelThePageIsASixelImage() throws {
        let p = try pager(graphics: .sixel)
        _ = p.screen()
        let bytes = try #require(p.placements.first?.bytes)
        #expect(bytes.starts(with: Array("\u{1B}P".utf8)))
    }

    @Test func withoutImageGraphicsPagesStayCells() throws {
        let p = try pager(graphics: .blocks)
        #expect(!p.showsImagePages)
        #expect(CellRenderer.plain(p.screen()).contains("kitty or sixel"))
    }
}

/// Searching right-to-left text, which stands on the screen in visual order and joined forms.
@Suite(.enabled(if: Corpus.directory != nil, Comment(rawValue: Corpus.absentMessage)))
struct PagerRightToLeftSearchTests {
    @Test func anArabicWordFoundOnThePageIsMarkedInItsCells() throws {
        let url = try #require(Corpus.file("samples/regime-anticancer-arabic.epub"))
        let publication = try PublicationOpener.open(url.path)
        let book = CellBook(publication: publication, images: BookImages(publication), columns: 80, rows: 23, theme: .day)
        let pager = Pager(book: book, columns: 80, rows: 24, theme: .day)
        // A page of running text, and a long Arabic word on it.
        for _ in 0..<6 { _ = pager.handle(.character(" ")) }
        let page = try #require(pager.currentPage)
        let word = try #require(page.text.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation })
            .map(String.init).first { $0.count >= 6 && $0.unicodeScalars.allSatisfy { (0x621...0x64A).contains($0.value) } })
        pager.startSearch(word)
        pager.finishSearch()
        #expect(pager.currentPage?.text.contains(word) == true)
        let screen = pager.screen()
        var marked = 0
        for row in 0..<(screen.rows - 1) {
            for column in 0..<screen.columns where screen[column, row].background == pager.palette.mark { marked += 1 }
        }
        #expect(marked >= word.count, "“\(word)” is marked on the screen (\(marked) cells)")
    }
}

/// A link to a note opens it in a pop-up; a link to the document's `<title>` marked
/// `epub:type="footnote"` does not, since only what a page shows is a note (W3C
/// pss-support_ignore-title).
@Suite struct PagerNoteTests {
    static let book = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/note-on-title").path

    @Test func aNoteOpensAndATitleMarkedAsANoteDoesNot() throws {
        let publication = try PublicationOpener.open(Self.book)
        let cells = CellBook(publication: publication, images: BookImages(publication), columns: 80, rows: 23, theme: .day)
        let p = Pager(book: cells, columns: 80, rows: 24, theme: .day, showJacket: false)
        #expect(p.noteText("EPUB/chapter1.xhtml#n1")?.text == "The note's own words.")
        #expect(p.noteText("EPUB/chapter2.xhtml#t1") == nil)
    }
}
