/// One spine item's pages diffed, and what changed in it, in words.
public struct ChapterDiff: Sendable, Hashable {
    public var href: String
    /// The title of its first table-of-contents entry.
    public var title: String?
    /// How the statements name it: `chapter “II. Spring”`, or its href when the title is missing or not its alone.
    public var label: String
    /// The chapter's place in the combined reading order of both sides (shards merge by it).
    public var order: Int
    public var baselinePages: Int
    public var currentPages: Int
    /// The structural summary: `chapter “II. Spring”: 2 pages longer (5 → 7 pages)` ….
    public var statements: [String]
    public var pages: [PageDiff]
    /// Its changed paragraphs word by word (`ChangedParagraph.list`); empty when its text is the same.
    public var textChanges: [ChangedParagraph]

    public init(href: String, title: String?, label: String, order: Int, baselinePages: Int, currentPages: Int,
                statements: [String], pages: [PageDiff], textChanges: [ChangedParagraph] = []) {
        self.textChanges = textChanges
        self.href = href
        self.title = title
        self.label = label
        self.order = order
        self.baselinePages = baselinePages
        self.currentPages = currentPages
        self.statements = statements
        self.pages = pages
    }
}

/// A page matched (or not) between the two sides.
public struct PageDiff: Sendable, Hashable {
    /// A change no triage entry expects: what fails a diff.
    public var isUnexpectedChange: Bool { status != .identical && expected == nil }

    public var status: PageStatus
    /// The page numbers on each side; nil on the side the page is missing from.
    public var baseline: Int?
    public var current: Int?
    public var href: String
    /// The share of the page's pixels that differ (0 to 1): 0 for the same hash, nil for added and removed pages.
    public var difference: Double?
    /// Where the pixels differ, in current-page device pixels.
    public var box: PixelBox?
    /// The page images in the HTML report, relative to its folder.
    public var images: ReportImages?
    /// Why a change is expected (a triage entry's reason, `Triage`): it does not fail the diff.
    public var expected: String?

    public init(status: PageStatus, baseline: Int?, current: Int?, href: String, difference: Double?, box: PixelBox? = nil,
                images: ReportImages? = nil, expected: String? = nil) {
        self.expected = expected
        self.status = status
        self.baseline = baseline
        self.current = current
        self.href = href
        self.difference = difference
        self.box = box
        self.images = images
    }
}

/// A page's images in a report folder: the two renderings and the heat map of their difference.
public struct ReportImages: Sendable, Hashable {
    public var baseline: String?
    public var current: String?
    public var heatMap: String?

    public init(baseline: String?, current: String?, heatMap: String?) {
        self.baseline = baseline
        self.current = current
        self.heatMap = heatMap
    }
}
