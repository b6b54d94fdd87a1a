import FolioStyle

/// Turns a chosen line (a range of the paragraph) into a `LineBox`: runs reordered visually
/// (UAX #9 L1–L2), aligned (`text-align`, `text-align-last`, `text-indent`), justified by
/// stretching word separators, placed vertically (`line-height`, `vertical-align`).
struct LineAssembler {
    let shaped: ShapedParagraph
    let input: ParagraphInput
    let context: InlineContext
    let width: Double
    let indent: Double
    /// The strut: the block's own font and line height.
    let strut: InlineMetrics
    let blockXHeight: Double

    init(shaped: ShapedParagraph, input: ParagraphInput, context: InlineContext, width: Double) {
        self.shaped = shaped
        self.input = input
        self.context = context
        self.width = width
        let block = input.blockStyle
        indent = block.text.indent.resolve(against: width)
        let face = context.fonts.face(for: block.font.family, weight: block.font.weight,
                                      italic: block.font.style != .normal, stretch: block.font.stretch).face
        strut = InlineMetrics(face: face, size: block.font.size, style: block)
        blockXHeight = face.metrics.px(face.metrics.xHeight, size: block.font.size)
    }

    func hyphen(after offset: Int) -> ShapedRun? {
        let piece = shaped.pieces[shaped.pieceIndex[offset]]
        guard let font = piece.font else { return nil }
        let text = font.face.hasGlyph("\u{2010}") ? "\u{2010}" : "-"
        return context.shapeCache.shape(text: text, face: font.face, size: piece.size, direction: piece.direction,
                                        script: piece.script, language: input.language, shaper: context.shaper)
    }

    func line(_ line: LineFiller.Line, first: Bool, last: Bool, content end: Int) -> LineBox {
        let content = line.range.lowerBound..<end
        let hyphenRun = line.kind == .hyphenated && end > content.lowerBound ? hyphen(after: end - 1) : nil
        let available = width - (first ? indent : 0)
        let natural = shaped.width(content) + (hyphenRun?.width ?? 0)

        // Alignment: the last line and lines before a forced break follow text-align-last.
        let forced = line.kind == .mandatory && !last
        let align = Self.resolve(input.blockStyle.text, lastLike: last || forced, direction: shaped.bidi.direction)
        let spaces = content.filter { ShapedParagraph.isWordSeparator(shaped.collected.scalars[$0]) }.count
        var stretch = 0.0
        var offset = 0.0
        switch align {
        case .justify where spaces > 0 && natural < available: stretch = (available - natural) / Double(spaces)
        case .right: offset = max(0, available - natural)
        case .center: offset = max(0, (available - natural) / 2)
        default: if shaped.bidi.direction == .rtl { offset = max(0, available - natural) }
        }
        let x = (first && shaped.bidi.direction == .ltr ? indent : 0) + offset

        var placer = RunPlacer(shaped: shaped, items: input.items, stretch: stretch, x: x)
        for run in shaped.bidi.visualRuns(line: content) {
            var indices = Array(shaped.pieceIndex[run.range.lowerBound]...shaped.pieceIndex[run.range.upperBound - 1])
            if run.level & 1 == 1 { indices.reverse() }
            for p in indices {
                let piece = shaped.pieces[p]
                let part = piece.range.clamped(to: run.range)
                let hyphenHere = hyphenRun != nil && part.contains(end - 1) ? hyphenRun : nil
                placer.place(piece, part: part, hyphen: hyphenHere)
            }
        }

        // Vertical: the strut, then every box on the line.
        var boxes = [strut]
        boxes += placer.boxes.map { box in
            var metrics = box.metrics
            metrics.align(box.verticalAlign, blockSize: input.blockStyle.font.size, blockXHeight: blockXHeight)
            return metrics
        }
        let extent = InlineMetrics.lineExtent(boxes)
        for (k, box) in placer.boxes.enumerated() {
            let baseline = extent.baselines[k + 1]
            switch box.target {
            case .run(let index): placer.runs[index].baseline = baseline
            case .atomic(let index): placer.atomics[index].y = baseline - box.metrics.ascent
            }
        }
        return LineBox(x: x, width: placer.x - x, ascent: extent.ascent, descent: extent.descent,
                       runs: placer.runs, atomics: placer.atomics, endsWithHyphen: hyphenRun != nil,
                       endsWithForcedBreak: forced, isLast: last, overflows: line.overflows, textRange: line.range)
    }

    /// `text-align` for a line, `start`/`end` resolved against the paragraph direction.
    /// https://www.w3.org/TR/css-text-3/#text-align-last-property
    static func resolve(_ text: TextProperties, lastLike: Bool, direction: Direction) -> TextAlign {
        var align = text.align
        if lastLike {
            switch text.alignLast {
            case .auto: align = text.align == .justify ? .start : text.align
            case .start: align = .start
            case .end: align = .end
            case .left: align = .left
            case .right: align = .right
            case .center: align = .center
            case .justify: align = .justify
            }
        }
        switch align {
        case .start: return direction == .rtl ? .right : .left
        case .end: return direction == .rtl ? .left : .right
        default: return align
        }
    }
}
