import FolioCore
import FolioDiff
import FoundationEssentials
import Glibc

/// `folio diff --cache DIR`: renderings of books kept by content, so that a catalogue run
/// renders only the books (or options, fonts, Folio builds) that changed since the last.
///
/// An entry is a snapshot profile folder (`manifest.json` and the pages), named by the SHA-256
/// of its key: the book's bytes (for an unpacked book, each file's path and bytes), the profile
/// and its render options, the share of chapters drawn, the pinned fonts' digests and this Folio
/// build (its version and the executable's size and modification time, as a rebuilt binary
/// may render differently under the same version). Entries are written to a temporary folder
/// and renamed into place, so a crashed or concurrent run never leaves half an entry.
struct RenderCache {
    let folder: URL

    /// The entry name of a book rendered for `profile` with `options`.
    func key(book path: String, profile: String, options: [String: String], shard: Shard?, fonts: [FontHash]) throws -> String {
        var parts = ["folio \(folioVersion) \(Self.executableStamp)", "book \(try Self.digest(of: path))", "profile \(profile)",
                     "shard \(shard?.description ?? "all")"]
        parts += options.keys.sorted().map { "option \($0)=\(options[$0] ?? "")" }
        parts += fonts.map { "font \($0.path) \($0.sha256)" }
        return Digest.sha256Hex(Array(parts.joined(separator: "\n").utf8))
    }

    /// The cached rendering named `key`, if there is a whole one.
    func load(_ key: String) -> SnapshotSide? {
        let entry = folder.appendingPathComponent(key)
        guard let profiles = try? SnapshotFolder.read(entry.path), let profile = profiles.first else { return nil }
        return SnapshotSide(manifest: profile.manifest, images: FolderImages(folder: profile.folder))
    }

    /// Keeps a rendering under `key` (its pages' PNGs from `images`).
    func store(_ key: String, manifest: SnapshotManifest, images: any PageImageSource) throws {
        let files = FileManager.default
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(key).\(getpid()).tmp")
        try? files.removeItem(at: temporary)
        try files.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? files.removeItem(at: temporary) }
        // Pages laid out but not drawn (outside a shard's chapters) have no image to keep.
        for page in manifest.pages where !page.sha256.isEmpty {
            try Data(try images.png(page)).write(to: temporary.appendingPathComponent(page.file))
        }
        try SnapshotFolder.writeManifest(manifest, to: temporary)
        let entry = folder.appendingPathComponent(key)
        // Another run may have stored the same entry meanwhile: the same key is the same rendering.
        if files.fileExists(atPath: entry.path) { return }
        try files.moveItem(at: temporary, to: entry)
    }

    /// The book's content digest: a file's bytes, or an unpacked book's files in path order.
    static func digest(of path: String) throws -> String {
        let files = FileManager.default
        var status = stat()
        guard stat(path, &status) == 0 else { throw DiffFailure("\(path): no such book") }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            guard let data = files.contents(atPath: path) else { throw DiffFailure("\(path): cannot be read") }
            return Digest.sha256Hex(Array(data))
        }
        let root = URL(fileURLWithPath: path).standardizedFileURL.path
        var lines: [String] = []
        for relative in (try? files.subpathsOfDirectory(atPath: root)) ?? [] {
            let full = root + "/" + relative
            var entry = stat()
            guard stat(full, &entry) == 0, entry.st_mode & S_IFMT == S_IFREG, let data = files.contents(atPath: full) else { continue }
            lines.append("/\(relative) \(Digest.sha256Hex(Array(data)))")
        }
        return Digest.sha256Hex(Array(lines.sorted().joined(separator: "\n").utf8))
    }

    /// This executable's size and modification time.
    static let executableStamp: String = {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 || stat(CommandLine.arguments[0], &status) == 0 else { return "unknown" }
        let size = Int64(status.st_size)
        let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        return "\(size) \(modified)"
    }()
}
