import FolioDiff
import FolioLayout
import FolioPublication
import FolioRender
import FolioStyle
import Foundation

/// The fixture book and its edited copies, rendered in memory at a small page size.
///
/// `Fixtures/book` is a tiny EPUB folder (a cover image and three chapters); each other fixture
/// folder holds only the files one edit changes, laid over a copy of the book.
enum FixtureBooks {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let book = fixtures.appendingPathComponent("book")

    /// A copy of the book with the edit's files laid over it, in a fresh temporary folder.
    static func edited(_ edit: String) throws -> URL {
        let files = FileManager.default
        let folder = files.temporaryDirectory.appendingPathComponent("folio-diff-\(getpid())-\(edit)-\(UUID().uuidString)")
        try files.copyItem(at: book, to: folder)
        let overlay = fixtures.appendingPathComponent(edit)
        let enumerator = files.enumerator(at: overlay, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(overlay.standardizedFileURL.path.count + 1))
            let target = folder.appendingPathComponent(relative)
            try? files.removeItem(at: target)
            try files.copyItem(at: url, to: target)
        }
        return folder
    }

    /// Renders a book folder as a snapshot side: 200 × 240 CSS px at 1×, pages held in memory.
    static func render(_ folder: URL, jobs: Int = 1, profile: String = "tiny", masks: String? = nil) throws -> SnapshotSide {
        let publication = try PublicationOpener.open(folder.path)
        let images = BookImages(publication)
        let layout = BookLayout(publication: publication, environment: MediaEnvironment(width: 200, height: 240, dpr: 1),
                                settings: .phone, imageSize: { images.size($0) })
        let store = MemoryImages()
        var pages: [SnapshotPage] = []
        try SnapshotRenderer(layout: layout, images: images, dpr: 1, masks: masks).run(jobs: jobs) { page, png in
            if let png { store.store(png, page: page.number) }
            pages.append(page)
        }
        let manifest = SnapshotManifest(folioVersion: "test", book: folder.lastPathComponent, profile: profile,
                                        options: ["device": "200x240", "dpr": "1"], fonts: [], pages: pages)
        return SnapshotSide(manifest: manifest, images: store)
    }

    /// The book against an edited copy, both laid out with `masks`.
    static func diff(_ edit: String, options: DiffOptions = DiffOptions(), masks: String? = nil) throws -> ProfileDiff {
        let copy = try edited(edit)
        defer { try? FileManager.default.removeItem(at: copy) }
        return try SnapshotDiffer.diff(profile: "tiny", baseline: try render(book, masks: masks), current: try render(copy, masks: masks), options: options)
    }
}

extension ProfileDiff {
    /// Each page as `status baseline→current`, e.g. `moved 3→4`, `added -→3`.
    var rows: [String] {
        pages.map { "\($0.status.rawValue) \($0.baseline.map(String.init) ?? "-")→\($0.current.map(String.init) ?? "-")" }
    }

    var statements: [String] { chapters.flatMap(\.statements) }
}
