import FolioXML

/// The text of a content document as a reader searches it: the text content in document order,
/// not the markup, so a word split by inline elements (`wh<em>ale</em>`) reads as one word.
///
/// Runs of white space are one space, block boundaries a line feed, soft hyphens and other
/// invisible format characters are left out, and text is in NFC. What is not shown by the
/// document's own markup is left out: `head`, `script`, `style`, `template`, ruby annotations,
/// elements with the `hidden` attribute or an inline `display: none`. Content hidden by a style
/// sheet rule is searched: finding it needs the cascade, which costs a search more than the
/// rest of it (a hit there leads to the page where the text would be).
///
/// Every byte of `utf8` maps back to a chapter offset (`Locator.offset`: Unicode scalars of the
/// document's text nodes, see `TextOffsets`) through `segments`.
public struct SearchText: Sendable {
    /// The searched text, UTF-8.
    public let utf8: [UInt8]
    /// Where the text's runs start: in `utf8`, and at which chapter offset. Within a run each
    /// scalar of `utf8` is the next scalar of the document.
    let segmentBytes: [Int32]
    let segmentOffsets: [Int32]
    /// Where the run before each run ends in the document: a hit ending where a run starts
    /// ends there, not after the invisible characters or the markup-hidden text between.
    let segmentPreviousEnds: [Int32]
    /// Chapter offsets of the elements whose ids were asked for (table-of-contents targets).
    public let anchors: [String: Int]

    init(utf8: [UInt8], segmentBytes: [Int32], segmentOffsets: [Int32], segmentPreviousEnds: [Int32], anchors: [String: Int]) {
        self.utf8 = utf8
        self.segmentBytes = segmentBytes
        self.segmentOffsets = segmentOffsets
        self.segmentPreviousEnds = segmentPreviousEnds
        self.anchors = anchors
    }

    /// The chapter offset where a hit ending before byte `byte` of `utf8` ends.
    public func endOffset(ofByte byte: Int) -> Int {
        var cursor = OffsetCursor(self)
        return cursor.endOffset(ofByte: byte)
    }

    /// The chapter offset of byte `byte` of `utf8` (the end of the text for `utf8.count`).
    public func offset(ofByte byte: Int) -> Int {
        var cursor = OffsetCursor(self)
        return cursor.offset(ofByte: byte)
    }

    /// The last run starting at or before a byte.
    func segment(ofByte byte: Int) -> Int {
        segmentBytes.lastIndex(atOrBelow: byte)
    }
}

/// Chapter offsets of bytes of a `SearchText` asked for in increasing order (the hits of a
/// chapter): each is counted on from the one before when both are in the same run.
struct OffsetCursor {
    let text: SearchText
    private var segment = -1
    private var byte = 0
    private var offset = 0

    init(_ text: SearchText) { self.text = text }

    mutating func offset(ofByte wanted: Int) -> Int {
        guard !text.segmentBytes.isEmpty else { return 0 }
        let k = text.segment(ofByte: wanted)
        if k != segment || wanted < byte {
            segment = k
            byte = Int(text.segmentBytes[k])
            offset = Int(text.segmentOffsets[k])
        }
        let end = min(wanted, text.utf8.count)
        while byte < end {
            if text.utf8[byte] & 0xC0 != 0x80 { offset += 1 }
            byte += 1
        }
        return offset
    }

    /// Where a hit ending before byte `wanted` ends: a hit ending where a run starts ends
    /// where the run before it ended.
    mutating func endOffset(ofByte wanted: Int) -> Int {
        guard !text.segmentBytes.isEmpty else { return 0 }
        var k = text.segment(ofByte: wanted)
        guard Int(text.segmentBytes[k]) == wanted else { return offset(ofByte: wanted) }
        while k > 0, text.segmentBytes[k - 1] == text.segmentBytes[k] { k -= 1 }
        return Int(text.segmentPreviousEnds[k])
    }
}
