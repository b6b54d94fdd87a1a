import FolioCore
import FolioPublication

/// A book's identity for saved state: its unique identifier plus a hash of its content, as a
/// string that is safe as a file name (`urn-uuid-6f1e3c1a-…-3f9a0c…`).
///
/// The identifier alone is not enough: publishers reuse identifiers across editions, and a
/// reader's position in one edition means nothing in another, so the key also hashes the package
/// document's bytes and the size of every spine item's content document. That is cheap (one small
/// file read, sizes from the container's directory) and ignores where the book is stored: the same
/// book moved, copied or unpacked into a folder keeps its key. Compressed sizes are left out on
/// purpose: re-zipping a book changes them but not the book.
/// https://www.w3.org/TR/epub-33/#sec-opf-dcidentifier
public struct BookKey: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The key as written in file names: `[A-Za-z0-9._-]`, never starting with a dot.
    public let rawValue: String

    /// Accepts only file-name-safe keys (as `BookKey` itself makes them).
    public init?(rawValue: String) {
        guard Self.isSafe(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// The key of an opened book.
    public init(publication: Publication) {
        let container = publication.container
        // A package document that was readable a moment ago but is not now still gets a key:
        // its path stands in for its bytes.
        let package = (try? container.read(publication.packagePath, limit: 16 << 20)) ?? Array(publication.packagePath.utf8)
        var sizes: [String: UInt64] = [:]
        for entry in container.entries { sizes[entry.path] = entry.size }
        let spine = publication.spine.items.map { item -> (path: String, size: UInt64?) in
            let path = publication.manifest.item(id: item.renderableID)?.path ?? "#" + item.renderableID
            return (path, sizes[path])
        }
        self = Self.make(identifier: publication.metadata.uniqueIdentifier, package: package, spine: spine)
    }

    /// The key from its parts: the unique identifier, the package document's bytes, and each spine
    /// item's content path and uncompressed size (nil when the container lacks it).
    public static func make(identifier: String?, package: [UInt8], spine: [(path: String, size: UInt64?)]) -> BookKey {
        var bytes = Array("folio-book-key-1\n".utf8)
        bytes += Array((identifier ?? "").utf8) + [0]
        bytes += Array(String(package.count).utf8) + [0] + package
        for item in spine {
            bytes += Array(item.path.utf8) + [0] + Array((item.size.map { String($0) } ?? "-").utf8) + [0]
        }
        let hash = Digest.sha256Hex(bytes).prefix(32)  // 128 bits: no two books a reader owns collide
        return BookKey(unchecked: slug(identifier) + "-" + hash)
    }

    private init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The identifier made readable in a file name: unsafe characters become `-`, at most 48 of them.
    static func slug(_ identifier: String?) -> String {
        var out = ""
        var lastWasDash = false
        for scalar in (identifier ?? "").unicodeScalars {
            guard out.unicodeScalars.count < 48 else { break }
            let safe = isSafeScalar(scalar) && scalar != "-"
            if safe {
                out.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                out += "-"
                lastWasDash = true
            }
        }
        while let first = out.first, first == "." || first == "-" { out.removeFirst() }
        while out.last == "-" { out.removeLast() }
        return out.isEmpty ? "book" : out
    }

    static func isSafe(_ key: String) -> Bool {
        guard !key.isEmpty, key.utf8.count <= 128, !key.hasPrefix(".") else { return false }
        return key.unicodeScalars.allSatisfy(isSafeScalar)
    }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard Self.isSafe(raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a book key: \(raw)"))
        }
        rawValue = raw
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// ASCII letters, digits, `.`, `_` and `-`: safe in file names everywhere.
private func isSafeScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case 0x2D, 0x2E, 0x5F: true
    default: false
    }
}
