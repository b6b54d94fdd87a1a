import FolioCore
import FolioLayout

/// One problem `folio check` found: what it is (a stable code), how much it matters, where it
/// is in the book, and on which pages of which profile a reader meets it.
public struct CheckProblem: Sendable {
    public var code: String
    public var severity: Severity
    public var message: String
    /// The container path it concerns, and the line there when known.
    public var file: String?
    public var line: Int?
    /// Book page numbers by profile name, ascending.
    public var pages: [String: [Int]] = [:]
    /// The page regions it marks (CSS px), by profile and page number.
    public var regions: [String: [Int: [Rect]]] = [:]
    /// Where the rule comes from: a WCAG success criterion, an EPUB specification section.
    public var ref: String?

    public init(code: String, severity: Severity, message: String, file: String? = nil, line: Int? = nil, ref: String? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.ref = ref
    }

    /// At most this many regions are kept for one problem on one page.
    static let regionLimit = 20

    /// Adds `other`'s pages and regions to this problem's.
    mutating func takePages(of other: CheckProblem) {
        for (profile, more) in other.pages {
            let known = pages[profile, default: []]
            if let last = known.last, let first = more.first, first > last, more == more.sorted() {
                pages[profile] = known + more   // pages come in order as a profile is paged
            } else {
                pages[profile] = Array(Set(known + more)).sorted()
            }
        }
        for (profile, byPage) in other.regions {
            regions[profile, default: [:]].merge(byPage) { old, new in old.count >= Self.regionLimit ? old : old + new }
        }
    }

    /// `OEBPS/ch1.xhtml:12`, or the file alone, or nil.
    public var place: String? {
        guard let file else { return nil }
        return line.map { "\(file):\($0)" } ?? file
    }

    public var json: JSONValue {
        let profiles = pages.keys.sorted()
        return .object([
            ("code", .string(code)), ("severity", .string(severity.rawValue)), ("message", .string(message)),
            ("file", .string(file)), ("line", line.map { .number(Double($0)) } ?? .null),
            ("pages", .object(profiles.map { ($0, .array((pages[$0] ?? []).map { .number(Double($0)) })) })),
            ("ref", .string(ref)),
        ])
    }
}

/// The problems found so far, one entry per code, message and place: the same problem met on
/// several pages or in several profiles is one entry with all its pages.
public struct CheckFindings: Sendable {
    private var problems: [CheckProblem] = []
    private var index: [Key: Int] = [:]
    struct Key: Hashable {
        var code: String
        var message: String
        var file: String?
        var line: Int?
    }

    public init() {}

    /// Adds a problem, or its pages and regions to the same one found before.
    public mutating func add(_ problem: CheckProblem) {
        let key = Key(code: problem.code, message: problem.message, file: problem.file, line: problem.line)
        guard let at = index[key] else {
            index[key] = problems.count
            problems.append(problem)
            return
        }
        problems[at].severity = max(problems[at].severity, problem.severity)
        problems[at].takePages(of: problem)
        if problems[at].ref == nil { problems[at].ref = problem.ref }
    }

    /// Adds a problem met on `page` of `profile`, marking `rect` there when given.
    public mutating func add(_ problem: CheckProblem, profile: String, page: Int, rect: Rect?) {
        var problem = problem
        problem.pages[profile] = [page]
        if let rect { problem.regions[profile] = [page: [rect]] }
        add(problem)
    }

    /// Every problem: errors first, then warnings, then notes; within each, by file, line
    /// and code, so that the same book gives the same list.
    public var sorted: [CheckProblem] {
        problems.sorted { a, b in
            if a.severity != b.severity { return a.severity > b.severity }
            if (a.file ?? "") != (b.file ?? "") { return (a.file ?? "") < (b.file ?? "") }
            if (a.line ?? 0) != (b.line ?? 0) { return (a.line ?? 0) < (b.line ?? 0) }
            if a.code != b.code { return a.code < b.code }
            return a.message < b.message
        }
    }
}
