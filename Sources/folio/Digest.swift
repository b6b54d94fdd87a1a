import CLibCrypto

/// The SHA-256 of some bytes, in lowercase hex (page checksums in render manifests).
func sha256Hex(_ bytes: [UInt8]) -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    bytes.withUnsafeBufferPointer { input in
        _ = SHA256(input.baseAddress, input.count, &digest)
    }
    return digest.map { String(format: "%02x", $0) }.joined()
}
