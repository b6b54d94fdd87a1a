import FolioLayout
import FolioOverlay
import FolioPublication
import FolioReader
import FolioRender
import FolioSearch
import FolioStyle

/// The terminal pager's state and what each key does to it: pure of terminal I/O, so tests
/// and benchmarks drive it with keys and read its screen (`screen()`).
public final class Pager {
    public let book: CellBook
    public internal(set) var position: Position
    /// The screen in cells; the last row is the status line.
    public private(set) var columns: Int
    public private(set) var rows: Int
    public var theme: ReaderSettings.Theme
    /// Text size step: the width of the text column (see `TextWidth`).
    public internal(set) var textStep: Int
    var overlay: Overlay = .none
    /// A one-line message shown in the status line until the next key.
    public var message: String?
    var search: SearchState?
    /// The book's search engine; it keeps the text it has indexed for the next search.
    lazy var searchEngine = BookSearch(publication: book.publication, keepsIndex: true)
    /// Positions to go back to after following links (Backspace).
    var history: [Position] = []
    /// The link chosen with Tab on this page (index into `links()`).
    var linkIndex: Int?
    public var bookmarks: [Bookmark] = []
    /// Called when a bookmark is added or deleted, to save it.
    public var onBookmarksChanged: (([Bookmark]) -> Void)?
    /// The reader's highlights in this book, in book order.
    public var highlights: [Highlight] = []
    /// Called when a highlight is added or deleted, to save it.
    public var onHighlightsChanged: (([Highlight]) -> Void)?
    /// The DICT server a selected word is looked up on (`d` in visual mode).
    public var dictionary = DictClient()
    /// The reader's keys (settings.json `keys`): each does what a built-in key does on the
    /// page, or nothing (nil).
    public var keyMap: [Key: Key?] = [:]
    /// The book page of each contents entry (by href) in the layout they were found in.
    var tocPages: (layout: ObjectIdentifier, pages: [String: Int])?
    /// The current page drawn in cells, kept while nothing that changes it changes.
    var gridCache: (key: GridKey, grid: CellGrid, placements: [TerminalImagePlacement])?
    /// The text kept on screen through re-paginations (resizes, themes, text sizes) until the
    /// reader moves: successive resizes do not drift away from it.
    var anchor: Locator?
    /// Scroll mode (`s`): the chapter as one strip of rows, moved a row at a time.
    public internal(set) var scrolling = false
    /// The strip row at the top of the screen in scroll mode.
    var scrollRow = 0
    var stripCache: (key: GridKey, strip: ChapterStrip)?
    /// Makes the narration player when the reader opens the narration bar (`a`); nil when the
    /// book has no Media Overlays.
    public var narrationFactory: (() -> NarrationSession?)?
    /// A player for a chapter read aloud (`ReadAloud`), for books without Media Overlays.
    public var readAloud: ((Timeline, SpokenAudio) -> NarrationSession)?
    /// Makes a session playing one audio or video file of the book (a page's `<audio>` or
    /// `<video>`, by container path) as a one-part narration standing for `text`; nil when the
    /// file cannot be played.
    public var mediaFactory: ((_ path: String, _ text: TextTarget, _ spineIndex: Int) -> NarrationSession?)?
    /// The open narration bar and its player.
    var narration: PagerNarration?
    /// How pictures are shown: kitty or sixel images, half blocks, or their alt text.
    public var graphics: TerminalGraphics = .blocks
    /// The colours the terminal shows (half blocks need some).
    public var colors: ColorMode = .trueColor
    /// A terminal cell in screen pixels (kitty and sixel images are sized in them).
    public var cellPixels: CellPixels = .fallback
    /// Show pages as images drawn by Cairo when the terminal can (`--mode image`).
    public var wantsImagePages = false
    /// The kitty or sixel images of the screen, written over its cells by the shell.
    public internal(set) var placements: [TerminalImagePlacement] = []
    /// Seconds on a monotonic clock: the reader's pace is measured with it.
    public var clock: () -> Double = MonotonicTime.now
    /// The reader's pace, from the pages read forward so far.
    var pace = ReadingPace()
    /// When the page on screen was first shown.
    var shownSince: Double?
    /// The status line's background is a progress bar through the book (`P`).
    public var showsProgressBar = false

    public init(book: CellBook, columns: Int, rows: Int, theme: ReaderSettings.Theme, textStep: Int = TextWidth.defaultStep,
                start: Locator? = nil, showJacket: Bool = false) {
        self.book = book
        self.columns = max(20, columns)
        self.rows = max(5, rows)
        self.theme = theme
        self.textStep = TextWidth.clamp(textStep)
        position = Position(spineIndex: book.readingOrder.first ?? 0, page: 0)
        relayout()
        anchor = nil
        if let start, let found = book.position(of: start) {
            position = found
            // The saved place stays what the reader was reading until they move on.
            anchor = start
        } else {
            position = chapterOne ?? book.firstPosition ?? position
        }
        if showJacket { overlay = .jacket }
    }

    /// The locator of the page's first character: what a resize or a saved position keeps.
    public var locator: Locator {
        book.page(position)?.start ?? Locator(spineIndex: position.spineIndex, offset: 0)
    }

    public var currentPage: Page? { book.page(position) }

    /// What the reader was reading: the text kept on screen through resizes and theme or
    /// column changes (the page shown holds it, but may start earlier), else the page's first
    /// character. Saved as the position, so that reopening at any size shows that text.
    public var readingLocator: Locator { anchor ?? locator }

    /// The page's width and left edge on the screen for the text step.
    /// Image pages use the whole width (their text size changes instead).
    var pageColumns: Int { showsImagePages ? columns : TextWidth.columns(step: textStep, screen: columns) }
    var pageLeft: Int { (columns - pageColumns) / 2 }
    var pageRows: Int { rows - 1 }

    /// Lays the book out for the screen, theme and text size, and stays on the same text.
    func relayout() {
        let keep = anchor ?? book.page(position)?.start
        anchor = keep
        book.relayout(columns: pageColumns, rows: pageRows, theme: theme, display: wantedDisplay)
        if let keep, let found = book.position(of: keep) { position = found }
        linkIndex = nil
        if scrolling {
            let strip = strip()
            scrollRow = strip.firstRowOfPage.indices.contains(position.page) ? strip.firstRowOfPage[position.page] : 0
        }
    }

    /// Pages as images when asked for and the terminal shows kitty or sixel images; cells
    /// otherwise. Keeps the same text on screen.
    public func applyDisplay() {
        let display = wantedDisplay
        if wantsImagePages && display == .cells {
            message = "Pages as images need a terminal with kitty or sixel graphics; showing cells"
        }
        guard display != book.display else { return }
        let keep = anchor ?? book.page(position)?.start
        let width = display == .cells ? TextWidth.columns(step: textStep, screen: columns) : columns
        book.relayout(columns: width, rows: pageRows, theme: theme, display: display)
        if let keep, let found = book.position(of: keep) { position = found }
        if scrolling, display != .cells { scrolling = false }
        gridCache = nil
    }

    public var showsImagePages: Bool { book.display != .cells }

    /// Image pages when asked for and possible, at the text size step's font scale; else cells.
    var wantedDisplay: CellBook.Display {
        guard wantsImagePages, graphics == .kitty || graphics == .sixel else { return .cells }
        return .image(cellWidth: cellPixels.width, cellHeight: cellPixels.height, fontScale: TextWidth.fontScale(step: textStep))
    }

    /// A new terminal size: the book is paginated again and the same text stays on screen.
    public func resize(columns: Int, rows: Int) {
        self.columns = max(20, columns)
        self.rows = max(5, rows)
        relayout()
    }

    /// The first page of the body: the `bodymatter` landmark, else the guide's `text`
    /// reference, else the first linear spine item.
    /// https://www.w3.org/TR/epub-ssv-11/#bodymatter
    var chapterOne: Position? {
        let publication = book.publication
        if let href = publication.navigation.landmarks.first(where: { $0.type?.split(separator: " ").contains("bodymatter") == true })?.href,
           let found = book.position(ofHref: href) {
            return found
        }
        if let href = GuideReading.textReference(publication), let found = book.position(ofHref: href) { return found }
        return book.firstPosition
    }

    /// Idle work: counts the next chapter's pages. True when something changed on screen.
    public func idle() -> Bool {
        if let next = book.readingOrder.first(where: { $0 > position.spineIndex }), !book.isLaidOut(next) {
            // The next chapter, laid out ahead so the page turn into it is as quick as any.
            _ = book.pages(next)
            _ = book.pages(position.spineIndex)
            return false
        }
        return book.countNext()
    }

    public var needsIdleWork: Bool {
        !book.isCounted || book.readingOrder.first(where: { $0 > position.spineIndex }).map { !book.isLaidOut($0) } ?? false
    }

    /// Moves to a page, remembering nothing (page turns).
    func go(_ to: Position?) {
        guard let to else {
            message = "No more pages that way"
            return
        }
        notePageRead(turningTo: to)
        position = to
        linkIndex = nil
        anchor = nil
        if scrolling {
            let strip = strip()
            scrollRow = strip.firstRowOfPage.indices.contains(to.page) ? strip.firstRowOfPage[to.page] : 0
        }
    }

    /// Counts the page on screen into the reader's pace when the reader turns from it to the
    /// next one; the new page's time starts now.
    func notePageRead(turningTo next: Position) {
        let now = clock()
        if let since = shownSince, isPageAfter(next), let page = currentPage {
            pace.read(characters: page.end.offset - page.start.offset, in: now - since)
        }
        shownSince = now
    }

    /// Whether `next` is the page after the one on screen (without laying anything out).
    private func isPageAfter(_ next: Position) -> Bool {
        if next.spineIndex == position.spineIndex { return next.page == position.page + 1 }
        guard next.page == 0, let count = book.knownCount(position.spineIndex), position.page == count - 1,
              let k = book.readingOrder.firstIndex(of: position.spineIndex) else { return false }
        return book.readingOrder.dropFirst(k + 1).first == next.spineIndex
    }

    /// Jumps to a page, remembering where the reader was (links, TOC, search, go-to).
    func jump(_ to: Position?) {
        guard let to, to != position else { return }
        history.append(position)
        if history.count > 100 { history.removeFirst() }
        go(to)
        narrationFollowsReader()
    }
}

/// What a drawn page depends on.
struct GridKey: Equatable {
    var position: Position
    var scrollRow = -1
    var highlight: Range<Int>? = nil
    var searchMarks: [Range<Int>] = []
    var selection: Range<Int>? = nil
    var highlights: [Range<Int>] = []
    var columns: Int
    var rows: Int
    var theme: ReaderSettings.Theme
    var marks: ImageMarks? = nil
}

/// What a page shown as an image has drawn on it besides the narration: the search's hits and
/// the chosen link.
struct ImageMarks: Equatable {
    var query: String?
    var link: Int?
}

/// What is drawn over the page.
enum Overlay {
    case none
    /// The keys, scrolled by this many lines.
    case help(scroll: Int)
    case jacket
    case toc(ListState)
    case bookmarks(ListState)
    case prompt(Prompt)
    case note(title: String, lines: [String], scroll: Int)
    /// Link hints (`f`): each link labelled; the letters typed so far.
    case hints(typed: String)
    /// Visual mode (`v`): words selected on the page.
    case selecting(Selection)
    /// The highlights list (`H`).
    case highlights(ListState)
}

/// A list's selection and scroll.
struct ListState {
    var selected = 0
    var top = 0
    /// The contents' filter (`/`): only entries whose title holds it are listed.
    var filter = ""
    /// Keys go to the filter rather than the list.
    var filtering = false
}

/// A one-line input: search (`/`), go to (`:`), a new bookmark's label (`m`).
struct Prompt {
    enum Kind: Equatable { case search, goTo, bookmarkLabel, highlightNote(Range<Int>) }
    var kind: Kind
    var text = ""
}

/// The width of the text column by text size step: `+` narrows it (bigger margins read like
/// bigger text in a terminal), `−` widens it, up to the whole screen.
public enum TextWidth {
    static let widths = [0, 120, 100, 88, 76, 66, 56, 46]
    public static let defaultStep = 3

    static func clamp(_ step: Int) -> Int { max(0, min(widths.count - 1, step)) }

    /// The font scale of image pages at a step: 15 % a step around 12 pt.
    public static func fontScale(step: Int) -> Double {
        var scale = 1.0
        for _ in 0..<abs(clamp(step) - defaultStep) { scale *= 1.15 }
        return clamp(step) >= defaultStep ? scale : 1 / scale
    }

    public static func columns(step: Int, screen: Int) -> Int {
        let wanted = widths[clamp(step)]
        return wanted == 0 ? screen : min(screen, wanted)
    }
}
