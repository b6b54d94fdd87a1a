@testable import FolioLayout
import FolioStyle
import FolioText
import FolioTestSupport
import Testing

/// A paragraph too long to set at once is cut into pieces: at a forced break, else after white
/// space past the limit, else between graphemes; the pieces hold the paragraph's text and
/// sources exactly.
@Suite struct ParagraphPiecesTests {
    static let style = StyleInterner().intern(ComputedStyle.initial)

    static func text(_ string: String, node: Int = 1, offset: Int = 0) -> InlineItem {
        .text(string, style: style, source: TextSource(node: node, offset: offset))
    }

    /// Each piece's text items as (text, node, offset); a forced break as "<br>".
    static func shape(_ pieces: ParagraphPieces) -> [[String]] {
        pieces.pieces.map { piece in
            piece.map { item in
                switch item {
                case .text(let text, _, let source): "\(text)@\(source.node):\(source.offset)"
                case .atomic(_, _, _, _, let id): "atomic \(id)"
                case .forcedBreak: "<br>"
                }
            }
        }
    }

    @Test func aParagraphWithinTheLimitIsNotCut() {
        #expect(ParagraphPieces.split([Self.text("short words here")], limit: 100) == nil)
    }

    @Test func aPieceEndsAfterTheFirstSpacePastTheLimitAndTheNextGoesOnFromThere() throws {
        let pieces = try #require(ParagraphPieces.split([Self.text("aaaa bbbb cc dd", offset: 7)], limit: 6))
        #expect(Self.shape(pieces) == [["aaaa bbbb @1:7"], ["cc dd@1:17"]])
        #expect(pieces.characters == 15)
    }

    @Test func aForcedBreakEndsAPieceOnceItIsHalfFull() throws {
        let items = [Self.text("abc"), .forcedBreak, Self.text("defghij", node: 2), Self.text("klm", node: 3)]
        let pieces = try #require(ParagraphPieces.split(items, limit: 6))
        #expect(Self.shape(pieces) == [["abc@1:0", "<br>"], ["defghij@2:0"], ["klm@3:0"]])
    }

    @Test func aWordLongerThanTheLimitIsCutBetweenGraphemesNeverInsideOne() throws {
        // "é" written as e + U+0301: the cut falls after the whole grapheme.
        let word = String(repeating: "e\u{301}", count: 3) + String(repeating: "x", count: ParagraphPieces.slack + 10)
        let pieces = try #require(ParagraphPieces.split([Self.text(word)], limit: 3))
        let first = try #require(pieces.pieces.first?.first)
        guard case .text(let head, _, _) = first else { Issue.record("not text"); return }
        #expect(head == "e\u{301}e\u{301}")
        var joined = ""
        var offset = 0
        for piece in pieces.pieces {
            for case .text(let text, _, let source) in piece {
                #expect(source.offset == offset, "each piece's text says where it starts in its node")
                joined += text
                offset += text.unicodeScalars.count
            }
        }
        #expect(joined == word)
    }

    @Test func atomicInlinesCountAndStayInTheirPlace() throws {
        let atomic = InlineItem.atomic(width: 10, height: 10, baseline: 10, style: Self.style, id: 0)
        let pieces = try #require(ParagraphPieces.split([Self.text("ab "), atomic, Self.text(" cd ef gh")], limit: 4))
        #expect(Self.shape(pieces) == [["ab @1:0", "atomic 0"], [" cd ef @1:0"], ["gh@1:7"]])
    }

    /// Random paragraphs (combining marks, emoji sequences, CJK, white space of every kind,
    /// atomic inlines, forced breaks) cut at random small limits: no piece is empty, and the
    /// pieces give back every item, each text from where it was cut, in order.
    @Test func randomParagraphsComeBackWholeFromTheirPieces() throws {
        var random = SplitMix64(seed: 17)
        func below(_ n: Int) -> Int { Int.random(in: 0..<n, using: &random) }
        let alphabet: [String] = ["a", "b", " ", "\n", "\t", "e\u{301}", "\u{1F469}\u{200D}\u{1F4BB}", "\u{4E00}", "\u{0915}\u{094D}", "\r\n", "\u{FE0F}"]
        for _ in 0..<400 {
            var items: [InlineItem] = []
            for node in 0..<below(6) + 1 {
                switch below(8) {
                case 0: items.append(.forcedBreak)
                case 1: items.append(.atomic(width: 1, height: 1, baseline: 1, style: Self.style, id: node))
                default:
                    let text = (0..<below(40)).map { _ in alphabet[below(alphabet.count)] }.joined()
                    if !text.isEmpty { items.append(Self.text(text, node: node, offset: 3)) }
                }
            }
            let limit = below(12) + 1
            guard let pieces = ParagraphPieces.split(items, limit: limit) else { continue }
            #expect(pieces.pieces.allSatisfy { !$0.isEmpty })
            var texts: [Int: String] = [:]
            var next: [Int: Int] = [:]
            var others: [String] = []
            for case let item in pieces.pieces.joined() {
                switch item {
                case .text(let text, _, let source):
                    #expect(source.offset == next[source.node, default: 3], "a piece's text starts where the one before ended")
                    texts[source.node, default: ""] += text
                    next[source.node] = source.offset + text.unicodeScalars.count
                case .atomic(_, _, _, _, let id): others.append("atomic \(id)")
                case .forcedBreak: others.append("br")
                }
            }
            for case .text(let text, _, let source) in items { #expect(texts[source.node] == text) }
            #expect(others == items.compactMap { item -> String? in
                switch item {
                case .text: nil
                case .atomic(_, _, _, _, let id): "atomic \(id)"
                case .forcedBreak: "br"
                }
            })
            // What a piece gives on from any of its positions is its items from there.
            let piece = pieces.pieces[below(pieces.pieces.count)]
            let at = below(piece.count)
            var offset = 0
            if case .text(let text, _, _) = piece[at] { offset = below(text.unicodeScalars.count) }
            let rest = ParagraphPieces.items(piece, from: (at, offset))
            #expect(rest.count == piece.count - at)
        }
    }
}
