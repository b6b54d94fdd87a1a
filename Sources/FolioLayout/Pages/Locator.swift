/// A position in the book that survives re-pagination: a spine item and a character offset
/// in its text.
///
/// The offset counts Unicode scalars of the content document's text nodes in document order
/// (generated content excluded), so it does not depend on page size, fonts or styles.
public struct Locator: Sendable, Hashable, Comparable, Codable {
    public var spineIndex: Int
    public var offset: Int

    public init(spineIndex: Int, offset: Int) {
        self.spineIndex = spineIndex
        self.offset = offset
    }

    public static func < (a: Locator, b: Locator) -> Bool {
        (a.spineIndex, a.offset) < (b.spineIndex, b.offset)
    }
}
