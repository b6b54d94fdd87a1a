import Foundation

/// Differences a team expects and has written down (`folio diff --accept FILE`): a committed
/// triage file whose entries turn matching changes into expected ones, reported with their
/// reason and not failing the run, until the entry expires.
///
/// The file is JSON: `{"expected": [{"book": …, "profile": …, "chapter": …, "text": …,
/// "reason": …, "expires": "YYYY-MM-DD"}]}`. Every key but `reason` is optional and narrows the
/// entry: `book` is the current side's file or folder name, `chapter` a chapter's href, label or
/// title, `text` words some statement of the chapter's changes contains (a page's old or new
/// text). An entry applies to every changed page of each chapter it matches.
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

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Reads a triage file; `source` names it in messages.
    public init(data: Data, source: String) throws(SnapshotError) {
        let root = try JSONObject(data: data, source: source)
        var entries: [Entry] = []
        for entry in try root.objects("expected") {
            let expires = entry.optionalString("expires")
            if let expires, !Self.isDay(expires) {
                throw .malformed(source, "“expires” must be a day written YYYY-MM-DD, not “\(expires)”")
            }
            entries.append(Entry(book: entry.optionalString("book"), profile: entry.optionalString("profile"),
                                 chapter: entry.optionalString("chapter"), text: entry.optionalString("text"),
                                 reason: try entry.string("reason"), expires: expires))
        }
        self.init(entries: entries)
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
