import Testing
@testable import FolioDiff

@Suite struct ChapterTextTests {
    @Test func aParagraphCutByAPageBreakIsOneParagraphAndAWordCutInTwoIsOneWord() {
        let text = ChapterText(pages: ["Title\nThe keeper count", "ed the steps.\nThe end.\n"])
        #expect(text.paragraphs.map(\.text) == ["Title", "The keeper counted the steps.", "The end."])
        #expect(text.paragraphs.map(\.page) == [0, 0, 1])
        #expect(text.words[3] == "counted")
        #expect(text.wordPages == [0, 0, 0, 0, 1, 1, 1, 1])
    }

    @Test func alignmentFindsInsertedDeletedAndRewordedParagraphs() {
        let old = ChapterText(pages: ["One two three four.\nGone paragraph here.\nKept as is.\n"])
        let new = ChapterText(pages: ["One two five four.\nKept as is.\nBrand new words.\n"])
        let alignment = ChapterAlignment(old, new)
        #expect(alignment.keptParagraphs.map { [$0.0, $0.1] } == [[2, 1]])
        var described: [String] = []
        for edit in alignment.edits {
            switch edit {
            case .inserted(let range): described.append("inserted \(range)")
            case .deleted(let range): described.append("deleted \(range)")
            case .reworded(let b, let c, let changes):
                described.append("reworded \(b)→\(c): " + changes.map { "\(old.words[$0.old].joined(separator: " "))→\(new.words[$0.new].joined(separator: " "))" }.joined())
            }
        }
        #expect(described == ["reworded 0→0: three→five", "deleted 1..<2", "inserted 2..<3"])
    }

    @Test func pageListsReadAsRuns() {
        #expect(ChapterSummary.pages([4]) == "page 4")
        #expect(ChapterSummary.pages([3, 4, 5]) == "pages 3–5")
        #expect(ChapterSummary.pages([7, 1, 3, 5, 6]) == "pages 1, 3 and 5–7")
    }
}
