import FolioCore
import ArgumentParser
import FolioPublication
import FoundationEssentials
import Glibc

struct Cat: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cat",
        _superCommandName: "folio",
        abstract: "Write one resource's bytes to stdout, as a reading system sees them (fonts de-obfuscated).",
        discussion: "PATH is the resource's path in the container, as `folio ls` prints it (e.g. EPUB/fonts/a.otf)."
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @Argument(help: "The resource's path in the container.")
    var path: String

    func run() throws {
        let publication = try openBook(book)
        let resource = path.hasPrefix("/") ? String(path.dropFirst()) : path
        do {
            let bytes = try publication.read(resource)
            StandardStream.output.write(bytes)
        } catch {
            Terminal.error("\(book): \(error.path): \(error.reason)")
            throw error.kind == .notFound ? ExitCode(66) : Exit.unreadableBook
        }
    }
}
