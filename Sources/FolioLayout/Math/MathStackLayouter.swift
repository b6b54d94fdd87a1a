import FolioCore
import FolioStyle
import FolioText
import FolioXML

/// Fractions, radicals and fences: `mfrac` (with a bar, or stacked with `linethickness="0"`),
/// `msqrt` and `mroot` with a surd grown to their content, and MathML 3's `mfenced`.
/// https://w3c.github.io/mathml-core/#fractions-mfrac
/// https://w3c.github.io/mathml-core/#radicals-msqrt-mroot
struct MathStackLayouter {
    let math: MathLayouter

    func fraction(_ node: XMLNode, _ kids: [XMLNode], environment: MathEnvironment) -> MathBox {
        guard kids.count == 2 else { return math.error(kids, environment: environment) }
        let size = environment.size
        func c(_ name: MathFont.Constant) -> Double { math.font.constant(name) * size }
        // The numerator and denominator: out of display style, a script level deeper unless the fraction was in display style.
        var inner = environment.displayStyle ? environment : environment.scripted(font: math.font)
        inner.displayStyle = false
        inner.operatorForm = nil
        let numerator = math.layout(kids[0], environment: inner), denominator = math.layout(kids[1], environment: inner)
        let display = environment.displayStyle
        let axis = c(.axisHeight)
        let rule = c(.fractionRuleThickness)
        var thickness = rule
        if let given = node.attribute("linethickness")?.lowercased() {
            switch given {
            case "thin": thickness = rule / 2
            case "medium": thickness = rule
            case "thick": thickness = rule * 2
            default: thickness = math.length(given, environment: environment, relativeTo: rule) ?? Double(given).map { $0 * rule } ?? rule
            }
        }
        thickness = max(0, min(thickness, size))
        var numeratorShift: Double, denominatorShift: Double
        if thickness > 0 {
            numeratorShift = max(display ? c(.fractionNumeratorDisplayStyleShiftUp) : c(.fractionNumeratorShiftUp),
                                 axis + thickness / 2 + (display ? c(.fractionNumDisplayStyleGapMin) : c(.fractionNumeratorGapMin)) + numerator.descent)
            denominatorShift = max(display ? c(.fractionDenominatorDisplayStyleShiftDown) : c(.fractionDenominatorShiftDown),
                                   denominator.ascent + (display ? c(.fractionDenomDisplayStyleGapMin) : c(.fractionDenominatorGapMin)) - axis + thickness / 2)
        } else {
            numeratorShift = display ? c(.stackTopDisplayStyleShiftUp) : c(.stackTopShiftUp)
            denominatorShift = display ? c(.stackBottomDisplayStyleShiftDown) : c(.stackBottomShiftDown)
            let gap = (numeratorShift - numerator.descent) - (denominator.ascent - denominatorShift)
            let least = display ? c(.stackDisplayStyleGapMin) : c(.stackGapMin)
            if gap < least {
                numeratorShift += (least - gap) / 2
                denominatorShift += (least - gap) / 2
            }
        }
        // MathML Core's user-agent sheet pads a fraction by 1px on each side (at 16px).
        let pad = size / 16
        let inside = max(numerator.width, denominator.width)
        func x(_ box: MathBox, _ align: String?) -> Double {
            switch align?.lowercased() {
            case "left": pad
            case "right": pad + inside - box.width
            default: pad + (inside - box.width) / 2
            }
        }
        var box = MathBox(width: inside + 2 * pad, ascent: max(numerator.ascent + numeratorShift, axis + thickness / 2),
                          descent: max(denominator.descent + denominatorShift, thickness / 2 - axis))
        box.draw(numerator, x: x(numerator, node.attribute("numalign")), y: -numeratorShift)
        box.draw(denominator, x: x(denominator, node.attribute("denomalign")), y: denominatorShift)
        if thickness > 0 {
            box.items.append(.rule(Rect(x: pad, y: -(axis + thickness / 2), width: inside, height: thickness), environment.color))
        }
        return box
    }

    /// A surd grown to the base's height with a rule over the base; `index` (an `mroot`'s)
    /// raised in the surd's crook.
    func radical(base: MathBox, index: MathBox?, environment: MathEnvironment) -> MathBox {
        let size = environment.size
        func c(_ name: MathFont.Constant) -> Double { math.font.constant(name) * size }
        guard let glyph = math.font.face.glyph(for: "\u{221A}") else { return base }
        let gap = environment.displayStyle ? c(.radicalDisplayStyleVerticalGap) : c(.radicalVerticalGap)
        let rule = max(0.5, c(.radicalRuleThickness))
        let target = base.ascent + base.descent + gap + rule
        let surd = math.stretched(glyph, vertical: true, target: target, environment: environment, text: "√")
            ?? math.glyphBox(glyph, environment: environment, text: "√")
        // Room left over in a surd taller than needed goes half above the base.
        let clearance = gap + max(0, surd.height - target) / 2
        let top = base.ascent + clearance + rule
        let down = surd.ascent - top
        var surdX = 0.0
        var box = MathBox()
        var ascent = top + c(.radicalExtraAscender)
        if let index {
            let before = c(.radicalKernBeforeDegree), after = c(.radicalKernAfterDegree)
            let bottom = -(surd.descent + down)
            let raise = bottom + math.font.constant(.radicalDegreeBottomRaisePercent) * surd.height + index.descent
            box.draw(index, x: max(0, before), y: -raise)
            ascent = max(ascent, index.ascent + raise)
            surdX = max(0, before + index.width + after)
        }
        box.draw(surd, x: surdX, y: down)
        box.draw(base, x: surdX + surd.width, y: 0)
        box.items.append(.rule(Rect(x: surdX + surd.width, y: -top, width: base.width, height: rule), environment.color))
        box.width = surdX + surd.width + base.width
        box.ascent = ascent
        box.descent = max(base.descent, surd.descent + down)
        return box
    }

    /// `mfenced` (MathML 3, common in converted books): its math.children between an opening and
    /// a closing fence grown to them, separated by its separators (the last one repeated).
    func fenced(_ node: XMLNode, _ kids: [XMLNode], environment: MathEnvironment) -> MathBox {
        var inner = environment
        inner.operatorForm = nil
        // Right to left, the fences are mirrored as an `mo`'s text is.
        var open = (node.attribute("open") ?? "(").trimmingWhitespace()
        var close = (node.attribute("close") ?? ")").trimmingWhitespace()
        if environment.rtl {
            open = BidiParagraph.mirroredCharacters(open)
            close = BidiParagraph.mirroredCharacters(close)
        }
        let separators = (node.attribute("separators") ?? ",").filter { !$0.isWhitespace }.map(String.init)
        var pieces: [(box: MathBox, space: Double)] = []
        for (k, kid) in kids.enumerated() {
            pieces.append((math.layout(kid, environment: inner), 0))
            if k < kids.count - 1, !separators.isEmpty {
                let separator = separators[min(k, separators.count - 1)]
                pieces.append((math.token(separator, kind: .op, environment: inner), environment.size * 3 / 18))
            }
        }
        let ascent = pieces.map(\.box.ascent).max() ?? 0, descent = pieces.map(\.box.descent).max() ?? 0
        var out = MathBox()
        func add(_ box: MathBox, space: Double) {
            out.draw(box, x: out.width, y: 0)
            out.width += box.width + space
            out.ascent = max(out.ascent, box.ascent)
            out.descent = max(out.descent, box.descent)
        }
        if !open.isEmpty { add(fence(open, ascent: ascent, descent: descent, environment: inner), space: 0) }
        for piece in pieces { add(piece.box, space: piece.space) }
        if !close.isEmpty { add(fence(close, ascent: ascent, descent: descent, environment: inner), space: 0) }
        return out
    }

    /// A fence character grown symmetrically about the axis to cover `ascent` and `descent`.
    func fence(_ text: String, ascent: Double, descent: Double, environment: MathEnvironment) -> MathBox {
        let plain = math.token(text, kind: .op, environment: environment)
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 1, let glyph = math.font.face.glyph(for: scalars[0]) else { return plain }
        return math.grownVertically(glyph, plain: plain, text: text, to: (ascent, descent), symmetric: true, environment: environment)
    }
}
