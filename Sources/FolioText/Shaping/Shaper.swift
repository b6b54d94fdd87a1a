import CHarfBuzz
import FolioStyle

/// Turns text into positioned glyphs with HarfBuzz.
///
/// Text positions are **Unicode-scalar offsets** throughout FolioText (shaping clusters, line
/// break positions, hyphenation points, bidi levels), so that HarfBuzz (UTF-32 input),
/// libunibreak (`set_linebreaks_utf32`) and FriBidi (UTF-32) agree without conversion.
///
/// A `Shaper` owns one reusable `hb_buffer_t`, which HarfBuzz does not allow to be shared:
/// make one shaper per thread. Fonts (`FontFace`) are immutable and shared freely.
///
/// Kerning and standard ligatures are HarfBuzz's defaults (`kern`, `liga`, `clig`, `calt` on);
/// `font-feature-settings` entries are passed through and can turn them off.
/// https://harfbuzz.github.io/shaping-and-shape-plans.html
public final class Shaper {
    private var buffer: OpaquePointer
    /// A buffer that held more glyphs than this is let go after use: HarfBuzz keeps a buffer's
    /// arrays at their largest (about 50 bytes a glyph), so one enormous run would otherwise
    /// hold tens of MB for the rest of the book.
    static let largestKeptBuffer = 16_384
    /// The last language tag and HarfBuzz's language for it (looking a tag up takes a lock).
    private var language: (tag: String, hb: hb_language_t?)?
    /// HarfBuzz keeps at most 5 characters of pre- and post-context (HB_BUFFER_MAX_CONTEXT_LENGTH).
    static let contextLength = 5

    public init() {
        buffer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(buffer)
    }

    /// Shapes `text` in `face` at `size` px.
    ///
    /// - `script`: the run's script (from `ScriptItemizer`); nil lets HarfBuzz guess.
    /// - `language`: a BCP 47 tag (`en-US`, `tr`) for language-specific forms; nil for none.
    /// - `smallCaps`: `font-variant(-caps): small-caps`; applies `smcp` when the face has it,
    ///   else sets `needsSmallCapsSynthesis` and shapes the text unchanged.
    public func shape<S: StringProtocol>(
        text: S, face: FontFace, size: Double, direction: Direction = .ltr,
        script: Script? = nil, language: String? = nil,
        features: [FontFeature] = [], smallCaps: Bool = false
    ) -> ShapedRun {
        let scalars = Array(text.unicodeScalars)
        return shape(scalars: scalars, range: 0..<scalars.count, face: face, size: size, direction: direction,
                     script: script, language: language, features: features, smallCaps: smallCaps)
    }

    /// Shapes `range` of a paragraph's scalars, letting HarfBuzz see the text around it as
    /// context (so an Arabic word cut by a font or style change keeps its joining forms).
    /// Clusters are relative to `range.lowerBound`.
    public func shape(
        scalars: [Unicode.Scalar], range: Range<Int>, face: FontFace, size: Double, direction: Direction = .ltr,
        script: Script? = nil, language: String? = nil,
        features: [FontFeature] = [], smallCaps: Bool = false
    ) -> ShapedRun {
        let range = range.clamped(to: 0..<scalars.count)
        // HarfBuzz looks at no more than a few characters of context on each side.
        let window = max(0, range.lowerBound - Self.contextLength)..<min(scalars.count, range.upperBound + Self.contextLength)
        var glyphs: [ShapedGlyph] = []
        let needsSynthesis = scalars.withUnsafeBufferPointer { all in
            shape(UnsafeBufferPointer(rebasing: all[window]), item: (range.lowerBound - window.lowerBound)..<(range.upperBound - window.lowerBound),
                  face: face, size: size, direction: direction, script: script, language: language, features: features,
                  smallCaps: smallCaps, into: &glyphs, clusterOffset: 0)
        }
        return ShapedRun(glyphs: glyphs, direction: direction, scalarCount: range.count, needsSmallCapsSynthesis: needsSynthesis)
    }

    /// Shapes `item` of `text` (the rest is context), appending the glyphs to `glyphs` with
    /// clusters relative to the item's start plus `clusterOffset`. Returns whether small caps
    /// need synthesising. The shape cache calls it for words, with no context.
    func shape(_ text: UnsafeBufferPointer<Unicode.Scalar>, item: Range<Int>, face: FontFace, size: Double, direction: Direction,
               script: Script?, language: String?, features: [FontFeature], smallCaps: Bool,
               into glyphs: inout [ShapedGlyph], clusterOffset: Int) -> Bool {
        hb_buffer_clear_contents(buffer)
        // A Unicode.Scalar is its UInt32 value: HarfBuzz reads the text in place.
        text.withMemoryRebound(to: UInt32.self) { codes in
            hb_buffer_add_utf32(buffer, codes.baseAddress, Int32(codes.count), UInt32(item.lowerBound), Int32(item.count))
        }
        // The default cluster level (monotone graphemes) would merge a base and its marks
        // anyway; characters keep their own cluster values so offsets map back exactly.
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_direction(buffer, direction == .rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let script { hb_buffer_set_script(buffer, script.hb) }
        // Without a language HarfBuzz would take the process locale's; "und" keeps shaping
        // the same on every machine.
        let tag = language ?? "und"
        if self.language?.tag != tag { self.language = (tag, tag.withCString { hb_language_from_string($0, -1) }) }
        hb_buffer_set_language(buffer, self.language?.hb)
        hb_buffer_guess_segment_properties(buffer)

        var needsSynthesis = false
        if features.isEmpty && !smallCaps {
            hb_shape(face.hbFont, buffer, nil, 0)
        } else {
            var all = features.map(\.hb)
            if smallCaps {
                if face.hasSubstitutionFeature("smcp") {
                    all.insert(FontFeature("smcp").hb, at: 0)
                } else {
                    needsSynthesis = true
                }
            }
            all.withUnsafeBufferPointer { hb_shape(face.hbFont, buffer, $0.baseAddress, UInt32($0.count)) }
        }

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        // The font is scaled to units-per-em, so positions are in font units.
        let scale = size / Double(face.metrics.unitsPerEm)
        // Grown geometrically: words appended one by one must not each copy the paragraph.
        let needed = glyphs.count + Int(count)
        if glyphs.capacity < needed { glyphs.reserveCapacity(max(needed, glyphs.capacity * 2)) }
        if let infos, let positions {
            for i in 0..<Int(count) {
                let p = positions[i]
                glyphs.append(ShapedGlyph(
                    id: infos[i].codepoint, cluster: Int(infos[i].cluster) - item.lowerBound + clusterOffset,
                    xAdvance: Double(p.x_advance) * scale, yAdvance: Double(p.y_advance) * scale,
                    xOffset: Double(p.x_offset) * scale, yOffset: Double(p.y_offset) * scale))
            }
        }
        if count > Self.largestKeptBuffer {
            hb_buffer_destroy(buffer)
            buffer = hb_buffer_create()
        }
        return needsSynthesis
    }
}
