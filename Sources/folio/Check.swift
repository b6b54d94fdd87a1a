import ArgumentParser
import FolioCheck
import FolioCore
import FolioDiff
import FolioLayout
import FolioPublication
import FolioRender
import FolioStyle
import FoundationEssentials
import Glibc

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        _superCommandName: "folio",
        abstract: "Preflight a book: what readers would see go wrong, page by page, at phone and tablet sizes.",
        discussion: """
        Finds references that lead nowhere (manifest files, links, #fragments, images, fonts, stylesheets, media, \
        navigation and page-list entries, duplicate ids), what goes wrong on the pages of each profile (boxes narrowed, \
        words broken, lines past the edge, content scaled, characters no font has, upscaled images, text below WCAG AA \
        contrast, blank pages), CSS Folio ignores or lays out differently, @media rules no profile matches, and the \
        accessibility rules the markup and package answer (alt text, languages, headings, table headers, accessibility \
        metadata, page list). Text output groups the problems by severity with file, line and pages; --json prints \
        {book, profiles, summary, problems: [{code, severity, message, file, line, pages: {profile: [n…]}, ref}]}; \
        --report DIR writes index.html with page thumbnails. Exit 0 when nothing is at or above --fail-on, 1 when \
        something is, 65 when the book cannot be opened, 64 on a malformed command line.
        """
    )

    enum FailLevel: String, NamedChoices {
        case error, warning
        var severity: Severity { self == .error ? .error : .warning }
    }

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @Option(help: "Profiles to page the book at, comma-separated (DEVICE-SIZE-THEME, as for snapshot).")
    var profiles = "phone-12pt-day,tablet-14pt-day"

    @Flag(help: "Print the findings as one JSON object.")
    var json = false

    @Option(help: "Write an HTML report with page thumbnails to this folder.")
    var report: String?

    @Option(help: "The lowest severity that makes the check fail (exit 1): error or warning.")
    var failOn: FailLevel = .error

    @Option(help: "Thumbnails drawn in parallel for --report (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    /// Thumbnails are drawn at this many pixels per CSS px.
    static let thumbnailScale = 0.5

    func validate() throws {
        if case .failure(let error) = RenderProfile.list(profiles) { throw ValidationError("--profiles: \(error)") }
        if !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256") }
    }

    func run() throws {
        guard case .success(let list) = RenderProfile.list(profiles) else { throw ExitCode(64) }
        let setups = try list.map { profile in
            try RenderSetup(options: ["device": "phone", "theme": "day", "font": "publisher"].merging(profile.options) { _, new in new }, name: profile.name)
        }
        let publication = try openBook(book)
        var environments: [(name: String, environment: MediaEnvironment)] = []
        for setup in setups { environments.append((setup.name, try setup.target.environment())) }
        var bookCheck = BookCheck(publication: publication, environments: environments)
        var findings = bookCheck.run()
        _ = publication.cover  // looked for when asked: its problems are the preflight's too
        for warning in publication.diagnostics.warnings {
            findings.add(CheckProblem(code: warning.code, severity: warning.severity, message: warning.message, file: warning.path, line: warning.line))
        }

        let folder = report.map { URL(fileURLWithPath: $0) }
        if let folder { try Self.makeFolder(folder) }
        var checked: [CheckReport.Profile] = []
        for (k, setup) in setups.enumerated() {
            // Each further profile pages the book opened afresh, so that its warnings are its own
            // (one publication would keep each warning once, for the first profile that met it).
            let copy = k == 0 ? publication : try openBook(book)
            let since = copy.diagnostics.warnings.count
            let images = BookImages(copy)
            let environment = try setup.target.environment()
            let layout = BookLayout(publication: copy, environment: environment, settings: try setup.target.settings(), images: images)
            layout.chapterCacheLimit = 1
            let inspector = PageInspector(devicePixelRatio: setup.dpr) { images.pixels($0) }
            var thumbnails = folder.map { ThumbnailWriter(folder: $0.appendingPathComponent(setup.name), images: images, jobs: jobs) }
            if let thumbnails { try Self.makeFolder(thumbnails.folder) }
            Activity.current.begin("checking \(setup.name)")
            let pages = try PageCheck.run(profile: setup.name, layout: layout, inspector: inspector, diagnostics: copy.diagnostics, since: since,
                                          into: &findings) { number, page in
                try thumbnails?.add(page.frame, number: number)
            }
            try thumbnails?.flush()
            checked.append(CheckReport.Profile(name: setup.name, pages: pages, width: layout.page.width, height: layout.page.height))
        }
        let result = CheckReport(book: book, profiles: checked, problems: findings.sorted)
        if let folder {
            let html = result.html(thumbnail: { "\($0)/\(ThumbnailWriter.fileName($1))" }, scale: Self.thumbnailScale)
            guard FileManager.default.createFile(atPath: folder.appendingPathComponent("index.html").path, contents: Data(html.utf8)) else {
                Terminal.error("\(folder.path)/index.html: cannot write the file")
                throw ExitCode(73)
            }
        }
        Terminal.write(json ? result.json.serialized() + "\n" : result.text)
        if let folder, !json { Terminal.write("report: \(folder.appendingPathComponent("index.html").path)\n") }
        if result.fails(at: failOn.severity) { throw ExitCode(1) }
    }

    static func makeFolder(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            Terminal.error("\(folder.path): cannot create the folder (\(describe(error)))")
            throw ExitCode(73)
        }
    }
}

/// Page thumbnails for a check report, drawn a chapter's worth at a time on several threads.
struct ThumbnailWriter {
    let folder: URL
    let renderer: PNGRenderer
    let jobs: Int
    private var batch: [(number: Int, frame: Frame)] = []

    init(folder: URL, images: BookImages, jobs: Int) {
        self.folder = folder
        self.jobs = jobs
        renderer = PNGRenderer(dpr: Check.thumbnailScale, compression: 1) { path, width, height in
            images.bitmap(path, width: width, height: height)
        }
    }

    static func fileName(_ number: Int) -> String { SnapshotPage.fileName(number) }

    mutating func add(_ frame: Frame, number: Int) throws {
        batch.append((number, frame))
        if batch.count >= 32 { try flush() }
    }

    mutating func flush() throws {
        let renderer = renderer, folder = folder
        let written = Render.parallelMap(batch, jobs: jobs) { item -> String? in
            let name = Self.fileName(item.number)
            let ok = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data(renderer.render(item.frame)))
            return ok ? nil : name
        }
        batch.removeAll()
        if let failed = written.compactMap({ $0 }).first {
            Terminal.error("\(folder.path)/\(failed): cannot write the file")
            throw ExitCode(73)
        }
    }
}
