import FolioStyle

/// The room a line has beside floats: its left edge, px (or columns) right of the
/// paragraph's, and its width.
public struct LineBand: Sendable, Equatable {
    public var inset: Double
    public var width: Double
    /// Space left empty above the line (it goes below a float that leaves too little room).
    public var skip: Double

    public init(inset: Double, width: Double, skip: Double = 0) {
        self.inset = inset
        self.width = width
        self.skip = max(0, skip)
    }
}

/// One line of a laid-out paragraph: its runs placed left to right, and its vertical extent.
///
/// Horizontal positions are px from the left content edge of the paragraph's block;
/// vertical ones px down from the top of the line box.
/// https://www.w3.org/TR/css-inline-3/#line-box
public struct LineBox: Sendable {
    /// Where the content starts (text-indent and alignment applied), and its width
    /// (justification included, trailing spaces excluded).
    public var x: Double
    public var width: Double
    /// Above and below the baseline, from the tallest inline boxes (half-leading included).
    public var ascent: Double
    public var descent: Double
    /// The line box height (`ascent + descent`): where the next line starts.
    public var height: Double { ascent + descent }
    /// The baseline, down from the line's top.
    public var baseline: Double { ascent }
    /// Glyph runs in visual order (left to right).
    public var runs: [PositionedRun]
    public var atomics: [PlacedAtomic]
    /// The line ends at a hyphenation point and shows a hyphen.
    public var endsWithHyphen: Bool
    /// The line ends with a forced break (`<br>`, a preserved newline).
    public var endsWithForcedBreak: Bool
    /// The paragraph's last line.
    public var isLast: Bool
    /// The content did not fit the width: an unbreakable word (paginating commands report it
    /// as `layout.line-overflow`, with its page).
    public var overflows: Bool
    /// The paragraph-text offsets (Unicode scalars of `ParagraphLayout.text`) of the line,
    /// trailing spaces and the forced break included.
    public var textRange: Range<Int>
    /// How the line was set: its room, its natural width, its word separators and its end.
    public var setting: LineSetting
}

/// The facts of a line's setting, from which its spacing can be judged: a justified line's
/// separators were widened (or narrowed) by `(room − natural) ÷ separators` each, so
/// `(room − natural) ÷ separatorWidth` is the share of a natural space each gained; when
/// letters were spaced too (`letterGaps` × `letterStretch`), `(room − natural − letterGaps ×
/// letterStretch) ÷ separatorWidth`.
public struct LineSetting: Sendable, Hashable {
    /// How a line ends.
    public enum End: String, Sendable, Hashable {
        /// At a break after a space (the space hangs).
        case space
        /// At another break opportunity without a space: after a dash, between ideographs.
        case `break`
        /// At a hyphenation point, a hyphen shown.
        case hyphen
        /// Inside a word with no opportunity (`overflow-wrap`), or overflowing with it.
        case emergency
        /// Before a forced break (`<br>`, a preserved newline).
        case forced
        /// The paragraph's last line.
        case last
    }

    /// The room's left edge, from the paragraph's left content edge (after a float beside it
    /// and the first line's indent), and its width.
    public var left: Double
    public var room: Double
    /// Its content's width as shaped, before justification (a shown hyphen included).
    public var natural: Double
    /// The word separators inside it, and their natural width.
    public var separators: Int
    public var separatorWidth: Double
    /// Set `text-align: justify` (its separators take the difference to `room`).
    public var justified: Bool
    public var end: End
    /// A justified line whose separators would pass twice their natural width: the gaps
    /// between its letters, and what each gained (`LineAssembler.maxLetterStretch`).
    public var letterGaps: Int
    public var letterStretch: Double
    /// The content is wider than the room, even shrunk: an unbreakable word runs past it.
    public var overflows = false

    public init(left: Double, room: Double, natural: Double, separators: Int, separatorWidth: Double, justified: Bool, end: End,
                letterGaps: Int = 0, letterStretch: Double = 0, overflows: Bool = false) {
        self.left = left
        self.room = room
        self.natural = natural
        self.separators = separators
        self.separatorWidth = separatorWidth
        self.justified = justified
        self.end = end
        self.letterGaps = letterGaps
        self.letterStretch = letterStretch
        self.overflows = overflows
    }

    /// The same setting in units `scale` times as large.
    public func scaled(_ scale: Double) -> LineSetting {
        LineSetting(left: left * scale, room: room * scale, natural: natural * scale, separators: separators, separatorWidth: separatorWidth * scale,
                    justified: justified, end: end, letterGaps: letterGaps, letterStretch: letterStretch * scale, overflows: overflows)
    }
}

/// A run of glyphs of one face, size and style, placed on a line.
///
/// Its fields sit behind one shared reference (`CopyOnWrite`), copied only when a run is
/// changed while shared: a run is copied into the column's items, then into the frame of each
/// page that shows it, and a run held inline made every frame item as large as a run
/// (some 150 bytes) where one reference does.
@dynamicMemberLookup
public struct PositionedRun: Sendable {
    /// A run's properties, which it reads and changes as its own (`run.x`, `run.glyphs`).
    public struct Fields: Sendable {
        public var face: FontFace
        /// The used font size in px (`font-size` × the fallback face's size adjustment).
        public var size: Double
        public var color: RGBA
        public var synthesizeBold: Bool
        public var synthesizeItalic: Bool
        public var direction: Direction
        /// Left edge and advance width in px.
        public var x: Double
        public var width: Double
        /// The run's baseline, down from the line's top (differs from the line's for
        /// `vertical-align` shifts).
        public var baseline: Double
        public var glyphs: [PositionedGlyph]
        /// The text the run stands for (a trailing hyphen glyph excepted) and where it came from.
        public var text: String
        /// The run's range of paragraph-text offsets.
        public var textRange: Range<Int>
        /// The node and the range of scalar offsets in its text (nil for generated text).
        public var source: TextSource?
        public var sourceRange: Range<Int>
        /// The run ends with a hyphen glyph added at a hyphenation point.
        public var hasHyphen: Bool
        /// Some glyph is a missing-glyph box (`PositionedGlyph.missing`), so that a report of them
        /// need not look at every glyph of a book.
        public var hasMissingGlyphs: Bool = false
        public var decorations: [TextDecoration]
    }

    @usableFromInline var fields: CopyOnWrite<Fields>

    public init(face: FontFace, size: Double, color: RGBA, synthesizeBold: Bool, synthesizeItalic: Bool, direction: Direction,
                x: Double, width: Double, baseline: Double, glyphs: [PositionedGlyph], text: String, textRange: Range<Int>,
                source: TextSource?, sourceRange: Range<Int>, hasHyphen: Bool, hasMissingGlyphs: Bool = false,
                decorations: [TextDecoration]) {
        fields = CopyOnWrite(Fields(face: face, size: size, color: color, synthesizeBold: synthesizeBold,
                                    synthesizeItalic: synthesizeItalic, direction: direction, x: x, width: width,
                                    baseline: baseline, glyphs: glyphs, text: text, textRange: textRange, source: source,
                                    sourceRange: sourceRange, hasHyphen: hasHyphen, hasMissingGlyphs: hasMissingGlyphs,
                                    decorations: decorations))
    }

    /// A field, read and changed in place (inlined, so a constant key path is a plain access).
    @inlinable public subscript<T>(dynamicMember field: WritableKeyPath<Fields, T>) -> T {
        get { fields.value[keyPath: field] }
        _modify { yield &fields.value[keyPath: field] }
    }
}

/// One glyph: its id in the run's face, its pen position and its offset.
///
/// A laid-out chapter keeps one of these for every character it shows, more than anything
/// else it holds: a glyph takes 24 bytes, its id and a missing-glyph box's character sharing
/// one word (a box is glyph 0, and glyph ids fit in 16 bits), its offset and advance kept in
/// single precision. The pen position stays a `Double`: it is where the glyph is drawn, and
/// runs, highlights and cells are measured from it.
public struct PositionedGlyph: Hashable, Sendable {
    /// The glyph id; or, with `missingBit` set, the character of a missing-glyph box.
    private var idOrMissing: UInt32
    /// The scalar offset in the run's source node of the character the glyph shows (its cluster's
    /// first), in `PositionedRun.sourceRange`'s coordinates; -1 for an added hyphen or generated text.
    /// Highlights of part of a run find their x positions by it.
    public var sourceOffset: Int32 = -1
    /// Left edge of the glyph's advance, px from the block's content edge.
    public var x: Double
    private var storedY: Float
    private var storedAdvance: Float

    /// Down from the run's baseline (HarfBuzz y offsets, negated).
    public var y: Double {
        get { Double(storedY) }
        set { storedY = Float(newValue) }
    }

    public var advance: Double {
        get { Double(storedAdvance) }
        set { storedAdvance = Float(newValue) }
    }

    private static let missingBit: UInt32 = 1 << 31

    public var id: UInt32 {
        get { idOrMissing & Self.missingBit == 0 ? idOrMissing : 0 }
        set { idOrMissing = newValue & ~Self.missingBit }
    }

    /// The character no face has, for a missing-glyph box (glyph 0, `.notdef`); 0 otherwise.
    /// Renderers draw the box themselves, since many faces' `.notdef` is blank.
    public var missing: UInt32 {
        get { idOrMissing & Self.missingBit == 0 ? 0 : idOrMissing & ~Self.missingBit }
        set { idOrMissing = newValue == 0 ? id : newValue | Self.missingBit }
    }

    /// A glyph with a `missing` character is glyph 0 whatever `id` says.
    public init(id: UInt32, x: Double, y: Double, advance: Double, sourceOffset: Int32 = -1, missing: UInt32 = 0) {
        idOrMissing = missing == 0 ? id & ~Self.missingBit : missing | Self.missingBit
        self.x = x
        storedY = Float(y)
        storedAdvance = Float(advance)
        self.sourceOffset = sourceOffset
    }
}

/// An underline, overline or line-through of a run, from the face's metrics.
/// https://www.w3.org/TR/css-text-decor-3/#line-decoration
public struct TextDecoration: Hashable, Sendable {
    public enum Kind: Sendable, Hashable { case underline, overline, lineThrough }
    public var kind: Kind
    /// The line's centre, px down from the run's baseline (negative: above).
    public var offset: Double
    public var thickness: Double
    public var color: RGBA
}

/// An atomic inline placed on a line.
public struct PlacedAtomic: Hashable, Sendable {
    public var id: Int
    /// Left and top edges, relative to the line box.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
}

/// A laid-out paragraph: its text after white-space processing and transforms, and its lines.
public struct ParagraphLayout: Sendable {
    /// The paragraph text the lines' `textRange`s index, as Unicode scalars; atomic inlines
    /// are U+FFFC, forced breaks U+2028. Kept as the setter had them: the lines' text is read
    /// back from them, and a `String` made and decoded again cost 2 % of a novel.
    public var scalars: [Unicode.Scalar]
    public var lines: [LineBox]
    /// The paragraph text as a string.
    public var text: String { String(scalars: scalars[...]) }

    /// For each scalar: the input item it came from, and its offset in that item's text (from
    /// the collected text, held rather than collected again; empty for a layout made by hand).
    private var sourceItems: [Int] = []
    private var sourceOffsets: [Int] = []

    public init(scalars: [Unicode.Scalar], lines: [LineBox]) {
        self.scalars = scalars
        self.lines = lines
    }

    init(_ collected: CollectedText, lines: [LineBox]) {
        self.init(scalars: collected.scalars, lines: lines)
        sourceItems = collected.item
        sourceOffsets = collected.sourceOffset
    }

    /// Where paragraph-text offset `offset` comes from in the input the lines were set from:
    /// as `ParagraphInput.itemPosition(ofParagraphOffset:)` says, without collecting the text
    /// again. Nil past the end.
    public func itemPosition(ofOffset offset: Int) -> (item: Int, offset: Int)? {
        guard offset >= 0, offset < sourceItems.count else { return nil }
        return (sourceItems[offset], sourceOffsets[offset])
    }
    /// The sum of the lines' heights.
    public var height: Double { lines.reduce(0) { $0 + $1.height } }
}

extension LineBox {
    /// The line with `space` px more above its content (runs and atomics move down with it).
    func lowered(by space: Double) -> LineBox {
        guard space > 0 else { return self }
        var line = self
        line.ascent += space
        for k in line.runs.indices { line.runs[k].baseline += space }
        for k in line.atomics.indices { line.atomics[k].y += space }
        return line
    }
}
