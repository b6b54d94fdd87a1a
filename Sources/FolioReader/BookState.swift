import FolioLayout
import FoundationEssentials
import Glibc

/// What Folio remembers about one book between runs: where the reader left off, their bookmarks,
/// their settings for this book, and whether the jacket has been shown.
///
/// Stored as `$XDG_STATE_HOME/folio/books/<BookKey>.json` by `StateStore`.
public struct BookState: Sendable, Hashable, Codable {
    /// The file format this Folio writes. A file with a higher version is read as far as it goes.
    public static let formatVersion = 1
    /// At most this many bookmarks per book: a bound on the file, far above any real use.
    public static let maxBookmarks = 1_000

    /// Which book this is, for a person looking at the state folder (the key is what identifies it).
    public var book: BookDescription?
    /// Where the reader left off; nil before the first page was read.
    public var position: ReadingPosition?
    /// In book order.
    public private(set) var bookmarks: [Bookmark]
    /// This book's own choices, merged over the global settings.
    public var settings: ReadingSettings
    /// True once the jacket (cover, title, author) was shown: later opens go straight to `position`.
    public var jacketShown: Bool
    /// When the book was last opened in `folio read`.
    public var lastRead: Date?
    /// `lastRead` as the file stores it: ISO 8601 in UTC.
    public var lastReadTimestamp: String? { lastRead.map(StateCoding.timestamp) }
    /// How far through the book's text the reader is, 0…1, once the pager has measured it.
    public var progress: Double?
    /// In book order.
    public var highlights: [Highlight]
    /// At most this many highlights per book.
    public static let maxHighlights = 10_000

    public init(book: BookDescription? = nil, position: ReadingPosition? = nil, bookmarks: [Bookmark] = [],
                settings: ReadingSettings = ReadingSettings(), jacketShown: Bool = false, lastRead: Date? = nil, progress: Double? = nil,
                highlights: [Highlight] = []) {
        self.book = book
        self.position = position
        self.bookmarks = Array(bookmarks.sorted { $0.locator < $1.locator }.prefix(Self.maxBookmarks))
        self.settings = settings
        self.jacketShown = jacketShown
        self.lastRead = lastRead
        self.progress = progress.map { min(1, max(0, $0)) }
        self.highlights = Array(highlights.sorted { ($0.start, $0.end) < ($1.start, $1.end) }.prefix(Self.maxHighlights))
    }

    /// What `addBookmark` did.
    public enum BookmarkResult: Sendable, Equatable {
        /// Added at this index of `bookmarks`.
        case added(Int)
        /// A bookmark at the same locator exists already, at this index.
        case exists(Int)
        /// `maxBookmarks` reached.
        case full
    }

    /// Adds a bookmark in book order; one per locator.
    @discardableResult
    public mutating func addBookmark(_ bookmark: Bookmark) -> BookmarkResult {
        if let index = bookmarks.firstIndex(where: { $0.locator == bookmark.locator }) { return .exists(index) }
        guard bookmarks.count < Self.maxBookmarks else { return .full }
        let index = bookmarks.firstIndex { bookmark.locator < $0.locator } ?? bookmarks.endIndex
        bookmarks.insert(bookmark, at: index)
        return .added(index)
    }

    /// Removes the bookmark at an index of `bookmarks` (an index out of range does nothing).
    @discardableResult
    public mutating func removeBookmark(at index: Int) -> Bookmark? {
        guard bookmarks.indices.contains(index) else { return nil }
        return bookmarks.remove(at: index)
    }

    /// Replaces a bookmark's label (nil clears it).
    public mutating func setLabel(_ label: String?, ofBookmarkAt index: Int) {
        guard bookmarks.indices.contains(index) else { return }
        bookmarks[index].label = label.map { String($0.prefix(Bookmark.maxFieldLength)) }
    }

    /// The bookmarks on a page: those from `start` up to, not including, `end`.
    public func bookmarkIndices(from start: Locator, to end: Locator) -> [Int] {
        bookmarks.indices.filter { bookmarks[$0].locator >= start && bookmarks[$0].locator < end }
    }

    enum CodingKeys: String, CodingKey {
        case version, book, position, bookmarks, settings, jacketShown, lastRead, progress, highlights
    }

    /// Lenient: a bad field or bookmark is dropped with a warning, the rest is kept. Only a file
    /// that is not a JSON object at all fails (and `StateStore` then starts afresh).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let version = c.lenient(Int.self, .version, decoder), version > Self.formatVersion {
            StateCoding.warn(decoder, "state.newer-version",
                             "written by a newer Folio (format \(version), this one reads \(Self.formatVersion)); what it understands is kept")
        }
        let entries = c.lenient([Failable<Bookmark>].self, .bookmarks, decoder) ?? []
        let valid = entries.compactMap(\.value)
        if valid.count < entries.count {
            StateCoding.warn(decoder, "state.bookmark-invalid", "\(entries.count - valid.count) unreadable bookmark(s) skipped")
        }
        if valid.count > Self.maxBookmarks {
            StateCoding.warn(decoder, "state.too-many-bookmarks", "\(valid.count) bookmarks; the first \(Self.maxBookmarks) in book order are kept")
        }
        self.init(book: c.lenient(BookDescription.self, .book, decoder),
                  position: c.lenient(ReadingPosition.self, .position, decoder),
                  bookmarks: valid,
                  settings: c.lenient(ReadingSettings.self, .settings, decoder) ?? ReadingSettings(),
                  jacketShown: c.lenient(Bool.self, .jacketShown, decoder) ?? false,
                  lastRead: c.lenient(String.self, .lastRead, decoder).flatMap(StateCoding.date),
                  progress: c.lenient(Double.self, .progress, decoder).flatMap { $0.isFinite ? $0 : nil },
                  highlights: (c.lenient([Failable<Highlight>].self, .highlights, decoder) ?? []).compactMap(\.value))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.formatVersion, forKey: .version)
        try c.encodeIfPresent(book, forKey: .book)
        try c.encodeIfPresent(position, forKey: .position)
        try c.encode(bookmarks, forKey: .bookmarks)
        try c.encode(settings, forKey: .settings)
        try c.encode(jacketShown, forKey: .jacketShown)
        try c.encodeIfPresent(lastReadTimestamp, forKey: .lastRead)
        try c.encodeIfPresent(progress, forKey: .progress)
        if !highlights.isEmpty { try c.encode(highlights, forKey: .highlights) }
    }
}

/// A book as a person would recognise it in a state file.
public struct BookDescription: Sendable, Hashable, Codable {
    public var identifier: String?
    public var title: String?
    /// The path it was last opened from.
    public var location: String?
    /// Its creators, as the pager's jacket names them.
    public var authors: String?

    public init(identifier: String? = nil, title: String? = nil, location: String? = nil, authors: String? = nil) {
        self.identifier = identifier
        self.title = title
        self.location = location
        self.authors = authors
    }
}
