import CHarfBuzz
import FolioStyle

/// A face's OpenType MATH table, read through HarfBuzz (`hb_ot_math_*`): the constants math
/// layout positions by, and the larger variants and part assemblies of stretchy glyphs.
/// Lengths are in ems of the face (font units over units per em): multiply by the size in px.
///
/// HarfBuzz's fonts are immutable once made (`FontFace`), so a `MathFont` is shared freely.
/// https://learn.microsoft.com/en-us/typography/opentype/spec/math
public struct MathFont: Sendable {
    public let face: FontFace
    private let constants: [Double]

    /// The face's math data, nil when it has no MATH table.
    public init?(_ face: FontFace) {
        guard hb_ot_math_has_data(hb_font_get_face(face.hbFont)) != 0 else { return nil }
        self.face = face
        let em = Double(face.metrics.unitsPerEm)
        constants = (0...55).map { k in
            let value = Double(hb_ot_math_get_constant(face.hbFont, hb_ot_math_constant_t(rawValue: UInt32(k))))
            // The two script scales and the degree's raise are percentages, not lengths.
            return k <= 1 || k == 55 ? value / 100 : value / em
        }
    }

    /// A MATH constant: a length in ems, or a fraction for the percentages.
    public func constant(_ name: Constant) -> Double { constants[name.rawValue] }

    private var em: Double { Double(face.metrics.unitsPerEm) }

    /// A glyph's ink box in ems: its left bearing, its width, how far it rises above the
    /// baseline and how far it falls below it (both positive in their direction).
    public func inkBox(_ glyph: UInt32) -> (left: Double, width: Double, ascent: Double, descent: Double) {
        face.inkBox(glyph)
    }

    /// A glyph's horizontal advance in ems.
    public func advance(_ glyph: UInt32) -> Double {
        Double(hb_font_get_glyph_h_advance(face.hbFont, glyph)) / em
    }

    public func italicCorrection(_ glyph: UInt32) -> Double {
        Double(hb_ot_math_get_glyph_italics_correction(face.hbFont, glyph)) / em
    }

    /// Where an accent over the glyph is centred, in ems from its origin (HarfBuzz gives the
    /// middle of the advance when the table has no entry).
    public func topAccentAttachment(_ glyph: UInt32) -> Double {
        Double(hb_ot_math_get_glyph_top_accent_attachment(face.hbFont, glyph)) / em
    }

    /// The glyph's ready-made larger forms along `vertical` or horizontal, smallest first, with
    /// their advances along that axis in ems (the glyph itself usually first).
    public func variants(_ glyph: UInt32, vertical: Bool) -> [(glyph: UInt32, advance: Double)] {
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var found: [(glyph: UInt32, advance: Double)] = []
        var batch = [hb_ot_math_glyph_variant_t](filled: hb_ot_math_glyph_variant_t(), count: 16)
        var start: UInt32 = 0
        while found.count < 256 {
            var count = UInt32(batch.count)
            let total = batch.withUnsafeMutableBufferPointer {
                hb_ot_math_get_glyph_variants(face.hbFont, glyph, direction, start, &count, $0.baseAddress)
            }
            let got = Int(min(count, UInt32(batch.count)))
            found += batch[..<got].map { ($0.glyph, Double($0.advance) / em) }
            start += UInt32(got)
            if got == 0 || start >= total { break }
        }
        return found
    }

    /// The parts a glyph of any size along the axis is built from, bottom to top (or left to
    /// right), and the least the parts overlap; empty when the glyph has no assembly.
    public func assembly(_ glyph: UInt32, vertical: Bool) -> (parts: [GlyphPart], minOverlap: Double) {
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var parts: [GlyphPart] = []
        var batch = [hb_ot_math_glyph_part_t](filled: hb_ot_math_glyph_part_t(), count: 16)
        var start: UInt32 = 0
        while parts.count < 64 {
            var count = UInt32(batch.count)
            let total = batch.withUnsafeMutableBufferPointer {
                hb_ot_math_get_glyph_assembly(face.hbFont, glyph, direction, start, &count, $0.baseAddress, nil)
            }
            let got = Int(min(count, UInt32(batch.count)))
            parts += batch[..<got].map {
                GlyphPart(glyph: $0.glyph, startConnector: Double($0.start_connector_length) / em,
                          endConnector: Double($0.end_connector_length) / em, advance: Double($0.full_advance) / em,
                          isExtender: $0.flags.rawValue & HB_OT_MATH_GLYPH_PART_FLAG_EXTENDER.rawValue != 0)
            }
            start += UInt32(got)
            if got == 0 || start >= total { break }
        }
        return (parts, Double(hb_ot_math_get_min_connector_overlap(face.hbFont, direction)) / em)
    }

    /// One piece of a stretchy glyph's assembly.
    public struct GlyphPart: Sendable {
        public var glyph: UInt32
        public var startConnector: Double
        public var endConnector: Double
        public var advance: Double
        public var isExtender: Bool
    }

    /// The MATH constants, numbered as the table (and HarfBuzz) number them.
    public enum Constant: Int, Sendable {
        case scriptPercentScaleDown = 0, scriptScriptPercentScaleDown, delimitedSubFormulaMinHeight, displayOperatorMinHeight
        case mathLeading, axisHeight, accentBaseHeight, flattenedAccentBaseHeight
        case subscriptShiftDown, subscriptTopMax, subscriptBaselineDropMin
        case superscriptShiftUp, superscriptShiftUpCramped, superscriptBottomMin, superscriptBaselineDropMax
        case subSuperscriptGapMin, superscriptBottomMaxWithSubscript, spaceAfterScript
        case upperLimitGapMin, upperLimitBaselineRiseMin, lowerLimitGapMin, lowerLimitBaselineDropMin
        case stackTopShiftUp, stackTopDisplayStyleShiftUp, stackBottomShiftDown, stackBottomDisplayStyleShiftDown
        case stackGapMin, stackDisplayStyleGapMin
        case stretchStackTopShiftUp, stretchStackBottomShiftDown, stretchStackGapAboveMin, stretchStackGapBelowMin
        case fractionNumeratorShiftUp, fractionNumeratorDisplayStyleShiftUp
        case fractionDenominatorShiftDown, fractionDenominatorDisplayStyleShiftDown
        case fractionNumeratorGapMin, fractionNumDisplayStyleGapMin, fractionRuleThickness
        case fractionDenominatorGapMin, fractionDenomDisplayStyleGapMin
        case skewedFractionHorizontalGap, skewedFractionVerticalGap
        case overbarVerticalGap, overbarRuleThickness, overbarExtraAscender
        case underbarVerticalGap, underbarRuleThickness, underbarExtraDescender
        case radicalVerticalGap, radicalDisplayStyleVerticalGap, radicalRuleThickness, radicalExtraAscender
        case radicalKernBeforeDegree, radicalKernAfterDegree, radicalDegreeBottomRaisePercent
    }
}

extension FontFace {
    /// A glyph's ink box in ems (see `MathFont.inkBox`); zero for a glyph with no outline.
    public func inkBox(_ glyph: UInt32) -> (left: Double, width: Double, ascent: Double, descent: Double) {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0 else { return (0, 0, 0, 0) }
        let em = Double(metrics.unitsPerEm)
        let top = Double(extents.y_bearing) / em, bottom = Double(extents.y_bearing + extents.height) / em
        return (Double(extents.x_bearing) / em, Double(extents.width) / em, top, -bottom)
    }
}

extension PositionedRun {
    /// A run of glyphs placed by math layout: `glyphs` are positioned from the run's origin,
    /// `baseline` down from it; `text` is what the glyphs show.
    public init(mathGlyphs glyphs: [PositionedGlyph], face: FontFace, size: Double, color: RGBA, baseline: Double, text: String) {
        let left = glyphs.map(\.x).min() ?? 0
        let right = glyphs.map { $0.x + $0.advance }.max() ?? left
        self.init(face: face, size: size, color: color, synthesizeBold: false, synthesizeItalic: false, direction: .ltr,
                  x: left, width: right - left, baseline: baseline, glyphs: glyphs, text: text, textRange: 0..<0,
                  source: nil, sourceRange: 0..<0, hasHyphen: false, hasMissingGlyphs: glyphs.contains { $0.missing != 0 },
                  decorations: [])
    }
}
