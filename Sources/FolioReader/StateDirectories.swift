import FoundationEssentials
import Glibc

/// Where Folio keeps what lasts between runs, by the XDG Base Directory specification:
/// reading state (positions, bookmarks) under `$XDG_STATE_HOME/folio` (default
/// `~/.local/state/folio`) and settings under `$XDG_CONFIG_HOME/folio` (default `~/.config/folio`).
/// https://specifications.freedesktop.org/basedir-spec/latest/
public struct StateDirectories: Sendable, Equatable {
    public var state: URL
    public var config: URL

    public init(state: URL, config: URL) {
        self.state = state
        self.config = config
    }

    /// The directories from an environment (relative XDG paths are ignored, as the spec asks).
    public static func from(environment env: [String: String] = ProcessInfo.processInfo.environment) -> StateDirectories {
        let home = env["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        func base(_ key: String, _ fallback: String) -> URL {
            if let value = env[key], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return home.appendingPathComponent(fallback)
        }
        return StateDirectories(
            state: base("XDG_STATE_HOME", ".local/state").appendingPathComponent("folio"),
            config: base("XDG_CONFIG_HOME", ".config").appendingPathComponent("folio")
        )
    }

    /// Per-book state files: `<state>/books/<key>.json`.
    public var books: URL { state.appendingPathComponent("books") }

    /// The state file of one book.
    public func bookFile(_ key: BookKey) -> URL { books.appendingPathComponent(key.rawValue + ".json") }

    /// Global settings: `<config>/settings.json`.
    public var settingsFile: URL { config.appendingPathComponent("settings.json") }
}
