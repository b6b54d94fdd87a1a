import ArgumentParser
import FolioCore
import FolioDiff
import FolioPublication
import FolioRender
import FoundationEssentials
import Glibc

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        _superCommandName: "folio",
        abstract: "Compare two renderings of a book page by page; exit 0 when nothing changed, 1 when something did, 2 on error, 64 on a malformed command line.",
        discussion: """
        BASELINE and CURRENT are each a snapshot folder (folio snapshot) or a book; a book is rendered on the fly \
        with the other side's profiles and options (with the render options given here when both are books; with \
        a snapshot, --profiles only picks among its profiles). \
        Pages are matched by their text and place in the spine, not by number, then classified identical (same \
        hash), changed (its text differs, or more pixels differ than --threshold allows, anti-aliasing aside: the \
        threshold forgives only pixels, never a change of text), added, removed or moved \
        (the same content at another page number). The summary says what changed in words. --json prints an \
        object with summary, chapters and pages; --report writes an HTML report; --junit FILE writes JUnit XML (a \
        test case per chapter and profile, for CI test reporters); under GitHub Actions (GITHUB_ACTIONS=true) each \
        changed chapter is also printed (on stderr) as an ::error annotation. --shard I/N diffs a share of the \
        chapters (--shard auto: a Kubernetes Indexed Job's). --accept FILE reads a triage file (JSON, or YAML when it \
        ends in .yaml or .yml) of expected changes ({"expected": [{"book", "profile", "chapter", "text", "reason", \
        "expires": "YYYY-MM-DD"}]}), reported with their reason and not failing the diff, and masks ({"masks": \
        [{"book", "profile", "page", "rect": [x, y, w, h], "text": "regex", "selector": "CSS selectors"}]}: pixels \
        and text not compared; a selector masks the text of the elements it matches wherever it is drawn, and a \
        snapshot made with folio snapshot --accept keeps it). --update accepts the changes: in each profile of the \
        BASELINE snapshot, the chapters with an unexpected change take the CURRENT pages and the others keep \
        theirs, and the diff exits 0. --cache DIR keeps each book's rendering by content (book, profile, options, \
        fonts, Folio build) and reuses it, so a book rendered before is not rendered again. folio diff --merge merges the shards' --json outputs (and with --report writes the index of a \
        report folder the shards' --report images were gathered in). A malformed command line exits 64.
        """
    )

    @Argument(help: "BASELINE and CURRENT (snapshot folders or books); with --merge, the shards' --json outputs.")
    var inputs: [String] = []

    @OptionGroup var render: SnapshotOptions

    @Option(help: "The share of a page's pixels, in percent, that may differ before the page counts as changed (default 0).")
    var threshold = "0"

    @Option(help: "Write an HTML report (index.html and images) to this folder.")
    var report: String?

    @Flag(help: "Print the result as JSON.")
    var json = false

    @Option(help: "Write the result as JUnit XML to this file: a test case per chapter and profile, failing when a page changed.")
    var junit: String?

    @Option(help: "A triage file (JSON or YAML) of expected changes and masks: matching changes are reported as expected and do not fail the diff.")
    var accept: String?

    @Option(help: "Diff only share I of N of the chapters, e.g. 2/4, or auto: the share a Kubernetes Indexed Job's JOB_COMPLETION_INDEX and JOB_COMPLETION_COUNT name (merge the shards' --json outputs with --merge).")
    var shard: String?

    @Flag(help: "Merge shard results (the arguments: files of folio diff --shard … --json output) into one.")
    var merge = false

    @Option(help: "Keep books' renderings in this folder by content (book, profile, options, fonts, Folio build) and reuse them: a book rendered before is not rendered again.")
    var cache: String?

    @Flag(help: "Accept the changes: in the BASELINE snapshot, the chapters with an unexpected change take the CURRENT pages, the others keep theirs; exit 0.")
    var update = false

    func run() throws {
        var result: DiffResult
        var currentSides: [String: SnapshotSide] = [:]
        do {
            if update && (merge || shard != nil) {
                throw DiffFailure("--update rewrites a whole snapshot: it cannot take --merge or --shard", usage: true)
            }
            let triage = try accept.map { path throws(SnapshotError) in try Triage.read(path) }
            if merge {
                result = try merged()
            } else {
                (result, currentSides) = try compared(triage: triage)
            }
            if let triage {
                let notes = triage.apply(to: &result, book: URL(fileURLWithPath: result.current).lastPathComponent, today: Triage.today())
                result.notes += notes.filter { !result.notes.contains($0) }
            }
            if let report {
                try HTMLReport.write(result, to: try ReportFolder(url: URL(fileURLWithPath: report)).url)
            }
            if let junit {
                let book = URL(fileURLWithPath: result.current).lastPathComponent
                guard FileManager.default.createFile(atPath: junit, contents: Data(JUnitReport.xml(result, book: book, report: report).utf8)) else {
                    throw DiffFailure("\(junit): cannot be written")
                }
            }
        } catch let error as DiffFailure {
            Terminal.error(error.message)
            throw ExitCode(error.isUsage ? 64 : 2)
        } catch is ExitCode {
            throw ExitCode(2)  // already explained (an unreadable book, say)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        if json {
            Terminal.write(result.json().serialized() + "\n")
        } else {
            Terminal.write(DiffText.render(result, report: report))
        }
        // In a GitHub Actions run, each changed chapter also annotates the run (on stderr, which
        // the runner reads for commands too, so that --json's stdout stays JSON).
        if environmentVariable("GITHUB_ACTIONS") == "true" {
            let annotations = JUnitReport.githubAnnotations(result, book: URL(fileURLWithPath: result.current).lastPathComponent)
            StandardStream.error.write(annotations)
        }
        if update, result.hasChanges {
            do {
                try BaselineUpdate.write(result, current: currentSides, into: inputs[0])
            } catch let error as DiffFailure {
                Terminal.error(error.message)
                throw ExitCode(2)
            }
            return
        }
        if result.hasChanges { throw ExitCode(1) }
    }

    private func settings() throws -> (threshold: Double, shard: Shard?) {
        let text = threshold.hasSuffix("%") ? String(threshold.dropLast()) : threshold
        guard let percent = Double(text), (0...100).contains(percent) else {
            throw DiffFailure("--threshold must be a percentage from 0 to 100, not '\(threshold)'", usage: true)
        }
        guard let shard else { return (percent / 100, nil) }
        if shard == "auto" {
            guard let parsed = Shard(environment: ProcessInfo.processInfo.environment) else {
                throw DiffFailure("--shard auto reads JOB_COMPLETION_INDEX (0-based) and JOB_COMPLETION_COUNT, as a Kubernetes "
                                  + "Indexed Job sets them; they are missing or out of range (give --shard I/N instead)", usage: true)
            }
            return (percent / 100, parsed)
        }
        guard let parsed = Shard(shard) else { throw DiffFailure("--shard must be I/N with 1 ≤ I ≤ N, e.g. 2/4, not '\(shard)'", usage: true) }
        return (percent / 100, parsed)
    }

    private func merged() throws -> DiffResult {
        guard !inputs.isEmpty else { throw DiffFailure("--merge needs the shards' JSON files", usage: true) }
        let parts = try inputs.map { path in
            guard let data = FileManager.default.contents(atPath: path) else { throw DiffFailure("\(path): cannot be read") }
            return try DiffResult(data: data, source: path)
        }
        return try DiffResult.merged(parts)
    }

    /// The diff of the two inputs, and the current side of each profile (for --update).
    private func compared(triage: Triage?) throws -> (DiffResult, [String: SnapshotSide]) {
        guard inputs.count == 2 else {
            throw DiffFailure("give two things to compare, BASELINE and CURRENT (or --merge and shard files)", usage: true)
        }
        let (threshold, shard) = try settings()
        if update && !SnapshotFolder.isSnapshot(inputs[0]) {
            throw DiffFailure("--update rewrites the BASELINE snapshot: \(inputs[0]) is not a snapshot folder", usage: true)
        }
        let baseline = try DiffInput(inputs[0]), current = try DiffInput(inputs[1])
        var currentSides: [String: SnapshotSide] = [:]
        var options = DiffOptions(threshold: threshold, jobs: render.jobs, shard: shard)
        let book = URL(fileURLWithPath: inputs[1]).lastPathComponent
        options.masks = triage?.pixelMasks(book: book) ?? []
        if let report { options.report = try ReportFolder(url: URL(fileURLWithPath: report)) }
        var notes: [String] = []
        var profiles: [ProfileDiff] = []
        for name in try profileNames(baseline, current) {
            let masks = triage?.maskSelectors(book: book, profile: name)
            var b = try side(baseline, profile: name, other: current, shard: shard, masks: masks)
            var c = try side(current, profile: name, other: baseline, shard: shard, masks: masks)
            currentSides[name] = c
            // Text the triage file masks is left out of both sides' pages before they are matched.
            if let triage {
                if var side = b { triage.maskText(&side, book: book); b = side }
                if var side = c { triage.maskText(&side, book: book); c = side }
            }
            if let b, let c {
                notes += SnapshotDiffer.notes(baseline: b.manifest, current: c.manifest).filter { !notes.contains($0) }
            } else {
                notes.append("profile \(name) is only in the \(b == nil ? "current" : "baseline") rendering")
            }
            profiles.append(try SnapshotDiffer.diff(profile: name, baseline: b, current: c, options: options))
        }
        let result = DiffResult(baseline: inputs[0], current: inputs[1], notes: notes, profiles: profiles, shard: shard, threshold: threshold)
        return (result, currentSides)
    }

    /// The profiles to compare: the snapshots' (baseline's first; --profiles picks among them), or
    /// those of the options when both sides are books.
    private func profileNames(_ baseline: DiffInput, _ current: DiffInput) throws -> [String] {
        var names: [String] = []
        for input in [baseline, current] {
            if case .snapshot(let profiles) = input {
                for profile in profiles where !names.contains(profile.manifest.profile) { names.append(profile.manifest.profile) }
            }
        }
        let setups = try render.setups()
        guard !names.isEmpty else { return setups.map(\.name) }
        guard render.profiles != nil else { return names }
        for setup in setups where !names.contains(setup.name) {
            throw DiffFailure("profile \(setup.name) is not in the snapshot (it has \(names.joined(separator: ", ")))")
        }
        return names.filter { name in setups.contains { $0.name == name } }
    }

    /// One side for one profile: a snapshot's, or the book rendered as the other side was (nil when a snapshot lacks the profile).
    /// A book is laid out with `masks` (the triage file's selector masks) when given, else with
    /// those the other side's snapshot was made with.
    private func side(_ input: DiffInput, profile: String, other: DiffInput, shard: Shard?, masks: String?) throws -> SnapshotSide? {
        switch input {
        case .snapshot(let profiles):
            return profiles.first { $0.manifest.profile == profile }.map { SnapshotSide(manifest: $0.manifest, images: FolderImages(folder: $0.folder)) }
        case .book(let path, let publication, let images):
            var setup: RenderSetup
            if case .snapshot(let profiles) = other {
                guard let recorded = profiles.first(where: { $0.manifest.profile == profile })?.manifest else { return nil }
                do {
                    setup = try RenderSetup(options: recorded.options, name: profile)
                } catch {
                    throw DiffFailure("the snapshot's options for \(profile) cannot be used to render \(path): \(error)")
                }
            } else {
                guard let own = try render.setups().first(where: { $0.name == profile }) else { return nil }
                setup = own
            }
            if let masks { setup = try setup.masking(masks) }
            let cached = cache.map { RenderCache(folder: URL(fileURLWithPath: $0)) }
            let fonts = FontFingerprint.installed()
            let key = try cached?.key(book: path, profile: profile, options: setup.options, shard: shard, fonts: fonts)
            if let cached, let key, let side = cached.load(key) {
                StandardStream.error.write("cache: \(profile) of \(path) found, not rendered (\(key.prefix(12)))\n")
                return side
            }
            let store = MemoryImages()
            var pages: [SnapshotPage] = []
            try setup.render(publication, images: images, name: path, jobs: render.jobs,
                             draw: { shard?.includes(profile: profile, href: $0) ?? true }) { page, png in
                if let png { store.store(png, page: page.number) }
                pages.append(page)
            }
            let manifest = SnapshotManifest(folioVersion: folioVersion, book: path, profile: profile, options: setup.options,
                                            fonts: fonts, pages: pages)
            if let cached, let key {
                do {
                    try cached.store(key, manifest: manifest, images: store)
                    StandardStream.error.write("cache: \(profile) of \(path) rendered and kept (\(key.prefix(12)))\n")
                } catch {
                    throw DiffFailure("\(cached.folder.path): cannot keep the rendering (\(describe(error)))")
                }
            }
            return SnapshotSide(manifest: manifest, images: store)
        }
    }
}

/// A side of `folio diff` as given: a snapshot folder or a book.
enum DiffInput {
    case snapshot([(manifest: SnapshotManifest, folder: URL)])
    case book(String, Publication, BookImages)

    init(_ path: String) throws {
        if SnapshotFolder.isSnapshot(path) {
            self = .snapshot(try SnapshotFolder.read(path))
        } else if FileManager.default.fileExists(atPath: path) {
            let publication = try openForRendering(path)
            self = .book(path, publication, BookImages(publication))
        } else {
            throw DiffFailure("\(path): no such snapshot folder or book")
        }
    }
}

/// An error `folio diff` explains in one line and exits 2 for.
struct DiffFailure: Error {
    let message: String
    /// A malformed command line (exit 64), not a failure to compare (exit 2).
    let isUsage: Bool
    init(_ message: String, usage: Bool = false) {
        self.message = message
        isUsage = usage
    }
}

/// The plain-text result: notes, then per profile a count line and the statements.
enum DiffText {
    static func render(_ result: DiffResult, report: String?) -> String {
        var out = result.notes.map { "note: \($0)\n" }.joined()
        for profile in result.profiles {
            out += "\(profile.name): \(DiffResult.countLine(profile.pages))\n"
            for chapter in profile.chapters {
                // Expected changes say so, with the triage entry's reason.
                let reasons = chapter.pages.compactMap(\.expected).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                let unexpected = chapter.pages.contains(where: \.isUnexpectedChange)
                let tag = reasons.isEmpty ? "" : " (expected\(unexpected ? " in part" : ""): \(reasons.joined(separator: "; ")))"
                out += chapter.statements.map { "  \($0)\(tag)\n" }.joined()
            }
        }
        if let report { out += "report: \(URL(fileURLWithPath: report).appendingPathComponent("index.html").path)\n" }
        return out
    }
}
