import ArgumentParser
import FolioCore
import FolioPublication

struct Toc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toc",
        _superCommandName: "folio",
        abstract: "Print the table of contents as an indented tree with hrefs."
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @Flag(help: "Print the TOC as JSON: objects with title, href, type, hidden and children.")
    var json = false

    func run() throws {
        let publication = try openBook(book)
        let toc = publication.navigation.toc
        if json {
            Terminal.write(JSONValue.array(toc.map(PublicationSummary.navPoint)).serialized() + "\n")
        } else {
            Terminal.write(TocText.render(toc, indent: 0, withHrefs: true))
        }
        Terminal.summarizeWarnings(publication.diagnostics, book: book)
    }
}

enum TocText {
    /// Two spaces per level; the href after the title. Walked with a stack: a hostile TOC may be deep.
    static func render(_ points: [NavPoint], indent: Int, withHrefs: Bool) -> String {
        var out = ""
        var stack: [(NavPoint, Int)] = points.reversed().map { ($0, indent) }
        while let (point, level) = stack.popLast() {
            out += String(repeating: "  ", count: level) + (point.title.isEmpty ? "(untitled)" : point.title)
            if withHrefs { out += "  " + (point.href ?? "—") }
            out += "\n"
            stack.append(contentsOf: point.children.reversed().map { ($0, level + 1) })
        }
        return out
    }
}
