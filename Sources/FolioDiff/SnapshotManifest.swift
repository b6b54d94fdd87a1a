import FolioCore

/// The manifest of one profile of a snapshot (`<profile>/manifest.json`): how the pages were
/// rendered, with which fonts, and every page's locator range, text and hash.
///
/// Two snapshots are comparable when their options and fonts agree; when they do not, the
/// diff still runs and its summary says what differed.
public struct SnapshotManifest: Sendable, Hashable {
    /// The Folio version that rendered the pages.
    public var folioVersion: String
    /// The book as it was named when rendered.
    public var book: String
    /// The profile's name (`phone-12pt-day`), also its folder's.
    public var profile: String
    /// The render options, as the command line takes them (`device`: `phone`, `dpr`: `3` …).
    public var options: [String: String]
    /// The pinned font files and their SHA-256, as found when rendering.
    public var fonts: [FontHash]
    public var pages: [SnapshotPage]

    public init(folioVersion: String, book: String, profile: String, options: [String: String], fonts: [FontHash], pages: [SnapshotPage]) {
        self.folioVersion = folioVersion
        self.book = book
        self.profile = profile
        self.options = options
        self.fonts = fonts
        self.pages = pages
    }

    /// The manifest as a JSON document (keys in a fixed order, options sorted by name).
    public func json() -> JSONValue {
        .object([
            ("folio", .string(folioVersion)),
            ("book", .string(book)),
            ("profile", .string(profile)),
            ("options", .object(options.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("fonts", .array(fonts.map { .object([("path", .string($0.path)), ("sha256", .string($0.sha256))]) })),
            ("pages", .array(pages.map(Self.json))),
        ])
    }

    static func json(_ page: SnapshotPage) -> JSONValue {
        .object([
            ("page", .number(Double(page.number))),
            ("file", .string(page.file)),
            ("spineIndex", .number(Double(page.spineIndex))),
            ("href", .string(page.href)),
            ("start", .number(Double(page.start))),
            ("end", .number(Double(page.end))),
            ("title", .string(page.title)),
            ("chapterTitle", .string(page.chapterTitle)),
            ("text", .string(page.text)),
            ("sha256", .string(page.sha256)),
            ("width", .number(Double(page.width))),
            ("height", .number(Double(page.height))),
            ("images", .array(page.images.map { image in .object([("path", .string(image.path))] + image.box.jsonFields) })),
            ("warnings", .array(page.warnings.map(\.json))),
        ] + (page.masked.isEmpty ? [] : [("masked", .array(page.masked.map { .object($0.jsonFields) }))]))
    }
}

/// A font file and its SHA-256 (the `sha256` column of `Fonts/manifest.tsv` when the pinned file is installed).
public struct FontHash: Sendable, Hashable {
    public var path: String
    public var sha256: String

    public init(path: String, sha256: String) {
        self.path = path
        self.sha256 = sha256
    }
}
