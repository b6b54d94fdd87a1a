/// Why an image could not be decoded.
public enum ImageError: Error, Sendable {
    /// Not a format Folio decodes (or a variant of one its library refuses).
    case unsupported
    /// The library refused the data: truncated, malformed or lying headers; the library's message.
    case corrupt(String)
    /// The image has more pixels than the caller allows; refused before any pixel is allocated.
    case tooLarge(width: Int, height: Int)
}
