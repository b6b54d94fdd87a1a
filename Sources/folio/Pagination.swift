import ArgumentParser
import FolioCore
import FolioLayout
import FolioPublication
import FolioRender
import FolioStyle

/// Options shared by the commands that paginate a book.
struct LayoutOptions: ParsableArguments {
    @OptionGroup var target: TargetOptions

    @Option(name: .customLong("pages"), help: "Pages to show: 1-10,15 or all (book page numbers, 1-based). Default: all.")
    var chosenPages: String?
    var pages: String { chosenPages ?? "all" }

    @Option(help: "Lay out for a terminal of COLSxROWS character cells instead of a device (e.g. 80x24).")
    var cells: String?

    /// The terminal size `--cells` asks for.
    var cellGrid: (columns: Int, rows: Int)? {
        guard let cells else { return nil }
        let parts = cells.lowercased().split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (20...1000).contains(c), (5...1000).contains(r) else { return nil }
        return (c, r)
    }

    func validate() throws {
        if cells != nil && cellGrid == nil {
            throw ValidationError("--cells must be COLSxROWS with 20-1000 columns and 5-1000 rows, e.g. 80x24")
        }
        guard PageSelection(pages) != nil else {
            throw ValidationError("--pages must be like 1-10,15 or all, not '\(pages)'")
        }
    }
}

/// A set of 1-based page numbers from `1-10,15`, `3-` or `all`.
struct PageSelection {
    private var ranges: [ClosedRange<Int>] = []
    private var all = false
    /// As the user wrote it.
    let text: String

    init?(_ text: String) {
        self.text = text
        if text.lowercased() == "all" {
            all = true
            return
        }
        for part in text.split(separator: ",") {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            if bounds.count == 1, let n = Int(bounds[0]), n >= 1 {
                ranges.append(n...n)
            } else if bounds.count == 2, let a = Int(bounds[0]), a >= 1 {
                let b = bounds[1].isEmpty ? Int.max : Int(bounds[1]) ?? -1
                guard b >= a else { return nil }
                ranges.append(a...b)
            } else {
                return nil
            }
        }
        if ranges.isEmpty { return nil }
    }

    func contains(_ page: Int) -> Bool { all || ranges.contains { $0.contains(page) } }
    /// The highest page wanted (nil: all of them), so pagination can stop early.
    var last: Int? { all ? nil : ranges.map(\.upperBound).max() }
    /// The highest page named by number (not by an open range such as `3-`).
    var lastNamed: Int? { ranges.map(\.upperBound).filter { $0 != Int.max }.max() }
}

/// A book's pages in reading order, numbered from 1, laid out chapter by chapter.
struct PagedBook {
    let layout: BookLayout
    let images: BookImages
    /// The book as the user named it, for messages.
    let name: String
    /// Warnings recorded while opening (summarised already); later ones are printed at the end.
    let openingWarnings: Int
    /// What the pages show going wrong, and the pages of layout's warnings.
    let pageWarnings: PageWarnings

    var publication: Publication { layout.publication }

    /// Opens `book` for a paginating command: one line on stderr when opening warned; an
    /// unopenable book or an empty spine is an error (exit 65) naming the book.
    static func open(_ book: String, target: TargetOptions, cells: (columns: Int, rows: Int)? = nil) throws -> PagedBook {
        let publication = try openBook(book)
        Terminal.summarizeWarnings(publication.diagnostics, book: book)
        guard !publication.spine.items.isEmpty else {
            Terminal.error("\(book): the spine is empty; there is nothing to lay out")
            throw Exit.unreadableBook
        }
        return try PagedBook(publication, name: book, target: target, cells: cells)
    }

    /// Prints the warnings recorded since the book was opened (layout's, rendering's), each
    /// with the pages it concerns.
    func printNewWarnings() {
        let pages = pageWarnings.pagesOfWarning
        Terminal.printWarnings(publication.diagnostics, since: openingWarnings) { index in pages[index].map(PageWarnings.pageRange) }
    }

    private init(_ publication: Publication, name: String, target: TargetOptions, cells: (columns: Int, rows: Int)?) throws {
        self.name = name
        openingWarnings = publication.diagnostics.warnings.count
        let images = BookImages(publication)
        self.images = images
        var devicePixelRatio = 0.0   // terminal cells: images are not judged by their pixels
        if let cells {
            // A terminal page: cells of 8×16 CSS px, a margin of two columns and one row.
            var settings = try target.settings()
            settings.fontScale = 1
            settings.pageMargin = 16
            settings.marginShare = 0
            // The terminal's width is the reader's to choose (the pager's + and −).
            settings.measure = 0
            layout = BookLayout(publication: publication, environment: .terminal(columns: cells.columns, rows: cells.rows),
                                settings: settings, metric: .cells, images: images)
        } else {
            let environment = try target.environment()
            devicePixelRatio = environment.devicePixelRatio
            layout = BookLayout(publication: publication, environment: environment, settings: try target.settings(), images: images)
        }
        // These commands go through the book once, chapter after chapter: only the chapter being
        // read and the one before it (whose pages render's batch may still be finishing, asking
        // for their titles) are kept laid out.
        layout.chapterCacheLimit = 2
        pageWarnings = PageWarnings(inspector: PageInspector(devicePixelRatio: devicePixelRatio) { images.pixels($0) },
                                    diagnostics: publication.diagnostics)
    }

    /// The pages `selection` names (all of them when nil), in order, numbered from 1, each with
    /// its problems (see the next). A selection that names no page of the book is an error
    /// naming its page count (exit 64); pages named past the last are a warning.
    func forEachPage(in selection: PageSelection?, keepingChapters: Bool = true, _ body: (Int, Page, [PageProblem]) throws -> Void) throws {
        var count = 0, shown = 0
        try forEachPage(upTo: selection?.last, keepingChapters: keepingChapters) { number, page, problems in
            count = number
            guard selection?.contains(number) ?? true else { return }
            shown += 1
            try body(number, page, problems)
        }
        guard let selection else { return }
        let pages = count == 1 ? "1 page" : "\(count) pages"
        if shown == 0 {
            Terminal.error("\(name): --pages \(selection.text) names no page: the book has \(pages) at this size")
            throw ExitCode(64)
        }
        if let named = selection.lastNamed, named > count {
            Terminal.error("warning: \(name): --pages \(selection.text) goes past the last page: the book has \(pages) at this size")
        }
    }

    /// Calls `body` with each page, its book page number and its problems (what the page shows
    /// going wrong, the warnings layout placed on it, and on a chapter's first page the
    /// chapter's other warnings), until `last` if given. A book none of whose spine items gives
    /// a page is an error (exit 65) naming the book. `keepingChapters: false` is for a body done
    /// with each page when it returns (listing, printing text): a chapter is let go once its
    /// pages are through, before the next is laid out, so only one chapter is in memory at a
    /// time. What the pages show going wrong is reported once, with its pages, at the end.
    func forEachPage(upTo last: Int? = nil, keepingChapters: Bool = true, _ body: (Int, Page, [PageProblem]) throws -> Void) throws {
        var number = 0
        defer { pageWarnings.finish() }
        for spineIndex in layout.readingOrder {
            let chapter = keepingChapters ? layout.chapter(spineIndex) : layout.chapterPassingThrough(spineIndex)
            let problems = pageWarnings.chapter(chapter.pages, first: number + 1)
            for (k, page) in chapter.pages.enumerated() {
                number += 1
                if let last, number > last { return }
                try body(number, page, problems[k])
            }
        }
        if number == 0 {
            Terminal.error("\(name): no spine item could be laid out into a page (folio info shows the warnings)")
            throw Exit.unreadableBook
        }
    }
}
