import FolioCore
import FoundationEssentials
import Glibc

/// A snapshot on disk: `snapshot.json` naming the profiles, and per profile a folder with
/// `manifest.json` and the pages as `page-0001.png` ….
///
/// ```
/// DIR/snapshot.json
/// DIR/phone-12pt-day/manifest.json
/// DIR/phone-12pt-day/page-0001.png …
/// ```
public enum SnapshotFolder {
    public static let indexName = "snapshot.json"
    public static let manifestName = "manifest.json"

    /// Whether `path` is a snapshot folder, or one profile's folder of one.
    public static func isSnapshot(_ path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        return FileManager.default.fileExists(atPath: url.appendingPathComponent(indexName).path)
            || FileManager.default.fileExists(atPath: url.appendingPathComponent(manifestName).path)
    }

    /// Every profile of the snapshot at `path`, in the order the snapshot lists them, with
    /// the folder its PNG files are in. A profile's folder alone reads as a one-profile snapshot.
    public static func read(_ path: String) throws(SnapshotError) -> [(manifest: SnapshotManifest, folder: URL)] {
        let url = URL(fileURLWithPath: path)
        let index = url.appendingPathComponent(indexName)
        guard FileManager.default.fileExists(atPath: index.path) else {
            let single = url.appendingPathComponent(manifestName)
            guard FileManager.default.fileExists(atPath: single.path) else { throw .notASnapshot(path) }
            return [(try manifest(at: single), url)]
        }
        let root = try JSONObject(data: try data(index), source: index.path)
        var out: [(SnapshotManifest, URL)] = []
        for name in try root.strings("profiles") {
            // A profile name is a folder inside the snapshot, never a path out of it.
            guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
                throw .malformed(index.path, "profile “\(name)” is not a folder name")
            }
            let folder = url.appendingPathComponent(name)
            out.append((try manifest(at: folder.appendingPathComponent(manifestName)), folder))
        }
        return out
    }

    /// Writes `snapshot.json`.
    public static func writeIndex(folioVersion: String, book: String, profiles: [String], to folder: URL) throws {
        let index = JSONValue.object([("folio", .string(folioVersion)), ("book", .string(book)), ("profiles", .strings(profiles))])
        try Data((index.serialized() + "\n").utf8).write(to: folder.appendingPathComponent(indexName))
    }

    /// Writes a profile's `manifest.json` into its folder.
    public static func writeManifest(_ manifest: SnapshotManifest, to folder: URL) throws {
        try Data((manifest.json().serialized() + "\n").utf8).write(to: folder.appendingPathComponent(manifestName))
    }

    /// Creates a profile's folder, or empties it of the pages of an earlier snapshot (only
    /// `page-*.png` files and the manifest: nothing else in it is touched).
    public static func prepareProfileFolder(_ folder: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in try files.contentsOfDirectory(atPath: folder.path)
        where name == manifestName || (name.hasPrefix("page-") && name.hasSuffix(".png")) {
            try files.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    private static func manifest(at url: URL) throws(SnapshotError) -> SnapshotManifest {
        try SnapshotManifest(data: try data(url), source: url.path)
    }

    private static func data(_ url: URL) throws(SnapshotError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .unreadable(url.path, describe(error))
        }
    }
}
