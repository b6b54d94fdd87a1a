import FolioLayout
import FoundationEssentials
import Glibc

/// A page the reader marked: where it is, the text it starts with, when, and an optional label.
public struct Bookmark: Sendable, Hashable, Codable {
    public var position: ReadingPosition
    /// The first words of the page (about 60 characters, as `excerpt(_:)` makes them).
    public var text: String
    /// When it was made, to the second (the file stores ISO 8601).
    public var created: Date
    public var label: String?

    /// The longest text or label kept; more is cut, so a bookmark stays a line, not a chapter.
    public static let maxFieldLength = 500

    public init(position: ReadingPosition, text: String, created: Date = Date(), label: String? = nil) {
        self.position = position
        self.text = String(text.prefix(Self.maxFieldLength))
        // Whole seconds: what the file keeps, so a saved and reloaded bookmark is equal to itself.
        self.created = Date(timeIntervalSince1970: created.timeIntervalSince1970.rounded(.down))
        self.label = label.map { String($0.prefix(Self.maxFieldLength)) }
    }

    public var locator: Locator { position.locator }

    /// `created` as the file stores it: ISO 8601 in UTC, `2026-03-01T09:30:00Z`.
    public var timestamp: String { StateCoding.timestamp(created) }

    /// The start of a page's text as a bookmark shows it: whitespace runs folded to one space, cut
    /// at a word boundary near `length` characters, with `…` when something was cut.
    public static func excerpt(_ pageText: String, length: Int = 60) -> String {
        let words = pageText.split(whereSeparator: \.isWhitespace)
        var out = ""
        for word in words {
            let next = out.isEmpty ? String(word) : out + " " + word
            if next.count > length {
                // A first word longer than the whole excerpt is cut mid-word rather than dropped.
                if out.isEmpty { out = String(word.prefix(length)) }
                return out + "…"
            }
            out = next
        }
        return out
    }

    enum CodingKeys: String, CodingKey { case locator, cfi, text, created, label }

    /// Flat in the file: `{"locator": {...}, "cfi": ..., "text": ..., "created": ..., "label": ...}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let position = try ReadingPosition(from: decoder)
        self.init(position: position,
                  text: c.lenient(String.self, .text, decoder) ?? "",
                  created: c.lenient(Date.self, .created, decoder) ?? Date(timeIntervalSince1970: 0),
                  label: c.lenient(String.self, .label, decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(position.locator, forKey: .locator)
        try c.encodeIfPresent(position.cfi, forKey: .cfi)
        try c.encode(text, forKey: .text)
        try c.encode(created, forKey: .created)
        try c.encodeIfPresent(label, forKey: .label)
    }
}
