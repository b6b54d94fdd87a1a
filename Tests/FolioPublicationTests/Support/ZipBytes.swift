/// Byte surgery on small zip archives, for headers and names that libzip would never write.
enum ZipBytes {
    private static let localHeader: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    private static let centralHeader: [UInt8] = [0x50, 0x4B, 0x01, 0x02]

    /// Rewrites the uncompressed size the first entry's local and central headers state.
    static func settingFirstEntryStatedSize(_ zip: [UInt8], to size: UInt32) -> [UInt8] {
        var out = zip
        let le = [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        if let local = offset(of: localHeader, in: out) { out.replaceSubrange(local + 22..<local + 26, with: le) }
        if let central = offset(of: centralHeader, in: out) { out.replaceSubrange(central + 24..<central + 28, with: le) }
        return out
    }

    /// Every occurrence of `pattern` replaced by `replacement` (same length).
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in zip: [UInt8]) -> [UInt8] {
        precondition(pattern.count == replacement.count)
        var out = zip
        var start = 0
        while let i = offset(of: pattern, in: out, from: start) {
            out.replaceSubrange(i..<i + pattern.count, with: replacement)
            start = i + pattern.count
        }
        return out
    }

    static func offset(of pattern: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard pattern.count <= bytes.count, start <= bytes.count - pattern.count else { return nil }
        for i in start...(bytes.count - pattern.count) where bytes[i..<i + pattern.count].elementsEqual(pattern) {
            return i
        }
        return nil
    }
}
