import FoundationEssentials
import Glibc

/// A `data:` URL's media type and bytes: base64 or percent-encoded, as the Fetch standard reads
/// them (https://fetch.spec.whatwg.org/#data-urls). Books put small images and fonts in them.
public struct DataURL: Sendable, Hashable {
    /// Lowercased, without parameters; `text/plain` when the URL names none.
    public var mediaType: String
    public var bytes: [UInt8]

    /// Decodes `url`; nil when it is not a `data:` URL, its payload does not decode, or it
    /// would be larger than `limit` bytes.
    public static func decode(_ url: String, limit: Int = 64 << 20) -> DataURL? {
        let trimmed = url.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard trimmed.prefix(5).lowercased() == "data:", let comma = trimmed.firstIndex(of: ",") else { return nil }
        let header = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<comma]
        let payload = trimmed[trimmed.index(after: comma)...]
        // Base64 takes four characters for three bytes; percent-encoding at least one for one.
        guard payload.utf8.count / 4 * 3 <= limit else { return nil }
        let parameters = header.split(separator: ";").map { $0.trimmingWhitespace().lowercased() }
        let isBase64 = parameters.last == "base64"
        let type = parameters.first.flatMap { $0.contains("/") ? $0 : nil } ?? "text/plain"
        let bytes: [UInt8]
        if isBase64 {
            // Percent-escapes may hide base64 characters too (`%2B` for `+`).
            let text = String(decoding: percentDecoded(payload.utf8), as: UTF8.self)
            guard let data = Data(base64Encoded: text.filter { !$0.isWhitespace }, options: .ignoreUnknownCharacters) else { return nil }
            bytes = Array(data)
        } else {
            bytes = percentDecoded(payload.utf8)
        }
        guard bytes.count <= limit else { return nil }
        return DataURL(mediaType: type, bytes: bytes)
    }

    /// `path` as a URL path: the bytes of its UTF-8 that RFC 3986 does not allow in a path
    /// (and `%` itself) written `%XX`.
    public static func percentEncodedPath(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
                 UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
                 UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%"
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 15)]))
            }
        }
        return out
    }

    /// `%XX` escapes turned into their bytes; a `%` not followed by two hex digits stays.
    static func percentDecoded(_ text: Substring.UTF8View) -> [UInt8] {
        let source = Array(text)
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var k = 0
        while k < source.count {
            if source[k] == UInt8(ascii: "%"), k + 2 < source.count, let high = hex(source[k + 1]), let low = hex(source[k + 2]) {
                out.append(high << 4 | low)
                k += 3
            } else {
                out.append(source[k])
                k += 1
            }
        }
        return out
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
