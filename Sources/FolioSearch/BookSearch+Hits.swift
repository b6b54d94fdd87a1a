import FolioLayout
import FolioXML

extension BookSearch {
    /// Hits from byte ranges of a chapter's text: locators, CFIs (with the document), titles,
    /// context.
    func hits(_ ranges: [Range<Int>], in chapter: ChapterIndex, tree: XMLTree?, withContext: Bool) -> [SearchHit] {
        guard !ranges.isEmpty else { return [] }
        let offsets = tree.map { TextOffsets(tree: $0) }
        let titles = contents.titles(inSpineItem: chapter.spineIndex, anchors: chapter.text.anchors)
        let text = chapter.text
        // Hits in the same text node share its CFI but for the character offset, counted on
        // from the hit before.
        var nodeCFIs: [Int: NodeCFI] = [:]
        let maker = tree.flatMap { tree in itemrefs.flatMap { CFIMaker(itemrefs: $0, spineIndex: chapter.spineIndex, contentTree: tree) } }
        var starts = OffsetCursor(text), ends = OffsetCursor(text)
        return ranges.map { range in
            let start = starts.offset(ofByte: range.lowerBound)
            let end = max(start, ends.endOffset(ofByte: range.upperBound))
            var cfi: String?
            if let tree, let offsets, let maker, let (node, inNode) = offsets.position(of: start) {
                if nodeCFIs[node] == nil {
                    nodeCFIs[node] = NodeCFI(maker.cfi(node: node, offsetInNode: 0), text: tree.node(at: node)?.text ?? "")
                }
                cfi = nodeCFIs[node]?.cfi(scalars: inNode)
            }
            let context = withContext ? Self.context(range, in: text.utf8) : (before: "", match: "", after: "")
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
            String(decoding: bytes.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self)
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

/// The CFIs of positions in one text node: its path, and its text to count UTF-16 code units
/// in, on from the last position asked for.
struct NodeCFI {
    let prefix: String?
    let base: Int
    let text: String.UnicodeScalarView
    var index: String.Index
    var scalars = 0
    var units = 0

    init(_ cfi: EPUBCFI?, text: String) {
        var path = cfi
        path?.characterOffset = nil
        prefix = path.map { String($0.description.dropLast()) }
        base = cfi?.characterOffset ?? 0
        self.text = text.unicodeScalars
        index = text.startIndex
    }

    mutating func cfi(scalars wanted: Int) -> String? {
        guard let prefix else { return nil }
        if wanted < scalars {
            index = text.startIndex
            scalars = 0
            units = 0
        }
        while scalars < wanted, index < text.endIndex {
            units += text[index].utf16.count
            text.formIndex(after: &index)
            scalars += 1
        }
        return prefix + ":" + String(base + units) + ")"
    }
}
