import ArgumentParser
import FolioPublication
import FoundationEssentials
import Glibc

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        _superCommandName: "folio",
        abstract: "Describe a book: metadata, spine, navigation, cover and warnings.",
        discussion: "With --json, prints a stable JSON document (see README.md for its keys)."
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @Flag(help: "Print machine-readable JSON.")
    var json = false

    func run() throws {
        let publication = try openBook(book)
        if json {
            Terminal.write(PublicationSummary.json(publication).serialized() + "\n")
        } else {
            Terminal.write(InfoText.render(publication))
        }
    }
}
