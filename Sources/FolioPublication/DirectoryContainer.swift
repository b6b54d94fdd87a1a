import FolioCore
import FoundationEssentials
import Glibc

/// An unpacked EPUB: a folder holding what the zip would (`mimetype`, `META-INF/`, the package).
///
/// https://www.w3.org/TR/epub-33/#sec-container-abstract
///
/// Nothing outside the folder is ever read: symbolic links are resolved with `realpath` and those
/// that lead out of the root are refused; reads go only to listed entries, re-checked at read time.
public final class DirectoryContainer: Container, Sendable {
    /// Folders deeper than this are not walked (a link loop or a hostile tree).
    public static let maximumDepth = 64

    public let location: String
    public let entries: [ContainerEntry]
    /// The folder's canonical path (symbolic links resolved), without a trailing `/`.
    private let root: String
    /// Size and on-disk name of each listed file. Swift compares and hashes strings by canonical
    /// equivalence, so a manifest href in NFC finds a file whose name is in NFD (as macOS writes
    /// them) and the other way round; the read then goes to the name as it is on disk.
    private let files: [String: (size: UInt64, name: String)]

    /// Lists the folder at `path`. Throws `.notFound` when it does not exist and
    /// `.notAContainer` when it is not a readable folder.
    public init(path: String, diagnostics: Diagnostics) throws(ContainerError) {
        guard let root = Self.canonical(path) else {
            throw ContainerError(.notFound, path: path, reason: "no such folder")
        }
        var st = stat()
        guard stat(root, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
            throw ContainerError(.notAContainer, path: path, reason: "not a folder")
        }
        guard FileManager.default.isReadableFile(atPath: root) else {
            throw ContainerError(.notAContainer, path: path, reason: "the folder cannot be read")
        }
        self.location = path
        self.root = root
        var found: [ContainerEntry] = []
        Self.walk(root: root, relative: "", depth: 0, into: &found, diagnostics: diagnostics)
        found.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        self.entries = found
        self.files = Dictionary(found.map { ($0.path, (size: $0.size, name: $0.path)) }, uniquingKeysWith: { a, _ in a })
    }

    public func read(_ path: String, limit: Int) throws(ContainerError) -> [UInt8] {
        guard let (stated, name) = files[path] else {
            throw ContainerError(.notFound, path: path, reason: "no such file in the folder")
        }
        if stated > UInt64(max(limit, 0)) {
            throw ContainerError(.tooLarge, path: path, reason: "its size, \(stated) bytes, is over the limit of \(limit) bytes")
        }
        // Resolve again: the folder may have changed since it was listed.
        guard let real = Self.canonical(root + "/" + name), Self.isInside(real, root: root) else {
            throw ContainerError(.notFound, path: path, reason: "the file now lies outside the folder or is gone")
        }
        // The file may have grown since it was listed: count bytes as they come, not the stat.
        let bytes: [UInt8]
        do { bytes = try readFileBytes(atPath: real, limit: limit) } catch {
            throw ContainerError(.unreadable, path: path, reason: "the file cannot be read: \(error)")
        }
        guard bytes.count <= limit else {
            throw ContainerError(.tooLarge, path: path, reason: "it is larger than the limit of \(limit) bytes")
        }
        return bytes
    }

    public func readPrefix(_ path: String, count: Int) throws(ContainerError) -> [UInt8] {
        guard let (_, name) = files[path] else {
            throw ContainerError(.notFound, path: path, reason: "no such file in the folder")
        }
        guard let real = Self.canonical(root + "/" + name), Self.isInside(real, root: root) else {
            throw ContainerError(.notFound, path: path, reason: "the file now lies outside the folder or is gone")
        }
        let wanted = max(0, count)
        do {
            // One byte more than `wanted` at most: the rest of the file is never read.
            return Array(try readFileBytes(atPath: real, limit: wanted).prefix(wanted))
        } catch {
            throw ContainerError(.unreadable, path: path, reason: "the file cannot be read: \(error)")
        }
    }

    // MARK: Listing

    private static func walk(root: String, relative: String, depth: Int, into found: inout [ContainerEntry], diagnostics: Diagnostics) {
        guard depth <= maximumDepth else {
            diagnostics.warn("container.too-deep", "folders deeper than \(maximumDepth) levels are not read", at: relative)
            return
        }
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            diagnostics.warn("container.folder-unreadable", "the folder cannot be listed", at: relative.isEmpty ? "." : relative)
            return
        }
        for name in names {
            guard found.count < ZipContainer.maximumEntryCount else {
                diagnostics.warn("container.too-many-entries", "only the first \(ZipContainer.maximumEntryCount) files are read", severity: .error)
                return
            }
            let path = relative.isEmpty ? name : relative + "/" + name
            let full = root + "/" + path
            var st = stat()
            guard lstat(full, &st) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                walk(root: root, relative: path, depth: depth + 1, into: &found, diagnostics: diagnostics)
            case S_IFREG:
                found.append(ContainerEntry(path: path, size: UInt64(st.st_size), compressedSize: UInt64(st.st_size)))
            case S_IFLNK:
                guard let target = canonical(full), isInside(target, root: root) else {
                    diagnostics.warn("container.entry-outside-root", "`\(path)` is a symbolic link that leads outside the folder; refused", severity: .error, at: path)
                    continue
                }
                // Follow links to files only: a linked folder could loop back on itself.
                var tst = stat()
                guard stat(target, &tst) == 0, tst.st_mode & S_IFMT == S_IFREG else { continue }
                found.append(ContainerEntry(path: path, size: UInt64(tst.st_size), compressedSize: UInt64(tst.st_size)))
            default:
                continue  // devices, pipes and sockets are not book files
            }
        }
    }

    private static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isInside(_ path: String, root: String) -> Bool {
        path.hasPrefix(root == "/" ? "/" : root + "/")
    }
}
