import FolioLayout
import FoundationEssentials
import Glibc

/// A passage the reader highlighted, with an optional note: where it starts and ends in its
/// chapter, the EPUB CFI of the range, the text itself, and when.
public struct Highlight: Sendable, Hashable, Codable {
    /// The first character highlighted.
    public var start: Locator
    /// The chapter text offset just after the last character (same spine item as `start`).
    public var end: Int
    /// The range as an EPUB CFI (`epubcfi(/6/4!/4/2,/1:10,/3:5)`), or the start's CFI.
    public var cfi: String?
    /// The text highlighted, as the chapter has it.
    public var text: String
    public var note: String?
    /// When it was made, to the second.
    public var created: Date

    /// The longest text or note kept.
    public static let maxFieldLength = 10_000

    public init(start: Locator, end: Int, cfi: String? = nil, text: String, note: String? = nil, created: Date = Date()) {
        self.start = start
        self.end = max(start.offset, end)
        self.cfi = cfi.map { String($0.prefix(Bookmark.maxFieldLength)) }
        self.text = String(text.prefix(Self.maxFieldLength))
        self.note = note.map { String($0.prefix(Self.maxFieldLength)) }
        self.created = Date(timeIntervalSince1970: created.timeIntervalSince1970.rounded(.down))
    }

    /// The chapter text offsets highlighted.
    public var range: Range<Int> { start.offset..<end }

    public var timestamp: String { StateCoding.timestamp(created) }

    enum CodingKeys: String, CodingKey { case start, end, cfi, text, note, created }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let start = try c.decode(Locator.self, forKey: .start)
        let end = try c.decode(Int.self, forKey: .end)
        guard start.spineIndex >= 0, start.offset >= 0, end >= start.offset else {
            throw DecodingError.dataCorruptedError(forKey: .start, in: c, debugDescription: "a highlight's range is negative or reversed")
        }
        self.init(start: start, end: end, cfi: c.lenient(String.self, .cfi, decoder), text: c.lenient(String.self, .text, decoder) ?? "",
                  note: c.lenient(String.self, .note, decoder),
                  created: c.lenient(String.self, .created, decoder).flatMap(StateCoding.date) ?? Date(timeIntervalSince1970: 0))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(start, forKey: .start)
        try c.encode(end, forKey: .end)
        try c.encodeIfPresent(cfi, forKey: .cfi)
        try c.encode(text, forKey: .text)
        try c.encodeIfPresent(note, forKey: .note)
        try c.encode(timestamp, forKey: .created)
    }
}
