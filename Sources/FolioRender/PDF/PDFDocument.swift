import CCairo
import FolioImage
import FolioLayout
import FolioText

/// One PDF file of page `Frame`s, drawn by the same painter as PNG pages on Cairo's PDF surface.
///
/// Each page is its frame's size at 96 CSS px to the inch (1 px = 0.75 pt). Text stays text,
/// set in subsets of the font files layout shaped with, which Cairo embeds; images are
/// embedded as decoded at `dpr` device pixels per CSS px; links become link annotations (to a
/// URL, or to a named destination this document gives each page's chapter and anchors).
///
/// Deterministic: the creation and modification dates are the ones given (Cairo would write
/// the current time), and nothing else in the file depends on time or machine, so the same
/// pages and metadata give byte-identical files. Not for use from several threads.
/// https://cairographics.org/manual/cairo-PDF-Surfaces.html
public final class PDFDocument {
    /// The document information dictionary's entries.
    public struct Info: Sendable {
        public var title: String?
        public var author: String?
        /// ISO 8601 (`2011-09-08T12:00:00Z`), as `dcterms:modified` gives it; written as both
        /// the creation and the modification date.
        public var date: String

        public init(title: String?, author: String?, date: String) {
            self.title = title
            self.author = author
            self.date = date
        }
    }

    /// PDF points per CSS px.
    public static let pointsPerPixel = 0.75

    private let surface: OpaquePointer
    private let painter: FramePainter
    /// The PDF name of each destination (`path`, `path#id`): `d1`, `d2`… in order of first
    /// use. Cairo 1.16 writes destination names into the file unescaped, so text from the
    /// book (ids, paths with parentheses or backslashes) never becomes one.
    private var destinationNames: [String: String] = [:]
    /// Pages added so far.
    public private(set) var pageCount = 0

    /// Starts a PDF file at `path` (it is written as pages are added, and complete after `finish`).
    /// - Parameters:
    ///   - dpr: device pixels per CSS px that images are decoded at.
    ///   - fonts: the fonts the alt text of missing images is set in (the pinned defaults when nil).
    ///   - images: decodes a book image at the device-pixel size it will be drawn at.
    public init(path: String, info: Info, dpr: Double, fonts: FontContext? = nil,
                images: @escaping @Sendable (_ path: String, _ width: Int, _ height: Int) -> Bitmap?) throws(PDFError) {
        // The size is each page's, set as it is added.
        guard let surface = cairo_pdf_surface_create(path, 1, 1) else { throw PDFError.cairo("out of memory") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw PDFError.cairo(String(cString: cairo_status_to_string(status)))
        }
        self.surface = surface
        painter = FramePainter(dpr: dpr, fonts: fonts, images: images)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Folio")
        if let title = info.title { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title) }
        if let author = info.author { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, author) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, info.date)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, info.date)
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Adds a page drawn from `frame`.
    /// - Parameters:
    ///   - label: the page label viewers show (the book's page number).
    ///   - destinations: names links can lead to on this page: the chapter's path on its first
    ///     page, `path#id` for each element id that starts on it.
    ///   - bookmark: an entry of the document outline leading to this page (a chapter's title).
    ///   - destination: the destination a link inside the book leads to (its href, or another
    ///     name for it), nil to leave the link out (its target is not in the document).
    public func addPage(_ frame: Frame, label: String? = nil, destinations: [String] = [], bookmark: String? = nil,
                        destination: (String) -> String? = { $0 }) {
        let scale = Self.pointsPerPixel
        cairo_pdf_surface_set_size(surface, max(1, frame.width * scale), max(1, frame.height * scale))
        if let label { cairo_pdf_surface_set_page_label(surface, label) }
        guard let canvas = CairoCanvas(surface: surface, scale: scale) else { return }
        pageCount += 1
        painter.paint(frame, on: canvas)
        let cr = canvas.context
        // Tags in points from the page's top-left corner: Cairo 1.16 takes a link's rect in
        // device space whatever the context's scale (later versions apply the scale).
        cairo_identity_matrix(cr)
        for name in destinations {
            // Named, not `internal`: a link met before its destination's page resolves by name.
            cairo_tag_begin(cr, CAIRO_TAG_DEST, "name=\(Self.quoted(destinationName(name))) x=0 y=0")
            cairo_tag_end(cr, CAIRO_TAG_DEST)
        }
        for item in frame.items {
            guard case .link(let rect, let href) = item, rect.width > 0, rect.height > 0 else { continue }
            let target: String
            if CellRenderer.isExternal(href) {
                guard let uri = Self.linkURI(href) else { continue }
                target = "uri=\(Self.quoted(uri))"
            } else if let name = destination(href) {
                target = "dest=\(Self.quoted(destinationName(name)))"
            } else {
                continue
            }
            // Fixed-point numbers: Cairo's attribute parser stops at an exponent ("7.5e-06"),
            // and the error it then keeps on the surface loses every later page.
            let values = [rect.x, rect.y, rect.width, rect.height].map { $0 * scale }
            guard values.allSatisfy({ $0.isFinite && abs($0) < 1e7 }) else { continue }
            let area = values.map { String(printf: "%.3f", $0) }.joined(separator: " ")
            cairo_tag_begin(cr, CAIRO_TAG_LINK, "\(target) rect=[\(area)]")
            cairo_tag_end(cr, CAIRO_TAG_LINK)
        }
        if let bookmark {
            _ = cairo_pdf_surface_add_outline(surface, 0 /* CAIRO_PDF_OUTLINE_ROOT */, bookmark, "page=\(pageCount)", CAIRO_PDF_OUTLINE_FLAG_OPEN)
        }
        cairo_show_page(cr)
    }

    /// Writes the rest of the file (fonts, outline, trailer) and closes it.
    public func finish() throws(PDFError) {
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw PDFError.cairo(String(cString: cairo_status_to_string(status))) }
    }

    /// The PDF name standing for a destination of the book.
    private func destinationName(_ destination: String) -> String {
        if let known = destinationNames[destination] { return known }
        let name = "d\(destinationNames.count + 1)"
        destinationNames[destination] = name
        return name
    }

    /// The URI a link annotation may carry: http, https and mailto only (a `javascript:` or
    /// `file:` link in a book is not followed from its PDF), with every byte that is not
    /// printable ASCII, and the PDF string delimiters `(`, `)` and `\`, percent-encoded —
    /// Cairo 1.16 writes the URI into the file unescaped.
    static func linkURI(_ href: String) -> String? {
        guard let colon = href.firstIndex(of: ":"),
              ["http", "https", "mailto"].contains(href[..<colon].lowercased()) else { return nil }
        var out = ""
        for byte in href.utf8 {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "("), byte != UInt8(ascii: ")"), byte != UInt8(ascii: "\\") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += String(printf: "%%%02X", UInt32(byte))
            }
        }
        return out
    }

    /// A string attribute value for `cairo_tag_begin`: in single quotes, with quotes and
    /// backslashes escaped.
    static func quoted(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("'")
        for scalar in value.unicodeScalars {
            if scalar == "\\" || scalar == "'" { out.append("\\") }
            out.append(scalar)
        }
        out.append("'")
        return String(out)
    }
}

/// Why a PDF could not be written: Cairo's status, in its words.
public enum PDFError: Error, CustomStringConvertible {
    case cairo(String)

    public var description: String {
        switch self {
        case .cairo(let message): message
        }
    }
}
