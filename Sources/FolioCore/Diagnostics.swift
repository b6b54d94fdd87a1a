import FoundationEssentials
import Glibc

/// How much a warning matters to a reader of the book.
public enum Severity: String, Sendable, Codable, Comparable {
    /// Worth knowing; the book shows as intended.
    case info
    /// Something was recovered or skipped; the book shows, possibly not as its author meant.
    case warning
    /// A part of the book cannot be shown at all.
    case error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One thing found wrong with a book, recorded instead of thrown.
///
/// `code` is a stable, dotted identifier (`zip.entry-outside-root`) that tests and
/// `--json` consumers match on; `message` is for people.
public struct Warning: Sendable, Hashable, Codable {
    public var code: String
    public var severity: Severity
    public var message: String
    /// Where it was found: a path in the container, optionally with a line (`EPUB/package.opf:12`).
    public var location: String?
    /// Where in its spine item's text it was found (a character offset, as page locators
    /// count), so that a paginating command can name the page; nil when not tied to a place.
    public var offset: Int?

    public init(code: String, severity: Severity = .warning, message: String, location: String? = nil, offset: Int? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
        self.offset = offset
    }

    /// The container path of `location`, without a line number.
    public var path: String? {
        guard let location else { return nil }
        if let colon = location.lastIndex(of: ":"), location[location.index(after: colon)...].allSatisfy(\.isNumber),
           colon != location.index(before: location.endIndex) {
            return String(location[..<colon])
        }
        return location
    }

    /// The line number of `location`, if it has one.
    public var line: Int? {
        guard let location, let colon = location.lastIndex(of: ":") else { return nil }
        return Int(location[location.index(after: colon)...])
    }
}

/// The sink every stage writes its warnings into. Libraries never print; the CLI reads this.
///
/// A reference type so that nested parsers share one sink; it is locked so that
/// stages running on several threads can share it too.
public final class Diagnostics: @unchecked Sendable {
    private let lock = Lock()
    private var stored: [Warning] = []
    private var seen: Set<Warning> = []
    /// A hostile book could produce millions of warnings; keep memory bounded.
    public let limit: Int
    private var dropped = 0

    public init(limit: Int = 10_000) {
        self.limit = limit
    }

    /// Records a warning. An identical warning (same code, message and location) is kept once.
    public func warn(_ code: String, _ message: String, severity: Severity = .warning, at location: String? = nil, offset: Int? = nil) {
        record(Warning(code: code, severity: severity, message: message, location: location, offset: offset))
    }

    public func record(_ warning: Warning) {
        lock.lock()
        defer { lock.unlock() }
        guard !seen.contains(warning) else { return }
        guard stored.count < limit else {
            dropped += 1
            return
        }
        seen.insert(warning)
        stored.append(warning)
    }

    /// Records another sink's warnings after these (a stage's warnings kept aside until its
    /// result is taken), and counts those it could not keep as dropped here too.
    public func merge(_ other: Diagnostics) {
        let (warnings, droppedThere) = (other.warnings, other.droppedCount)
        for warning in warnings { record(warning) }
        lock.lock()
        dropped += droppedThere
        lock.unlock()
    }

    /// Every warning recorded so far, in the order they were found.
    public var warnings: [Warning] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// How many warnings were not kept because `limit` was reached.
    public var droppedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return dropped
    }

    public func contains(code: String) -> Bool {
        warnings.contains { $0.code == code }
    }
}
