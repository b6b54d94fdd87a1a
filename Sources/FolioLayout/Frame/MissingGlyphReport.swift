import FolioCore

/// The characters of a book that no font has, with the pages they are on: gathered page by
/// page as a paginating command goes through the book, then reported as one warning
/// (`font.missing-glyph`), since the pages show them as missing-glyph boxes.
public struct MissingGlyphReport: Sendable {
    /// At most this many characters are named, and this many pages for each.
    static let characterLimit = 32
    static let pageLimit = 10

    /// Page numbers by character, each list ascending.
    private var pages: [UInt32: [Int]] = [:]

    public init() {}

    public var isEmpty: Bool { pages.isEmpty }

    /// The characters no font has in a frame, in code point order.
    public static func characters(in frame: Frame) -> [UInt32] {
        var found = Set<UInt32>()
        for item in frame.items {
            guard case .text(_, let run) = item, run.hasMissingGlyphs else { continue }
            for glyph in run.glyphs where glyph.missing != 0 { found.insert(glyph.missing) }
        }
        return found.sorted()
    }

    /// Notes the missing characters of the frame of book page `number`.
    public mutating func note(_ frame: Frame, page number: Int) {
        for scalar in Self.characters(in: frame) where pages[scalar]?.last != number {
            pages[scalar, default: []].append(number)
        }
    }

    /// Records the one warning, when there is anything to report.
    public func warn(into diagnostics: Diagnostics) {
        guard !pages.isEmpty else { return }
        let scalars = pages.keys.sorted()
        var parts = scalars.prefix(Self.characterLimit).map { scalar -> String in
            let list = pages[scalar] ?? []
            let shown = list.prefix(Self.pageLimit).map(String.init).joined(separator: ", ")
            let more = list.count > Self.pageLimit ? " and \(list.count - Self.pageLimit) more" : ""
            return "\(Self.codePoint(scalar)) (page\(list.count == 1 ? "" : "s") \(shown)\(more))"
        }
        if scalars.count > Self.characterLimit { parts.append("and \(scalars.count - Self.characterLimit) more characters") }
        let subject = scalars.count == 1 ? "a character" : "\(scalars.count) characters"
        diagnostics.warn("font.missing-glyph", "no font has \(subject), drawn as missing-glyph boxes: " + parts.joined(separator: ", "))
    }

    /// `U+0378`: at least four hex digits.
    public static func codePoint(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
