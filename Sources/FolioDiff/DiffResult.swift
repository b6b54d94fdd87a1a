/// The outcome of diffing two renderings of a book: per profile, per chapter, per page.
public struct DiffResult: Sendable, Hashable {
    /// The two sides as the user named them.
    public var baseline: String
    public var current: String
    /// Differences of the setting rather than the book: options, fonts, Folio versions.
    public var notes: [String]
    public var profiles: [ProfileDiff]
    /// The share of the work this result covers, when the diff was split.
    public var shard: Shard?
    /// The `--threshold` the pages were classified with (a share of a page's pixels).
    public var threshold: Double

    public init(baseline: String, current: String, notes: [String], profiles: [ProfileDiff], shard: Shard? = nil, threshold: Double = 0) {
        self.baseline = baseline
        self.current = current
        self.notes = notes
        self.profiles = profiles
        self.shard = shard
        self.threshold = threshold
    }

    /// How many pages have each status, over all profiles.
    public var counts: [PageStatus: Int] {
        var out: [PageStatus: Int] = [:]
        for profile in profiles {
            for page in profile.pages { out[page.status, default: 0] += 1 }
        }
        return out
    }

    /// Whether any page is other than identical and not expected: what makes `folio diff` exit 1.
    public var hasChanges: Bool { profiles.contains { $0.pages.contains(where: \.isUnexpectedChange) } }

    /// Pages whose change a triage entry expects.
    public var expectedCount: Int { profiles.reduce(0) { $0 + $1.pages.filter { $0.expected != nil }.count } }

    /// Every statement of the summary, each naming its profile when there are several.
    public var statements: [String] {
        profiles.flatMap { profile in
            profile.chapters.flatMap(\.statements).map { profiles.count > 1 ? "[\(profile.name)] " + $0 : $0 }
        }
    }

    /// `12 pages: 8 identical, 2 changed, 1 added, 1 moved` (statuses with no pages left out).
    public static func countLine(_ pages: [PageDiff]) -> String {
        var counts: [PageStatus: Int] = [:]
        for page in pages { counts[page.status, default: 0] += 1 }
        let parts = PageStatus.allCases.compactMap { status in counts[status].map { "\($0) \(status.rawValue)" } }
        return "\(pages.count) page\(pages.count == 1 ? "" : "s")" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }
}

/// One profile's pages diffed.
public struct ProfileDiff: Sendable, Hashable {
    public var name: String
    /// Chapters in the combined reading order of both sides.
    public var chapters: [ChapterDiff]

    public init(name: String, chapters: [ChapterDiff]) {
        self.name = name
        self.chapters = chapters
    }

    public var pages: [PageDiff] { chapters.flatMap(\.pages) }
}
