import ArgumentParser
import FolioCore
import FolioLayout
import FolioPublication
import FolioSearch
import FoundationEssentials
import Glibc

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        _superCommandName: "folio",
        abstract: "Find every occurrence of a word, phrase or regular expression in a book's text.",
        discussion: """
        The text searched is what a reader reads: the text of the content documents, not their markup \
        (a word split by inline elements is found), white space as one space, soft hyphens left out. \
        By default case and diacritics are ignored (Unicode case mapping; typographic apostrophes and \
        quotes match ASCII ones; Natasha finds Natásha, and Arabic and Hebrew vowel points are left out); \
        --diacritics makes them count, --case matches the text exactly as written. Not searched: head, script, style, ruby annotations, \
        elements with the hidden attribute or an inline display: none.

        Each hit prints on one line: page (only with --device, --size or --cells), chapter, href:offset \
        (the locator: Unicode scalars into the spine item's text), CFI, and the text around it with the \
        hit in [brackets]. --json prints an object with query, regex, caseSensitive, diacritics, count, stopped and \
        hits (spineIndex, href, start, end, cfi, chapter, page, before, match, after). \
        Exit status: 0 with hits, 1 without, 64 for a bad query, 65 for a book that cannot be opened.
        """
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @Argument(help: "What to look for.")
    var query: String

    @Flag(help: "Print the hits as JSON.")
    var json = false

    @Flag(help: "QUERY is a regular expression (PCRE syntax).")
    var regex = false

    @Flag(name: .customLong("case"), help: "Match case exactly (and diacritics).")
    var caseSensitive = false

    @Flag(help: "Match diacritics as written (café does not find cafe); case is still ignored.")
    var diacritics = false

    /// Pages are numbered only when a device, a page size or cells are named; the other
    /// target options (text size, font, line height…) then shape the pages as in `layout`.
    @OptionGroup(title: "Page numbers (with --device, --size or --cells)")
    var target: TargetOptions

    @Option(help: "Give page numbers for a terminal of COLSxROWS cells (e.g. 80x24).")
    var cells: String?

    @Option(help: "Stop after this many hits.")
    var limit = 100_000

    @Option(help: "Stop after this many seconds (a regular expression that backtracks without end).")
    var seconds = 10.0

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
        guard seconds > 0 else { throw ValidationError("--seconds must be above 0") }
        _ = try pageTarget()
    }

    /// The target whose pages are numbered, when one is named.
    func pageTarget() throws -> LayoutOptions? {
        guard target.namedDevice != nil || target.size != nil || cells != nil else { return nil }
        var options = try LayoutOptions.parse(cells.map { ["--cells", $0] } ?? [])
        options.target = target
        return options
    }

    func run() throws {
        let publication = try openBook(book)
        Terminal.summarizeWarnings(publication.diagnostics, book: book)
        let search = BookSearch(publication: publication)
        var hits: [SearchHit] = []
        let stop: BookSearch.Stop?
        do {
            stop = try search.search(SearchQuery(query, regex: regex, caseSensitive: caseSensitive, matchesDiacritics: diacritics),
                                     limits: .init(hits: limit, time: .milliseconds(Int(seconds * 1000)))) { hits += $0 }
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(64)
        }
        Terminal.printWarnings(search.diagnostics, since: 0)
        let pages = try pageTarget().map { try pageNumbers(of: hits, options: $0) } ?? []
        if json {
            Terminal.write(document(hits, pages: pages, stop: stop).serialized() + "\n")
        } else {
            // Lines gathered as bytes (a string interpolation a hit cost more than the search).
            var out: [UInt8] = []
            out.reserveCapacity(1 << 17)
            let tab = UInt8(ascii: "\t")
            for (k, hit) in hits.enumerated() {
                if !pages.isEmpty {
                    out += (pages[k].map(String.init) ?? "-").utf8
                    out.append(tab)
                }
                out += (hit.chapter ?? "-").utf8
                out.append(tab)
                out += hit.href.utf8
                out.append(UInt8(ascii: ":"))
                out += String(hit.range.lowerBound).utf8
                out.append(tab)
                out += (hit.cfi ?? "-").utf8
                out.append(tab)
                out += hit.before.utf8
                out.append(UInt8(ascii: "["))
                out += hit.match.utf8
                out.append(UInt8(ascii: "]"))
                out += hit.after.utf8
                out.append(UInt8(ascii: "\n"))
                if out.count > 1 << 16 {
                    StandardStream.output.write(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
            StandardStream.output.write(out)
            Terminal.error("\(hits.count) hit\(hits.count == 1 ? "" : "s")\(stopNote(stop))")
        }
        if hits.isEmpty { throw ExitCode(1) }
    }

    private func stopNote(_ stop: BookSearch.Stop?) -> String {
        switch stop {
        case nil: ""
        case .cancelled: " (cancelled)"
        case .hitLimit(let n): " (stopped at \(n): --limit)"
        case .timeLimit: " (stopped after \(seconds) s: the rest of the book is not searched; --seconds)"
        case .matchLimit(let spineIndex):
            " (stopped in spine item \(spineIndex + 1): the regular expression backtracks too much; the rest of the book is not searched)"
        }
    }

    private func document(_ hits: [SearchHit], pages: [Int?], stop: BookSearch.Stop?) -> JSONValue {
        let stopped: JSONValue = switch stop {
        case nil: .null
        case .cancelled: .string("cancelled")
        case .hitLimit: .string("hit-limit")
        case .timeLimit: .string("time-limit")
        case .matchLimit: .string("match-limit")
        }
        return .object([
            ("query", .string(query)), ("regex", .bool(regex)), ("caseSensitive", .bool(caseSensitive)),
            ("diacritics", .bool(diacritics || caseSensitive || regex)),
            ("count", .number(Double(hits.count))), ("stopped", stopped),
            ("hits", .array(hits.enumerated().map { k, hit in
                .object([
                    ("spineIndex", .number(Double(hit.spineIndex))), ("href", .string(hit.href)),
                    ("start", .number(Double(hit.range.lowerBound))), ("end", .number(Double(hit.range.upperBound))),
                    ("cfi", .string(hit.cfi)), ("chapter", .string(hit.chapter)),
                    ("page", .number(pages.isEmpty ? nil : pages[k].map(Double.init))),
                    ("before", .string(hit.before)), ("match", .string(hit.match)), ("after", .string(hit.after)),
                ])
            })),
        ])
    }

    /// The book page number of each hit for the target: the book is laid out up to the last hit,
    /// a chapter at a time.
    private func pageNumbers(of hits: [SearchHit], options: LayoutOptions) throws -> [Int?] {
        guard !hits.isEmpty else { return [] }
        let paged = try PagedBook.open(book, target: options.target, cells: options.cellGrid)
        let layout = paged.layout
        var pages = [Int?](repeating: nil, count: hits.count)
        var hitsBySpine: [Int: [Int]] = [:]
        for (k, hit) in hits.enumerated() { hitsBySpine[hit.spineIndex, default: []].append(k) }
        var number = 1
        for spine in layout.readingOrder {
            let chapter = layout.chapterPassingThrough(spine)
            for k in hitsBySpine[spine] ?? [] {
                pages[k] = chapter.pageIndex(of: hits[k].range.lowerBound).map { number + $0 }
            }
            number += chapter.pages.count
            hitsBySpine[spine] = nil
            if hitsBySpine.isEmpty { break }
        }
        paged.printNewWarnings()
        return pages
    }
}
