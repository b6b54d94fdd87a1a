/// Why an image could not be decoded.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a format Folio decodes (or a variant of one its library refuses).
    case unsupported
    /// The library refused the data: truncated, malformed or lying headers; the library's message.
    case corrupt(String)
    /// The image has more pixels than the caller allows (`limit`, in pixels), refused before any
    /// pixel is allocated; or (`limit` nil) its pixels could not be allocated.
    case tooLarge(width: Int, height: Int, limit: Int?)

    /// For people: `image is 65,535 × 65,535 pixels, over the limit of 50,000,000 pixels`.
    public var description: String {
        switch self {
        case .unsupported:
            "the image is in a format Folio does not decode"
        case .corrupt(let message):
            "the image cannot be decoded: \(message)"
        case .tooLarge(let width, let height, let limit?):
            "the image is \(Self.grouped(width)) × \(Self.grouped(height)) pixels, over the limit of \(Self.grouped(limit)) pixels"
        case .tooLarge(let width, let height, nil):
            "the image is \(Self.grouped(width)) × \(Self.grouped(height)) pixels, too large to allocate"
        }
    }

    /// `65535` → `65,535`, the same on every machine (no locale).
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }
}
