import CLibCrypto

/// Font obfuscation: the reversible XOR that keeps an embedded font tied to its book.
///
/// https://www.w3.org/TR/epub-33/#sec-font-obfuscation (IDPF) and Adobe's older scheme, which
/// XORs the first 1024 bytes with the 16 bytes of the book's UUID. XOR is its own inverse, so the
/// same functions obfuscate and de-obfuscate.
public enum Obfuscation {
    /// Bytes the IDPF algorithm XORs.
    public static let idpfLength = 1040
    /// Bytes the Adobe algorithm XORs.
    public static let adobeLength = 1024

    /// The IDPF key: SHA-1 of the unique identifier with all XML whitespace removed.
    ///
    /// https://www.w3.org/TR/epub-33/#obfus-keygen
    public static func idpfKey(uniqueIdentifier: String) -> [UInt8] {
        let stripped = uniqueIdentifier.unicodeScalars.filter { !["\u{20}", "\u{09}", "\u{0D}", "\u{0A}"].contains($0) }
        return sha1(Array(String(String.UnicodeScalarView(stripped)).utf8))
    }

    /// The Adobe key: the 16 bytes of the identifier's UUID (`urn:uuid:…`, `uuid:…` or a bare UUID);
    /// nil when the identifier is not a UUID.
    public static func adobeKey(identifier: String) -> [UInt8]? {
        let uuid = identifier.trimmingSpaces().split(separator: ":").last ?? ""
        let hex = uuid.filter { $0 != "-" && $0 != "{" && $0 != "}" }
        guard hex.count == 32 else { return nil }
        var key: [UInt8] = []
        var high: UInt8?
        for c in hex {
            guard let v = c.hexDigitValue else { return nil }
            if let h = high {
                key.append(h << 4 | UInt8(v))
                high = nil
            } else {
                high = UInt8(v)
            }
        }
        return key
    }

    /// `bytes` with its first `count` bytes XORed, cyclically, with `key`.
    public static func xor(_ bytes: [UInt8], key: [UInt8], count: Int) -> [UInt8] {
        guard !key.isEmpty else { return bytes }
        var out = bytes
        for i in 0..<min(count, out.count) { out[i] ^= key[i % key.count] }
        return out
    }

    /// Undoes (or applies) font obfuscation on one resource.
    ///
    /// IDPF uses the package's unique identifier, as the spec says; only when the package names
    /// none are the other identifiers tried. Adobe tools have keyed from the unique identifier or
    /// from the first `urn:uuid:` identifier: each UUID among them is tried, and the first whose
    /// result starts like a font wins. `.other` algorithms throw `.encrypted`: that is DRM.
    public static func deobfuscate(_ bytes: [UInt8], algorithm: Encryption.Algorithm, uniqueIdentifier: String?,
                                   identifiers: [String] = [], path: String = "") throws(ContainerError) -> [UInt8] {
        let keys: [[UInt8]]
        let count: Int
        switch algorithm {
        case .idpfFontObfuscation:
            count = idpfLength
            keys = (uniqueIdentifier.map { [$0] } ?? identifiers).map { idpfKey(uniqueIdentifier: $0) }
        case .adobeFontObfuscation:
            count = adobeLength
            keys = unique(([uniqueIdentifier].compactMap { $0 } + identifiers).compactMap(adobeKey(identifier:)))
        case .other(let uri):
            throw ContainerError(.encrypted, path: path, reason: "encrypted with \(uri) (DRM); Folio cannot read it")
        }
        guard let first = keys.first else {
            let wanted = algorithm == .idpfFontObfuscation ? "an identifier" : "a UUID identifier"
            throw ContainerError(.unreadable, path: path, reason: "the font is obfuscated, but the package has no \(wanted) to derive the key from")
        }
        if keys.count > 1 {
            for key in keys {
                let candidate = xor(bytes, key: key, count: count)
                if looksLikeFont(candidate) { return candidate }
            }
        }
        return xor(bytes, key: first, count: count)
    }

    /// True when `bytes` starts with a font file signature (TrueType, OpenType, collections, WOFF, WOFF2).
    public static func looksLikeFont(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        let tag = Array(bytes[0..<4])
        let signatures: [[UInt8]] = [[0x00, 0x01, 0x00, 0x00], Array("OTTO".utf8), Array("true".utf8), Array("typ1".utf8),
                                     Array("ttcf".utf8), Array("wOFF".utf8), Array("wOF2".utf8)]
        return signatures.contains(tag)
    }

    private static func unique(_ keys: [[UInt8]]) -> [[UInt8]] {
        var seen: Set<[UInt8]> = []
        return keys.filter { seen.insert($0).inserted }
    }
}

/// SHA-1 through OpenSSL's libcrypto (the IDPF algorithm's key derivation).
func sha1(_ bytes: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
    bytes.withUnsafeBufferPointer { input in
        _ = SHA1(input.baseAddress, input.count, &digest)
    }
    return digest
}
