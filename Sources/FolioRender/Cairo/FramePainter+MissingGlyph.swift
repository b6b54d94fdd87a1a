import CCairo
import FolioLayout
import FolioStyle
import FolioText

extension FramePainter {
    /// Below this font size (CSS px) a missing-glyph box is empty; from it on the box holds
    /// the character's code point in hex, as two rows of digits.
    static let missingGlyphHexSize = 24.0

    /// Draws the box that stands for a character no face has: an outline from the baseline to
    /// the x-height's top plus a bit, across the glyph's advance (at least half an em), with
    /// the code point inside at large sizes, drawn with the run's face when it has the digits.
    func drawMissingGlyph(_ glyph: PositionedGlyph, of run: PositionedRun, at pen: Point, on canvas: CairoCanvas) {
        let cr = canvas.context
        let width = max(glyph.advance, run.size * 0.5) * 0.84
        let height = run.size * 0.72
        let line = max(0.5, run.size / 20)
        let box = Rect(x: pen.x + (max(glyph.advance, run.size * 0.5) - width) / 2 + line / 2, y: pen.y - height + line / 2,
                       width: width - line, height: height - line)
        canvas.saved {
            canvas.setColor(run.color)
            cairo_set_line_width(cr, line)
            cairo_rectangle(cr, box.x, box.y, box.width, box.height)
            cairo_stroke(cr)
        }
        guard run.size >= Self.missingGlyphHexSize else { return }
        let hex = String(glyph.missing, radix: 16, uppercase: true)
        let digits = Array(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)
        let ids = digits.compactMap { $0.unicodeScalars.first.flatMap(run.face.glyph(for:)) }
        guard ids.count == digits.count else { return }
        // Two rows: 2 + 2 digits, 3 + 2, 3 + 3.
        let columns = (digits.count + 1) / 2
        let size = min((box.width - 2 * line) / (Double(columns) * 0.62), (box.height - 2 * line) / 2.3)
        guard size > 0 else { return }
        let cell = size * 0.62
        var placed: [cairo_glyph_t] = []
        for (k, id) in ids.enumerated() {
            let row = k < columns ? 0 : 1
            let column = row == 0 ? k : k - columns
            let x = box.x + (box.width - Double(columns) * cell) / 2 + Double(column) * cell
            let y = box.y + box.height / 2 + (row == 0 ? -size * 0.12 : size * 0.95)
            placed.append(cairo_glyph_t(index: UInt(id), x: x, y: y))
        }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, size, size)
        fonts.drawing(run.face, matrix: matrix, on: canvas) {
            canvas.setColor(run.color)
            placed.withUnsafeBufferPointer { cairo_show_glyphs(cr, $0.baseAddress, Int32($0.count)) }
        }
    }
}
