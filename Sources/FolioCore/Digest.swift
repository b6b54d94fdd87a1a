import CLibCrypto
#if canImport(Glibc)
import Glibc
#endif

/// Checksums of page images and state files, and the SHA-1 of font obfuscation keys, from
/// OpenSSL's libcrypto (loaded when first needed).
public enum Digest {
    /// The SHA-256 of some bytes, in lowercase hex (page checksums in render manifests).
    public static func sha256Hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let done = bytes.withUnsafeBufferPointer { input in folio_sha256(input.baseAddress, input.count, &digest) }
        if done == 0 { libcryptoMissing() }
        let hex = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for byte in digest {
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The SHA-1 of some bytes (20 bytes).
    public static func sha1(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 20)
        let done = bytes.withUnsafeBufferPointer { input in folio_sha1(input.baseAddress, input.count, &digest) }
        if done == 0 { libcryptoMissing() }
        return digest
    }

    /// A digest is part of the output (a manifest, a font's key): without libcrypto there is
    /// no honest answer, so the process stops and says what to install.
    private static func libcryptoMissing() -> Never {
        let message = "folio: OpenSSL's libcrypto (Debian package libssl3) could not be loaded; scripts/setup installs it\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        exit(69)  // EX_UNAVAILABLE
    }
}
