import FolioStyle
import FolioText

/// A paragraph too long to set at once, cut into pieces that are set one after the other.
///
/// Setting a paragraph holds all of it at once — its shaped glyphs, break candidates and
/// total-fit nodes, some 150 bytes a character — so a paragraph of millions of characters (a
/// broken or hostile book: a novel without one paragraph break, a word of megabytes) would take
/// gigabytes. A piece ends at a forced line break once it is half full, or else at the first
/// white space after `limit` characters, or, in a word longer than `slack` past the limit,
/// between two of its graphemes. Each piece but the last leaves its last line to the next,
/// which sets it again with what follows (`InlineLayouter`), so the lines go on across the
/// cut as if it were not there, but for total-fit looking no further than a piece ahead.
struct ParagraphPieces {
    /// Characters (Unicode scalars) a piece holds before it looks for where to end.
    static let limit = 1 << 17
    /// How far past the limit a piece looks for white space before it ends inside a word.
    static let slack = 1 << 12

    private(set) var pieces: [[InlineItem]] = []
    /// The characters of the whole paragraph (an atomic inline counts one).
    private(set) var characters = 0
    private var piece: [InlineItem] = []
    private var count = 0

    /// `items` in pieces of about `limit` characters; nil when they fit in one.
    static func split(_ items: [InlineItem], limit: Int = limit) -> ParagraphPieces? {
        // The UTF-8 length bounds the number of scalars and is known without reading the text.
        var bound = 0
        for case .text(let text, _, _) in items { bound += text.utf8.count }
        guard bound + items.count > limit else { return nil }
        var out = ParagraphPieces()
        for item in items {
            switch item {
            case .forcedBreak:
                out.piece.append(item)
                if out.count >= limit / 2 { out.close() }
            case .atomic:
                out.add(item, characters: 1, limit: limit)
            case .text(let text, let style, let source):
                out.add(text, style: style, source: source, limit: limit)
            }
        }
        out.close()
        return out.pieces.count > 1 ? out : nil
    }

    /// `items` from `start` on (an item, and a Unicode-scalar offset in its text): what a
    /// piece's last line holds, with what follows in the piece.
    static func items(_ items: [InlineItem], from start: (item: Int, offset: Int)) -> [InlineItem] {
        var out: [InlineItem] = []
        for k in start.item..<items.count {
            if k == start.item, start.offset > 0, case .text(let text, let style, let source) = items[k] {
                let total = text.unicodeScalars.count
                if start.offset < total { out.append(FirstLetterLayouter.textItem(text, start.offset..<total, style: style, source: source)) }
            } else {
                out.append(items[k])
            }
        }
        return out
    }

    private mutating func add(_ item: InlineItem, characters: Int, limit: Int) {
        if count >= limit { close() }
        piece.append(item)
        count += characters
        self.characters += characters
    }

    private mutating func add(_ text: String, style: SharedStyle, source: TextSource, limit: Int) {
        var rest = Substring(text)
        var offset = source.offset
        while !rest.isEmpty {
            if count >= limit { close() }
            let scalars = rest.unicodeScalars
            guard let end = scalars.index(scalars.startIndex, offsetBy: limit - count, limitedBy: scalars.endIndex),
                  end < scalars.endIndex else {
                let n = scalars.count
                append(rest, style: style, node: source.node, offset: offset, characters: n)
                return
            }
            let cut = Self.cut(rest, from: end)
            let head = rest[..<cut]
            let n = head.unicodeScalars.count
            append(head, style: style, node: source.node, offset: offset, characters: n)
            offset += n
            rest = rest[cut...]
            close()
        }
    }

    /// Where a piece ends in `text`, at or after `end`: after the first white space within
    /// `slack` characters, or else at the next grapheme boundary.
    private static func cut(_ text: Substring, from end: String.Index) -> String.Index {
        let scalars = text.unicodeScalars
        var k = end
        for _ in 0..<slack where k < scalars.endIndex {
            let scalar = scalars[k]
            k = scalars.index(after: k)
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" { return k }
        }
        // String indices are rounded down to a grapheme boundary: the next one after `end`.
        return text.index(after: end)
    }

    private mutating func append(_ text: Substring, style: SharedStyle, node: Int, offset: Int, characters: Int) {
        piece.append(.text(String(text), style: style, source: TextSource(node: node, offset: offset)))
        count += characters
        self.characters += characters
    }

    private mutating func close() {
        guard !piece.isEmpty else { return }
        pieces.append(piece)
        piece = []
        count = 0
    }
}
