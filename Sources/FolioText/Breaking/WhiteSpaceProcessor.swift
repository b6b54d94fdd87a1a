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
/// Preserved tabs (`pre`, `pre-wrap`, `break-spaces`) become spaces up to the next tab stop,
/// every `tab-size` characters (8 unless the style says otherwise) from the start of the line:
/// fonts have no glyph for a tab, and code in `pre` lines up. The spaces all map back to the
/// tab; with `tab-size: 0` a tab takes no room.
///
/// A value type: the state is whether the last output was a collapsible space, and the
/// column reached on the current preserved line.
/// https://www.w3.org/TR/css-text-3/#white-space-phase-1 · https://www.w3.org/TR/css-text-3/#tab-size-property
public struct WhiteSpaceProcessor: Sendable {
    /// True at the start of the paragraph and after a collapsible space or forced break.
    private var afterCollapsibleSpace = true
    /// Characters since the last preserved newline (or the paragraph's start), for tab stops.
    private var column = 0
    /// Spaces tabs may still add beyond their own character: a hostile `pre` of millions of
    /// tabs stays within a few times its size. Past it, a tab is one space.
    private var tabSpacesLeft = 1 << 20

    public init() {}

    /// Something that is not a space came between texts (an atomic inline): a space after it
    /// is kept. https://www.w3.org/TR/css-text-3/#white-space-phase-1
    public mutating func noteContent() {
        afterCollapsibleSpace = false
    }

    /// One segment's text, processed with its `white-space` value.
    public mutating func process(_ text: String, whiteSpace: WhiteSpace, tabSize: Int = 8) -> ProcessedText {
        var out: [Unicode.Scalar] = []
        var offsets: [Int] = []
        process(text, whiteSpace: whiteSpace, tabSize: tabSize, into: &out, offsets: &offsets)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: out)
        return ProcessedText(text: String(view), sourceOffsets: offsets)
    }

    /// Appends the processed scalars to `out` and, for each, its offset in `text`, so that the
    /// paragraph setter builds its arrays without an intermediate string.
    mutating func process(_ text: String, whiteSpace: WhiteSpace, tabSize: Int = 8, into out: inout [Unicode.Scalar], offsets: inout [Int]) {
        // The output is never longer than the text's UTF-8 (and the spaces tabs become): write
        // in place, then trim.
        let preserve = whiteSpace == .pre || whiteSpace == .preWrap || whiteSpace == .breakSpaces
        let tabs = preserve ? text.utf8.reduce(0) { $0 + ($1 == 9 ? 1 : 0) } : 0
        let tabSize = max(0, tabSize)
        let first = out.count, capacity = text.utf8.count + min(tabs * max(0, tabSize - 1), tabSpacesLeft)
        out.append(contentsOf: repeatElement(" ", count: capacity))
        offsets.append(contentsOf: repeatElement(0, count: capacity))
        let preLine = whiteSpace == .preLine
        var after = afterCollapsibleSpace
        var column = self.column
        var tabSpacesLeft = self.tabSpacesLeft
        var n = first
        out.withUnsafeMutableBufferPointer { out in
            offsets.withUnsafeMutableBufferPointer { offsets in
                // A run of spaces, tabs and segment breaks is held until its end (runStart ≥ 0),
                // with the offsets of its segment breaks (a CR waits to see whether a LF follows).
                var runStart = -1
                var newlines: [Int] = []
                var pendingCR = -1
                var i = -1
                var text = text
                // Straight from the UTF-8 (valid in a String), ASCII first.
                text.withUTF8 { bytes in
                    var j = 0
                    while j < bytes.count {
                        var value = UInt32(bytes[j])
                        if value < 0x80 {
                            j += 1
                        } else {
                            let length = min(value >= 0xF0 ? 4 : value >= 0xE0 ? 3 : 2, bytes.count - j)
                            value &= 0x7F >> UInt32(length)
                            for k in 1..<max(1, length) { value = value << 6 | UInt32(bytes[j + k] & 0x3F) }
                            j += length
                        }
                        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                        i += 1
                        if preserve {
                            if scalar == "\t" {
                                var spaces = tabSize == 0 ? 0 : tabSize - column % tabSize
                                if spaces > 1 {
                                    spaces = min(spaces, 1 + tabSpacesLeft)
                                    tabSpacesLeft -= spaces - 1
                                }
                                for _ in 0..<spaces {
                                    out[n] = " "
                                    offsets[n] = i
                                    n += 1
                                }
                                column += spaces
                                continue
                            }
                            out[n] = scalar
                            offsets[n] = i
                            n += 1
                            column = scalar == "\n" || scalar == "\r" ? 0 : column + 1
                            continue
                        }
                        column += 1
                        if Self.isCollapsible(scalar) {
                            if runStart < 0 { runStart = i }
                            if pendingCR >= 0 && scalar != "\n" { newlines.append(pendingCR) }
                            pendingCR = -1
                            if scalar == "\n" {
                                newlines.append(i)
                            } else if scalar == "\r" {
                                pendingCR = i
                            }
                            continue
                        }
                        if runStart >= 0 {
                            Self.endRun(runStart, &newlines, &pendingCR, preLine: preLine, after: &after, out, offsets, &n)
                            runStart = -1
                        }
                        out[n] = scalar
                        offsets[n] = i
                        n += 1
                        after = false
                    }
                }
                if runStart >= 0 { Self.endRun(runStart, &newlines, &pendingCR, preLine: preLine, after: &after, out, offsets, &n) }
            }
        }
        if preserve { after = false }
        out.removeLast(out.count - n)
        offsets.removeLast(offsets.count - n)
        afterCollapsibleSpace = after
        self.column = column
        self.tabSpacesLeft = tabSpacesLeft
    }

    /// Closes a collapsible run: its segment breaks (`pre-line`), or one space unless one
    /// came just before.
    private static func endRun(_ start: Int, _ newlines: inout [Int], _ pendingCR: inout Int, preLine: Bool, after: inout Bool,
                               _ out: UnsafeMutableBufferPointer<Unicode.Scalar>, _ offsets: UnsafeMutableBufferPointer<Int>,
                               _ n: inout Int) {
        if pendingCR >= 0 { newlines.append(pendingCR) }
        if preLine && !newlines.isEmpty {
            for line in newlines {
                out[n] = "\n"
                offsets[n] = line
                n += 1
            }
            after = true
        } else if !after {
            out[n] = " "
            offsets[n] = start
            n += 1
            after = true
        }
        newlines.removeAll(keepingCapacity: true)
        pendingCR = -1
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
