import CCairo
import CLibXML2
import CRsvg

/// One SVG document loaded by librsvg; owns the `RsvgHandle`.
///
/// Loaded from memory with no base URL, so librsvg resolves no reference to a file or the network
/// (`<image>`, `xi:include`, `<use>`, stylesheets): its URL resolver allows only `data:` URLs
/// without a base. The XML parser keeps libxml2's safety limits (no `RSVG_HANDLE_FLAG_UNLIMITED`).
final class SVGDocument {
    private let handle: OpaquePointer

    /// Parses the document; throws librsvg's message when it is not SVG it can load.
    init(_ bytes: [UInt8]) throws(ImageError) {
        // librsvg parses with libxml2, whose generic error handler (per thread) prints to stderr:
        // libraries never print.
        folio_silenceGenericErrors()
        var message: UnsafeMutablePointer<CChar>?
        let handle = bytes.withUnsafeBufferPointer { folio_rsvg_new_from_data($0.baseAddress, $0.count, &message) }
        guard let handle else { throw .corrupt("SVG: " + Self.consume(message)) }
        self.handle = handle
        folio_rsvg_set_dpi(handle, 96)  // CSS px: 96 per inch
    }

    deinit { folio_rsvg_free(handle) }

    /// The intrinsic size in CSS px: `width` and `height` when both are lengths; one of them and
    /// the `viewBox` ratio; the `viewBox` size when neither is given (percentages count as not
    /// given); else CSS's default object size, 300 × 150.
    /// https://www.w3.org/TR/SVG2/coords.html#SizingSVGInCSS, https://www.w3.org/TR/css-images-3/#default-object-size
    var intrinsicSize: (width: Double, height: Double) {
        var hasWidth: Int32 = 0, hasHeight: Int32 = 0, hasViewBox: Int32 = 0
        var width = FolioRsvgLength(), height = FolioRsvgLength(), viewBox = FolioRsvgRectangle()
        folio_rsvg_intrinsic_dimensions(handle, &hasWidth, &width, &hasHeight, &height, &hasViewBox, &viewBox)
        var w = hasWidth != 0 ? Self.pixels(width) : nil
        var h = hasHeight != 0 ? Self.pixels(height) : nil
        if w != nil, h != nil {
            // librsvg resolves em and ex against the root's computed font size.
            var pw = 0.0, ph = 0.0
            if folio_rsvg_intrinsic_size_in_pixels(handle, &pw, &ph) != 0, pw.isFinite, ph.isFinite { (w, h) = (pw, ph) }
        }
        return Self.intrinsicSize(width: w, height: h, viewBox: hasViewBox != 0 ? (viewBox.width, viewBox.height) : nil)
    }

    /// The intrinsic size from the root's width and height in px (nil: not given) and its
    /// `viewBox` size, as `intrinsicSize` describes.
    static func intrinsicSize(width w: Double?, height h: Double?,
                              viewBox: (width: Double, height: Double)?) -> (width: Double, height: Double) {
        let box = viewBox.flatMap { $0.width > 0 && $0.height > 0 && $0.width.isFinite && $0.height.isFinite ? $0 : nil }
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
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw .tooLarge(width: width, height: height, limit: nil) }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        var viewport = FolioRsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        var message: UnsafeMutablePointer<CChar>?
        let rendered = CairoTextLock.alone { folio_rsvg_render_document(handle, context, &viewport, &message) }
        guard rendered != 0 else {
            throw .corrupt("SVG: " + Self.consume(message))
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { throw .corrupt("SVG: no pixels") }
        return Bitmap(width: width, height: height, stride: stride, pixels: Array(UnsafeBufferPointer(start: data, count: stride * height)))
    }

    /// A length in CSS px; nil for percentages (which need a viewport) and for nonsense values.
    private static func pixels(_ length: FolioRsvgLength) -> Double? {
        let perUnit: Double
        switch Int(length.unit) {
        case FOLIO_RSVG_UNIT_PX: perUnit = 1
        case FOLIO_RSVG_UNIT_IN: perUnit = 96
        case FOLIO_RSVG_UNIT_CM: perUnit = 96 / 2.54
        case FOLIO_RSVG_UNIT_MM: perUnit = 96 / 25.4
        case FOLIO_RSVG_UNIT_PT: perUnit = 96 / 72
        case FOLIO_RSVG_UNIT_PC: perUnit = 16
        case FOLIO_RSVG_UNIT_EM: perUnit = 16  // the initial font size
        case FOLIO_RSVG_UNIT_EX: perUnit = 8
        default: return nil
        }
        let value = length.length * perUnit
        return value.isFinite && value >= 0 ? value : nil
    }

    /// librsvg's message, freeing it.
    private static func consume(_ message: UnsafeMutablePointer<CChar>?) -> String {
        guard let message else { return "unknown error" }
        defer { free(message) }
        return String(cString: message)
    }
}
