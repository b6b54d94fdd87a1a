import ArgumentParser
import FolioCore
import FolioPublication
import FolioReader
import FoundationEssentials
import Glibc

struct Bookmarks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks",
        _superCommandName: "folio",
        abstract: "List the bookmarks made in `folio read` for a book.",
        discussion: """
            Reading state lives in $XDG_STATE_HOME/folio/books (default ~/.local/state/folio/books), \
            one file per book, keyed by the book's identifier and a hash of its content. \
            With --json, prints an array of objects: number, chapter, percent, text, label, created, \
            spineIndex, offset, cfi, href.
            """
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @Flag(help: "Print machine-readable JSON.")
    var json = false

    func run() throws {
        let publication = try openBook(book)
        let store = StateStore()
        let key = BookKey(publication: publication)
        let state = store.loadBook(key)
        Terminal.printWarnings(store.diagnostics, since: 0)
        let places = BookPlaces(publication: publication)
        let rows = state.bookmarks.enumerated().map { (number: $0.offset + 1, bookmark: $0.element, place: places.place(of: $0.element.locator)) }
        if json {
            Terminal.write(JSONValue.array(rows.map(Self.json)).serialized() + "\n")
        } else if rows.isEmpty {
            Terminal.error("\(book): no bookmarks in \(store.directories.bookFile(key).path) (press m in folio read to make one)")
        } else {
            Terminal.write(rows.map(Self.text).joined())
        }
    }

    /// `3. II. Spring, 41% · 2026-03-01T09:30:00Z · label` then the text, indented.
    static func text(_ row: (number: Int, bookmark: Bookmark, place: BookPlaces.Place)) -> String {
        var place = [row.place.chapter ?? row.place.href ?? "spine item \(row.bookmark.locator.spineIndex + 1)"]
        if let percent = row.place.percent { place.append("\(Int(percent.rounded()))%") }
        var head = "\(row.number). " + place.joined(separator: ", ") + " · " + row.bookmark.timestamp
        if let label = row.bookmark.label, !label.isEmpty { head += " · " + label }
        return head + "\n   " + row.bookmark.text + "\n"
    }

    static func json(_ row: (number: Int, bookmark: Bookmark, place: BookPlaces.Place)) -> JSONValue {
        let b = row.bookmark
        return .object([
            ("number", .number(Double(row.number))),
            ("chapter", .string(row.place.chapter)),
            ("percent", .number(row.place.percent.map { ($0 * 10).rounded() / 10 })),
            ("text", .string(b.text)),
            ("label", .string(b.label)),
            ("created", .string(b.timestamp)),
            ("spineIndex", .number(Double(b.locator.spineIndex))),
            ("offset", .number(Double(b.locator.offset))),
            ("cfi", .string(b.position.cfi)),
            ("href", .string(row.place.href)),
        ])
    }
}
