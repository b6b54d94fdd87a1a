import FolioStyle

/// Collapses and transforms white space across the text segments of one inline formatting
/// context, per CSS Text 3 §4.1.1 phase I.
///
/// For `normal`, `nowrap` and `pre-line`: spaces and tabs around a segment break (newline) are
/// removed, tabs become spaces, a space following a collapsible space is removed — even when
/// the two are in different segments (`a <b> b</b>` keeps one space) —, and segment breaks
/// become spaces (`normal`, `nowrap`) or stay as forced breaks (`pre-line`). `pre`,
/// `pre-wrap` and `break-spaces` keep everything. Collapsible spaces at the start of the
/// paragraph are removed (the first line starts there); phase II (removing or hanging
/// spaces at the end of each line) is the line filler's job.
///
/// Not done: the East Asian segment-break rule (a newline between two CJK characters
/// vanishes instead of becoming a space); a newline becomes a space everywhere.
///
/// A value type: the only state is whether the last output was a collapsible space.
/// https://www.w3.org/TR/css-text-3/#white-space-phase-1
public struct WhiteSpaceProcessor: Sendable {
    /// True at the start of the paragraph and after a collapsible space or forced break.
    private var afterCollapsibleSpace = true

    public init() {}

    /// One segment's text, processed with its `white-space` value.
    public mutating func process(_ text: String, whiteSpace: WhiteSpace) -> ProcessedText {
        var out = String.UnicodeScalarView()
        var offsets: [Int] = []
        let scalars = Array(text.unicodeScalars)
        switch whiteSpace {
        case .pre, .preWrap, .breakSpaces:
            out.append(contentsOf: scalars)
            offsets = Array(scalars.indices)
            afterCollapsibleSpace = false
        case .normal, .nowrap, .preLine:
            var i = 0
            while i < scalars.count {
                guard Self.isCollapsible(scalars[i]) else {
                    out.append(scalars[i])
                    offsets.append(i)
                    afterCollapsibleSpace = false
                    i += 1
                    continue
                }
                // A run of spaces, tabs and segment breaks.
                let start = i
                var newlines: [Int] = []
                while i < scalars.count && Self.isCollapsible(scalars[i]) {
                    if scalars[i] == "\n" || (scalars[i] == "\r" && (i + 1 == scalars.count || scalars[i + 1] != "\n")) {
                        newlines.append(i)
                    }
                    i += 1
                }
                if whiteSpace == .preLine && !newlines.isEmpty {
                    for n in newlines {
                        out.append("\n")
                        offsets.append(n)
                    }
                    afterCollapsibleSpace = true
                } else if !afterCollapsibleSpace {
                    out.append(" ")
                    offsets.append(start)
                    afterCollapsibleSpace = true
                }
            }
        }
        return ProcessedText(text: String(out), sourceOffsets: offsets)
    }

    static func isCollapsible(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\n" || s == "\r"
    }
}

/// A segment's text after white-space processing.
public struct ProcessedText: Hashable, Sendable {
    public var text: String
    /// For each Unicode scalar of `text`, its scalar offset in the segment's source text
    /// (a collapsed run maps to its first character), so positions can go back to the DOM.
    public var sourceOffsets: [Int]
}
