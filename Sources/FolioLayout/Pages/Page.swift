/// One page of a chapter: what it draws and where it is in the book.
public struct Page: Sendable {
    /// The spine item's container path (its index in the spine is its locators').
    public var href: String
    /// The page's index within its chapter (0-based).
    public var indexInChapter: Int
    /// The first and last characters on the page (`end` is exclusive).
    public var start: Locator
    public var end: Locator
    public var frame: Frame
    /// The page's text in reading order: a paragraph per line, a paragraph split across
    /// pages continuing on the next.
    public var text: String
    /// The EPUB CFI of the page's first character.
    public var cfi: String?
    /// The first unit of the chapter's flow on this page.
    var firstUnit = 0

    init(spineIndex: Int, href: String, indexInChapter: Int, start: Locator, end: Locator, frame: Frame, text: String,
         cfi: String? = nil, firstUnit: Int = 0) {
        self.href = href
        self.indexInChapter = indexInChapter
        self.start = Locator(spineIndex: spineIndex, offset: start.offset)
        self.end = Locator(spineIndex: spineIndex, offset: end.offset)
        self.frame = frame
        self.text = text
        self.cfi = cfi
        self.firstUnit = firstUnit
    }

    /// The spine item, as its index in the spine.
    public var spineIndex: Int { start.spineIndex }
}
