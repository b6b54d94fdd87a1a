import FolioStyle

/// Builds a paragraph's text from inline runs, inserting the Unicode bidi controls that
/// `unicode-bidi` and `direction` stand for, and remembers where each character came from.
///
/// https://www.w3.org/TR/css-writing-modes-3/#bidi-control-codes-injection (table in §2.4.2):
/// `embed` → LRE/RLE … PDF; `isolate` → LRI/RLI … PDI; `bidi-override` → LRO/RLO … PDF;
/// `isolate-override` → LRI/RLI LRO/RLO … PDF PDI; `plaintext` → FSI … PDI.
///
/// A value type: copy it to try a variant.
public struct BidiTextBuilder: Sendable {
    /// The paragraph text, controls included.
    public private(set) var text = String.UnicodeScalarView()
    /// For each scalar of `text`, its offset in the concatenation of the appended source
    /// texts, or nil for an inserted control.
    public private(set) var sourceOffsets: [Int?] = []
    private var sourceCount = 0
    private var closers: [[Unicode.Scalar]] = []

    public init() {}

    /// Adds source text.
    public mutating func append(_ string: String) {
        for scalar in string.unicodeScalars {
            text.append(scalar)
            sourceOffsets.append(sourceCount)
            sourceCount += 1
        }
    }

    /// Starts an inline element with its `unicode-bidi` and `direction`.
    public mutating func open(_ unicodeBidi: UnicodeBidi, direction: Direction) {
        let rtl = direction == .rtl
        let (opening, closing): ([Unicode.Scalar], [Unicode.Scalar]) = switch unicodeBidi {
        case .normal: ([], [])
        case .embed: ([rtl ? "\u{202B}" : "\u{202A}"], ["\u{202C}"])
        case .isolate: ([rtl ? "\u{2067}" : "\u{2066}"], ["\u{2069}"])
        case .bidiOverride: ([rtl ? "\u{202E}" : "\u{202D}"], ["\u{202C}"])
        case .isolateOverride: ([rtl ? "\u{2067}" : "\u{2066}", rtl ? "\u{202E}" : "\u{202D}"], ["\u{202C}", "\u{2069}"])
        case .plaintext: (["\u{2068}"], ["\u{2069}"])
        }
        insert(opening)
        closers.append(closing)
    }

    /// Ends the innermost open element.
    public mutating func close() {
        if let closing = closers.popLast() { insert(closing) }
    }

    /// The source offset of a paragraph offset, or nil for an inserted control.
    public func sourceOffset(of offset: Int) -> Int? {
        sourceOffsets.indices.contains(offset) ? sourceOffsets[offset] : nil
    }

    /// Closes what is still open and analyses the paragraph.
    public func paragraph(base: BidiParagraph.BaseDirection) -> BidiParagraph {
        var copy = self
        while !copy.closers.isEmpty { copy.close() }
        return BidiParagraph(text: String(copy.text), base: base)
    }

    private mutating func insert(_ controls: [Unicode.Scalar]) {
        for control in controls {
            text.append(control)
            sourceOffsets.append(nil)
        }
    }
}
