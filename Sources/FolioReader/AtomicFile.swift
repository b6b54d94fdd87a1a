import FolioCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// Writing a file so that a kill, a crash or a power cut at any moment leaves either the old file
/// or the new one, never a mix or nothing: write a temporary file in the same folder, fsync it,
/// rename it over the old one (atomic on POSIX file systems), then fsync the folder so the rename
/// itself is on disk.
/// https://pubs.opengroup.org/onlinepubs/9699919799/functions/rename.html
enum AtomicFile {
    struct Failure: Error {
        var reason: String
    }

    /// The suffix of temporary files; `load` ignores them and `removeStaleTemporaries` cleans them.
    static let temporarySuffix = ".tmp"

    /// `.<name>.<pid>.<random>.tmp` beside the file: hidden, and named after its writer so a
    /// leftover can be told from a write in progress.
    static func temporaryName(for name: String) -> String {
        ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max))\(temporarySuffix)"
    }

    static func write(_ bytes: Data, to url: URL) throws(Failure) {
        let folder = url.deletingLastPathComponent()
        try makeFolder(folder)
        let temporary = folder.appendingPathComponent(temporaryName(for: url.lastPathComponent))
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(reason: "cannot create \(temporary.path): \(errorText())") }
        var done = false
        defer { if !done { unlink(temporary.path) } }
        let written = bytes.withUnsafeBytes { writeAll(fd, $0) }
        guard written, fsync(fd) == 0 else {
            let reason = errorText()
            close(fd)
            throw Failure(reason: "cannot write \(temporary.path): \(reason)")
        }
        guard close(fd) == 0 else { throw Failure(reason: "cannot write \(temporary.path): \(errorText())") }
        guard rename(temporary.path, url.path) == 0 else { throw Failure(reason: "cannot replace \(url.path): \(errorText())") }
        done = true
        syncFolder(folder)
    }

    /// Reads at most `limit` bytes; nil with `tooLarge` when the file holds more.
    static func read(_ url: URL, limit: Int) throws(Failure) -> (bytes: Data, tooLarge: Bool)? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw Failure(reason: errorText())
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(reason: errorText()) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(reason: "not a regular file") }
        if Int(info.st_size) > limit { return (Data(), true) }
        // Read to the limit and one byte past it, in case the file grew after fstat.
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while out.count <= limit {
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: errorText())
            }
            if n == 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        return out.count > limit ? (Data(), true) : (out, false)
    }

    /// Removes temporary files for `name` left by writers that are gone (killed mid-write).
    /// A temporary of a live process is a write in progress, and left alone.
    static func removeStaleTemporaries(of name: String, in folder: URL) {
        let prefix = ".\(name)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for candidate in names where candidate.hasPrefix(prefix) && candidate.hasSuffix(temporarySuffix) {
            let middle = candidate.dropFirst(prefix.count).dropLast(temporarySuffix.count)
            guard let pid = middle.split(separator: ".").first.flatMap({ pid_t($0) }) else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                unlink(folder.appendingPathComponent(candidate).path)
            }
        }
    }

    /// Moves a file aside as `<name>.corrupt` (or `.corrupt-2` … when that exists), so a reader
    /// can recover it by hand; returns the new path.
    static func moveAside(_ url: URL) -> URL? {
        for attempt in 1...20 {
            let suffix = attempt == 1 ? ".corrupt" : ".corrupt-\(attempt)"
            let target = URL(fileURLWithPath: url.path + suffix)
            // link + unlink rather than rename: rename would silently replace an older corrupt copy.
            if link(url.path, target.path) == 0 {
                unlink(url.path)
                syncFolder(url.deletingLastPathComponent())
                return target
            }
            guard errno == EEXIST else {
                // A file system without hard links: a plain rename still keeps the bytes.
                guard rename(url.path, target.path) == 0 else { return nil }
                syncFolder(url.deletingLastPathComponent())
                return target
            }
        }
        return nil
    }

    static func makeFolder(_ folder: URL) throws(Failure) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(reason: "cannot create \(folder.path): \(describe(error))")
        }
    }

    private static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    private static func syncFolder(_ folder: URL) {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
