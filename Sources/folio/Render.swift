import ArgumentParser
import FolioCore
import FolioImage
import FolioLayout
import FolioPublication
import FolioRender
import Dispatch
import FoundationEssentials
import Glibc

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        _superCommandName: "folio",
        abstract: "Render a book's pages as PNG files or one PDF (or as terminal cells or text).",
        discussion: """
        PNG pages are written to --out as page-0001.png …, numbered in reading order; --format pdf writes the \
        pages to --out/book.pdf instead, each at its CSS px size in points (1 px = 0.75 pt). With --json a \
        manifest (manifest.json in --out, and on stdout) gives each page's number, file, spine href, locator, \
        CFI, chapter title and sha256 (for a PDF: its page in the file, and the file's sha256). The same book \
        and options give byte-identical files, whatever --jobs is.
        """
    )

    enum Format: String, NamedChoices { case png, pdf, cells, text }

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @OptionGroup var options: LayoutOptions

    @Option(help: "Device pixels per CSS px, of PNG pages and of images in a PDF (default: 3 on phone, 2 on tablet, 1 for WxH devices).")
    var dpr: Double?

    @Option(help: "Output: png files, pdf (one file, book.pdf), cells (ANSI-styled text on stdout) or text (plain, on stdout).")
    var format: Format = .png

    @Option(help: "Columns of the terminal grid (cells and text formats; default 80).")
    var cols = 80

    @Option(help: "Rows of the terminal grid (cells and text formats; default 24).")
    var rows = 24

    @Option(help: "Images in cells: auto (by the terminal), kitty, sixel, blocks (half blocks) or none (alt text).")
    var images: CellOutput.Images = .auto

    @Option(help: "The folder PNG pages (or book.pdf) and the manifest are written to.")
    var out = "pages"

    @Option(help: "Pages rendered in parallel (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "zlib level of the PNG files, 0 (none) to 9 (smallest); 1 is fast.")
    var pngCompression = 1

    @Flag(help: "Print (and write) a JSON manifest of the rendered pages.")
    var json = false

    @Option(help: "Render only the page narrated at this book time (seconds or a clock value), its fragment highlighted.")
    var at: String?

    func validate() throws {
        if let dpr, !(dpr > 0 && dpr <= 8) { throw ValidationError("--dpr must be between 0 and 8") }
        if !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256") }
        if !(20...1000).contains(cols) || !(5...1000).contains(rows) { throw ValidationError("--cols must be 20-1000 and --rows 5-1000") }
        if !(0...9).contains(pngCompression) { throw ValidationError("--png-compression must be 0 to 9") }
        if let at, case .failure(let problem) = ClockValue.reading(at) {
            throw ValidationError("--at \(at) \(problem == .outOfRange ? "\(problem)" : "is neither seconds nor a clock value")")
        }
    }

    func run() throws {
        let selection = PageSelection(options.pages)
        let grid = format == .png || format == .pdf ? nil : options.cellGrid ?? (cols, rows)
        let paged = try PagedBook.open(book, target: options.target, cells: grid)
        if let at, let time = ClockValue(at)?.seconds {
            try NarratedPage(book: book, time: time, format: format, grid: grid, out: out, dpr: dpr, pngCompression: pngCompression, json: json)
                .run(paged, target: options.target)
        } else if let grid {
            try CellOutput(format: format, columns: grid.columns, rows: grid.rows, images: images).run(paged, selection: selection)
        } else if format == .pdf {
            try renderPDF(paged, selection: selection)
        } else {
            try renderPNG(paged, selection: selection)
        }
        paged.printNewWarnings()
    }

    private func renderPNG(_ paged: PagedBook, selection: PageSelection?) throws {
        let folder = URL(fileURLWithPath: out)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            Terminal.error("\(out): cannot create the output folder (\(describe(error)))")
            throw ExitCode(73)
        }
        let environment = try options.target.environment()
        let images = paged.images
        let renderer = PNGRenderer(dpr: dpr ?? environment.devicePixelRatio, compression: pngCompression) { path, width, height in
            images.bitmap(path, width: width, height: height)
        }
        let progress = Progress(enabled: isatty(2) == 1)
        var entries: [JSONValue] = []
        var failed: String?
        // Pages are laid out chapter by chapter and each chapter's pages rendered in parallel.
        var batch: [(number: Int, page: Page, problems: [PageProblem])] = []
        var rendered = 0
        func flush() {
            let results = Self.parallelMap(batch, jobs: jobs) { item -> (String, String, Bool) in
                let name = String(printf: "page-%04ld.png", item.number)
                let bytes = renderer.render(item.page.frame)
                let written = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data(bytes))
                return (name, json ? Digest.sha256Hex(bytes) : "", written)
            }
            for (item, result) in zip(batch, results) {
                if !result.2 && failed == nil { failed = result.0 }
                // The manifest (checksums, titles) only when it is asked for.
                guard json else { continue }
                let page = item.page
                entries.append(.object([
                    ("page", .number(Double(item.number))), ("file", .string(result.0)), ("href", .string(page.href)),
                    ("spineIndex", .number(Double(page.spineIndex))),
                    ("start", .number(Double(page.start.offset))), ("end", .number(Double(page.end.offset))),
                    ("cfi", page.cfi.map(JSONValue.string) ?? .null),
                    ("title", paged.layout.title(spineIndex: page.spineIndex, page: page.indexInChapter).map(JSONValue.string) ?? .null),
                    ("sha256", .string(result.1)),
                    ("warnings", .array(item.problems.map(\.json))),
                ]))
            }
            rendered += batch.count
            progress.update(rendered)
            batch.removeAll()
        }
        try paged.forEachPage(in: selection) { number, page, problems in
            batch.append((number, page, problems))
            if page.indexInChapter == 0 && batch.count > 1 || batch.count >= 64 { flush() }
        }
        flush()
        progress.finish()
        if let failed {
            Terminal.error("\(out)/\(failed): cannot write the file")
            throw ExitCode(73)
        }
        if json {
            let manifest = JSONValue.object([("book", .string(book)), ("pages", .array(entries))]).serialized() + "\n"
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("manifest.json").path, contents: Data(manifest.utf8))
            Terminal.write(manifest)
        }
    }

    /// The selected pages in one PDF file; pages are drawn one after another (one PDF surface).
    private func renderPDF(_ paged: PagedBook, selection: PageSelection?) throws {
        let output = PDFOutput(out: out, dpr: try dpr ?? options.target.environment().devicePixelRatio)
        let (entries, sha256) = try output.write(paged) { page in
            try paged.forEachPage(in: selection) { number, found, problems in
                try page(number, found, problems)
            }
        }
        if json {
            let manifest = JSONValue.object([
                ("book", .string(book)), ("file", entries.isEmpty ? .null : .string(PDFOutput.fileName)),
                ("sha256", entries.isEmpty ? .null : .string(sha256)), ("pages", .array(entries)),
            ]).serialized() + "\n"
            _ = FileManager.default.createFile(atPath: URL(fileURLWithPath: out).appendingPathComponent("manifest.json").path,
                                               contents: Data(manifest.utf8))
            Terminal.write(manifest)
        }
    }

    /// Maps `items` on up to `jobs` threads, keeping their order.
    static func parallelMap<T, R>(_ items: [T], jobs: Int, _ transform: (T) -> R) -> [R] {
        guard jobs > 1, items.count > 1 else { return items.map(transform) }
        var results = [R?](repeating: nil, count: items.count)
        let lock = Lock()
        let workers = min(jobs, items.count)
        withoutActuallyEscaping(transform) { transform in
            nonisolated(unsafe) let transform = transform
            nonisolated(unsafe) let items = items
            nonisolated(unsafe) var shared = results
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for k in stride(from: worker, to: items.count, by: workers) {
                    let result = transform(items[k])
                    lock.lock()
                    shared[k] = result
                    lock.unlock()
                }
            }
            results = shared
        }
        return results.map { $0! }
    }
}

/// A one-line progress count on stderr, for terminals only.
final class Progress {
    let enabled: Bool
    private var shown = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func update(_ pages: Int) {
        guard enabled, pages >= 20 else { return }
        shown = true
        StandardStream.error.write("\rrendered \(pages) pages…")
    }

    func finish() {
        guard shown else { return }
        StandardStream.error.write("\r\u{1B}[K")
    }
}
