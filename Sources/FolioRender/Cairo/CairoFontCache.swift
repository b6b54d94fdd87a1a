import FolioCore
import FolioImage
import CCairo
import CFreeType
import FolioText
import FoundationEssentials
import Glibc

/// Cairo font faces for the `FontFace`s a renderer meets, made once per face and shared by
/// every page it draws, and the text drawing that uses them. Safe to use from several threads.
///
/// Cairo gets FreeType faces of its own, opened from the face's bytes: HarfBuzz shapes with
/// the `FontFace`, and a FreeType face shared with Cairo would be resized under it
/// (../shared/C-LIBRARIES.md, pitfall 3). Glyphs load unhinted, as layout measured them.
///
/// **Scaled fonts are never let go while pages are drawn.** Cairo 1.16 (Debian 12) drops a
/// scaled font's last reference before it takes its font map's lock, so another thread can
/// find the font in the map, take it up again and start drawing with it while the first one
/// frees it: the process aborts (`cairo_scaled_font_destroy: Assertion
/// '! scaled_font->cache_frozen' failed`) or uses freed memory. Cairo fixed this in 1.17.4
/// (commit a67735010, "fix double free and failed assertions in cairo_scaled_font_destroy").
/// The cache therefore keeps a reference of its own to every scaled font it draws with, so no
/// count reaches zero while the faces can be looked up. The references are dropped with the
/// faces they were made from, once those faces can no longer be found: when the cache goes,
/// or when a generation of faces is retired (below) and its last drawing has ended.
///
/// A generation holds at most `scaledFontsPerGeneration` scaled fonts (each keeps FreeType
/// sizes and glyph tables, about 15 KB): a book that sets text at thousands of sizes makes new
/// faces for the next ones instead of growing without bound.
final class CairoFontCache: @unchecked Sendable {
    static let scaledFontsPerGeneration = 1024

    /// Faces opened together, and the scaled fonts drawn with them.
    private final class Generation {
        /// By face identity; the entry holds the `FontFace` so its identity cannot be reused.
        var faces: [ObjectIdentifier: (face: FontFace, cairo: OpaquePointer?)] = [:]
        /// A reference to each `cairo_scaled_font_t` drawn with these faces.
        var scaledFonts: Set<UnsafeMutableRawPointer> = []
        /// Drawings under way with these faces.
        var drawing = 0
        var retired = false

        /// Drops the references; called when no drawing can reach these faces any more.
        func release() {
            for font in scaledFonts {
                cairo_scaled_font_destroy(OpaquePointer(font))
            }
            for entry in faces.values where entry.cairo != nil {
                cairo_font_face_destroy(entry.cairo)
            }
            scaledFonts = []
            faces = [:]
        }
    }

    private let lock = Lock()
    private var library: FreeTypeLibrary?
    private var libraryFailed = false
    private var current = Generation()
    /// Retired generations with drawings still under way.
    private var retiring: [Generation] = []
    private let limit: Int

    init(scaledFontsPerGeneration: Int = CairoFontCache.scaledFontsPerGeneration) {
        limit = max(1, scaledFontsPerGeneration)
    }

    deinit {
        current.release()
        for generation in retiring { generation.release() }
    }

    /// Draws with `face` at `matrix` (text space to user space) on `canvas`: `body` runs within
    /// a saved state whose font is set, with the fixed font options; false, and no drawing,
    /// when FreeType cannot open the face.
    @discardableResult
    func drawing(_ face: FontFace, matrix: cairo_matrix_t, on canvas: CairoCanvas, _ body: () -> Void) -> Bool {
        let (generation, cairoFace) = enter(face)
        defer { leave(generation) }
        guard let cairoFace else { return false }
        let cr = canvas.context
        CairoTextLock.sharing {
            canvas.saved {
                cairo_set_font_face(cr, cairoFace)
                var matrix = matrix
                cairo_set_font_matrix(cr, &matrix)
                Self.withFontOptions { cairo_set_font_options(cr, $0) }
                // The context's scaled font, made now, is the one the drawing uses.
                keep(cairo_get_scaled_font(cr), in: generation)
                body()
            }
        }
        return true
    }

    /// The fixed font options that make text pixels the same on every machine: greyscale
    /// antialiasing, no hinting of outlines or of metrics (layout shaped unhinted).
    static func withFontOptions(_ body: (OpaquePointer) -> Void) {
        guard let options = cairo_font_options_create() else { return }
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        body(options)
    }

    /// How many scaled fonts the current generation keeps, and how many generations were
    /// retired; for tests.
    var counts: (scaledFonts: Int, retired: Int) {
        lock.withLock { (current.scaledFonts.count, retiredCount) }
    }
    private var retiredCount = 0

    /// The `cairo_scaled_font_t`s the current generation keeps; for tests.
    var keptScaledFonts: [UnsafeMutableRawPointer] {
        lock.withLock { Array(current.scaledFonts) }
    }

    private func enter(_ face: FontFace) -> (Generation, OpaquePointer?) {
        lock.lock()
        defer { lock.unlock() }
        let generation = current
        generation.drawing += 1
        if let entry = generation.faces[ObjectIdentifier(face)] { return (generation, entry.cairo) }
        let made = make(face)
        generation.faces[ObjectIdentifier(face)] = (face, made)
        return (generation, made)
    }

    private func keep(_ scaledFont: OpaquePointer?, in generation: Generation) {
        guard let scaledFont, cairo_scaled_font_status(scaledFont) == CAIRO_STATUS_SUCCESS else { return }
        lock.lock()
        defer { lock.unlock() }
        guard generation.scaledFonts.insert(UnsafeMutableRawPointer(scaledFont)).inserted else { return }
        cairo_scaled_font_reference(scaledFont)
        if generation === current, generation.scaledFonts.count >= limit {
            // Later drawings open new faces; this generation goes when its drawings end.
            generation.retired = true
            retiring.append(generation)
            retiredCount += 1
            current = Generation()
        }
    }

    private func leave(_ generation: Generation) {
        lock.lock()
        generation.drawing -= 1
        let done = generation.retired && generation.drawing == 0
        if done { retiring.removeAll { $0 === generation } }
        lock.unlock()
        // No drawing can find these faces now, so no scaled font of theirs can be taken up
        // again while its last reference goes.
        if done { generation.release() }
    }

    private func make(_ face: FontFace) -> OpaquePointer? {
        if library == nil, !libraryFailed {
            library = FreeTypeLibrary()
            libraryFailed = library == nil
        }
        guard let library, let owner = FreeTypeFace(library: library, face: face) else { return nil }
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(owner.face, Int32(FT_LOAD_NO_HINTING)) else { return nil }
        // Cairo may keep the face in its caches after we let it go: it frees the FreeType face
        // (and, through the owner, the bytes and the library) when it drops the last reference.
        let retained = Unmanaged.passRetained(owner).toOpaque()
        let status = cairo_font_face_set_user_data(cairoFace, freeTypeFaceKey, retained) { pointer in
            guard let pointer else { return }
            Unmanaged<FreeTypeFace>.fromOpaque(pointer).release()
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            Unmanaged<FreeTypeFace>.fromOpaque(retained).release()
            cairo_font_face_destroy(cairoFace)
            return nil
        }
        return cairoFace
    }
}

/// The key under which a Cairo font face keeps its FreeType face owner.
nonisolated(unsafe) private let freeTypeFaceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// A FreeType library of one renderer. Opening and closing faces must not run concurrently
/// on one library, so both take its lock; glyph loading on distinct faces needs none.
/// https://freetype.org/freetype2/docs/reference/ft2-library_setup.html#ft_library
final class FreeTypeLibrary: @unchecked Sendable {
    let handle: FT_Library
    let lock = Lock()

    init?() {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        handle = library
    }

    deinit {
        FT_Done_FreeType(handle)
    }
}

/// A FreeType face opened on a `FontFace`'s bytes, which FreeType reads in place: the face
/// holds them for as long as it lives.
final class FreeTypeFace: @unchecked Sendable {
    let library: FreeTypeLibrary
    let face: FT_Face
    private let bytes: FontBytes

    init?(library: FreeTypeLibrary, face source: FontFace) {
        let bytes = source.bytes
        guard !bytes.buffer.isEmpty else { return nil }
        library.lock.lock()
        defer { library.lock.unlock() }
        let index = Self.faceIndex(of: source, in: bytes.buffer, library: library.handle)
        var opened: FT_Face?
        guard FT_New_Memory_Face(library.handle, bytes.buffer.baseAddress, FT_Long(bytes.buffer.count), FT_Long(index), &opened) == 0,
              let opened else {
            return nil
        }
        self.library = library
        self.face = opened
        self.bytes = bytes
    }

    deinit {
        library.lock.lock()
        FT_Done_Face(face)
        library.lock.unlock()
    }

    /// The index of `source` in a font collection (`FontFace` keeps a collection's bytes whole
    /// but not which face it loaded): the face with its family and style names; 0 for a
    /// single font or when none matches.
    private static func faceIndex(of source: FontFace, in bytes: UnsafeBufferPointer<UInt8>, library: FT_Library) -> Int {
        guard bytes.count > 4, Array(bytes[0..<4]) == Array("ttcf".utf8) else { return 0 }
        var probe: FT_Face?
        guard FT_New_Memory_Face(library, bytes.baseAddress, FT_Long(bytes.count), -1, &probe) == 0, let probe else { return 0 }
        let count = Int(probe.pointee.num_faces)
        FT_Done_Face(probe)
        for index in 0..<min(count, 64) {
            var candidate: FT_Face?
            guard FT_New_Memory_Face(library, bytes.baseAddress, FT_Long(bytes.count), FT_Long(index), &candidate) == 0,
                  let candidate else { continue }
            defer { FT_Done_Face(candidate) }
            let family = candidate.pointee.family_name.map { String(cString: $0) }
            let style = candidate.pointee.style_name.map { String(cString: $0) } ?? ""
            if family == source.family, style == source.styleName { return index }
        }
        return 0
    }
}
