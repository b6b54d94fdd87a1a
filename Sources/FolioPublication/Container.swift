import FolioCore

/// One file inside an OCF container.
public struct ContainerEntry: Sendable, Hashable {
    /// The path from the container root, `/`-separated, never starting with `/` or containing `..`.
    public var path: String
    /// Size in bytes once read (uncompressed), as the container states it.
    public var size: UInt64
    /// Stored size (compressed, for zip entries).
    public var compressedSize: UInt64

    public init(path: String, size: UInt64, compressedSize: UInt64) {
        self.path = path
        self.size = size
        self.compressedSize = compressedSize
    }
}

/// Why a resource or a container could not be read.
public struct ContainerError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case notFound, tooLarge, unreadable, corrupt, encrypted, notAContainer
    }
    public var kind: Kind
    /// The container file, or the resource path inside it.
    public var path: String
    public var reason: String

    public init(_ kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

/// The OCF abstract container: a zip file or an unpacked folder, read lazily.
///
/// https://www.w3.org/TR/epub-33/#sec-container-abstract
public protocol Container: AnyObject, Sendable {
    /// The file or folder this container was opened from.
    var location: String { get }
    /// Every file in the container, in the container's own order (zip order, or sorted for folders).
    var entries: [ContainerEntry] { get }
    /// The raw bytes of one entry, as stored (no de-obfuscation). Refuses entries over `limit` bytes.
    func read(_ path: String, limit: Int) throws(ContainerError) -> [UInt8]
    /// At most the first `count` bytes of one entry, as stored, for reading a file's header (an
    /// image's size) without the rest of it. Unlike `read`, a zip entry's CRC is not checked.
    func readPrefix(_ path: String, count: Int) throws(ContainerError) -> [UInt8]
}

extension Container {
    /// Per-entry size cap: no resource in a book needs more, and a zip bomb is refused, not inflated.
    public static var defaultEntryLimit: Int { 256 << 20 }

    public func read(_ path: String) throws(ContainerError) -> [UInt8] {
        try read(path, limit: Self.defaultEntryLimit)
    }

    public func entry(_ path: String) -> ContainerEntry? {
        entries.first { $0.path == path }
    }

    public func contains(_ path: String) -> Bool { entry(path) != nil }
}
