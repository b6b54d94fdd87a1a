/// One spine item's searchable text, ready for every kind of query: as written, case-folded,
/// and as a string for regular expressions.
struct ChapterIndex: Sendable {
    let spineIndex: Int
    let href: String
    let text: SearchText
    let folded: FoldedText
    let string: String
    let utf16Count: Int

    init(spineIndex: Int, href: String, text: SearchText) {
        self.spineIndex = spineIndex
        self.href = href
        self.text = text
        folded = FoldedText(text.utf8)
        string = String(decoding: text.utf8, as: UTF8.self)
        utf16Count = string.utf16.count
    }
}
