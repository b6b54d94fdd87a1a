import CFreeType
import CHarfBuzz
import FolioCore
import FolioStyle
import Glibc
import Synchronization

/// One font face loaded from its file's bytes: the HarfBuzz font that shapes with it, and the
/// metrics layout needs, in font units and per em.
///
/// FreeType is used once, while loading, to read names and metrics; shaping and glyph lookups
/// go through HarfBuzz's own OpenType functions, whose fonts are immutable once made, so a
/// face can be shared between threads. Rendering gives Cairo a FreeType face of its own
/// (see ../shared/C-LIBRARIES.md, pitfall 3).
public final class FontFace: @unchecked Sendable {
    /// The family name from the font's name table (or the `@font-face` family it was loaded for).
    public let family: String
    public let styleName: String
    /// OS/2 weight class, 1–1000 (400 regular, 700 bold).
    public let weight: Int
    public let isItalic: Bool
    public let metrics: FontMetrics
    /// The face draws colour glyphs (colour emoji): its spaces and punctuation are emoji-wide.
    public let hasColorGlyphs: Bool
    /// Where the face came from, for messages (a file path or a container path).
    public let source: String
    /// The font file's bytes, read in place by HarfBuzz and by the renderer's FreeType face.
    public let bytes: FontBytes
    /// A copy of the bytes.
    public var data: [UInt8] { Array(bytes.buffer) }
    let hbFont: OpaquePointer
    /// How the face's space glyph takes part in shaping each script, found once each.
    private let spaceLookups = Mutex<[UInt32: SpaceInShaping]>([:])
    /// Which characters below U+0300 the face has, asked of HarfBuzz 64 at a time on first
    /// use: each word 1 bit, in `LatinCoverage.blocks` pairs (asked, has).
    private let latin = Mutex([UInt64](filled: 0, count: 2 * LatinCoverage.blocks))

    /// Loads the face at `index` of a font file (TrueType, OpenType/CFF, a collection, or a
    /// WOFF/WOFF2 web font, which is unwrapped to its sfnt first since HarfBuzz reads only sfnt).
    /// Returns nil when FreeType cannot read it.
    public convenience init?(data: [UInt8], index: Int = 0, source: String, familyOverride: String? = nil) {
        guard !data.isEmpty, data.count < 64 << 20, let data = WebFontDecoder.sfnt(from: data, index: index) else { return nil }
        self.init(bytes: FontBytes(data), index: index, source: source, familyOverride: familyOverride)
    }

    /// Loads the face at `index` of a plain OpenType font file at `path`, mapped rather than
    /// read (see `FontBytes.init(mapping:)`). Nil for a web font: read and unwrap those.
    public convenience init?(mappingFile path: String, index: Int = 0) {
        guard let mapped = FontBytes(mapping: path), WebFontDecoder.format(of: Array(mapped.buffer.prefix(4))) == .sfnt else { return nil }
        self.init(bytes: mapped, index: index, source: path)
    }

    /// Loads the face at `index` of an sfnt font file's bytes.
    init?(bytes: FontBytes, index: Int, source: String, familyOverride: String? = nil) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        var ftFace: FT_Face?
        let loaded = FT_New_Memory_Face(library, bytes.buffer.baseAddress, FT_Long(bytes.buffer.count), FT_Long(index), &ftFace)
        guard loaded == 0, let face = ftFace else { return nil }
        defer { FT_Done_Face(face) }
        // A bitmap-only face (colour emoji in CBDT) has no em size in FreeType's face record:
        // its head table has one, which HarfBuzz scales its advances by.
        let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self)
        let unitsPerEm = face.pointee.units_per_EM > 0 ? Int(face.pointee.units_per_EM) : head.map { Int($0.pointee.Units_Per_EM) } ?? 0
        guard unitsPerEm > 0 else { return nil }

        family = familyOverride ?? face.pointee.family_name.map { String(cString: $0) } ?? "Unknown"
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        isItalic = (face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC)) != 0
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self)
        let bold = (face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD)) != 0
        weight = os2.map { Int($0.pointee.usWeightClass) }.flatMap { (1...1000).contains($0) ? $0 : nil } ?? (bold ? 700 : 400)
        metrics = FontMetrics(face: face, os2: os2, unitsPerEm: unitsPerEm)
        hasColorGlyphs = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        self.source = source
        self.bytes = bytes

        // HarfBuzz reads the same bytes through its own blob, which keeps them alive.
        let owner = Unmanaged.passRetained(bytes).toOpaque()
        let blob = bytes.buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.buffer.count) {
            hb_blob_create($0, UInt32(bytes.buffer.count), HB_MEMORY_MODE_READONLY, owner) { owner in
                if let owner { Unmanaged<FontBytes>.fromOpaque(owner).release() }
            }
        }
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        guard let hbFace, let font = hb_font_create(hbFace) else { return nil }
        hb_face_destroy(hbFace)
        hb_ot_font_set_funcs(font)
        let upem = Int32(metrics.unitsPerEm)
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        hbFont = font
    }

    deinit {
        hb_font_destroy(hbFont)
    }

    /// The face's glyph for the character, nil when it has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 && glyph != 0 ? glyph : nil
    }

    /// How a face's space glyph takes part in shaping a script.
    struct SpaceInShaping {
        /// A lookup matches it.
        var lookups = false
        /// The characters whose glyphs shape otherwise beside it than apart from it.
        var partners: Set<UInt32> = []
    }

    /// True when one of the substitution or positioning lookups the face has for `script`
    /// matches its space glyph, as HarfBuzz collects their glyphs, in its input or its context
    /// (Amiri kerns an Arabic letter after a space; Noto Sans Devanagari moves a sign after
    /// one): then a word shaped alone can differ from the same word in its line. A lookup that
    /// only puts a space glyph out does not count (Noto Sans Myanmar's contextual lookups list
    /// one among what they may substitute): what it makes inside a word is made alike alone or
    /// in the line. Only the lookups of the script HarfBuzz would choose count (its own, else
    /// the default), under any language and feature; found once per face and script. What the
    /// collected glyphs miss — class 0 of a class-based lookup ("every other glyph"), the old
    /// `kern` table — is found by shaping (`spacePartners(for:)`).
    public func spaceTakesPartInShaping(for script: Script) -> Bool {
        spaceInShaping(script).lookups
    }

    /// The characters of `script`, or of none (punctuation, digits, marks), the face has and
    /// whose glyphs shape otherwise beside a space than apart from it: each is shaped between
    /// spaces in one run and alone, and the two compared. Liberation Serif kerns a closing
    /// quotation mark with the space after it (through its old `kern` table, which HarfBuzz
    /// uses for Thai or Hebrew); a mark after a space takes the space as its base; a font may
    /// kern a letter against "every other glyph". A space beside such a character is shaped
    /// with its word. Characters met only in substituted forms (a conjunct, a final form) and
    /// symbols are not tried; the first 4,096 characters are.
    public func spacePartners(for script: Script) -> Set<UInt32> {
        spaceInShaping(script).partners
    }

    private func spaceInShaping(_ script: Script) -> SpaceInShaping {
        spaceLookups.withLock { known in
            if let answer = known[script.raw] { return answer }
            var answer = SpaceInShaping(lookups: lookupsMatchSpace(script.hb))
            if !answer.lookups { answer.partners = charactersShapedWithSpace(script) }
            known[script.raw] = answer
            return answer
        }
    }

    private func lookupsMatchSpace(_ script: hb_script_t) -> Bool {
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hbFont, 0x20, &space) != 0 else { return false }
        let face = hb_font_get_face(hbFont)
        var scriptTags = [hb_tag_t](filled: 0, count: 8)
        var scriptCount = UInt32(scriptTags.count)
        hb_ot_tags_from_script_and_language(script, nil, &scriptCount, &scriptTags, nil, nil)
        scriptCount = min(scriptCount, UInt32(scriptTags.count))
        let lookups = hb_set_create(), glyphs = hb_set_create(), outputs = hb_set_create()
        defer {
            hb_set_destroy(lookups)
            hb_set_destroy(glyphs)
            hb_set_destroy(outputs)
        }
        // Positioning first: kerning is where a space most often takes part.
        for table in ["GPOS", "GSUB"].map(hbTag) {
            var index: UInt32 = 0
            var chosen: hb_tag_t = 0
            // Falls back to the default script as shaping does; chosen stays 0 (none) when the
            // table has no script at all, and then no lookup of it applies.
            hb_ot_layout_table_select_script(face, table, scriptCount, &scriptTags, &index, &chosen)
            guard chosen != 0 else { continue }
            var selected: [hb_tag_t] = [chosen, 0]
            hb_set_clear(lookups)
            hb_ot_layout_collect_lookups(face, table, &selected, nil, nil, lookups)
            var lookup = UInt32.max
            while hb_set_next(lookups, &lookup) != 0 {
                hb_set_clear(glyphs)
                // Before, input and after glyphs gathered in one set; the output apart.
                hb_ot_layout_lookup_collect_glyphs(face, table, lookup, glyphs, glyphs, glyphs, outputs)
                hb_set_clear(outputs)
                if hb_set_has(glyphs, space) != 0 { return true }
            }
        }
        return false
    }

    /// Characters of no script met beside spaces in running text: ASCII and Latin-1
    /// punctuation and digits, general punctuation, combining marks.
    private static func probedNearSpaces(_ value: UInt32) -> Bool {
        switch value {
        case 0x21...0x7E: return !(0x41...0x5A).contains(value) && !(0x61...0x7A).contains(value)
        case 0xA1...0xBF, 0xD7, 0xF7, 0x300...0x36F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x2010...0x205E, 0x20D0...0x20FF,
             0xFE20...0xFE2F:
            return true
        default: return false
        }
    }

    /// Shapes the face's characters of `script` or of none, each between spaces, in one run
    /// (" a b c … "), and each alone; returns those whose glyphs differ, or whose neighbouring
    /// spaces' glyphs do (`spacePartners(for:)`).
    private func charactersShapedWithSpace(_ script: Script) -> Set<UInt32> {
        guard glyph(for: " ") != nil else { return [] }
        let unicodes = hb_set_create()
        defer { hb_set_destroy(unicodes) }
        hb_face_collect_unicodes(hb_font_get_face(hbFont), unicodes)
        let functions = hb_unicode_funcs_get_default()
        var probed: [Unicode.Scalar] = []
        var value = hb_codepoint_t.max
        while probed.count < 4096 && hb_set_next(unicodes, &value) != 0 {
            guard value > 0x20, let scalar = Unicode.Scalar(value) else { continue }
            let of = hb_unicode_script(functions, value)
            if of == script.hb || (of == HB_SCRIPT_COMMON || of == HB_SCRIPT_INHERITED) && Self.probedNearSpaces(value) {
                probed.append(scalar)
            }
        }
        guard !probed.isEmpty else { return [] }
        let direction: Direction = hb_script_get_horizontal_direction(script.hb) == HB_DIRECTION_RTL ? .rtl : .ltr
        let shaper = Shaper()
        func shaped(_ text: [Unicode.Scalar]) -> [ShapedGlyph] {
            shaper.shape(scalars: text, range: 0..<text.count, face: self, size: Double(metrics.unitsPerEm), direction: direction,
                         script: script, language: nil, features: [], smallCaps: false).glyphs
        }
        // The run: a space, then each character and a space; each cluster's glyphs found by
        // where they start in it and how many there are.
        var text: [Unicode.Scalar] = [" "]
        for scalar in probed {
            text.append(scalar)
            text.append(" ")
        }
        let run = shaped(text)
        var start = [Int](filled: 0, count: text.count), count = [Int](filled: 0, count: text.count)
        for (k, glyph) in run.enumerated() where text.indices.contains(glyph.cluster) {
            if count[glyph.cluster] == 0 { start[glyph.cluster] = k }
            count[glyph.cluster] += 1
        }
        func glyphs(at cluster: Int) -> ArraySlice<ShapedGlyph> { run[start[cluster]..<start[cluster] + count[cluster]] }
        let spaceAlone = shaped([" "])
        func same(_ found: ArraySlice<ShapedGlyph>, _ expected: [ShapedGlyph]) -> Bool {
            found.count == expected.count && zip(found, expected).allSatisfy {
                $0.id == $1.id && $0.xAdvance == $1.xAdvance && $0.xOffset == $1.xOffset && $0.yOffset == $1.yOffset
            }
        }
        // Most characters shape alone as their nominal glyph at its advance: that is checked
        // first, and only the others are shaped alone.
        func nominal(_ found: ArraySlice<ShapedGlyph>, _ scalar: Unicode.Scalar) -> Bool {
            guard found.count == 1, let glyph = found.first, glyph.xOffset == 0, glyph.yOffset == 0,
                  let id = self.glyph(for: scalar), id == glyph.id else { return false }
            return glyph.xAdvance == Double(hb_font_get_glyph_h_advance(hbFont, id))
        }
        var partners: Set<UInt32> = []
        for (k, scalar) in probed.enumerated() {
            let at = 1 + 2 * k
            // A cluster merged into its neighbour's (a ligature across the space) has no glyphs.
            let alike = count[at] > 0 && (nominal(glyphs(at: at), scalar) || same(glyphs(at: at), shaped([scalar])))
                && same(glyphs(at: at - 1), spaceAlone) && same(glyphs(at: at + 1), spaceAlone)
            if !alike { partners.insert(scalar.value) }
        }
        return partners
    }

    /// Whether the face has a glyph for a character below U+0300 (`LatinCoverage.limit`),
    /// known once for the face: every paragraph asks this of its characters.
    func hasLatinGlyph(_ scalar: Unicode.Scalar) -> Bool {
        let value = Int(scalar.value)
        guard value < LatinCoverage.limit else { return hasGlyph(scalar) }
        let block = value >> 6, bit = UInt64(1) << UInt64(value & 63)
        return latin.withLock { words in
            if words[2 * block] == 0 {
                var has: UInt64 = 0
                for k in 0..<64 where Unicode.Scalar(UInt32(block << 6 | k)).map(hasGlyph) == true { has |= 1 << UInt64(k) }
                words[2 * block] = ~0
                words[2 * block + 1] = has
            }
            return words[2 * block + 1] & bit != 0
        }
    }

    /// True when the face has a glyph for the character.
    public func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 && glyph != 0
    }
}

/// The characters whose coverage a face keeps (`FontFace.hasLatinGlyph`): those below U+0300,
/// the Latin letters, digits and punctuation most text is made of.
enum LatinCoverage {
    static let limit = 0x300
    static let blocks = limit / 64
}

/// A face's vertical metrics, in font units, with the em size to scale them.
public struct FontMetrics: Sendable, Hashable {
    public var unitsPerEm: Int
    /// Above the baseline (positive).
    public var ascender: Int
    /// Below the baseline (negative).
    public var descender: Int
    public var lineGap: Int
    public var xHeight: Int
    public var capHeight: Int
    /// Top of the underline relative to the baseline (negative: below), and its thickness.
    public var underlinePosition: Int
    public var underlineThickness: Int
    public var strikeoutPosition: Int
    public var strikeoutThickness: Int

    init(face: FT_Face, os2: UnsafeMutablePointer<TT_OS2>?, unitsPerEm: Int) {
        let f = face.pointee
        self.unitsPerEm = unitsPerEm
        let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self)
        // Typographic metrics when the font asks for them (USE_TYPO_METRICS), else hhea.
        if let os2, os2.pointee.fsSelection & (1 << 7) != 0 {
            ascender = Int(os2.pointee.sTypoAscender)
            descender = Int(os2.pointee.sTypoDescender)
            lineGap = Int(os2.pointee.sTypoLineGap)
        } else if f.units_per_EM == 0, let hhea {
            // Bitmap-only: FreeType's face record has pixel metrics of a strike; hhea has units.
            ascender = Int(hhea.pointee.Ascender)
            descender = Int(hhea.pointee.Descender)
            lineGap = Int(hhea.pointee.Line_Gap)
        } else {
            ascender = Int(f.ascender)
            descender = Int(f.descender)
            lineGap = max(0, Int(f.height) - Int(f.ascender) + Int(f.descender))
        }
        let version = os2.map { Int($0.pointee.version) } ?? 0
        xHeight = version >= 2 && (os2?.pointee.sxHeight ?? 0) > 0 ? Int(os2!.pointee.sxHeight) : unitsPerEm / 2
        capHeight = version >= 2 && (os2?.pointee.sCapHeight ?? 0) > 0 ? Int(os2!.pointee.sCapHeight) : (f.units_per_EM > 0 ? Int(f.ascender) : ascender) * 7 / 10
        underlinePosition = Int(f.underline_position)
        underlineThickness = max(1, Int(f.underline_thickness))
        strikeoutPosition = os2.map { Int($0.pointee.yStrikeoutPosition) }.flatMap { $0 > 0 ? $0 : nil } ?? xHeight / 2
        strikeoutThickness = os2.map { Int($0.pointee.yStrikeoutSize) }.flatMap { $0 > 0 ? $0 : nil } ?? underlineThickness
    }

    /// A font-unit value in px at a font size in px.
    public func px(_ units: Int, size: Double) -> Double {
        Double(units) * size / Double(unitsPerEm)
    }
}

/// A font file's bytes in one block that FreeType, HarfBuzz and Cairo read in place: one copy
/// per face, however many libraries draw with it, freed when the last reader lets it go.
public final class FontBytes: @unchecked Sendable {
    public let buffer: UnsafeBufferPointer<UInt8>
    /// The bytes are a read-only mapping of a file, not a heap copy.
    private let isMapped: Bool

    init(_ bytes: [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
        _ = copy.initialize(from: bytes)
        buffer = UnsafeBufferPointer(rebasing: UnsafeBufferPointer(copy)[0..<bytes.count])
        isMapped = false
    }

    /// A font file mapped read-only. Only the pages of the tables that are read take memory
    /// (shaping reads cmap, GSUB, GPOS and the metrics; drawing the outlines of the glyphs it
    /// draws), and they are the page cache's pages, shared with every other process using the
    /// font. Nil when the file cannot be opened or mapped, is empty or is over 64 MB.
    /// The pinned fonts are Debian's files: a package upgrade replaces them (a new inode), so
    /// a mapping never sees a file change under it.
    init?(mapping path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, info.st_size < 64 << 20 else { return nil }
        let size = Int(info.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else { return nil }
        buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
        isMapped = true
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
        } else {
            UnsafeMutableBufferPointer(mutating: buffer).deallocate()
        }
    }
}
