import ArgumentParser
import FolioCore
import FolioPublication
import FolioStyle
import FolioXML
import FoundationEssentials
import Glibc

struct Style: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "style",
        _superCommandName: "folio",
        abstract: "Print a spine item's styled tree: every element with its computed style for a target.",
        discussion: """
        ITEM is a spine item: its path in the container (as `folio info` lists the spine), an href relative to \
        the package document, or its 1-based position in the spine; --all styles every spine item in order. \
        Text output shows, for each element, the computed values it changes from its parent; --json gives every \
        element's computed values that differ from the initial ones.
        """
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @Argument(help: "The spine item: container path, package-relative href, or 1-based spine position.")
    var item: String?

    @Flag(help: "Style every spine item, in reading order.")
    var all = false

    @OptionGroup var target: TargetOptions

    @Flag(help: "Print the styled tree as JSON (an array of trees with --all).")
    var json = false

    @Flag(help: "Print nothing but timings on stderr: opening, parsing and styling.")
    var timing = false

    func validate() throws {
        if all == (item != nil) { throw ValidationError("give either a spine ITEM or --all") }
    }

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let publication = try openBook(book)
        let opened = clock.now
        Terminal.summarizeWarnings(publication.diagnostics, book: book)
        let openingWarnings = publication.diagnostics.warnings.count
        let paths: [String]
        if all {
            paths = publication.spine.items.compactMap { publication.manifest.item(id: $0.renderableID) }
                .filter { MediaTypes.contentDocuments.contains($0.contentType) }.map(\.path)
        } else {
            guard let item, let path = SpineItemLookup.path(item, in: publication) else {
                Terminal.error("\(book): '\(item ?? "")' is not a spine item (folio info lists the spine)")
                throw ExitCode(66)
            }
            paths = [path]
        }
        let context = StyleContext(publication: publication, environment: try target.environment(), settings: try target.settings())
        var parsing = Duration.zero, styling = Duration.zero, nodes = 0
        var outputs: [JSONValue] = []
        for path in paths {
            let t0 = clock.now
            guard let tree = try parse(path, publication) else { continue }
            let t1 = clock.now
            let styled = Cascade.style(tree, context: context)
            styling += clock.now - t1
            parsing += t1 - t0
            nodes += styled.nodes.count
            if timing { continue }
            if json {
                outputs.append(styled.json())
            } else {
                if all { Terminal.write("=== \(path)\n") }
                Terminal.write(styled.outline())
            }
        }
        if json && !timing { Terminal.write((all ? JSONValue.array(outputs) : outputs.first ?? .null).serialized() + "\n") }
        if timing {
            Terminal.error("\(book): " + String(printf: "%ld documents, %ld styled nodes; open %.1f ms, parse %.1f ms, style %.1f ms",
                                  paths.count, nodes, (opened - start).milliseconds, parsing.milliseconds, styling.milliseconds))
        }
        Terminal.printWarnings(publication.diagnostics, since: openingWarnings)
    }

    /// The spine item as a tree; a single item that cannot be read is an error, one of --all a warning.
    private func parse(_ path: String, _ publication: Publication) throws -> XMLTree? {
        do {
            let bytes = try publication.read(path, limit: Publication.documentLimit)
            return try MarkupParser.parse(bytes, path: path, recovery: .html, diagnostics: publication.diagnostics)
        } catch let error as ContainerError {
            guard all else {
                Terminal.error("\(book): \(path): \(error.reason)")
                throw Exit.unreadableBook
            }
            publication.diagnostics.warn("resource.unreadable", error.reason, at: path)
        } catch let error as MarkupError {
            guard all else {
                Terminal.error("\(book): \(error.path): \(error.reason)")
                throw Exit.unreadableBook
            }
            publication.diagnostics.warn("xml.unreadable", error.reason, at: path)
        }
        return nil
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
