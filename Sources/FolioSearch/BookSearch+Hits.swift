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
            bytes.contains(0x0A) ? String(decoding: bytes.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self)
                : String(decoding: bytes, as: UTF8.self)
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
/// in, on from the last position asked for (on its UTF-8 bytes: a scalar is a byte that is not
/// a continuation byte, and one of four bytes is two UTF-16 units).
struct NodeCFI {
    let prefix: [UInt8]?
    let base: Int
    let text: [UInt8]
    var byte = 0
    var scalars = 0
    var units = 0

    init(_ cfi: EPUBCFI?, text: String) {
        var path = cfi
        path?.characterOffset = nil
        prefix = path.map { Array($0.description.utf8.dropLast()) }
        base = cfi?.characterOffset ?? 0
        self.text = Array(text.utf8)
    }

    mutating func cfi(scalars wanted: Int) -> String? {
        guard let prefix else { return nil }
        if wanted < scalars {
            byte = 0
            scalars = 0
            units = 0
        }
        text.withUnsafeBufferPointer { bytes in
            while scalars < wanted, byte < bytes.count {
                units += bytes[byte] >= 0xF0 ? 2 : 1
                byte += 1
                while byte < bytes.count, bytes[byte] & 0xC0 == 0x80 { byte += 1 }
                scalars += 1
            }
        }
        var out = prefix
        out.append(UInt8(ascii: ":"))
        out += String(base + units).utf8
        out.append(UInt8(ascii: ")"))
        return String(decoding: out, as: UTF8.self)
    }
}
