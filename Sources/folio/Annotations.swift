import ArgumentParser
import FolioCore
import FolioLayout
import FolioPublication
import FolioReader
import FoundationEssentials
import Glibc

struct Annotations: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "annotations",
        _superCommandName: "folio",
        abstract: "Export the highlights and notes made in `folio read` for a book.",
        discussion: """
            Without a format option, a list in book order. --json writes a W3C Web Annotation \
            collection (JSON-LD): each highlight an Annotation whose target is the book (its unique \
            identifier) with a TextQuoteSelector (the exact text and 32 characters either side, as the \
            chapter has them) and an EPUB CFI FragmentSelector; a note is a TextualBody with the \
            purpose commenting. --markdown writes the highlights under their chapters as quotes, \
            notes below them.
            """
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @Flag(help: "Write a W3C Web Annotation collection (JSON-LD).")
    var json = false

    @Flag(help: "Write Markdown.")
    var markdown = false

    func validate() throws {
        if json && markdown { throw ValidationError("--json and --markdown: one or the other") }
    }

    /// Characters of context kept on each side of a quote.
    static let context = 32

    func run() throws {
        let publication = try openBook(book)
        let store = StateStore()
        let key = BookKey(publication: publication)
        let highlights = store.loadBook(key).highlights
        Terminal.printWarnings(store.diagnostics, since: 0)
        let places = BookPlaces(publication: publication)
        if json {
            let items = highlights.map { Self.annotation($0, publication: publication, places: places) }
            let collection = JSONValue.object([
                ("@context", .string("http://www.w3.org/ns/anno.jsonld")),
                ("type", .string("AnnotationCollection")),
                ("label", .string("Highlights in " + (publication.metadata.title ?? "a book"))),
                ("total", .number(Double(items.count))),
                ("first", .object([("type", .string("AnnotationPage")), ("startIndex", .number(0)), ("items", .array(items))])),
            ])
            Terminal.write(collection.serialized() + "\n")
        } else if markdown {
            Terminal.write(Self.markdown(highlights, title: publication.metadata.title, places: places))
        } else if highlights.isEmpty {
            Terminal.error("\(book): no highlights in \(store.directories.bookFile(key).path) (v selects text in folio read, Enter highlights it)")
        } else {
            for (k, mark) in highlights.enumerated() {
                let place = places.place(of: mark.start)
                var head = "\(k + 1). " + (place.chapter ?? place.href ?? "spine item \(mark.start.spineIndex + 1)")
                if let percent = place.percent { head += ", \(Int(percent.rounded()))%" }
                Terminal.write(head + " · " + mark.timestamp + "\n   " + Bookmark.excerpt(mark.text, length: 200) + "\n"
                               + (mark.note.map { "   note: " + $0 + "\n" } ?? ""))
            }
        }
    }

    /// One highlight as a Web Annotation.
    /// https://www.w3.org/TR/annotation-model/
    static func annotation(_ mark: Highlight, publication: Publication, places: BookPlaces) -> JSONValue {
        let spine = mark.start.spineIndex
        let before = places.text(spineIndex: spine, range: max(0, mark.start.offset - context)..<mark.start.offset)
        let after = places.text(spineIndex: spine, range: mark.end..<(mark.end + context))
        let exact = places.text(spineIndex: spine, range: mark.range)
        var selectors: [JSONValue] = [
            .object([("type", .string("TextQuoteSelector")), ("exact", .string(exact.isEmpty ? mark.text : exact)),
                     ("prefix", .string(before)), ("suffix", .string(after))]),
        ]
        if let cfi = mark.cfi {
            selectors.append(.object([("type", .string("FragmentSelector")), ("conformsTo", .string("http://www.idpf.org/epub/linking/cfi/epub-cfi.html")),
                                      ("value", .string(cfi))]))
        }
        let source = publication.metadata.uniqueIdentifier ?? publication.location
        var fields: [(String, JSONValue)] = [
            ("@context", .string("http://www.w3.org/ns/anno.jsonld")),
            ("id", .string("urn:x-folio-annotation:" + Self.identifier(source, mark))),
            ("type", .string("Annotation")),
            ("motivation", .string(mark.note == nil ? "highlighting" : "commenting")),
            ("created", .string(mark.timestamp)),
        ]
        if let note = mark.note {
            fields.append(("body", .object([("type", .string("TextualBody")), ("value", .string(note)), ("format", .string("text/plain")),
                                            ("purpose", .string("commenting"))])))
        }
        fields.append(("target", .object([("source", .string(source)), ("selector", .array(selectors))])))
        return .object(fields)
    }

    /// A stable name for a highlight: the book and the range, hashed.
    static func identifier(_ source: String, _ mark: Highlight) -> String {
        String(printf: "%016lx", Digest.fnv1a("\(source)|\(mark.start.spineIndex)|\(mark.start.offset)|\(mark.end)"))
    }

    static func markdown(_ highlights: [Highlight], title: String?, places: BookPlaces) -> String {
        var out = "# Highlights" + (title.map { " — " + $0 } ?? "") + "\n"
        var chapter: String?? = .none
        for mark in highlights {
            let place = places.place(of: mark.start)
            if chapter != .some(place.chapter) {
                chapter = .some(place.chapter)
                out += "\n## " + (place.chapter ?? place.href ?? "Spine item \(mark.start.spineIndex + 1)") + "\n"
            }
            let quote = mark.text.split(whereSeparator: \.isNewline).map { "> " + $0.trimmingWhitespace() }.joined(separator: "\n")
            out += "\n" + quote + "\n"
            if let note = mark.note { out += "\n" + note + "\n" }
            out += "\n<small>" + mark.timestamp + (mark.cfi.map { " · `" + $0 + "`" } ?? "") + "</small>\n"
        }
        return out
    }
}
