import FolioCore
import CCairo
import CFreeType
import FolioText
import FoundationEssentials
import Glibc

/// Cairo font faces for the `FontFace`s a renderer meets, made once per face and shared by
/// every page it draws. Safe to use from several threads.
///
/// Cairo gets FreeType faces of its own, opened from the face's bytes: HarfBuzz shapes with
/// the `FontFace`, and a FreeType face shared with Cairo would be resized under it
/// (../shared/C-LIBRARIES.md, pitfall 3). Glyphs load unhinted, as layout measured them.
final class CairoFontCache: @unchecked Sendable {
    private let lock = Lock()
    private var library: FreeTypeLibrary?
    private var libraryFailed = false
    /// By face identity; the entry holds the `FontFace` so its identity cannot be reused.
    private var faces: [ObjectIdentifier: (face: FontFace, cairo: OpaquePointer?)] = [:]

    deinit {
        for entry in faces.values where entry.cairo != nil {
            cairo_font_face_destroy(entry.cairo)
        }
    }

    /// The Cairo font face for `face` (a `cairo_font_face_t`, owned by the cache), or nil
    /// when FreeType cannot open its bytes.
    func cairoFace(for face: FontFace) -> OpaquePointer? {
        lock.lock()
        defer { lock.unlock() }
        if let entry = faces[ObjectIdentifier(face)] { return entry.cairo }
        let made = make(face)
        faces[ObjectIdentifier(face)] = (face, made)
        return made
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
