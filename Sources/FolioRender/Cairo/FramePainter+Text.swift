import CCairo
import FolioLayout
import FolioStyle
import FolioText

extension FramePainter {
    /// The slant of synthesized italics: x moves right by 0.2 em per em up.
    static let syntheticSlant = 0.2
    /// How much synthesized bold thickens strokes, in em: FreeType's `FT_GlyphSlot_Embolden`
    /// widens outlines by 1/24 em, which a stroke of that width around the outline matches.
    static let syntheticBoldStroke = 1.0 / 24

    /// Draws one run: underlines and overlines below the glyphs, line-through above them
    /// (CSS Text Decoration 3 §2.1, painting order).
    /// https://www.w3.org/TR/css-text-decor-3/#painting-order
    func drawText(_ run: PositionedRun, at origin: Point, on canvas: CairoCanvas) {
        let baseline = origin.y + run.baseline
        for decoration in run.decorations where decoration.kind != .lineThrough {
            drawDecoration(decoration, of: run, at: origin, baseline: baseline, on: canvas)
        }
        drawGlyphs(run, at: origin, baseline: baseline, on: canvas)
        for decoration in run.decorations where decoration.kind == .lineThrough {
            drawDecoration(decoration, of: run, at: origin, baseline: baseline, on: canvas)
        }
    }

    private func drawDecoration(_ decoration: TextDecoration, of run: PositionedRun, at origin: Point, baseline: Double, on canvas: CairoCanvas) {
        let top = baseline + decoration.offset - decoration.thickness / 2
        canvas.fill(Rect(x: origin.x + run.x, y: top, width: run.width, height: decoration.thickness), decoration.color)
    }

    private func drawGlyphs(_ run: PositionedRun, at origin: Point, baseline: Double, on canvas: CairoCanvas) {
        guard !run.glyphs.isEmpty, run.size > 0, run.color.alpha > 0 else { return }
        let cr = canvas.context
        let glyphs = run.glyphs.compactMap { glyph in
            glyph.missing != 0 ? nil : cairo_glyph_t(index: UInt(glyph.id), x: origin.x + glyph.x, y: baseline + glyph.y)
        }
        // Text space to user space: y grows down in both, so "up" is -y and a slant to the
        // right moves x by -slant × y.
        let slant = run.synthesizeItalic ? -Self.syntheticSlant * run.size : 0
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, run.size, 0, slant, run.size, 0, 0)
        fonts.drawing(run.face, matrix: matrix, on: canvas) {
            if run.hasMissingGlyphs {
                for glyph in run.glyphs where glyph.missing != 0 {
                    drawMissingGlyph(glyph, of: run, at: Point(x: origin.x + glyph.x, y: baseline), on: canvas)
                }
            }
            canvas.setColor(run.color)
            glyphs.withUnsafeBufferPointer { buffer in
                if run.synthesizeBold {
                    // Thicken through the outline: fill it and stroke it, so that the advances
                    // layout measured stay as they are.
                    cairo_glyph_path(cr, buffer.baseAddress, Int32(buffer.count))
                    cairo_set_line_width(cr, run.size * Self.syntheticBoldStroke)
                    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                    cairo_fill_preserve(cr)
                    cairo_stroke(cr)
                } else {
                    cairo_show_glyphs(cr, buffer.baseAddress, Int32(buffer.count))
                }
            }
        }
    }
}
