import CLibCrypto

/// Checksums of page images and state files.
public enum Digest {
    /// The SHA-256 of some bytes, in lowercase hex (page checksums in render manifests).
    public static func sha256Hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBufferPointer { input in
            _ = SHA256(input.baseAddress, input.count, &digest)
        }
        let hex = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for byte in digest {
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// FNV-1a (64 bits) of a text's UTF-8: stable across runs and machines, unlike `Hasher`
    /// (shard assignment, annotation identifiers).
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
