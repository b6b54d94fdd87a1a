import CFreeType

/// Turns a WOFF or WOFF2 file into the plain OpenType (sfnt) file it wraps.
///
/// HarfBuzz reads only sfnt; FreeType reads WOFF (zlib) and WOFF2 (Brotli, when built with it,
/// as Debian's is) by decompressing the whole font into an in-memory sfnt stream when it opens
/// the face. Asking FreeType for "table" 0 returns that stream: the font file as FreeType sees
/// it, which for a web font is the reconstructed sfnt.
/// Each call makes and frees its own `FT_Library` (a library is not shared between threads
/// without a lock), so calls may run on several threads at once.
/// https://www.w3.org/TR/WOFF/ · https://www.w3.org/TR/WOFF2/ · FreeType `FT_Load_Sfnt_Table`
enum WebFontDecoder {
    enum Format: Equatable { case sfnt, woff, woff2 }

    static func format(of data: [UInt8]) -> Format {
        guard data.count >= 4 else { return .sfnt }
        switch (data[0], data[1], data[2], data[3]) {
        case (0x77, 0x4F, 0x46, 0x46): return .woff   // "wOFF"
        case (0x77, 0x4F, 0x46, 0x32): return .woff2  // "wOF2"
        default: return .sfnt
        }
    }

    /// The sfnt bytes of a WOFF/WOFF2 file; `data` itself when it is not a web font;
    /// nil when FreeType cannot decode it.
    static func sfnt(from data: [UInt8], index: Int = 0) -> [UInt8]? {
        guard format(of: data) != .sfnt else { return data }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        // FT_New_Memory_Face does not copy `data`: the face is opened, read and closed while
        // the buffer pointer is valid, inside the closure.
        return data.withUnsafeBufferPointer { buffer -> [UInt8]? in
            var ftFace: FT_Face?
            guard FT_New_Memory_Face(library, buffer.baseAddress, FT_Long(buffer.count), FT_Long(index), &ftFace) == 0,
                  let face = ftFace else { return nil }
            defer { FT_Done_Face(face) }
            var length: FT_ULong = 0
            guard FT_Load_Sfnt_Table(face, 0, 0, nil, &length) == 0, length > 12, length < 64 << 20 else { return nil }
            var out = [UInt8](filled: 0, count: Int(length))
            let loaded = out.withUnsafeMutableBufferPointer { FT_Load_Sfnt_Table(face, 0, 0, $0.baseAddress, &length) }
            guard loaded == 0, format(of: out) == .sfnt else { return nil }
            return out
        }
    }
}
