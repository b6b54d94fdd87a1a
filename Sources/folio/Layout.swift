import ArgumentParser
import FolioCore
import FolioLayout
import FolioPublication

struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        _superCommandName: "folio",
        abstract: "Paginate a book for a target and list its pages with their locators.",
        discussion: """
        Each page shows its number, spine item, locator range (character offsets in the spine item's text) \
        and first words. --json prints an array of objects with page, spineIndex, href, cfi, start, end, text \
        (the page's full text in reading order) and lines: each paragraph line on the page with its box \
        (x, y, width: its room; height, px), natural (its content's width before justification), separators \
        and separatorWidth (its word spaces and their natural width), justified, end (space, break, hyphen, \
        emergency, forced or last), and letterGaps and letterSpacing (the gaps between letters a justified \
        line spaced, where its spaces would pass twice their width, and the px they took in all).
        """
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @OptionGroup var options: LayoutOptions

    @Flag(help: "Print the pages as JSON.")
    var json = false

    @Flag(help: "Print each page's frame: every text run, fill, border, image and link with its position.")
    var frames = false

    @Flag(help: "Print nothing but timings on stderr: opening, the first page, all pages.")
    var timing = false

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let paged = try PagedBook.open(book, target: options.target, cells: options.cellGrid)
        let opened = clock.now
        let selection = PageSelection(options.pages)
        var out: [JSONValue] = []
        var firstPage: ContinuousClock.Instant?
        var count = 0
        try paged.forEachPage(in: selection, keepingChapters: false) { number, page, _ in
            if firstPage == nil { firstPage = clock.now }
            count += 1
            if timing { return }
            if frames {
                Terminal.write("page \(number) (\(page.href))\n" + page.frame.dump())
            } else if json {
                out.append(.object([
                    ("page", .number(Double(number))), ("spineIndex", .number(Double(page.spineIndex))), ("href", .string(page.href)),
                    ("cfi", page.cfi.map(JSONValue.string) ?? .null),
                    ("start", .number(Double(page.start.offset))), ("end", .number(Double(page.end.offset))),
                    ("text", .string(page.text)), ("lines", .array(Self.lines(page.frame))),
                ]))
            } else {
                let words = Self.firstWords(page.text, 8)
                Terminal.write("\(number)\t\(page.href)\t\(page.start.offset)-\(page.end.offset)\t\(page.cfi ?? "-")\t\(words)\n")
            }
        }
        if timing {
            let end = clock.now
            Terminal.error("\(book): " + String(printf: "%ld pages; open %.1f ms, first page %.1f ms, all pages %.1f ms", count,
                                  (opened - start).milliseconds, ((firstPage ?? end) - start).milliseconds, (end - start).milliseconds))
            return
        }
        if json { Terminal.write(JSONValue.array(out).serialized() + "\n") }
        paged.printNewWarnings()
    }

    /// The first `count` words of a page's text (within its first 200 scalars), one space
    /// between them: scanned as scalars, ASCII spaces without a property look-up.
    static func firstWords(_ text: String, _ count: Int) -> String {
        var words: [Substring] = []
        var start: String.Index?
        var scanned = 0
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex, scanned < 200, words.count < count {
            let scalar = scalars[index]
            let space = scalar.value < 0x80 ? (scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)) : scalar.properties.isWhitespace
            if space {
                if let begun = start { words.append(text[begun..<index]) }
                start = nil
            } else if start == nil {
                start = index
            }
            scalars.formIndex(after: &index)
            scanned += 1
        }
        if let begun = start, words.count < count { words.append(text[begun..<index]) }
        return words.joined(separator: " ")
    }

    /// The paragraph lines of a page and how each was set (px, rounded to hundredths).
    static func lines(_ frame: Frame) -> [JSONValue] {
        func n(_ value: Double) -> JSONValue { .number((value * 100).rounded() / 100) }
        return frame.items.compactMap { item in
            guard case .line(let box, let setting) = item else { return nil }
            return .object([
                ("x", n(box.x)), ("y", n(box.y)), ("width", n(box.width)), ("height", n(box.height)),
                ("natural", n(setting.natural)), ("separators", .number(Double(setting.separators))),
                ("separatorWidth", n(setting.separatorWidth)), ("justified", .bool(setting.justified)),
                ("end", .string(setting.end.rawValue)),
                ("letterGaps", .number(Double(setting.letterGaps))),
                ("letterSpacing", n(Double(setting.letterGaps) * setting.letterStretch)),
            ])
        }
    }
}

struct Text: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        _superCommandName: "folio",
        abstract: "Print the text of a book's pages in reading order, pages separated by form feeds."
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @OptionGroup var options: LayoutOptions

    func run() throws {
        let paged = try PagedBook.open(book, target: options.target, cells: options.cellGrid)
        let selection = PageSelection(options.pages)
        var first = true
        try paged.forEachPage(in: selection, keepingChapters: false) { number, page, _ in
            Terminal.write((first ? "" : "\u{C}") + page.text + (page.text.hasSuffix("\n") ? "" : "\n"))
            first = false
        }
        paged.printNewWarnings()
    }
}
