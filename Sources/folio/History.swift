import ArgumentParser
import FolioCore
import FolioReader
import FoundationEssentials
import Glibc

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        _superCommandName: "folio",
        abstract: "List the books read in `folio read`, the most recent first.",
        discussion: """
            From the reading state in $XDG_STATE_HOME/folio/books (default ~/.local/state/folio/books). \
            With --json, prints an array of objects: number, title, authors, progress (0-100, once the \
            pager has measured it), lastRead, location, identifier. `folio read` with no book lists \
            the same books and opens the one chosen.
            """
    )

    @Flag(help: "Print machine-readable JSON.")
    var json = false

    @Option(help: "List at most this many books.")
    var limit = 50

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let store = StateStore()
        let books = Array(store.recentBooks().prefix(limit))
        Terminal.printWarnings(store.diagnostics, since: 0)
        if json {
            Terminal.write(JSONValue.array(books.enumerated().map { Self.json($0.offset + 1, $0.element) }).serialized() + "\n")
        } else if books.isEmpty {
            Terminal.error("No books read yet (folio read BOOK opens one; state lives in \(store.directories.books.path))")
        } else {
            Terminal.write(books.enumerated().map { Self.line($0.offset + 1, $0.element) }.joined())
        }
    }

    /// `1. Moby-Dick — Herman Melville · 45% · 2026-11-29T04:30:00Z` then the path, indented.
    static func line(_ number: Int, _ state: BookState) -> String {
        var head = "\(number). " + (state.book?.title ?? state.book?.identifier ?? "Untitled")
        if let authors = state.book?.authors { head += " — " + authors }
        if let progress = state.progress { head += " · \(Int((progress * 100).rounded(.down)))%" }
        if let date = state.lastReadTimestamp { head += " · " + date }
        return head + "\n   " + (state.book?.location ?? "(location unknown)") + "\n"
    }

    static func json(_ number: Int, _ state: BookState) -> JSONValue {
        .object([
            ("number", .number(Double(number))),
            ("title", .string(state.book?.title)),
            ("authors", .string(state.book?.authors)),
            ("progress", .number(state.progress.map { ($0 * 1000).rounded() / 10 })),
            ("lastRead", .string(state.lastReadTimestamp)),
            ("location", .string(state.book?.location)),
            ("identifier", .string(state.book?.identifier)),
        ])
    }
}
