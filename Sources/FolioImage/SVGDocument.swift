import CLibXML2
import CRsvg

/// One SVG document loaded by librsvg; owns the `RsvgHandle`.
///
/// Loaded from memory with no base URL, so librsvg resolves no reference to a file or the network
/// (`<image>`, `xi:include`, `<use>`, stylesheets): its URL resolver allows only `data:` URLs
/// without a base. The XML parser keeps libxml2's safety limits (no `RSVG_HANDLE_FLAG_UNLIMITED`).
final class SVGDocument {
    private let handle: UnsafeMutablePointer<RsvgHandle>

    /// Parses the document; throws librsvg's message when it is not SVG it can load.
    init(_ bytes: [UInt8]) throws(ImageError) {
        // librsvg parses with libxml2, whose generic error handler (per thread) prints to stderr:
        // libraries never print.
        folio_silenceGenericErrors()
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let handle else { throw .corrupt("SVG: " + Self.consume(error)) }
        self.handle = handle
        rsvg_handle_set_dpi(handle, 96)  // CSS px: 96 per inch
    }

    deinit { g_object_unref(handle) }

    /// The intrinsic size in CSS px: `width` and `height` when both are lengths; one of them and
    /// the `viewBox` ratio; the `viewBox` size when neither is given (percentages count as not
    /// given); else CSS's default object size, 300 × 150.
    /// https://www.w3.org/TR/SVG2/coords.html#SizingSVGInCSS, https://www.w3.org/TR/css-images-3/#default-object-size
    var intrinsicSize: (width: Double, height: Double) {
        var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
        var width = RsvgLength(), height = RsvgLength(), viewBox = RsvgRectangle()
        rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &width, &hasHeight, &height, &hasViewBox, &viewBox)
        var w = hasWidth != 0 ? Self.pixels(width) : nil
        var h = hasHeight != 0 ? Self.pixels(height) : nil
        if w != nil, h != nil {
            // librsvg resolves em and ex against the root's computed font size.
            var pw = 0.0, ph = 0.0
            if rsvg_handle_get_intrinsic_size_in_pixels(handle, &pw, &ph) != 0, pw.isFinite, ph.isFinite { (w, h) = (pw, ph) }
        }
        let box = hasViewBox != 0 && viewBox.width > 0 && viewBox.height > 0 && viewBox.width.isFinite && viewBox.height.isFinite
            ? (width: viewBox.width, height: viewBox.height) : nil
        switch (w, h) {
        case let (w?, h?): return (w, h)
        case let (w?, nil): return (w, box.map { w * $0.height / $0.width } ?? 150)
        case let (nil, h?): return (box.map { h * $0.width / $0.height } ?? 300, h)
        case (nil, nil): return box ?? (300, 150)
        }
    }

    /// Renders the whole document fitted into `width` × `height` (its `preserveAspectRatio` decides
    /// how) on a transparent Cairo image surface.
    func render(width: Int, height: Int) throws(ImageError) -> Bitmap {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw .corrupt("SVG: no surface")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw .tooLarge(width: width, height: height) }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        var error: UnsafeMutablePointer<GError>?
        guard rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else {
            throw .corrupt("SVG: " + Self.consume(error))
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { throw .corrupt("SVG: no pixels") }
        return Bitmap(width: width, height: height, stride: stride, pixels: Array(UnsafeBufferPointer(start: data, count: stride * height)))
    }

    /// A length in CSS px; nil for percentages (which need a viewport) and for nonsense values.
    private static func pixels(_ length: RsvgLength) -> Double? {
        let perUnit: Double
        switch length.unit {
        case RSVG_UNIT_PX: perUnit = 1
        case RSVG_UNIT_IN: perUnit = 96
        case RSVG_UNIT_CM: perUnit = 96 / 2.54
        case RSVG_UNIT_MM: perUnit = 96 / 25.4
        case RSVG_UNIT_PT: perUnit = 96 / 72
        case RSVG_UNIT_PC: perUnit = 16
        case RSVG_UNIT_EM: perUnit = 16  // the initial font size
        case RSVG_UNIT_EX: perUnit = 8
        default: return nil
        }
        let value = length.length * perUnit
        return value.isFinite && value >= 0 ? value : nil
    }

    /// The GError's message, freeing it.
    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
