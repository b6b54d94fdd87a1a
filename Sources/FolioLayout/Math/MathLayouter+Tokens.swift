import FolioCore
import FolioStyle
import FolioText
import FolioXML

/// Tokens (`mi`, `mn`, `mo`, `mtext`, `ms`): their text shaped in the math font (characters
/// it lacks in the fallback faces), single-letter identifiers in mathematical italic, and
/// operators grown to their row or drawn large in display style.
extension MathLayouter {
    enum TokenKind { case identifier, number, text, op }

    /// A token's text, white space collapsed and trimmed, in its `mathvariant` (a single
    /// letter of an `mi` is italic unless it says otherwise).
    func token(_ raw: String, kind: TokenKind, environment: MathEnvironment, variant: String? = nil) -> MathBox {
        let text = Self.collapsed(raw)
        guard !text.isEmpty else { return .empty }
        var variant = variant ?? environment.variant
        if kind == .identifier, variant == nil, text.count == 1 { variant = "italic" }
        let shown = variant.map { MathVariants.styled(text, variant: $0) } ?? text
        return glyphs(shown, environment: environment)
    }

    /// Text set in the math font at the environment's size, runs of characters it lacks in the
    /// faces that have them; the box is the glyphs' ink height and advance.
    func glyphs(_ text: String, environment: MathEnvironment) -> MathBox {
        let key = MathCache.TokenKey(text: text, size: environment.size, color: environment.color, scriptStyle: min(environment.scriptLevel, 2))
        if let known = cache.tokens[key] { return known }
        let box = shapedGlyphs(text, environment: environment)
        cache.tokens[key] = box
        return box
    }

    /// A glyph's ink box in ems, from the cache.
    func ink(_ glyph: UInt32, face: FontFace) -> (left: Double, width: Double, ascent: Double, descent: Double) {
        guard face === font.face else { return face.inkBox(glyph) }
        if let known = cache.inks[glyph] { return known }
        let box = font.inkBox(glyph)
        cache.inks[glyph] = box
        return box
    }

    private func shapedGlyphs(_ text: String, environment: MathEnvironment) -> MathBox {
        let size = environment.size
        let features = environment.scriptLevel > 0 ? [FolioText.FontFeature("ssty", UInt32(min(environment.scriptLevel, 2)))] : []
        // Runs of characters one face draws.
        var runs: [(face: FontFace, text: String)] = []
        for scalar in text.unicodeScalars {
            var face = font.face
            if !font.face.hasGlyph(scalar), scalar.properties.generalCategory != .format,
               let fallback = fonts.fallbackFace(for: scalar, after: font.face, families: [.generic(.serif)], weight: 400, italic: false) {
                face = fallback.face
            }
            if let last = runs.last, last.face === face {
                runs[runs.count - 1].text.unicodeScalars.append(scalar)
            } else {
                runs.append((face, String(scalar)))
            }
        }
        var box = MathBox()
        // The ink's top and bottom: an accent's ink may start above the baseline (a negative descent).
        var top = -Double.infinity, bottom = -Double.infinity
        for run in runs {
            let shaped = shaper.shape(text: run.text, face: run.face, size: size, features: run.face === font.face ? features : [])
            let scalars = Array(run.text.unicodeScalars)
            var glyphs: [PositionedGlyph] = []
            var pen = 0.0
            for glyph in shaped.glyphs {
                var placed = PositionedGlyph(id: glyph.id, x: pen + glyph.xOffset, y: -glyph.yOffset, advance: glyph.xAdvance)
                if glyph.id == 0, scalars.indices.contains(glyph.cluster) { placed.missing = scalars[glyph.cluster].value }
                glyphs.append(placed)
                let ink = ink(glyph.id, face: run.face)
                if ink.width > 0 {
                    top = max(top, ink.ascent * size + glyph.yOffset)
                    bottom = max(bottom, ink.descent * size - glyph.yOffset)
                }
                pen += glyph.xAdvance
            }
            guard !glyphs.isEmpty else { continue }
            let item = PositionedRun(mathGlyphs: glyphs, face: run.face, size: size, color: environment.color,
                                     baseline: ascender(run.face, size: size), text: run.text)
            box.items.append(.glyphs(item, x: box.width, y: 0))
            box.width += pen
            box.italicCorrection = run.face === font.face ? shaped.glyphs.last.map { font.italicCorrection($0.id) * size } ?? 0 : 0
        }
        if top > -Double.infinity {
            box.ascent = top
            box.descent = bottom
        }
        return box
    }

    /// A face's ascender at `size`: where a run's top is, for tools that outline text.
    func ascender(_ face: FontFace, size: Double) -> Double {
        Double(face.metrics.ascender) / Double(face.metrics.unitsPerEm) * size
    }

    /// One glyph of the math font as a box.
    func glyphBox(_ glyph: UInt32, environment: MathEnvironment, text: String) -> MathBox {
        let size = environment.size
        let ink = ink(glyph, face: font.face)
        let advance = font.advance(glyph) * size
        let run = PositionedRun(mathGlyphs: [PositionedGlyph(id: glyph, x: 0, y: 0, advance: advance)], face: font.face, size: size,
                                color: environment.color, baseline: ascender(font.face, size: size), text: text)
        return MathBox(width: advance, ascent: ink.ascent * size, descent: ink.descent * size,
                       italicCorrection: font.italicCorrection(glyph) * size, items: [.glyphs(run, x: 0, y: 0)])
    }

    // MARK: Operators

    /// An `mo`: its text, large in display style when it is a large operator, grown to
    /// `stretchTo` (a row's ascent and descent) when it is stretchy, centred on the math axis
    /// when it is symmetric.
    func op(_ node: XMLNode, environment: MathEnvironment, stretchTo target: (ascent: Double, descent: Double)? = nil,
            stretchWidth: Double? = nil) -> MathBox {
        // Right to left, brackets and the like show their mirror images (the box is mirrored as
        // a whole, each glyph keeping its shape).
        let written = MathOperators.displayed(Self.collapsed(node.textContent))
        let text = environment.rtl ? BidiParagraph.mirroredCharacters(written) : written
        let properties = operatorProperties(node, form: environment.operatorForm, environment: environment)
        let plain = token(text, kind: .op, environment: environment, variant: node.attribute("mathvariant"))
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 1, let glyph = font.face.glyph(for: scalars[0]) else { return plain }
        let size = environment.size
        let axis = font.constant(.axisHeight) * size
        if let width = stretchWidth, properties.stretchy, properties.horizontal {
            let grown = stretched(glyph, vertical: false, target: width, environment: environment, text: text) ?? plain
            if grown.width < width * 0.95, MathOperators.isBar(text) {
                // A bar the font cannot stretch is drawn as a rule where its glyph's ink is.
                let thickness = max(0.5, font.constant(.overbarRuleThickness) * size)
                let middle = plain.height > 0 ? (plain.ascent - plain.descent) / 2 : thickness / 2
                var bar = MathBox(width: width, ascent: middle + thickness / 2, descent: thickness / 2 - middle)
                bar.items = [.rule(Rect(x: 0, y: -(middle + thickness / 2), width: width, height: thickness), environment.color)]
                return bar
            }
            return grown
        }
        if properties.largeOp {
            var box = plain
            if environment.displayStyle {
                let least = max(font.constant(.displayOperatorMinHeight) * size, plain.height * 1.4)
                let variant = font.variants(glyph, vertical: true).first { $0.advance * size >= least } ?? font.variants(glyph, vertical: true).last
                if let variant { box = glyphBox(variant.glyph, environment: environment, text: text) }
            }
            return centredOnAxis(box, axis: axis)
        }
        guard let target, properties.stretchy, !properties.horizontal else { return plain }
        let minimum = node.attribute("minsize").flatMap { length($0, environment: environment, relativeTo: plain.height) }
        let maximum = node.attribute("maxsize").flatMap { length($0, environment: environment, relativeTo: plain.height) }
        return grownVertically(glyph, plain: plain, text: text, to: target, symmetric: properties.symmetric,
                               minimum: minimum, maximum: maximum, environment: environment)
    }

    /// A vertical stretchy glyph (a fence, a bar) grown to cover `target`, an ascent and a
    /// descent: symmetric ones about the math axis, others in the target's proportions; as it
    /// is (on the axis when symmetric) around content too short to be a sub-formula.
    func grownVertically(_ glyph: UInt32, plain: MathBox, text: String, to target: (ascent: Double, descent: Double), symmetric: Bool,
                         minimum: Double? = nil, maximum: Double? = nil, environment: MathEnvironment) -> MathBox {
        let axis = font.constant(.axisHeight) * environment.size
        var length = symmetric ? 2 * max(target.ascent - axis, target.descent + axis) : target.ascent + target.descent
        if let minimum { length = max(length, minimum) }
        if let maximum { length = min(length, maximum) }
        guard length > plain.height, !isPlainSubformula(target.ascent + target.descent, environment: environment),
              var box = stretched(glyph, vertical: true, target: length, environment: environment, text: text) else {
            return symmetric ? centredOnAxis(plain, axis: axis) : plain
        }
        if symmetric {
            box = centredOnAxis(box, axis: axis)
        } else if target.ascent + target.descent > 0 {
            let ascent = box.height * target.ascent / (target.ascent + target.descent)
            box = shifted(box, down: box.ascent - ascent)
        }
        return box
    }

    /// Whether what a fence encloses is too short to be a sub-formula of its own (the MATH
    /// table's delimitedSubFormulaMinHeight): then the fence keeps its text size, as `f′(x)`
    /// or `(a_i)` would in print.
    func isPlainSubformula(_ height: Double, environment: MathEnvironment) -> Bool {
        height < font.constant(.delimitedSubFormulaMinHeight) * environment.size
    }

    /// The box moved so that its ink is centred on the math axis.
    func centredOnAxis(_ box: MathBox, axis: Double) -> MathBox {
        shifted(box, down: box.ascent - (axis + box.height / 2))
    }

    /// The box's content moved down by `dy` (up when negative).
    func shifted(_ box: MathBox, down dy: Double) -> MathBox {
        var out = MathBox(width: box.width, ascent: box.ascent - dy, descent: box.descent + dy, italicCorrection: box.italicCorrection)
        out.draw(box, x: 0, y: dy)
        return out
    }
}

/// MathML's `mathvariant`: letters and digits as the Mathematical Alphanumeric Symbols of
/// that style (the letters Unicode had already encoded elsewhere, such as ℎ or ℝ, where it
/// says). https://w3c.github.io/mathml-core/#new-text-transform-values
enum MathVariants {
    static func styled(_ text: String, variant: String) -> String {
        guard let table = tables[variant.lowercased()] else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(styled(scalar, table) ?? scalar)
        }
        return String(out)
    }

    private static func styled(_ scalar: Unicode.Scalar, _ table: Table) -> Unicode.Scalar? {
        if let special = table.exceptions[scalar] { return special }
        let v = scalar.value
        let mapped: UInt32? = switch v {
        case 0x41...0x5A: table.upper.map { $0 + v - 0x41 }
        case 0x61...0x7A: table.lower.map { $0 + v - 0x61 }
        case 0x30...0x39: table.digits.map { $0 + v - 0x30 }
        case 0x391...0x3A9 where v != 0x3A2: table.greekUpper.map { $0 + v - 0x391 }
        case 0x3B1...0x3C9: table.greekLower.map { $0 + v - 0x3B1 }
        default: nil
        }
        return mapped.flatMap(Unicode.Scalar.init)
    }

    struct Table {
        var upper: UInt32?
        var lower: UInt32?
        var digits: UInt32? = nil
        var greekUpper: UInt32? = nil
        var greekLower: UInt32? = nil
        var exceptions: [Unicode.Scalar: Unicode.Scalar] = [:]
    }

    static let tables: [String: Table] = [
        "bold": Table(upper: 0x1D400, lower: 0x1D41A, digits: 0x1D7CE, greekUpper: 0x1D6A8, greekLower: 0x1D6C2),
        "italic": Table(upper: 0x1D434, lower: 0x1D44E, greekUpper: 0x1D6E2, greekLower: 0x1D6FC, exceptions: ["h": "\u{210E}"]),
        "bold-italic": Table(upper: 0x1D468, lower: 0x1D482, greekUpper: 0x1D71C, greekLower: 0x1D736),
        "script": Table(upper: 0x1D49C, lower: 0x1D4B6, exceptions: [
            "B": "\u{212C}", "E": "\u{2130}", "F": "\u{2131}", "H": "\u{210B}", "I": "\u{2110}", "L": "\u{2112}", "M": "\u{2133}",
            "R": "\u{211B}", "e": "\u{212F}", "g": "\u{210A}", "o": "\u{2134}"]),
        "bold-script": Table(upper: 0x1D4D0, lower: 0x1D4EA),
        "fraktur": Table(upper: 0x1D504, lower: 0x1D51E, exceptions: [
            "C": "\u{212D}", "H": "\u{210C}", "I": "\u{2111}", "R": "\u{211C}", "Z": "\u{2128}"]),
        "bold-fraktur": Table(upper: 0x1D56C, lower: 0x1D586),
        "double-struck": Table(upper: 0x1D538, lower: 0x1D552, digits: 0x1D7D8, exceptions: [
            "C": "\u{2102}", "H": "\u{210D}", "N": "\u{2115}", "P": "\u{2119}", "Q": "\u{211A}", "R": "\u{211D}", "Z": "\u{2124}"]),
        "sans-serif": Table(upper: 0x1D5A0, lower: 0x1D5BA, digits: 0x1D7E2),
        "bold-sans-serif": Table(upper: 0x1D5D4, lower: 0x1D5EE, digits: 0x1D7EC, greekUpper: 0x1D756, greekLower: 0x1D770),
        "sans-serif-italic": Table(upper: 0x1D608, lower: 0x1D622),
        "sans-serif-bold-italic": Table(upper: 0x1D63C, lower: 0x1D656, greekUpper: 0x1D790, greekLower: 0x1D7AA),
        "monospace": Table(upper: 0x1D670, lower: 0x1D68A, digits: 0x1D7F6),
    ]
}
