import FolioStyle

/// Paragraphs prepared for setting — collected, shaped, their break opportunities found —
/// kept from when they were measured (`ParagraphLayouter.intrinsicWidths`) for when the same
/// paragraph is set. Table layout measures every cell for its column widths, then lays the
/// cells out: without this, each cell's text is shaped and broken twice (over half of a play
/// set in tables went to its cells).
///
/// An entry is taken only by a paragraph with the same input: the same items (text, style
/// objects, sources, atomic sizes), block style, language and heading flag; setting it
/// removes it. At most `scalarLimit` scalars are kept; the owner empties the memo when what
/// it measured has been set (a table, once its rows are laid out). One per chapter layout,
/// used from one thread.
public final class ParagraphMemo {
    struct Prepared {
        let collected: CollectedText
        let shaped: ShapedParagraph
        let breaker: LineBreaker
    }

    private struct Key: Hashable {
        var count: Int
        var node: Int
        var offset: Int
    }

    private var entries: [Key: [(input: ParagraphInput, prepared: Prepared)]] = [:]
    private var scalars = 0
    static let scalarLimit = 200_000

    public init() {}

    /// Forgets every paragraph kept.
    public func removeAll() {
        entries.removeAll()
        scalars = 0
    }

    func keep(_ input: ParagraphInput, _ prepared: Prepared) {
        let count = prepared.collected.scalars.count
        guard scalars + count <= Self.scalarLimit else { return }
        let key = Self.key(input)
        if entries[key]?.contains(where: { $0.input.isSame(as: input) }) == true { return }
        entries[key, default: []].append((input, prepared))
        scalars += count
    }

    func take(_ input: ParagraphInput) -> Prepared? {
        let key = Self.key(input)
        guard let k = entries[key]?.firstIndex(where: { $0.input.isSame(as: input) }) else { return nil }
        // In place: a copy of the list taken out would copy its array.
        let prepared = entries[key]!.remove(at: k).prepared
        if entries[key]!.isEmpty { entries[key] = nil }
        scalars -= prepared.collected.scalars.count
        return prepared
    }

    private static func key(_ input: ParagraphInput) -> Key {
        for item in input.items {
            if case .text(_, _, let source) = item { return Key(count: input.items.count, node: source.node, offset: source.offset) }
        }
        return Key(count: input.items.count, node: -1, offset: 0)
    }
}

extension ParagraphInput {
    /// Whether `other` sets exactly as this input does: the same texts with the same style
    /// objects and sources, the same atomic inlines and breaks, block style, language and
    /// heading flag.
    func isSame(as other: ParagraphInput) -> Bool {
        guard items.count == other.items.count, language == other.language, isHeading == other.isHeading else { return false }
        for (a, b) in zip(items, other.items) {
            switch (a, b) {
            case let (.text(t1, s1, o1), .text(t2, s2, o2)):
                guard s1 === s2, o1 == o2, t1 == t2 else { return false }
            case let (.atomic(w1, h1, b1, s1, i1), .atomic(w2, h2, b2, s2, i2)):
                guard w1 == w2, h1 == h2, b1 == b2, s1 === s2, i1 == i2 else { return false }
            case (.forcedBreak, .forcedBreak):
                continue
            default:
                return false
            }
        }
        return blockStyle == other.blockStyle
    }
}
