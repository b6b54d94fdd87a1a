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
    /// The pen.
    var x: Double
    var runs: [PositionedRun] = []
    var atomics: [PlacedAtomic] = []
    var boxes: [Box] = []

    init(shaped: ShapedParagraph, items: [InlineItem], stretch: Double, x: Double) {
        self.shaped = shaped
        self.items = items
        self.stretch = stretch
        self.x = x
    }

    mutating func place(_ piece: InlinePiece, part: Range<Int>, hyphen: ShapedRun?) {
        switch items[piece.item] {
        case .forcedBreak:
            return
        case .atomic(let width, let height, let baseline, let style, let id):
            atomics.append(PlacedAtomic(id: id, x: x, y: 0, width: width, height: height))
            boxes.append(Box(metrics: InlineMetrics(height: height, baseline: baseline),
                             verticalAlign: style.style.box.verticalAlign, target: .atomic(atomics.count - 1)))
            x += width
        case .text(_, let shared, let source):
            guard let font = piece.font, piece.kind == .text else { return }
            let style = shared.style
            var glyphs = piece.glyphs.filter { part.contains($0.cluster) }
            if let hyphen {
                // The hyphen goes at the run's logical end: right for LTR, left for RTL.
                let marked = hyphen.glyphs.map { var g = $0; g.cluster = -1; return g }
                glyphs = piece.direction == .rtl ? marked + glyphs : glyphs + marked
            }
            let start = x
            var placed: [PositionedGlyph] = []
            placed.reserveCapacity(glyphs.count)
            for (k, glyph) in glyphs.enumerated() {
                var advance = glyph.xAdvance
                // A cluster's spacing follows its last glyph.
                if glyph.cluster >= 0 && (k + 1 == glyphs.count || glyphs[k + 1].cluster != glyph.cluster) {
                    advance += shaped.extra[glyph.cluster]
                    if ShapedParagraph.isWordSeparator(shaped.collected.scalars[glyph.cluster]) { advance += stretch }
                }
                placed.append(PositionedGlyph(id: glyph.id, x: x + glyph.xOffset, y: -glyph.yOffset, advance: advance))
                x += advance
            }
            let offsets = part.map { shaped.collected.sourceOffset[$0] }
            let sourceRange = (offsets.min() ?? 0)..<((offsets.max() ?? -1) + 1)
            runs.append(PositionedRun(
                face: font.face, size: piece.size, color: style.text.color,
                synthesizeBold: font.synthesizeBold, synthesizeItalic: font.synthesizeItalic, direction: piece.direction,
                x: start, width: x - start, baseline: 0, glyphs: placed,
                text: String(String.UnicodeScalarView(shaped.collected.scalars[part])), textRange: part,
                source: source, sourceRange: (sourceRange.lowerBound + source.offset)..<(sourceRange.upperBound + source.offset),
                hasHyphen: hyphen != nil, decorations: Self.decorations(style, face: font.face, size: piece.size)))
            boxes.append(Box(metrics: InlineMetrics(face: font.face, size: piece.size, style: style),
                             verticalAlign: style.box.verticalAlign, target: .run(runs.count - 1)))
        }
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
