import FolioStyle
import FolioText

/// The paragraph setter under either metric. Layout works in CSS px throughout; with the cell
/// metric (terminal pages) the setter counts whole columns and rows, so its input is turned
/// into cells (8×16 px, as `MediaEnvironment.terminal` sizes a cell) and its lines back into px.
struct ParagraphSetter {
    let context: InlineContext
    /// Where paragraphs measured are kept for setting (in table cells), if anywhere.
    var memo: ParagraphMemo?

    var usesCells: Bool { context.metric == .cells }

    /// Sets a paragraph `width` px wide, or line by line in `bands` (asked and answered in px)
    /// beside floats.
    func setParagraph(_ input: ParagraphInput, width: Double, bands: ((Double, Double) -> LineBand)? = nil) -> ParagraphLayout {
        guard usesCells else {
            guard let bands else { return ParagraphLayouter.layout(input, width: width, context: context, memo: memo) }
            return ParagraphLayouter.layout(input, width: width, context: context, memo: memo, bands: bands)
        }
        let (cw, ch) = CellMetric.cell
        let columns = max(1, (width / cw).rounded(.down))
        var layout: ParagraphLayout
        if let bands {
            layout = ParagraphLayouter.layout(inCells(input), width: columns, context: context, memo: memo) { top, height in
                let band = bands(top * ch, height * ch)
                // Columns wholly free of the floats.
                let left = (band.inset / cw).rounded(.up)
                let right = ((band.inset + band.width) / cw).rounded(.down)
                return LineBand(inset: left, width: max(1, right - left), skip: (band.skip / ch).rounded(.up))
            }
        } else {
            layout = ParagraphLayouter.layout(inCells(input), width: columns, context: context, memo: memo)
        }
        layout.lines = layout.lines.map { $0.scaled(x: cw, y: ch) }
        return layout
    }

    /// A paragraph's min-content and max-content widths in px.
    func intrinsicWidths(_ input: ParagraphInput) -> IntrinsicWidths {
        guard usesCells else { return ParagraphLayouter.intrinsicWidths(input, context: context, memo: memo) }
        var widths = ParagraphLayouter.intrinsicWidths(inCells(input), context: context, memo: memo)
        widths.minContent *= CellMetric.cell.width
        widths.maxContent *= CellMetric.cell.width
        return widths
    }

    /// The input with its px lengths in cells: `text-indent` and atomic inlines' sizes.
    private func inCells(_ input: ParagraphInput) -> ParagraphInput {
        var out = input
        if let px = input.blockStyle.text.indent.fixed {
            out.blockStyle.text.indent = .px((px / CellMetric.cell.width).rounded())
        }
        out.items = input.items.map { item in
            guard case .atomic(let width, let height, let baseline, let style, let id) = item else { return item }
            let rows = max(1, (height / CellMetric.cell.height).rounded())
            return .atomic(width: max(1, (width / CellMetric.cell.width).rounded()), height: rows,
                           baseline: min(rows, max(0, (baseline / CellMetric.cell.height).rounded())), style: style, id: id)
        }
        return out
    }
}

extension LineBox {
    /// The line with every horizontal position multiplied by `x` and vertical one by `y`.
    func scaled(x sx: Double, y sy: Double) -> LineBox {
        var line = self
        line.x *= sx
        line.width *= sx
        line.ascent *= sy
        line.descent *= sy
        line.setting = setting.scaled(sx)
        line.runs = runs.map { $0.scaled(x: sx, y: sy) }
        line.atomics = atomics.map { atomic in
            var atomic = atomic
            atomic.x *= sx
            atomic.y *= sy
            atomic.width *= sx
            atomic.height *= sy
            return atomic
        }
        return line
    }
}
