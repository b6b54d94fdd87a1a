/// A chapter's changed paragraphs word by word, for the report: what a reader of the diff
/// sees when pages reflowed, beside the images. Paragraphs kept whole are left out.
public struct ChangedParagraph: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case same, inserted, deleted
    }

    public struct Segment: Sendable, Hashable {
        public var kind: Kind
        public var text: String

        public init(kind: Kind, text: String) {
            self.kind = kind
            self.text = text
        }
    }

    public var segments: [Segment]

    public init(segments: [Segment]) {
        self.segments = segments
    }

    /// At most this many changed paragraphs of a chapter are kept, and this many words each
    /// side of a paragraph, so that a rewritten book does not make a report of its whole text.
    static let paragraphLimit = 40
    static let wordLimit = 400

    /// The changed paragraphs of an aligned chapter, in reading order.
    static func list(_ baseline: ChapterText, _ current: ChapterText, _ alignment: ChapterAlignment) -> [ChangedParagraph] {
        var out: [ChangedParagraph] = []
        func whole(_ kind: Kind, _ text: ChapterText, _ paragraph: Int) -> ChangedParagraph {
            let words = text.paragraphs[paragraph].words
            return ChangedParagraph(segments: [Segment(kind: kind, text: joined(text.words, words.prefix(wordLimit)))])
        }
        for edit in alignment.edits {
            guard out.count < paragraphLimit else { break }
            switch edit {
            case .inserted(let paragraphs):
                for p in paragraphs.prefix(paragraphLimit - out.count) { out.append(whole(.inserted, current, p)) }
            case .deleted(let paragraphs):
                for p in paragraphs.prefix(paragraphLimit - out.count) { out.append(whole(.deleted, baseline, p)) }
            case .reworded(_, let c, let changes):
                var segments: [Segment] = []
                func add(_ kind: Kind, _ text: ChapterText, _ words: Range<Int>) {
                    guard !words.isEmpty else { return }
                    segments.append(Segment(kind: kind, text: joined(text.words, words)))
                }
                var next = current.paragraphs[c].words.lowerBound
                var shown = 0
                for change in changes where shown < wordLimit {
                    add(.same, current, next..<change.new.lowerBound)
                    add(.deleted, baseline, change.old)
                    add(.inserted, current, change.new)
                    shown += change.new.lowerBound - next + change.old.count + change.new.count
                    next = change.new.upperBound
                }
                if shown < wordLimit { add(.same, current, next..<current.paragraphs[c].words.upperBound) }
                out.append(ChangedParagraph(segments: segments))
            }
        }
        return out
    }

    private static func joined<C: Collection<Int>>(_ words: [String], _ indices: C) -> String {
        indices.map { words[$0] }.joined(separator: " ")
    }
}
