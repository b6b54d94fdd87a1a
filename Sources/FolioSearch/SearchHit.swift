import FolioLayout

/// One occurrence of a query in a book: where it is (a locator range in its spine item and an
/// EPUB CFI), the table-of-contents entry it falls under, and the text around it.
public struct SearchHit: Sendable, Hashable {
    public var spineIndex: Int
    public var href: String
    /// Chapter offsets (`Locator.offset`) of the hit's first character and just after its last.
    public var range: Range<Int>
    /// The EPUB CFI of the hit's start (nil when the package gives none).
    public var cfi: String?
    /// The title of the table-of-contents entry the hit falls under.
    public var chapter: String?
    /// The text before the hit, the hit as written, and the text after it, on one line.
    public var before: String
    public var match: String
    public var after: String

    public var locator: Locator { Locator(spineIndex: spineIndex, offset: range.lowerBound) }
}
