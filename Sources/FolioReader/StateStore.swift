import FolioCore
import FoundationEssentials
import Glibc

/// Why state could not be saved. (Loading never fails: it warns and starts afresh.)
public struct StateError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Loads and saves per-book state and global settings, by the XDG folders.
///
/// Saving is atomic (see `AtomicFile`): a kill at any moment leaves the previous state or the new
/// one. Loading never throws: a missing file is a fresh state; a corrupt, truncated or oversized
/// one is a warning (`state.corrupt`, `state.too-large`) and a fresh state, and the bad file is
/// moved aside as `<name>.corrupt` so the next save does not destroy what a person might recover;
/// an unreadable one (`state.unreadable`) is a warning and a fresh state, left where it is.
public struct StateStore: Sendable {
    public let directories: StateDirectories
    /// Where loading reports what it recovered from.
    public let diagnostics: Diagnostics

    /// The largest state file read or written: a book's state is a few kilobytes; anything near
    /// this is not Folio's.
    public static let maxFileSize = 4 << 20

    public init(directories: StateDirectories = .from(), diagnostics: Diagnostics = Diagnostics()) {
        self.directories = directories
        self.diagnostics = diagnostics
    }

    // MARK: Per-book state

    /// The saved state of a book, or a fresh one. Also removes temporaries of killed writers.
    public func loadBook(_ key: BookKey) -> BookState {
        let url = directories.bookFile(key)
        AtomicFile.removeStaleTemporaries(of: url.lastPathComponent, in: url.deletingLastPathComponent())
        return load(BookState.self, from: url) ?? BookState()
    }

    /// Saves a book's state atomically.
    public func saveBook(_ state: BookState, for key: BookKey) throws(StateError) {
        try save(state, to: directories.bookFile(key))
    }

    /// Whether a book has saved state (a fresh book shows its jacket first).
    public func hasState(for key: BookKey) -> Bool {
        FileManager.default.fileExists(atPath: directories.bookFile(key).path)
    }

    /// At most this many state files are read for the history.
    public static let maxHistory = 10_000

    /// Every book with saved state, the most recently read first (those never opened in the
    /// pager since dates were kept last, by title).
    public func recentBooks() -> [BookState] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directories.books.path)) ?? []
        let books = names.filter { $0.hasSuffix(".json") }.sorted().prefix(Self.maxHistory).compactMap { name -> BookState? in
            let url = directories.books.appendingPathComponent(name)
            return load(BookState.self, from: url)
        }
        return books.sorted { a, b in
            switch (a.lastRead, b.lastRead) {
            case let (x?, y?) where x != y: return x > y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return (a.book?.title ?? "") < (b.book?.title ?? "")
            }
        }
    }

    // MARK: Global settings

    /// The global settings, or the defaults when there are none (or they cannot be read).
    public func loadSettings() -> GlobalSettings {
        let url = directories.settingsFile
        AtomicFile.removeStaleTemporaries(of: url.lastPathComponent, in: url.deletingLastPathComponent())
        return load(GlobalSettings.self, from: url) ?? GlobalSettings()
    }

    public func saveSettings(_ settings: GlobalSettings) throws(StateError) {
        try save(settings, to: directories.settingsFile)
    }

    // MARK: Files

    private func load<T: Decodable>(_ type: T.Type, from url: URL) -> T? {
        let bytes: Data
        do {
            guard let read = try AtomicFile.read(url, limit: Self.maxFileSize) else { return nil }
            if read.tooLarge {
                setAside(url, code: "state.too-large", "is larger than \(Self.maxFileSize >> 20) MB; starting afresh")
                return nil
            }
            bytes = read.bytes
        } catch {
            diagnostics.warn("state.unreadable", "cannot read saved state (\(error.reason)); starting afresh", at: url.path)
            return nil
        }
        do {
            return try StateCoding.decoder(diagnostics: diagnostics, file: url.path).decode(T.self, from: bytes)
        } catch {
            setAside(url, code: "state.corrupt", "is not a valid state file (\(Self.describe(error))); starting afresh")
            return nil
        }
    }

    private func setAside(_ url: URL, code: String, _ message: String) {
        let aside = AtomicFile.moveAside(url)
        let kept = aside.map { "; the file was kept as \(Self.shortName($0.lastPathComponent))" } ?? ""
        diagnostics.warn(code, Self.shortName(url.lastPathComponent) + " " + message + kept, at: url.path)
    }

    /// A file name short enough that a status line still shows what happened after it: a book's
    /// state file is named by a 64-digit key, so `3f2a9c1e….json` (the full path is the location).
    static func shortName(_ name: String) -> String {
        guard name.count > 24 else { return name }
        let dot = name.dropFirst().firstIndex(of: ".") ?? name.endIndex
        let stem = name[..<dot], rest = name[dot...]
        guard stem.count > 12 else { return name.count > 40 ? String(name.prefix(20)) + "…" : name }
        return String(stem.prefix(8)) + "…" + String(rest.count > 16 ? rest.prefix(16) + "…" : rest)
    }

    private func save<T: Encodable>(_ value: T, to url: URL) throws(StateError) {
        let bytes: Data
        do {
            bytes = try StateCoding.encoder().encode(value) + Data("\n".utf8)
        } catch {
            throw StateError(path: url.path, reason: "cannot encode: \(error)")
        }
        // Never write what the next load would refuse.
        guard bytes.count <= Self.maxFileSize else {
            throw StateError(path: url.path, reason: "state would be \(bytes.count) bytes, over the \(Self.maxFileSize >> 20) MB limit")
        }
        do {
            try AtomicFile.write(bytes, to: url)
        } catch {
            throw StateError(path: url.path, reason: error.reason)
        }
    }

    /// A decoding error in a line a person can act on.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
             DecodingError.keyNotFound(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "not JSON, or not an object" : "bad value at \(path)"
        default:
            // Never a Swift dump of an unknown error type: its own description, if it gives one
            // (every error converts to CustomStringConvertible on Linux, so that says nothing).
            return (error as? any LocalizedError)?.errorDescription ?? "its content cannot be read"
        }
    }
}
