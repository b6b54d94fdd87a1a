import CLibZip
import Foundation

/// Writes small zip archives for tests, with entry names, order, compression and encryption chosen
/// by the test: hostile archives included (`../../x`, `/abs`, an unstored `mimetype`).
///
///     try ZipBuilder.write(to: url, entries: [("mimetype", Array("application/epub+zip".utf8), false)])
enum ZipBuilder {
    struct Entry {
        var name: String
        var bytes: [UInt8]
        /// Deflated when true, stored when false.
        var compressed: Bool = true
        /// When set, the entry is encrypted with WinZip AES-256 under this password.
        var password: String?
        /// A libzip compression method (`ZIP_CM_BZIP2` …) used instead of what `compressed` says.
        var method: Int32?
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `entries`, in order, to a new zip at `url` (replacing any file there).
    static func write(to url: URL, entries: [(name: String, bytes: [UInt8], compressed: Bool)]) throws {
        try write(to: url, entries: entries.map { Entry(name: $0.name, bytes: $0.bytes, compressed: $0.compressed) })
    }

    static func write(to url: URL, entries: [Entry]) throws {
        var code: Int32 = 0
        guard let archive = zip_open(url.path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw Failure(description: "zip_open failed with libzip error \(code)")
        }
        do {
            for entry in entries { try add(entry, to: archive) }
        } catch {
            zip_discard(archive)
            throw error
        }
        guard zip_close(archive) == 0 else {
            let message = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw Failure(description: "zip_close: \(message)")
        }
    }

    /// The bytes of a zip holding `entries`, written through a temporary file.
    static func bytes(_ entries: [(name: String, bytes: [UInt8], compressed: Bool)]) throws -> [UInt8] {
        let dir = try TemporaryDirectory()
        let url = dir.url.appendingPathComponent("archive.zip")
        try write(to: url, entries: entries)
        return Array(try Data(contentsOf: url))
    }

    private static func add(_ entry: Entry, to archive: OpaquePointer) throws {
        // libzip does not copy the buffer and frees it itself when done (freep = 1).
        let memory = malloc(max(entry.bytes.count, 1))!
        entry.bytes.withUnsafeBytes { if let base = $0.baseAddress { memory.copyMemory(from: base, byteCount: $0.count) } }
        guard let source = zip_source_buffer(archive, memory, UInt64(entry.bytes.count), 1) else {
            free(memory)
            throw Failure(description: "zip_source_buffer: \(String(cString: zip_strerror(archive)))")
        }
        let index = zip_file_add(archive, entry.name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
        guard index >= 0 else {
            zip_source_free(source)
            throw Failure(description: "zip_file_add \(entry.name): \(String(cString: zip_strerror(archive)))")
        }
        let method = entry.method ?? (entry.compressed ? ZIP_CM_DEFLATE : ZIP_CM_STORE)
        guard zip_set_file_compression(archive, UInt64(index), method, 0) == 0 else {
            throw Failure(description: "zip_set_file_compression: \(String(cString: zip_strerror(archive)))")
        }
        // A fixed date keeps the archives byte-identical from run to run.
        zip_file_set_mtime(archive, UInt64(index), 315_532_800, 0)
        if let password = entry.password {
            guard zip_file_set_encryption(archive, UInt64(index), UInt16(ZIP_EM_AES_256), password) == 0 else {
                throw Failure(description: "zip_file_set_encryption: \(String(cString: zip_strerror(archive)))")
            }
        }
    }
}

/// A fresh folder under the system temporary directory, removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// `url/relative`, with its parent folders created.
    func file(_ relative: String) throws -> URL {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return file
    }

    /// Writes `bytes` to `url/relative`, creating parent folders.
    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8]) throws -> URL {
        let file = try file(relative)
        try Data(bytes).write(to: file)
        return file
    }
}
