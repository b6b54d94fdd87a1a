/// A chapter's text as paragraphs of words, each word knowing the page it starts on.
///
/// Built from the pages' texts (a paragraph per line; a paragraph cut by a page break
/// continues on the next page without a line break), so a word split over two pages is one
/// word, on the first.
struct ChapterText {
    struct Paragraph {
        /// The words joined by single spaces: what paragraphs are matched on.
        var text: String
        var words: Range<Int>
        /// The page (index in the chapter) the paragraph starts on.
        var page: Int
    }

    var paragraphs: [Paragraph] = []
    var words: [String] = []
    /// The page (index in the chapter) of each word.
    var wordPages: [Int] = []

    init(pages: [String]) {
        var scalars: [Unicode.Scalar] = []
        var scalarPages: [Int] = []
        for (page, text) in pages.enumerated() {
            for scalar in text.unicodeScalars {
                if scalar == "\n" {
                    closeParagraph(&scalars, &scalarPages)
                } else {
                    scalars.append(scalar)
                    scalarPages.append(page)
                }
            }
        }
        closeParagraph(&scalars, &scalarPages)
    }

    private mutating func closeParagraph(_ scalars: inout [Unicode.Scalar], _ pages: inout [Int]) {
        defer {
            scalars.removeAll(keepingCapacity: true)
            pages.removeAll(keepingCapacity: true)
        }
        let first = words.count
        var word = String.UnicodeScalarView()
        var wordPage = 0
        for (k, scalar) in scalars.enumerated() {
            if scalar.properties.isWhitespace {
                if !word.isEmpty {
                    words.append(String(word))
                    wordPages.append(wordPage)
                    word = String.UnicodeScalarView()
                }
            } else {
                if word.isEmpty { wordPage = pages[k] }
                word.append(scalar)
            }
        }
        if !word.isEmpty {
            words.append(String(word))
            wordPages.append(wordPage)
        }
        guard words.count > first else { return }
        paragraphs.append(Paragraph(text: words[first...].joined(separator: " "), words: first..<words.count, page: wordPages[first]))
    }

    /// The first words of a paragraph for a summary: `It was a dark…`.
    func opening(_ paragraph: Int, words count: Int = 5) -> String {
        let range = paragraphs[paragraph].words
        return Self.quote(Array(words[range]), limit: count)
    }

    /// Words for a summary, cut to `limit` with an ellipsis.
    static func quote(_ words: [String], limit: Int) -> String {
        var shown = words.prefix(limit).joined(separator: " ")
        if shown.count > 48 { shown = String(shown.prefix(45)) + "…" } else if words.count > limit { shown += "…" }
        return "“" + shown + "”"
    }
}
