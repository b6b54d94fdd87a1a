import FolioCore
import FolioStyle
import FoundationEssentials
import Glibc

/// Differences a team expects and has written down (`folio diff --accept FILE`): a committed
/// triage file whose entries turn matching changes into expected ones, reported with their
/// reason and not failing the run, until the entry expires.
///
/// The file is JSON or YAML (`Triage.read`): `{"expected": [{"book": …, "profile": …,
/// "chapter": …, "text": …, "reason": …, "expires": "YYYY-MM-DD"}], "masks": [{"book": …,
/// "profile": …, "page": N, "rect": [x, y, width, height], "text": "regular expression",
/// "selector": "CSS selectors"}]}`. Every key of an expected entry but `reason` is optional
/// and narrows it: `book` is the current side's file or folder name, `chapter` a chapter's
/// href, label or title, `text` words some statement of the chapter's changes contains (a
/// page's old or new text). An entry applies to every changed page of each chapter it
/// matches. A mask hides what changes by itself (a date in a colophon): its `rect`, in the
/// page images' pixels, is not compared, and text its `text` matches is left out of the pages'
/// texts on both sides; `page` (a current page number, or the same number on both sides for
/// text) narrows it. A `selector` mask names elements of the book instead: when pages are laid
/// out, the text the matching elements hold is left out of each page's text and the boxes it is
/// drawn in are recorded with the page (`SnapshotPage.masked`), whose pixels no diff compares.
public struct Triage: Sendable {
    public struct Entry: Sendable, Hashable {
        public var book: String?
        public var profile: String?
        public var chapter: String?
        public var text: String?
        public var reason: String
        /// The last day (UTC, `YYYY-MM-DD`) the entry holds; nil for no end.
        public var expires: String?

        func matches(book name: String, profile: ProfileDiff, chapter diff: ChapterDiff) -> Bool {
            if let book, book != name { return false }
            if let wanted = self.profile, wanted != profile.name { return false }
            if let chapter, chapter != diff.href, chapter != diff.label, chapter != diff.title { return false }
            if let text, !diff.statements.contains(where: { $0.contains(text) }) { return false }
            return true
        }
    }

    /// Regions and text of pages that are not compared.
    public struct Mask: Sendable {
        public var book: String?
        public var profile: String?
        public var page: Int?
        public var box: PixelBox?
        /// A regular expression (PCRE syntax).
        public var text: String?
        /// A CSS selector list: the text of the elements it matches in the book's documents.
        public var selector: String?
    }

    public var entries: [Entry]
    public var masks: [Mask]

    public init(entries: [Entry], masks: [Mask] = []) {
        self.entries = entries
        self.masks = masks
    }

    /// Reads a triage file; `source` names it in messages and says how it is written: YAML when
    /// it ends in `.yaml` or `.yml`, else JSON.
    public init(data: Data, source: String) throws(SnapshotError) {
        let root: JSONObject
        if source.hasSuffix(".yaml") || source.hasSuffix(".yml") {
            let document: JSONValue
            do {
                document = try YAMLReader.parse(Array(data))
            } catch {
                throw .malformed(source, "not YAML (\(error))")
            }
            root = try JSONObject(document, source: source)
        } else {
            root = try JSONObject(data: data, source: source)
        }
        var entries: [Entry] = []
        // A file of masks alone (for folio snapshot --accept) need not list expected changes.
        for entry in root.values["expected"] == nil ? [] : try root.objects("expected") {
            let expires = entry.optionalString("expires")
            if let expires, !Self.isDay(expires) {
                throw .malformed(source, "“expires” must be a day written YYYY-MM-DD, not “\(expires)”")
            }
            entries.append(Entry(book: entry.optionalString("book"), profile: entry.optionalString("profile"),
                                 chapter: entry.optionalString("chapter"), text: entry.optionalString("text"),
                                 reason: try entry.string("reason"), expires: expires))
        }
        var masks: [Mask] = []
        for mask in (try? root.objects("masks")) ?? [] {
            var box: PixelBox?
            if let rect = mask.values["rect"] {
                guard let numbers = rect as? [Int], numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
                    throw .malformed(source, "a mask's “rect” must be [x, y, width, height] in whole pixels, width and height above 0")
                }
                box = PixelBox(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
            let text = mask.optionalString("text")
            if let text, (try? RegularExpression(text)) == nil {
                throw .malformed(source, "a mask's “text” is not a regular expression: \(text)")
            }
            let selector = mask.optionalString("selector")
            if let selector, Selector.parseList(selector) == nil {
                throw .malformed(source, "a mask's “selector” is not a CSS selector list: \(selector)")
            }
            if selector != nil, mask.values["page"] != nil {
                throw .malformed(source, "a mask with a “selector” applies to every page the elements are on; “page” narrows only “rect” and “text”")
            }
            guard box != nil || text != nil || selector != nil else {
                throw .malformed(source, "a mask needs a “rect”, a “text” or a “selector”")
            }
            masks.append(Mask(book: mask.optionalString("book"), profile: mask.optionalString("profile"), page: mask.optionalInt("page"),
                              box: box, text: text, selector: selector))
        }
        self.init(entries: entries, masks: masks)
    }

    /// Reads the triage file at `path`.
    public static func read(_ path: String) throws(SnapshotError) -> Triage {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path, "no such file, or not readable") }
        return try Triage(data: data, source: path)
    }

    /// The pixel masks for the book named `book`, for `DiffOptions.masks`.
    public func pixelMasks(book: String) -> [PixelMask] {
        masks.compactMap { mask in
            guard let box = mask.box, mask.book == nil || mask.book == book else { return nil }
            return PixelMask(profile: mask.profile, page: mask.page, box: box)
        }
    }

    /// The selector masks for the book named `book` in profile `profile`, as one CSS selector
    /// list (the elements any of them matches); nil when there are none. Pages are laid out
    /// with it (`SnapshotRenderer`'s `masks`), so it applies to every page of the book.
    public func maskSelectors(book: String, profile: String) -> String? {
        let selectors = masks.compactMap { mask -> String? in
            guard let selector = mask.selector, mask.book == nil || mask.book == book, mask.profile == nil || mask.profile == profile else { return nil }
            return selector
        }
        return selectors.isEmpty ? nil : selectors.joined(separator: ", ")
    }

    /// Leaves what the text masks match out of the page texts of one side of a diff (the
    /// pages are matched and compared by their texts).
    public func maskText(_ side: inout SnapshotSide, book: String) {
        let live = masks.compactMap { mask -> (page: Int?, pattern: RegularExpression)? in
            guard let text = mask.text, mask.book == nil || mask.book == book, mask.profile == nil || mask.profile == side.manifest.profile,
                  let pattern = try? RegularExpression(text) else { return nil }
            return (mask.page, pattern)
        }
        guard !live.isEmpty else { return }
        for k in side.manifest.pages.indices {
            var text = side.manifest.pages[k].text
            for mask in live where mask.page == nil || mask.page == side.manifest.pages[k].number {
                text = mask.pattern.removingMatches(in: text)
            }
            side.manifest.pages[k].text = text
        }
    }

    /// Marks the changed pages of the chapters each live entry matches as expected (with its
    /// reason), for the book named `book` on day `today` (`YYYY-MM-DD`, UTC). Returns notes:
    /// entries past their day (they no longer apply) and entries that matched nothing.
    public func apply(to result: inout DiffResult, book: String, today: String) -> [String] {
        var notes: [String] = []
        for entry in entries {
            let label = "triage entry “\(entry.reason)”"
            if let expires = entry.expires, expires < today {
                notes.append("\(label) expired on \(expires); its changes count again")
                continue
            }
            var matched = false
            for p in result.profiles.indices {
                for c in result.profiles[p].chapters.indices
                where entry.matches(book: book, profile: result.profiles[p], chapter: result.profiles[p].chapters[c]) {
                    for k in result.profiles[p].chapters[c].pages.indices where result.profiles[p].chapters[c].pages[k].status != .identical {
                        if result.profiles[p].chapters[c].pages[k].expected == nil { result.profiles[p].chapters[c].pages[k].expected = entry.reason }
                        matched = true
                    }
                }
            }
            if !matched { notes.append("\(label) matched no change") }
        }
        return notes
    }

    /// Today in UTC as `YYYY-MM-DD`.
    public static func today(_ date: Date = Date()) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.year ?? 1970)-\(two(parts.month ?? 1))-\(two(parts.day ?? 1))"
    }

    static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0].count == 4 && parts[1].count == 2 && parts[2].count == 2
            && parts.allSatisfy { $0.allSatisfy(\.isASCII) && Int($0) != nil }
    }
}
