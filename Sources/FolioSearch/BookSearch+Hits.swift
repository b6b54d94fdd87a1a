import FolioLayout
import FolioXML

extension BookSearch {
    /// Hits from byte ranges of a chapter's text: locators, CFIs (with the document), titles,
    /// context.
    func hits(_ ranges: [Range<Int>], in chapter: ChapterIndex, tree: XMLTree?) -> [SearchHit] {
        guard !ranges.isEmpty else { return [] }
        let offsets = tree.map { TextOffsets(tree: $0) }
        let titles = contents.titles(inSpineItem: chapter.spineIndex, anchors: chapter.text.anchors)
        let text = chapter.text
        return ranges.map { range in
            let start = text.offset(ofByte: range.lowerBound)
            let end = max(start, text.endOffset(ofByte: range.upperBound))
            var cfi: String?
            if let tree, let offsets, let itemrefs, let (node, inNode) = offsets.position(of: start) {
                cfi = EPUBCFI.make(itemrefs: itemrefs, spineIndex: chapter.spineIndex, contentTree: tree,
                                   node: node, offsetInNode: inNode)?.description
            }
            let context = Self.context(range, in: text.utf8)
            return SearchHit(spineIndex: chapter.spineIndex, href: chapter.href, range: start..<end, cfi: cfi,
                             chapter: titles.last { $0.offset <= start }?.title ?? titles.first?.title,
                             before: context.before, match: context.match, after: context.after)
        }
    }

    /// Bytes of context kept on each side of a hit.
    static let contextBytes = 60

    /// The hit and a few words either side, cut at word boundaries, on one line.
    static func context(_ range: Range<Int>, in utf8: [UInt8]) -> (before: String, match: String, after: String) {
        func line(_ bytes: ArraySlice<UInt8>) -> String {
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
        }
        var from = max(0, range.lowerBound - contextBytes)
        if from > 0 {
            while from < range.lowerBound, utf8[from] & 0xC0 == 0x80 { from += 1 }
            if let space = utf8[from..<range.lowerBound].firstIndex(where: { $0 == 0x20 || $0 == 0x0A }) { from = space + 1 }
        }
        var to = min(utf8.count, range.upperBound + contextBytes)
        if to < utf8.count {
            while to > range.upperBound, utf8[to] & 0xC0 == 0x80 { to -= 1 }
            if let space = utf8[range.upperBound..<to].lastIndex(where: { $0 == 0x20 || $0 == 0x0A }) { to = space }
        }
        return (line(utf8[from..<range.lowerBound]), line(utf8[range]), line(utf8[range.upperBound..<to]))
    }
}
