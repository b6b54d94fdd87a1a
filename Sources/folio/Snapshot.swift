import FolioCore
import ArgumentParser
import FolioDiff
import FolioRender
import FoundationEssentials
import Glibc

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        _superCommandName: "folio",
        abstract: "Render every page of a book for one or more profiles: a baseline for folio diff.",
        discussion: """
        Writes --out/snapshot.json (the Folio version, the book, the profiles) and per profile a folder \
        (--out/phone-12pt-day/) with the pages as page-0001.png … and manifest.json: the render options, the \
        SHA-256 of each pinned font file, and per page its number, file, spine index and href, locator range \
        (start and end offsets), table-of-contents title, text, images and sha256. Without --profiles, one \
        profile is rendered with the other options and named after them. --accept TRIAGE applies the triage \
        file's selector masks (as folio diff --accept does), recorded in the options so a diff against the \
        snapshot lays the other book out with them too.
        """
    )

    @Argument(help: "The book: an .epub file or an unpacked EPUB folder.")
    var book: String

    @OptionGroup var render: SnapshotOptions

    @Option(help: "The snapshot folder (created if needed; pages of an earlier snapshot of the same profile are replaced).")
    var out: String

    @Option(help: "A triage file (JSON or YAML) whose selector masks apply: the text of the elements they match is left out of the pages' texts and its boxes are not compared by folio diff.")
    var accept: String?

    func run() throws {
        var setups = try render.setups()
        if let accept {
            let triage: Triage
            do {
                triage = try Triage.read(accept)
            } catch {
                Terminal.error("\(error)")
                throw ExitCode(2)
            }
            let name = URL(fileURLWithPath: book).lastPathComponent
            setups = try setups.map { try $0.masking(triage.maskSelectors(book: name, profile: $0.name)) }
        }
        let publication = try openForRendering(book)
        let warningsBefore = publication.diagnostics.warnings.count
        let images = BookImages(publication)
        let root = URL(fileURLWithPath: out)
        let fonts = FontFingerprint.installed()
        for setup in setups {
            let folder = root.appendingPathComponent(setup.name)
            do {
                try SnapshotFolder.prepareProfileFolder(folder)
            } catch {
                Terminal.error("\(folder.path): cannot create the folder (\(describe(error)))")
                throw ExitCode(73)
            }
            var pages: [SnapshotPage] = []
            try setup.render(publication, images: images, name: book, jobs: render.jobs) { page, png in
                guard let png, FileManager.default.createFile(atPath: folder.appendingPathComponent(page.file).path, contents: Data(png)) else {
                    Terminal.error("\(folder.path)/\(page.file): cannot write the file")
                    throw ExitCode(73)
                }
                pages.append(page)
            }
            let manifest = SnapshotManifest(folioVersion: folioVersion, book: book, profile: setup.name, options: setup.options,
                                            fonts: fonts, pages: pages)
            do {
                try SnapshotFolder.writeManifest(manifest, to: folder)
            } catch {
                Terminal.error("\(folder.path)/manifest.json: cannot write the file (\(describe(error)))")
                throw ExitCode(73)
            }
            Terminal.write("\(setup.name): \(pages.count) page\(pages.count == 1 ? "" : "s") in \(folder.path)\n")
        }
        do {
            try SnapshotFolder.writeIndex(folioVersion: folioVersion, book: book, profiles: setups.map(\.name), to: root)
        } catch {
            Terminal.error("\(out)/snapshot.json: cannot write the file (\(describe(error)))")
            throw ExitCode(73)
        }
        Terminal.printWarnings(publication.diagnostics, since: warningsBefore)
    }
}
