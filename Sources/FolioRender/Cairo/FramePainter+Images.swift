import CCairo
import FolioLayout
import FolioStyle

extension FramePainter {
    static let placeholderFrame = RGBA(red: 0x99, green: 0x99, blue: 0x99)
    static let placeholderPadding = 4.0

    /// Draws a book image scaled into its rectangle, asked for at the rectangle's size in
    /// device pixels; a framed placeholder with the alt text when it cannot be decoded.
    func drawImage(_ image: ImageItem, on canvas: CairoCanvas) {
        let rect = image.rect
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return }
        guard let path = image.path,
              let bitmap = images(path, deviceSize(rect.width), deviceSize(rect.height)),
              let surface = CairoCanvas.surface(from: bitmap) else {
            return drawPlaceholder(image, on: canvas)
        }
        defer { cairo_surface_destroy(surface) }
        let cr = canvas.context
        canvas.saved {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(cr)
            cairo_translate(cr, rect.x, rect.y)
            cairo_scale(cr, rect.width / Double(bitmap.width), rect.height / Double(bitmap.height))
            cairo_set_source_surface(cr, surface, 0, 0)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            // Edge pixels repeat outwards, so scaling does not fade the image's border.
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_paint(cr)
        }
    }

    /// A one-pixel grey frame with the alt text centred in it, clipped to the rectangle.
    private func drawPlaceholder(_ image: ImageItem, on canvas: CairoCanvas) {
        let rect = image.rect
        let cr = canvas.context
        let hairline = 1 / dpr
        canvas.saved {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(cr)
            canvas.setColor(Self.placeholderFrame)
            cairo_set_line_width(cr, hairline)
            cairo_rectangle(cr, rect.x + hairline / 2, rect.y + hairline / 2, rect.width - hairline, rect.height - hairline)
            cairo_stroke(cr)

            let padding = Self.placeholderPadding
            let lines = placeholderText.lines(image.alt, width: rect.width - 2 * padding)
            let height = lines.reduce(0) { $0 + $1.height }
            // Centred vertically when it fits, else from the top (the rest is clipped).
            var top = rect.y + max(padding, (rect.height - height) / 2)
            for line in lines {
                guard top < rect.maxY else { break }
                for run in line.runs {
                    drawText(run, at: Point(x: rect.x + padding, y: top), on: canvas)
                }
                top += line.height
            }
        }
    }
}
