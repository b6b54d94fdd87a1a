import CCairo
import FolioImage
import FolioLayout
import FolioStyle

/// A Cairo drawing context on a surface (an image surface for PNG pages, a PDF surface's
/// current page), in CSS px: the context's scale turns them into device pixels or points.
/// Owns the context and a reference to the surface; the rest of the renderer draws through it.
final class CairoCanvas {
    let surface: OpaquePointer
    let context: OpaquePointer

    /// A transparent ARGB32 image surface of `width` × `height` device pixels, scaled by
    /// `scale`; nil when Cairo cannot allocate it.
    convenience init?(width: Int, height: Int, scale: Double) {
        guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            return nil
        }
        // The canvas takes a reference of its own.
        defer { cairo_surface_destroy(surface) }
        self.init(surface: surface, scale: scale)
    }

    /// A context drawing on `surface`, scaled by `scale`; nil when the surface or the context
    /// is in an error state.
    init?(surface: OpaquePointer, scale: Double) {
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else { return nil }
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            return nil
        }
        self.surface = cairo_surface_reference(surface)
        self.context = context
        cairo_scale(context, scale, scale)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    func setColor(_ color: RGBA) {
        cairo_set_source_rgba(context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, color.alpha)
    }

    func fill(_ rect: Rect, _ color: RGBA) {
        guard rect.width > 0, rect.height > 0, color.alpha > 0 else { return }
        setColor(color)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(context)
    }

    /// Paints the whole surface (within the clip) in `color`: a page's background.
    func paint(_ color: RGBA) {
        guard color.alpha > 0 else { return }
        setColor(color)
        cairo_paint(context)
    }

    /// Runs `body` between `cairo_save` and `cairo_restore`.
    func saved(_ body: () -> Void) {
        cairo_save(context)
        body()
        cairo_restore(context)
    }

    /// An image surface's pixels (flushed), row by row at Cairo's stride; no pixels for any
    /// other surface.
    func bitmap() -> Bitmap {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            return Bitmap(width: width, height: height, stride: stride, pixels: [])
        }
        let pixels = Array(UnsafeBufferPointer(start: data, count: stride * height))
        return Bitmap(width: width, height: height, stride: stride, pixels: pixels)
    }
}

extension CairoCanvas {
    /// A Cairo image surface holding a copy of `bitmap` (copied row by row, since Cairo
    /// wants its own stride), or nil when the bitmap is malformed.
    static func surface(from bitmap: Bitmap) -> OpaquePointer? {
        guard bitmap.width > 0, bitmap.height > 0, bitmap.stride >= bitmap.width * 4,
              bitmap.pixels.count >= bitmap.stride * (bitmap.height - 1) + bitmap.width * 4,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bitmap.width), Int32(bitmap.height)) else {
            return nil
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        bitmap.pixels.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<bitmap.height {
                (data + row * stride).update(from: base + row * bitmap.stride, count: bitmap.width * 4)
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
