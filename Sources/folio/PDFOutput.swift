import ArgumentParser
import FolioCore
import FolioLayout
import FolioPublication
import FolioRender
import FoundationEssentials
import Glibc

/// `render --format pdf`: pages in one PDF file, `book.pdf` in the output folder, each page at
/// its CSS px size in points (1 px = 0.75 pt); and the manifest entries that describe them.
struct PDFOutput {
    static let fileName = "book.pdf"

    let out: String
    /// Device pixels per CSS px that images are embedded at.
    let dpr: Double

    /// Writes the pages `pages` passes on, in that order, and returns each one's manifest
    /// entry and the file's sha256 (none when it passes no page: no file is written then). A
    /// file that cannot be written is an error (exit 73).
    func write(_ paged: PagedBook, pages: ((Int, Page, [PageProblem]) throws -> Void) throws -> Void) throws -> (entries: [JSONValue], sha256: String) {
        // A first pass (layout is fast beside drawing) finds every destination in the file, so
        // that a link leads to its page, or to its chapter's start, or nowhere when neither is in
        // it; a book without pages fails here, before the file is made.
        var destinations = Destinations(layout: paged.layout)
        var defined = Set<String>()
        var count = 0
        try pages { _, page, _ in
            defined.formUnion(destinations.names(on: page))
            count += 1
        }
        // Cairo would make an empty document a blank page: no file, as no PNG is written then.
        guard count > 0 else {
            Terminal.error("\(paged.name): no page is in the selection; \(out)/\(Self.fileName) is not written")
            return ([], "")
        }
        func destination(_ href: String) -> String? {
            if defined.contains(href) { return href }
            let path = String(href.prefix { $0 != "#" })
            return defined.contains(path) ? path : nil
        }

        let folder = URL(fileURLWithPath: out)
        let file = folder.appendingPathComponent(Self.fileName)
        let images = paged.images
        let document: PDFDocument
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            document = try PDFDocument(path: file.path, info: Self.info(paged.publication.metadata), dpr: dpr) { path, width, height in
                images.bitmap(path, width: width, height: height)
            }
        } catch {
            Terminal.error("\(out)/\(Self.fileName): cannot write the file (\(Self.reason(error)))")
            throw ExitCode(73)
        }
        let progress = Progress(enabled: isatty(2) == 1)
        var entries: [JSONValue] = []
        try pages { number, page, problems in
            let title = paged.layout.title(spineIndex: page.spineIndex, page: page.indexInChapter)
            document.addPage(page.frame, label: String(number), destinations: destinations.names(on: page),
                             bookmark: page.indexInChapter == 0 ? title : nil, destination: destination)
            entries.append(.object([
                ("page", .number(Double(number))), ("file", .string(Self.fileName)), ("pdfPage", .number(Double(document.pageCount))),
                ("href", .string(page.href)), ("spineIndex", .number(Double(page.spineIndex))),
                ("start", .number(Double(page.start.offset))), ("end", .number(Double(page.end.offset))),
                ("cfi", page.cfi.map(JSONValue.string) ?? .null), ("title", title.map(JSONValue.string) ?? .null),
                ("warnings", .array(problems.map(\.json))),
            ]))
            progress.update(entries.count)
        }
        progress.finish()
        do {
            try document.finish()
            let bytes = try Data(contentsOf: file)
            return (entries, Digest.sha256Hex([UInt8](bytes)))
        } catch {
            Terminal.error("\(out)/\(Self.fileName): cannot write the file (\(Self.reason(error)))")
            throw ExitCode(73)
        }
    }

    static func reason(_ error: Error) -> String {
        (error as? PDFError)?.description ?? describe(error)
    }

    /// The document's title, authors and dates from the package metadata. The date is the
    /// book's `dcterms:modified` (so the file changes only when the book or Folio does), or
    /// the Unix epoch when it has none in the form EPUB 3 requires.
    static func info(_ metadata: Metadata) -> PDFDocument.Info {
        // Logical order with the isolate each dir names: viewers apply the bidi algorithm.
        let authors = metadata.creators.filter { !$0.name.isEmpty }.map(\.isolated)
        let modified = metadata.modified?.trimmingWhitespace()
        let date = modified.flatMap { $0.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})?/) != nil ? $0 : nil }
        return PDFDocument.Info(title: metadata.mainTitle?.isolated, author: authors.isEmpty ? nil : authors.joined(separator: ", "),
                                date: date ?? "1970-01-01T00:00:00Z")
    }

}

/// The names links inside the book lead to, page by page: a chapter's path on its first page,
/// `path#id` for each element id that starts on a page (as the layout's links are written).
struct Destinations {
    let layout: BookLayout
    /// The last chapter's ids by the page each starts on, sorted (the file's order must not
    /// depend on a dictionary's).
    private var chapter: (spineIndex: Int, idsByPage: [Int: [String]])?

    init(layout: BookLayout) {
        self.layout = layout
    }

    mutating func names(on page: Page) -> [String] {
        let pages = layout.chapter(page.spineIndex)
        if chapter?.spineIndex != page.spineIndex {
            var byPage: [Int: [String]] = [:]
            for (id, index) in pages.anchors { byPage[index, default: []].append(id) }
            chapter = (page.spineIndex, byPage.mapValues { $0.sorted() })
        }
        let ids = chapter?.idsByPage[page.indexInChapter] ?? []
        return (page.indexInChapter == 0 ? [pages.href] : []) + ids.map { "\(pages.href)#\($0)" }
    }
}
