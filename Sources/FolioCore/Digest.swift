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
}
