import FolioStyle

/// Places a line's pieces left to right: glyph positions with spacing and justification,
/// atomic inlines, and the inline boxes whose metrics set the line's height.
struct RunPlacer {
    struct Box {
        enum Target { case run(Int), atomic(Int) }
        var metrics: InlineMetrics
        var verticalAlign: VerticalAlign
        var target: Target
    }

    let shaped: ShapedParagraph
    let items: [InlineItem]
    /// Added to every word separator (justification).
    let stretch: Double
    /// Cells: word separators before this offset take one column more than `stretch`.
    let extraCellBefore: Int
    /// Added at every letter gap (`LineAssembler.isLetterGap`) of a line ending at `end`.
    var letterSpacing: (stretch: Double, end: Int)?
    /// The block's font size and x-height, for `vertical-align`.
    let blockSize: Double
    let blockXHeight: Double
    /// The pen.
    var x: Double
    var runs: [PositionedRun] = []
    var atomics: [PlacedAtomic] = []
    /// The tallest text boxes sitting on the baseline (no `vertical-align` shift), whose
    /// baseline is the line's: only their extent is kept.
    var above = 0.0, below = 0.0
    /// The other boxes (shifted, `top`/`bottom`, atomics), aligned, in order.
    var boxes: [Box] = []
    /// Runs with emphasis marks: the run's index, its mark, the centres of its marked characters.
    var emphases: [(run: Int, mark: EmphasisMark, centres: [Double], style: ComputedStyle)] = []

    init(shaped: ShapedParagraph, items: [InlineItem], stretch: Double, extraCellBefore: Int = .min, x: Double,
         blockSize: Double = 0, blockXHeight: Double = 0) {
        self.shaped = shaped
        self.items = items
        self.stretch = stretch
        self.extraCellBefore = extraCellBefore
        self.x = x
        self.blockSize = blockSize
        self.blockXHeight = blockXHeight
    }

    /// Aligns a box and keeps it: a plain text box only for the line's extent.
    private mutating func add(_ box: Box) {
        var box = box
        box.metrics.align(box.verticalAlign, blockSize: blockSize, blockXHeight: blockXHeight)
        if case .run = box.target, box.metrics.edge == nil, box.metrics.shift == 0 {
            above = max(above, box.metrics.ascent + box.metrics.shift)
            below = max(below, box.metrics.descent - box.metrics.shift)
        } else {
            boxes.append(box)
        }
    }

    mutating func place(_ piece: InlinePiece, part: Range<Int>, hyphen: ShapedRun?) {
        switch items[piece.item] {
        case .forcedBreak:
            return
        case .atomic(let width, let height, let baseline, let style, let id):
            atomics.append(PlacedAtomic(id: id, x: x, y: 0, width: width, height: height))
            add(Box(metrics: InlineMetrics(height: height, baseline: baseline),
                    verticalAlign: style.style.box.verticalAlign, target: .atomic(atomics.count - 1)))
            x += width
        case .text(_, let shared, let source):
            guard let font = piece.font, piece.kind == .text else { return }
            let start = x
            let glyphs: ArraySlice<ShapedGlyph>
            if let hyphen {
                // The hyphen goes at the run's logical end: right for LTR, left for RTL.
                let marked = hyphen.glyphs.map { var g = $0; g.cluster = -1; return g }
                let text = Array(piece.glyphs(in: part))
                glyphs = (piece.direction == .rtl ? marked + text : text + marked)[...]
            } else {
                glyphs = piece.glyphs(in: part)
            }
            let (placed, hasMissing) = position(glyphs, part: part, sourceBase: source.offset)
            var low = Int.max, high = -1
            for i in part {
                let offset = shaped.collected.sourceOffset[i]
                low = min(low, offset)
                high = max(high, offset)
            }
            let sourceRange = (part.isEmpty ? 0 : low)..<(high + 1)
            runs.append(PositionedRun(
                face: font.face, size: piece.size, color: shared.style.text.color,
                synthesizeBold: font.synthesizeBold, synthesizeItalic: font.synthesizeItalic, direction: piece.direction,
                x: start, width: x - start, baseline: 0, glyphs: placed,
                text: shaped.collected.string(part), textRange: part,
                source: source, sourceRange: (sourceRange.lowerBound + source.offset)..<(sourceRange.upperBound + source.offset),
                hasHyphen: hyphen != nil, hasMissingGlyphs: hasMissing,
                decorations: shared.style.box.textDecorationLine.isEmpty ? []
                    : shaped.metric == .cells ? Self.cellDecorations(shared.style)
                    : Self.decorations(shared.style, face: font.face, size: piece.size)))
            if shaped.metric == .fonts {
                var metrics = InlineMetrics(face: font.face, size: piece.size, font: shared.style.font)
                // Asked of the field first: most runs have no mark, and the call costs more than
                // the test (9 million instructions of a specification, measured).
                if shared.style.rareInherited.emphasisStyle != .none, let mark = EmphasisMark(shared.style) {
                    let centres = EmphasisMark.centres(glyphs, placed, scalars: shaped.collected.scalars)
                    if !centres.isEmpty {
                        emphases.append((runs.count - 1, mark, centres, shared.style))
                        metrics = mark.makingRoom(in: metrics, face: font.face, size: piece.size)
                    }
                }
                add(Box(metrics: metrics, verticalAlign: shared.style.box.verticalAlign, target: .run(runs.count - 1)))
            }
        }
    }

    /// Places glyphs from the pen, spacing and justification added after each cluster's last glyph;
    /// each records its character's offset in the source node (`sourceBase` is the item's there).
    /// `hasMissing`: some glyph is a character no face has. Letter spacing goes after a cluster's
    /// last glyph for each letter gap among the cluster's scalars (`part`'s, left to right: the
    /// assembler spaces letters only in all left-to-right lines), so that a ligature takes the
    /// gaps it covers and the line adds up to what the assembler counted.
    private mutating func position(_ glyphs: ArraySlice<ShapedGlyph>, part: Range<Int>, sourceBase: Int) -> (glyphs: [PositionedGlyph], hasMissing: Bool) {
        let stretch = self.stretch, extraCellBefore = self.extraCellBefore, letterSpacing = self.letterSpacing
        var x = self.x
        var hasMissing = false
        let sources = shaped.collected.sourceOffset
        // Reserved and appended to, not `Array(unsafeUninitializedCapacity:)`, which allocates
        // through an unspecialized path (see `Array(filled:count:)`).
        var placed: [PositionedGlyph] = []
        placed.reserveCapacity(glyphs.count)
        shaped.collected.scalars.withUnsafeBufferPointer { scalars in
            shaped.extra.withUnsafeBufferPointer { extra in
                glyphs.withUnsafeBufferPointer { glyphs in
                    for k in glyphs.indices {
                        let glyph = glyphs[k]
                        var advance = glyph.xAdvance
                        // A cluster's spacing follows its last glyph.
                        if glyph.cluster >= 0 && (k + 1 == glyphs.count || glyphs[k + 1].cluster != glyph.cluster) {
                            advance += extra[glyph.cluster]
                            if ShapedParagraph.isWordSeparator(scalars[glyph.cluster]) {
                                advance += stretch
                                if glyph.cluster < extraCellBefore { advance += 1 }
                            }
                            if let letterSpacing {
                                let next = k + 1 < glyphs.count && glyphs[k + 1].cluster > glyph.cluster ? glyphs[k + 1].cluster : part.upperBound
                                for i in glyph.cluster..<max(glyph.cluster, min(next, scalars.count))
                                where LineAssembler.isLetterGap(after: i, scalars: scalars, end: letterSpacing.end) {
                                    advance += letterSpacing.stretch
                                }
                            }
                        }
                        let source = glyph.cluster >= 0 && glyph.cluster < sources.count ? Int32(clamping: sources[glyph.cluster] + sourceBase) : -1
                        var missing: UInt32 = 0
                        if glyph.id == 0, glyph.cluster >= 0, glyph.cluster < scalars.count,
                           !ShapedParagraph.isInvisible(scalars[glyph.cluster]) {
                            missing = scalars[glyph.cluster].value
                            hasMissing = true
                        }
                        placed.append(PositionedGlyph(id: glyph.id, x: x + glyph.xOffset, y: -glyph.yOffset,
                                                      advance: advance, sourceOffset: source, missing: missing))
                        x += advance
                    }
                }
            }
        }
        self.x = x
        return (placed, hasMissing)
    }

    /// Cells: the decoration lines as flags (offset and thickness 0), for the cell renderer.
    static func cellDecorations(_ style: ComputedStyle) -> [TextDecoration] {
        let lines = style.box.textDecorationLine
        guard !lines.isEmpty else { return [] }
        let color = style.resolve(style.box.textDecorationColor)
        let kinds: [(TextDecorationLine, TextDecoration.Kind)] = [(.underline, .underline), (.overline, .overline), (.lineThrough, .lineThrough)]
        return kinds.filter { lines.contains($0.0) }.map { TextDecoration(kind: $0.1, offset: 0, thickness: 0, color: color) }
    }

    /// Underline, overline and line-through from the face's metrics.
    /// https://www.w3.org/TR/css-text-decor-3/#text-decoration-line-property
    static func decorations(_ style: ComputedStyle, face: FontFace, size: Double) -> [TextDecoration] {
        let lines = style.box.textDecorationLine
        guard !lines.isEmpty else { return [] }
        let m = face.metrics
        let color = style.resolve(style.box.textDecorationColor)
        var out: [TextDecoration] = []
        if lines.contains(.underline) {
            let thickness = m.px(m.underlineThickness, size: size)
            out.append(TextDecoration(kind: .underline, offset: -m.px(m.underlinePosition, size: size) + thickness / 2,
                                      thickness: thickness, color: color))
        }
        if lines.contains(.overline) {
            out.append(TextDecoration(kind: .overline, offset: -m.px(m.ascender, size: size),
                                      thickness: m.px(m.underlineThickness, size: size), color: color))
        }
        if lines.contains(.lineThrough) {
            let thickness = m.px(m.strikeoutThickness, size: size)
            out.append(TextDecoration(kind: .lineThrough, offset: -m.px(m.strikeoutPosition, size: size) + thickness / 2,
                                      thickness: thickness, color: color))
        }
        return out
    }
}
