import FolioStyle

/// One positioned glyph of a shaped run, in px.
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph id in the face (not a character).
    public var id: UInt32
    /// The Unicode-scalar offset, relative to the start of the shaped text, of the first
    /// character of the cluster this glyph belongs to. Ligatures give several characters one
    /// cluster; RTL runs list glyphs in visual order, so clusters decrease.
    public var cluster: Int
    public var xAdvance: Double
    public var yAdvance: Double
    public var xOffset: Double
    /// Positive: up (HarfBuzz's y axis).
    public var yOffset: Double
}

/// The glyphs HarfBuzz produced for one run of text in one face, size and direction.
///
/// Glyphs are in visual order (left to right on the page), as HarfBuzz outputs them.
public struct ShapedRun: Hashable, Sendable {
    public var glyphs: [ShapedGlyph]
    public var direction: Direction
    /// How many Unicode scalars the shaped text had.
    public var scalarCount: Int
    /// The face has no `smcp` feature, so `font-variant: small-caps` must be synthesised by
    /// the caller (scaled capitals), per https://www.w3.org/TR/css-fonts-4/#font-variant-caps-prop.
    public var needsSmallCapsSynthesis: Bool

    /// The sum of the glyph advances, in px.
    public var width: Double { glyphs.reduce(0) { $0 + $1.xAdvance } }

    /// The glyphs whose cluster falls inside a scalar range of the text (for splitting a run
    /// at a line break that falls between clusters).
    public func glyphs(inScalars range: Range<Int>) -> ArraySlice<ShapedGlyph> {
        guard let first = glyphs.firstIndex(where: { range.contains($0.cluster) }),
              let last = glyphs.lastIndex(where: { range.contains($0.cluster) }) else { return [] }
        return glyphs[first...last]
    }
}
