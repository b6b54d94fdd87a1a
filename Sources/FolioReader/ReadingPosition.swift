import FolioLayout

/// A place in a book: the `Locator` Folio pages by, and the EPUB CFI of the same place, which
/// other reading systems understand and which still resolves if Folio's text offsets ever change.
/// https://idpf.org/epub/linking/cfi/
public struct ReadingPosition: Sendable, Hashable, Codable {
    public var locator: Locator
    public var cfi: String?

    public init(locator: Locator, cfi: String? = nil) {
        self.locator = locator
        self.cfi = cfi
    }

    enum CodingKeys: String, CodingKey { case locator, cfi }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        locator = try c.decode(Locator.self, forKey: .locator)
        guard locator.spineIndex >= 0, locator.offset >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .locator, in: c, debugDescription: "negative locator")
        }
        cfi = c.lenient(String.self, .cfi, decoder).map { String($0.prefix(Bookmark.maxFieldLength)) }
    }
}

extension ReadingPosition {
    /// Where to open in `layout`: the saved locator when it names a spine item of this book, else
    /// where the CFI leads; nil when neither does (open at the start).
    public func locator(in layout: BookLayout) -> Locator? {
        if locator.spineIndex < layout.publication.spine.items.count { return locator }
        return cfi.flatMap { layout.locator(cfi: $0) }
    }
}
