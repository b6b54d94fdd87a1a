import CLibZip
import FolioCore
import FoundationEssentials
import Glibc

/// An OCF ZIP container (an `.epub` file), read lazily through libzip.
///
/// https://www.w3.org/TR/epub-33/#sec-container-zip
///
/// Opening reads only the central directory; each entry is inflated when read, in chunks, and
/// abandoned as soon as it passes the caller's size limit — whatever its header claims — so a zip
/// bomb is refused without being inflated. The archive is opened without `ZIP_CHECKCONS`: that
/// check rejects whole books for flaws (a stray byte between entries, a local header that
/// disagrees with the central one) that do not stop the entries themselves from being read; damage
/// is reported per entry instead (a CRC mismatch is `.corrupt`).
///
/// `@unchecked Sendable`: a libzip archive is not thread safe, so every call into it holds `lock`.
public final class ZipContainer: Container, @unchecked Sendable {
    /// How libzip stores one entry: what the OCF mimetype rules need to see.
    public struct Storage: Sendable, Hashable {
        /// Position in the archive (0 is the first entry).
        public var index: Int
        /// The ZIP compression method (0 stored, 8 deflated …).
        public var compressionMethod: Int
        /// The ZIP encryption method; 0 when not encrypted.
        public var encryptionMethod: Int
        /// The uncompressed size the central directory states (a claim, not a promise).
        public var statedSize: UInt64

        public var isCompressed: Bool { compressionMethod != Int(ZIP_CM_STORE) }
        public var isEncrypted: Bool { encryptionMethod != Int(ZIP_EM_NONE) }
    }

    /// Listings beyond this many entries are cut short: no book has that many files.
    public static let maximumEntryCount = 100_000

    public let location: String
    public let entries: [ContainerEntry]
    /// The container path of the archive's first entry (OCF wants `mimetype` there), if it has one.
    public let firstEntryPath: String?

    private let archive: OpaquePointer
    private let storage: [String: Storage]
    private let lock = Lock()

    /// Opens the zip at `path`. Throws `.notFound` when there is no such file and
    /// `.notAContainer` when it cannot be read as a zip (not a zip, truncated, unreadable).
    public init(path: String, diagnostics: Diagnostics) throws(ContainerError) {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY, &code) else {
            let reason = Self.message(forZipError: code)
            if code == ZIP_ER_NOENT { throw ContainerError(.notFound, path: path, reason: "no such file") }
            throw ContainerError(.notAContainer, path: path, reason: "cannot be opened as a zip archive: \(reason)")
        }
        self.archive = archive
        self.location = path
        let listing = Self.list(archive, location: path, diagnostics: diagnostics)
        self.entries = listing.entries
        self.storage = listing.storage
        self.firstEntryPath = listing.firstEntryPath
    }

    deinit {
        zip_discard(archive)
    }

    /// How the entry at a container path is stored, or nil when there is no such entry.
    public func storage(of path: String) -> Storage? { storage[path] }

    /// The number of extra fields in the entry's local header (OCF forbids them on `mimetype`).
    public func localExtraFieldCount(of path: String) -> Int? {
        guard let s = storage[path] else { return nil }
        lock.lock()
        defer { lock.unlock() }
        let n = zip_file_extra_fields_count(archive, UInt64(s.index), zip_flags_t(ZIP_FL_LOCAL))
        return n < 0 ? nil : Int(n)
    }

    /// The compression methods OCF allows: stored and Deflate.
    static let allowedMethods: Set<Int32> = [ZIP_CM_STORE, ZIP_CM_DEFLATE]

    public func read(_ path: String, limit: Int) throws(ContainerError) -> [UInt8] {
        let s = try readableEntry(path)
        if s.statedSize > UInt64(max(limit, 0)) {
            throw Self.tooLarge(path, limit: limit, stated: s.statedSize)
        }
        return try withOpenEntry(s, path: path) { file throws(ContainerError) in
            try Self.inflate(file, path: path, limit: limit, stated: s.statedSize)
        }
    }

    /// Runs `body` on the entry opened for reading, under the archive's lock (libzip's archive
    /// handle is not safe to share between threads), and closes it after.
    private func withOpenEntry<R>(_ s: Storage, path: String,
                                  _ body: (OpaquePointer) throws(ContainerError) -> R) throws(ContainerError) -> R {
        lock.lock()
        defer { lock.unlock() }
        guard let file = zip_fopen_index(archive, UInt64(s.index), 0) else {
            throw Self.error(zip_error_code_zip(zip_get_error(archive)), path: path, message: String(cString: zip_strerror(archive)))
        }
        defer { zip_fclose(file) }
        return try body(file)
    }

    /// The entry at `path`, if it can be read at all: present, not encrypted, stored or Deflate.
    private func readableEntry(_ path: String) throws(ContainerError) -> Storage {
        guard let s = storage[path] else {
            throw ContainerError(.notFound, path: path, reason: "no such entry in the zip archive")
        }
        if s.isEncrypted {
            throw ContainerError(.encrypted, path: path, reason: "the zip entry is encrypted (\(Self.encryptionName(s.encryptionMethod))); Folio cannot read it")
        }
        if !Self.allowedMethods.contains(Int32(clamping: s.compressionMethod)) {
            throw ContainerError(.unreadable, path: path,
                                 reason: "the zip entry uses compression method \(s.compressionMethod), which OCF does not allow (only stored or Deflate)")
        }
        return s
    }

    public func readPrefix(_ path: String, count: Int) throws(ContainerError) -> [UInt8] {
        let s = try readableEntry(path)
        return try withOpenEntry(s, path: path) { file throws(ContainerError) in
            try Self.read(file, upTo: max(0, count), path: path)
        }
    }

    /// At most `count` bytes from `file`, read straight into the array's storage; fewer at the
    /// entry's end.
    private static func read(_ file: OpaquePointer, upTo count: Int, path: String) throws(ContainerError) -> [UInt8] {
        var failed = false
        let out = [UInt8](unsafeUninitializedCapacity: count) { storage, filled in
            filled = 0
            guard let base = storage.baseAddress else { return }
            while filled < count {
                let n = zip_fread(file, base + filled, UInt64(count - filled))
                if n < 0 { failed = true }
                if n <= 0 { return }
                filled += Int(n)
            }
        }
        if failed { throw fileError(file, path: path) }
        return out
    }

    /// Reads `file` to its end, stopping one byte past `limit`: the header's size is only a
    /// claim, so the bytes are counted as they come. The size claimed (up to 16 MB) is read
    /// straight into the array's storage; what a lying header leaves out follows in chunks.
    private static func inflate(_ file: OpaquePointer, path: String, limit: Int, stated: UInt64) throws(ContainerError) -> [UInt8] {
        let expected = min(Int(clamping: stated), max(limit, 0), 16 << 20)
        var out = try read(file, upTo: expected, path: path)
        if out.count < expected { return out }
        // The end, which libzip checks against the entry's CRC, or more than was claimed.
        let chunk = 64 << 10
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let want = min(chunk, limit + 1 - out.count)
            let n = zip_fread(file, buffer.baseAddress, UInt64(want))
            if n < 0 { throw fileError(file, path: path) }
            if n == 0 { return out }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<Int(n)]))
            if out.count > limit {
                throw ContainerError(.tooLarge, path: path, reason: "inflates to more than the limit of \(limit) bytes (its header claims \(stated)); refused as a possible zip bomb")
            }
        }
    }

    private static func fileError(_ file: OpaquePointer, path: String) -> ContainerError {
        let error = zip_file_get_error(file)
        return Self.error(zip_error_code_zip(error), path: path, message: String(cString: zip_error_strerror(error)))
    }

    // MARK: Listing

    private static func list(_ archive: OpaquePointer, location: String, diagnostics: Diagnostics)
        -> (entries: [ContainerEntry], storage: [String: Storage], firstEntryPath: String?) {
        var entries: [ContainerEntry] = []
        var storage: [String: Storage] = [:]
        var firstEntryPath: String?
        let count = zip_get_num_entries(archive, 0)
        if count > Int64(maximumEntryCount) {
            diagnostics.warn("zip.too-many-entries", "the archive lists \(count) entries; only the first \(maximumEntryCount) are read", severity: .error, at: location)
        }
        for i in 0..<UInt64(max(0, min(count, Int64(maximumEntryCount)))) {
            var st = zip_stat_t()
            zip_stat_init(&st)
            guard zip_stat_index(archive, i, 0, &st) == 0, let cName = st.name else {
                diagnostics.warn("zip.entry-unreadable", "entry \(i) of the archive cannot be read: \(String(cString: zip_strerror(archive)))", at: location)
                continue
            }
            let raw = String(cString: cName)
            switch EntryName.normalize(raw) {
            case .refused(let reason):
                diagnostics.warn("zip.entry-outside-root", "entry \(raw.debugDescription) is refused: \(reason)", severity: .error, at: location)
            case .directory:
                continue
            case .file(let path, let hadBackslashes):
                if i == 0 { firstEntryPath = path }
                if hadBackslashes {
                    diagnostics.warn("zip.entry-backslash", "entry `\(raw)` uses `\\` as a path separator; read as `\(path)`", at: location)
                }
                guard storage[path] == nil else {
                    diagnostics.warn("zip.duplicate-entry", "the archive holds `\(path)` more than once; the first copy is used", at: location)
                    continue
                }
                let valid = st.valid
                let size = valid & UInt64(ZIP_STAT_SIZE) != 0 ? st.size : 0
                let method = valid & UInt64(ZIP_STAT_COMP_METHOD) != 0 ? Int32(st.comp_method) : ZIP_CM_STORE
                if !Self.allowedMethods.contains(method) {
                    // OCF allows only stored and Deflate entries and a reading system must treat others as
                    // an error (EPUB Reading Systems 3.3 §4.2, W3C test ocf-zip-comp): the entry
                    // is listed but reading it fails, naming the method.
                    diagnostics.warn("zip.compression-method", "`\(path)` uses compression method \(method), which OCF does not allow (only stored or Deflate); "
                                     + "it is not read", severity: .error, at: location)
                }
                storage[path] = Storage(
                    index: Int(i),
                    compressionMethod: Int(method),
                    encryptionMethod: valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0 ? Int(st.encryption_method) : Int(ZIP_EM_NONE),
                    statedSize: size)
                entries.append(ContainerEntry(
                    path: path,
                    size: size,
                    compressedSize: valid & UInt64(ZIP_STAT_COMP_SIZE) != 0 ? st.comp_size : 0))
            }
        }
        return (entries, storage, firstEntryPath)
    }

    // MARK: Errors

    private static func message(forZipError code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }

    private static func error(_ code: Int32, path: String, message: String) -> ContainerError {
        switch code {
        case ZIP_ER_NOPASSWD, ZIP_ER_WRONGPASSWD, ZIP_ER_ENCRNOTSUPP:
            ContainerError(.encrypted, path: path, reason: "the zip entry is encrypted; Folio cannot read it (\(message))")
        case ZIP_ER_CRC:
            ContainerError(.corrupt, path: path, reason: "the zip entry is damaged: its CRC does not match its contents")
        case ZIP_ER_COMPNOTSUPP:
            ContainerError(.unreadable, path: path, reason: "the zip entry uses a compression method Folio cannot read (\(message))")
        default:
            ContainerError(.corrupt, path: path, reason: "the zip entry cannot be read: \(message)")
        }
    }

    private static func tooLarge(_ path: String, limit: Int, stated: UInt64) -> ContainerError {
        ContainerError(.tooLarge, path: path, reason: "its stated size, \(stated) bytes, is over the limit of \(limit) bytes")
    }

    private static func encryptionName(_ method: Int) -> String {
        switch Int32(method) {
        case ZIP_EM_TRAD_PKWARE: "traditional PKWARE encryption"
        case ZIP_EM_AES_128, ZIP_EM_AES_192, ZIP_EM_AES_256: "WinZip AES"
        default: "method \(method)"
        }
    }
}
