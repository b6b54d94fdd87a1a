import FolioLayout
import FolioPublication
import FolioRender
import FolioStyle

/// A book laid out for the terminal: the real layout engine with the cell metric, for a grid
/// of `columns`×`rows` cells, chapter by chapter. Page counts are remembered per chapter (the
/// layout keeps only a few chapters) so book page numbers fill in as chapters are counted.
public final class CellBook {
    public let publication: Publication
    public let images: BookImages
    public private(set) var layout: BookLayout
    public private(set) var columns: Int
    public private(set) var rows: Int
    public private(set) var theme: ReaderSettings.Theme
    /// Pages as cells, or as images drawn by Cairo for a terminal that shows images.
    public private(set) var display: Display = .cells
    /// The font family of image pages (cells have the terminal's).
    public private(set) var font: ReaderSettings.FontChoice = .publisher
    /// The reader's hyphenation (`auto`: justified text hyphenated unless the book says none).
    public private(set) var hyphens: ReaderSettings.Hyphenation
    /// The reader's justification: the book's alignment, or paragraphs forced justified or ragged.
    public private(set) var justification: Justification
    private var counts: [Int: Int] = [:]
    /// Each chapter's text length (its last page's end offset), once laid out: the same at any
    /// size, so kept through re-layouts.
    private var textLengths: [Int: Int] = [:]

    /// Whether paragraphs keep the book's alignment or are justified or ragged whatever it says.
    public enum Justification: String, Sendable, CaseIterable {
        case book, justified, ragged

        /// `ReaderSettings.justify`: nil keeps the book's alignment.
        var forced: Bool? {
            switch self {
            case .book: nil
            case .justified: true
            case .ragged: false
            }
        }
    }

    /// How pages are laid out for the terminal.
    public enum Display: Equatable, Sendable {
        /// The cell metric: a character per cell.
        case cells
        /// Fonts, for a page of `columns × cell width` by `rows × cell height` screen pixels,
        /// at a scale where a line of text is about a cell tall.
        /// `fontScale` is the reader's text size (1: 12 pt).
        case image(cellWidth: Int, cellHeight: Int, fontScale: Double)
    }

    public init(publication: Publication, images: BookImages, columns: Int, rows: Int, theme: ReaderSettings.Theme,
                hyphens: ReaderSettings.Hyphenation = .auto, justification: Justification = .book) {
        self.publication = publication
        self.images = images
        self.columns = columns
        self.rows = rows
        self.theme = theme
        self.hyphens = hyphens
        self.justification = justification
        layout = Self.makeLayout(publication, images: images, columns: columns, rows: rows, theme: theme, display: .cells, font: .publisher,
                                 hyphens: hyphens, justification: justification)
    }

    private static func makeLayout(_ publication: Publication, images: BookImages, columns: Int, rows: Int,
                                   theme: ReaderSettings.Theme, display: Display, font: ReaderSettings.FontChoice,
                                   hyphens: ReaderSettings.Hyphenation, justification: Justification) -> BookLayout {
        var settings = ReaderSettings.phone
        settings.theme = theme
        settings.hyphens = hyphens
        settings.justify = justification.forced
        switch display {
        case .cells:
            // A cell is 8×16 CSS px; the margin is two columns and one row.
            settings.pageMargin = 16
            settings.marginShare = 0
            settings.measure = 0
            return BookLayout(publication: publication, environment: .terminal(columns: columns, rows: rows), settings: settings,
                              metric: .cells, images: images)
        case .image(let cellWidth, let cellHeight, let fontScale):
            settings.font = font
            settings.fontScale = fontScale
            let scale = imageScale(cellHeight: cellHeight)
            let environment = MediaEnvironment(width: Double(columns * cellWidth) / scale, height: Double(rows * cellHeight) / scale, dpr: scale)
            return BookLayout(publication: publication, environment: environment, settings: settings, metric: .fonts, images: images)
        }
    }

    /// Device pixels per CSS px for image pages: a 12 pt line (about 22 CSS px) one cell tall.
    public static func imageScale(cellHeight: Int) -> Double {
        max(0.5, min(4, Double(cellHeight) / 22))
    }

    /// Lays the book out again for another grid, theme, display or font; counts start over.
    public func relayout(columns: Int, rows: Int, theme: ReaderSettings.Theme, display: Display? = nil, font: ReaderSettings.FontChoice? = nil,
                         hyphens: ReaderSettings.Hyphenation? = nil, justification: Justification? = nil) {
        let display = display ?? self.display, font = font ?? self.font, hyphens = hyphens ?? self.hyphens
        let justification = justification ?? self.justification
        guard columns != self.columns || rows != self.rows || theme != self.theme || display != self.display || font != self.font
                || hyphens != self.hyphens || justification != self.justification else { return }
        self.columns = columns
        self.rows = rows
        self.theme = theme
        self.display = display
        self.font = font
        self.hyphens = hyphens
        self.justification = justification
        counts = [:]
        layout = Self.makeLayout(publication, images: images, columns: columns, rows: rows, theme: theme, display: display, font: font,
                                 hyphens: hyphens, justification: justification)
    }

    public var readingOrder: [Int] { layout.readingOrder }

    /// A spine item's pages (laid out when needed) — remembered as a count.
    public func pages(_ spineIndex: Int) -> [Page] {
        let pages = layout.chapter(spineIndex).pages
        noteCounted(spineIndex, pages)
        return pages
    }

    private func noteCounted(_ spineIndex: Int, _ pages: [Page]) {
        counts[spineIndex] = pages.count
        textLengths[spineIndex] = pages.last?.end.offset ?? 0
    }

    public func page(_ position: Position) -> Page? {
        let pages = pages(position.spineIndex)
        return pages.indices.contains(position.page) ? pages[position.page] : nil
    }

    /// True when a chapter's pages are in the layout's cache.
    public func isLaidOut(_ spineIndex: Int) -> Bool { layout.isCached(spineIndex) }

    /// The page count of a chapter if it has been laid out.
    public func knownCount(_ spineIndex: Int) -> Int? { counts[spineIndex] }

    /// True when every chapter in reading order has been counted.
    public var isCounted: Bool { readingOrder.allSatisfy { counts[$0] != nil } }

    /// Lays out the next uncounted chapter (for idle moments); false when all are counted.
    @discardableResult
    public func countNext() -> Bool {
        guard let next = readingOrder.first(where: { counts[$0] == nil }) else { return false }
        noteCounted(next, layout.chapterPassingThrough(next).pages)
        return true
    }

    /// A chapter's pages for a pass over the whole book (searching): the chapters the reader
    /// is in stay cached.
    public func pagesPassingThrough(_ spineIndex: Int) -> [Page] {
        let pages = layout.chapterPassingThrough(spineIndex).pages
        noteCounted(spineIndex, pages)
        return pages
    }

    /// The position at a share (0…1) of the book's text, every chapter counted first.
    public func position(atTextShare share: Double) -> Position? {
        countAll()
        let total = readingOrder.reduce(0) { $0 + (textLengths[$1] ?? 0) }
        var target = Int((max(0, min(1, share)) * Double(total)).rounded(.down))
        for spine in readingOrder {
            let length = textLengths[spine] ?? 0
            if target < length || spine == readingOrder.last { return position(of: Locator(spineIndex: spine, offset: min(target, max(0, length - 1)))) }
            target -= length
        }
        return nil
    }

    /// Where a page starts in the book's text, as a share of it (0…1; 1 on the book's last
    /// page), and the characters from there to the end of its chapter and of the book. Nil
    /// until every chapter's text has been measured (as they are counted in idle moments).
    public func textProgress(_ position: Position) -> (share: Double, chapterLeft: Int, bookLeft: Int)? {
        guard let index = readingOrder.firstIndex(of: position.spineIndex), let page = page(position) else { return nil }
        var before = 0, total = 0
        for (k, spine) in readingOrder.enumerated() {
            guard let length = textLengths[spine] else { return nil }
            if k < index { before += length }
            total += length
        }
        let chapterLength = textLengths[position.spineIndex] ?? 0
        let at = before + min(page.start.offset, chapterLength)
        let isLast = index == readingOrder.count - 1 && position.page == (counts[position.spineIndex] ?? 1) - 1
        let share = isLast || total == 0 ? 1 : Double(at) / Double(total)
        return (share, max(0, chapterLength - page.start.offset), max(0, total - at))
    }

    /// Counts every chapter.
    public func countAll() {
        while countNext() {}
    }

    /// The total number of pages, once every chapter is counted.
    public var totalPages: Int? {
        isCounted ? readingOrder.reduce(0) { $0 + (counts[$1] ?? 0) } : nil
    }

    /// The 1-based book page number of a position in reading order, once the chapters before
    /// it are counted (nil for a chapter outside the reading order).
    public func bookPageNumber(_ position: Position) -> Int? {
        guard let index = readingOrder.firstIndex(of: position.spineIndex) else { return nil }
        var before = 0
        for spine in readingOrder[..<index] {
            guard let count = counts[spine] else { return nil }
            before += count
        }
        return before + position.page + 1
    }

    /// The position of a 1-based book page number (counting chapters as needed), clamped.
    public func position(ofBookPage number: Int) -> Position? {
        var remaining = max(1, number)
        var last: Position?
        for spine in readingOrder {
            let count = counts[spine] ?? pages(spine).count
            if count == 0 { continue }
            if remaining <= count { return Position(spineIndex: spine, page: remaining - 1) }
            remaining -= count
            last = Position(spineIndex: spine, page: count - 1)
        }
        return last
    }

    /// The first page of the first chapter in reading order that has pages.
    public var firstPosition: Position? {
        readingOrder.first { !pages($0).isEmpty }.map { Position(spineIndex: $0, page: 0) }
    }

    /// The last page of the book.
    public var lastPosition: Position? {
        for spine in readingOrder.reversed() {
            let count = pages(spine).count
            if count > 0 { return Position(spineIndex: spine, page: count - 1) }
        }
        return nil
    }

    /// The page after `position`, continuing into the next chapter with pages.
    public func next(_ position: Position) -> Position? {
        if position.page + 1 < pages(position.spineIndex).count {
            return Position(spineIndex: position.spineIndex, page: position.page + 1)
        }
        return nextChapter(position)
    }

    /// The page before `position`, continuing from the end of the previous chapter.
    public func previous(_ position: Position) -> Position? {
        if position.page > 0 { return Position(spineIndex: position.spineIndex, page: position.page - 1) }
        for spine in readingOrder.reversed() where spine < position.spineIndex {
            let count = pages(spine).count
            if count > 0 { return Position(spineIndex: spine, page: count - 1) }
        }
        return nil
    }

    /// The first page of the next chapter in reading order (after a non-linear item too: the
    /// next one in spine order).
    public func nextChapter(_ position: Position) -> Position? {
        for spine in readingOrder where spine > position.spineIndex && !pages(spine).isEmpty {
            return Position(spineIndex: spine, page: 0)
        }
        return nil
    }

    /// The start of this chapter, or of the previous one when already at its start.
    public func previousChapter(_ position: Position) -> Position? {
        if position.page > 0 { return Position(spineIndex: position.spineIndex, page: 0) }
        for spine in readingOrder.reversed() where spine < position.spineIndex && !pages(spine).isEmpty {
            return Position(spineIndex: spine, page: 0)
        }
        return nil
    }

    /// The page showing a locator.
    public func position(of locator: Locator) -> Position? {
        layout.locate(locator).map { Position(spineIndex: $0.spineIndex, page: $0.page) }
    }

    /// The page a link inside the book leads to.
    public func position(ofHref href: String) -> Position? {
        layout.locate(href: href).map { Position(spineIndex: $0.spineIndex, page: $0.page) }
    }
}

/// A page of the book: its spine item and its index among that item's pages.
public struct Position: Hashable, Sendable {
    public var spineIndex: Int
    public var page: Int

    public init(spineIndex: Int, page: Int) {
        self.spineIndex = spineIndex
        self.page = page
    }
}
