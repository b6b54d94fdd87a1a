import ArgumentParser
import FolioCore
import FolioPublication
import FolioStyle
import FolioXML

struct Style: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a spine item's styled tree: every element with its computed style for a target.",
        discussion: """
        ITEM is a spine item: its path in the container (as `folio info` lists the spine), an href relative to \
        the package document, or its 1-based position in the spine. Text output shows, for each element, the \
        computed values it changes from its parent; --json gives every element's computed values that differ \
        from the initial ones.
        """
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @Argument(help: "The spine item: container path, package-relative href, or 1-based spine position.")
    var item: String

    @OptionGroup var target: TargetOptions

    @Flag(help: "Print the styled tree as JSON.")
    var json = false

    func run() throws {
        let publication = try openBook(book)
        Terminal.summarizeWarnings(publication.diagnostics, book: book)
        let openingWarnings = publication.diagnostics.warnings.count
        guard let path = SpineItemLookup.path(item, in: publication) else {
            Terminal.error("\(book): '\(item)' is not a spine item (folio info lists the spine)")
            throw ExitCode(66)
        }
        let bytes: [UInt8]
        do {
            bytes = try publication.read(path)
        } catch {
            Terminal.error("\(book): \(path): \(error.reason)")
            throw Exit.unreadableBook
        }
        let tree: XMLTree
        do {
            tree = try MarkupParser.parse(bytes, path: path, recovery: .html, diagnostics: publication.diagnostics)
        } catch {
            Terminal.error("\(book): \(error.path): \(error.reason)")
            throw Exit.unreadableBook
        }
        let context = StyleContext(publication: publication, environment: try target.environment(), settings: try target.settings())
        let styled = Cascade.style(tree, context: context)
        Terminal.write(json ? styled.json().serialized() + "\n" : styled.outline())
        Terminal.printWarnings(publication.diagnostics, since: openingWarnings)
    }
}

/// Finds a spine item from what a user typed.
enum SpineItemLookup {
    static func path(_ text: String, in publication: Publication) -> String? {
        let spinePaths = publication.spine.items.compactMap { publication.manifest.item(id: $0.renderableID)?.path }
        if let n = Int(text), n >= 1, n <= spinePaths.count { return spinePaths[n - 1] }
        if spinePaths.contains(text) { return text }
        if let resolved = ContainerPath.resolve(text, relativeTo: publication.packagePath)?.path, spinePaths.contains(resolved) {
            return resolved
        }
        return nil
    }
}
