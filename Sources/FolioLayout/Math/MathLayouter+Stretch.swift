import FolioText

/// Stretched glyphs: the first of a glyph's ready-made variants that is long enough, else an
/// assembly of its parts (a top, extenders repeated, a middle, a bottom) overlapping at their
/// connectors, as the MATH table's MathVariants subtable describes.
/// https://w3c.github.io/mathml-core/#dfn-glyph-assembly
extension MathLayouter {
    /// The glyph at least `target` px long along the axis (vertical: its height; else its
    /// width), nil when the font has no larger form. A vertical box stands on its baseline
    /// (descent 0); callers move it onto the axis or the row.
    func stretched(_ glyph: UInt32, vertical: Bool, target: Double, environment: MathEnvironment, text: String) -> MathBox? {
        let size = environment.size
        let variants = font.variants(glyph, vertical: vertical)
        for variant in variants where variant.advance * size >= target {
            return glyphBox(variant.glyph, environment: environment, text: text)
        }
        let assembly = font.assembly(glyph, vertical: vertical)
        if !assembly.parts.isEmpty, let built = assemble(assembly.parts, minOverlap: assembly.minOverlap, vertical: vertical,
                                                         target: target, environment: environment, text: text) {
            return built
        }
        return variants.last.map { glyphBox($0.glyph, environment: environment, text: text) }
    }

    /// The parts with their extenders repeated as few times as reach `target`, the overlaps
    /// shared out evenly between the connections within what the connectors allow.
    private func assemble(_ parts: [MathFont.GlyphPart], minOverlap: Double, vertical: Bool, target: Double,
                          environment: MathEnvironment, text: String) -> MathBox? {
        let size = environment.size
        let fixed = parts.filter { !$0.isExtender }
        let extenders = parts.filter(\.isExtender)
        var repeats = extenders.isEmpty ? 0 : 1
        func expanded(_ r: Int) -> [MathFont.GlyphPart] {
            parts.flatMap { $0.isExtender ? Array(filled: $0, count: r) : [$0] }
        }
        func longest(_ list: [MathFont.GlyphPart]) -> Double {
            list.reduce(0) { $0 + $1.advance } - Double(max(0, list.count - 1)) * minOverlap
        }
        while !extenders.isEmpty, longest(expanded(repeats)) * size < target, repeats < 200 { repeats += 1 }
        let list = expanded(repeats)
        guard !list.isEmpty, list.count <= 400, fixed.count + extenders.count == parts.count else { return nil }
        // The overlap that makes the assembly `target` long, within each connection's bounds.
        let connections = list.count - 1
        let total = list.reduce(0) { $0 + $1.advance }
        let even = connections > 0 ? max(minOverlap, (total - target / size) / Double(connections)) : 0
        var starts: [Double] = []
        var position = 0.0
        for (k, part) in list.enumerated() {
            if k > 0 {
                let allowed = max(minOverlap, min(list[k - 1].endConnector, part.startConnector))
                position -= min(even, allowed)
            }
            starts.append(position)
            position += part.advance
        }
        let length = position * size
        var glyphs: [PositionedGlyph] = []
        var box = MathBox()
        for (part, start) in zip(list, starts) {
            let ink = ink(part.glyph, face: font.face)
            let advance = font.advance(part.glyph) * size
            if vertical {
                // Bottom to top: the part's ink bottom at its start.
                glyphs.append(PositionedGlyph(id: part.glyph, x: 0, y: -(start * size + ink.descent * size), advance: advance))
                box.width = max(box.width, advance)
            } else {
                glyphs.append(PositionedGlyph(id: part.glyph, x: start * size, y: 0, advance: advance))
                box.ascent = max(box.ascent, ink.ascent * size)
                box.descent = max(box.descent, ink.descent * size)
            }
        }
        if vertical {
            box.ascent = length
        } else {
            box.width = length
        }
        let run = PositionedRun(mathGlyphs: glyphs, face: font.face, size: size, color: environment.color,
                                baseline: ascender(font.face, size: size), text: text)
        box.items = [.glyphs(run, x: 0, y: 0)]
        return box
    }
}
