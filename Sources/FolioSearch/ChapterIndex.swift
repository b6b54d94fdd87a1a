/// One spine item's searchable text, ready for every kind of query: as written and case-folded.
struct ChapterIndex: Sendable {
    let spineIndex: Int
    let href: String
    let text: SearchText
    let folded: FoldedText

    init(spineIndex: Int, href: String, text: SearchText) {
        self.spineIndex = spineIndex
        self.href = href
        self.text = text
        folded = FoldedText(text.utf8)
    }
}
