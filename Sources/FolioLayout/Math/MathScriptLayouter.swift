import FolioText
import FolioXML

/// Scripts and limits: `msub`, `msup`, `msubsup`, `mmultiscripts` beside their base;
/// `munder`, `mover`, `munderover` below and above it (as scripts when the base is a large
/// operator with movable limits outside display style). Shifts and gaps are the MATH table's.
/// https://w3c.github.io/mathml-core/#script-and-limit-schemata
struct MathScriptLayouter {
    let math: MathLayouter

    func scripts(_ node: XMLNode, _ kids: [XMLNode], environment: MathEnvironment) -> MathBox {
        let name = node.localName
        let needed = name == "msubsup" ? 3 : 2
        guard kids.count == needed else { return math.error(kids, environment: environment) }
        let base = math.layout(kids[0], environment: environment)
        let scripted = environment.scripted(font: math.font)
        let sub = name == "msup" ? nil : math.layout(kids[1], environment: scripted)
        let sup = name == "msub" ? nil : math.layout(kids[name == "msup" ? 1 : 2], environment: scripted)
        let baseIsLargeOp = math.embellishedCore(kids[0]).map { math.operatorProperties($0, form: environment.operatorForm, environment: environment).largeOp } ?? false
        return attach(base: base, baseIsToken: isToken(kids[0]), baseIsLargeOp: baseIsLargeOp,
                      posts: [(sub, sup)], pres: [], environment: environment)
    }

    /// `mmultiscripts`: pairs of subscripts and superscripts after the base, and after
    /// `<mprescripts/>` pairs before it.
    func multiscripts(_ kids: [XMLNode], environment: MathEnvironment) -> MathBox {
        guard let first = kids.first else { return .empty }
        let base = math.layout(first, environment: environment)
        let scripted = environment.scripted(font: math.font)
        var posts: [(MathBox?, MathBox?)] = [], pres: [(MathBox?, MathBox?)] = []
        var pending: [MathBox?] = []
        var inPre = false
        for kid in kids.dropFirst() {
            if kid.kind == .element, kid.localName == "mprescripts" {
                inPre = true
                pending = []
                continue
            }
            let box: MathBox? = kid.kind == .element && kid.localName == "none" ? nil : math.layout(kid, environment: scripted)
            pending.append(box)
            if pending.count == 2 {
                if inPre { pres.append((pending[0], pending[1])) } else { posts.append((pending[0], pending[1])) }
                pending = []
            }
        }
        return attach(base: base, baseIsToken: isToken(first), baseIsLargeOp: false, posts: posts, pres: pres, environment: environment)
    }

    private func isToken(_ node: XMLNode) -> Bool {
        node.kind == .element && ["mi", "mn", "mo", "mtext", "ms"].contains(node.localName)
    }

    /// The base with subscript/superscript pairs after it (`posts`) and before it (`pres`),
    /// all subscripts on one baseline and all superscripts on another.
    private func attach(base: MathBox, baseIsToken: Bool, baseIsLargeOp: Bool, posts: [(MathBox?, MathBox?)],
                        pres: [(MathBox?, MathBox?)], environment: MathEnvironment) -> MathBox {
        let size = environment.size
        func c(_ name: MathFont.Constant) -> Double { math.font.constant(name) * size }
        let pairs = posts + pres
        let subs = pairs.compactMap(\.0), sups = pairs.compactMap(\.1)
        guard !subs.isEmpty || !sups.isEmpty else { return base }
        // A single glyph's scripts hang from the font's shifts; a bigger base drops them from its own edges.
        let drop = !baseIsToken
        var subShift = 0.0, supShift = 0.0
        if !subs.isEmpty {
            subShift = max(c(.subscriptShiftDown), drop ? base.descent + c(.subscriptBaselineDropMin) : 0,
                           subs.map(\.ascent).max()! - c(.subscriptTopMax))
        }
        if !sups.isEmpty {
            supShift = max(c(.superscriptShiftUp), drop ? base.ascent - c(.superscriptBaselineDropMax) : 0,
                           sups.map(\.descent).max()! + c(.superscriptBottomMin))
        }
        if !subs.isEmpty, !sups.isEmpty {
            let gap = (supShift - sups.map(\.descent).max()!) - (subs.map(\.ascent).max()! - subShift)
            if gap < c(.subSuperscriptGapMin) {
                subShift += c(.subSuperscriptGapMin) - gap
                let lift = c(.superscriptBottomMaxWithSubscript) - (supShift - sups.map(\.descent).max()!)
                if lift > 0 {
                    supShift += lift
                    subShift -= lift
                }
            }
        }
        let space = c(.spaceAfterScript)
        var out = MathBox()
        // Prescripts, right-aligned in their columns, then the base.
        for (sub, sup) in pres {
            let width = max(sub?.width ?? 0, sup?.width ?? 0)
            if let sub { place(sub, x: out.width + width - sub.width, shift: subShift, up: false, into: &out) }
            if let sup { place(sup, x: out.width + width - sup.width, shift: supShift, up: true, into: &out) }
            out.width += width + space
        }
        out.draw(base, x: out.width, y: 0)
        out.ascent = max(out.ascent, base.ascent)
        out.descent = max(out.descent, base.descent)
        out.width += base.width
        let baseEnd = out.width
        // The superscript leans with an italic base; a large operator's subscript tucks under it.
        let italic = base.italicCorrection
        var x = baseEnd
        for (sub, sup) in posts {
            var width = 0.0
            if let sub {
                let left = baseIsLargeOp && x == baseEnd ? x - italic : x
                place(sub, x: left, shift: subShift, up: false, into: &out)
                width = max(width, left + sub.width - x)
            }
            if let sup {
                let left = !baseIsLargeOp && x == baseEnd ? x + italic : x
                place(sup, x: left, shift: supShift, up: true, into: &out)
                width = max(width, left + sup.width - x)
            }
            x += width + space
        }
        out.width = max(x, baseEnd)
        return out
    }

    private func place(_ script: MathBox, x: Double, shift: Double, up: Bool, into out: inout MathBox) {
        let y = up ? -shift : shift
        out.draw(script, x: x, y: y)
        out.ascent = max(out.ascent, script.ascent - y)
        out.descent = max(out.descent, script.descent + y)
    }

    // MARK: Limits

    func limits(_ node: XMLNode, _ kids: [XMLNode], environment: MathEnvironment) -> MathBox {
        let name = node.localName
        let needed = name == "munderover" ? 3 : 2
        guard kids.count == needed else { return math.error(kids, environment: environment) }
        let core = math.embellishedCore(kids[0])
        let coreProperties = core.map { math.operatorProperties($0, form: environment.operatorForm, environment: environment) }
        let underNode = name == "mover" ? nil : kids[1]
        let overNode = name == "munder" ? nil : kids[name == "mover" ? 1 : 2]
        // A large operator with movable limits, outside display style: scripts beside it.
        if let properties = coreProperties, properties.movableLimits, !environment.displayStyle {
            let base = math.layout(kids[0], environment: environment)
            let scripted = environment.scripted(font: math.font)
            return attach(base: base, baseIsToken: isToken(kids[0]), baseIsLargeOp: properties.largeOp,
                          posts: [(underNode.map { math.layout($0, environment: scripted) }, overNode.map { math.layout($0, environment: scripted) })],
                          pres: [], environment: environment)
        }
        func isAccent(_ script: XMLNode?, attribute: String) -> Bool {
            guard let script else { return false }
            if let given = node.attribute(attribute) { return given.lowercased() == "true" }
            return math.embellishedCore(script).map { math.operatorProperties($0, form: nil, environment: environment).accent } ?? false
        }
        let accentUnder = isAccent(underNode, attribute: "accentunder"), accentOver = isAccent(overNode, attribute: "accent")
        // An accent keeps the base's size; other scripts are a script level deeper.
        func scriptEnvironment(_ accent: Bool) -> MathEnvironment {
            var inner = accent ? environment : environment.scripted(font: math.font)
            inner.displayStyle = false
            inner.operatorForm = nil
            return inner
        }
        // Lay out the non-stretchy parts first; stretchy ones grow to the widest of them.
        var base = math.layout(kids[0], environment: environment)
        var under = underNode.map { math.layout($0, environment: scriptEnvironment(accentUnder)) }
        var over = overNode.map { math.layout($0, environment: scriptEnvironment(accentOver)) }
        let width = max(base.width, under?.width ?? 0, over?.width ?? 0)
        func grown(_ child: XMLNode?, _ box: MathBox?, _ inner: MathEnvironment) -> MathBox? {
            guard let child, let box, let mo = math.embellishedCore(child), mo == child,
                  math.operatorProperties(mo, form: nil, environment: inner).stretchy, box.width < width else { return box }
            return math.op(mo, environment: inner, stretchWidth: width)
        }
        base = grown(kids[0], base, environment) ?? base
        under = grown(underNode, under, scriptEnvironment(accentUnder))
        over = grown(overNode, over, scriptEnvironment(accentOver))
        return stack(base: base, under: under, over: over, accentUnder: accentUnder, accentOver: accentOver,
                     baseIsLargeOp: coreProperties?.largeOp ?? false, environment: environment)
    }

    /// Under and over scripts centred on the base, at the gaps the MATH table gives limits
    /// of large operators, bars, or accents.
    private func stack(base: MathBox, under: MathBox?, over: MathBox?, accentUnder: Bool, accentOver: Bool,
                       baseIsLargeOp: Bool, environment: MathEnvironment) -> MathBox {
        let size = environment.size
        func c(_ name: MathFont.Constant) -> Double { math.font.constant(name) * size }
        let width = max(base.width, under?.width ?? 0, over?.width ?? 0)
        var out = MathBox(width: width, ascent: base.ascent, descent: base.descent)
        out.draw(base, x: (width - base.width) / 2, y: 0)
        if let over {
            let shift: Double
            if accentOver {
                // An accent's math.ink sits just above the base's (its own math.ink may start above its baseline).
                shift = base.ascent + c(.overbarVerticalGap) / 2 + over.descent
                let x = (width - over.width) / 2 + (base.italicCorrection / 2)
                out.draw(over, x: x, y: -shift)
                out.ascent = max(out.ascent, over.ascent + shift)
            } else {
                let gap = baseIsLargeOp ? c(.upperLimitGapMin) : c(.overbarVerticalGap)
                let rise = baseIsLargeOp ? c(.upperLimitBaselineRiseMin) : 0
                shift = base.ascent + max(gap + over.descent, rise)
                out.draw(over, x: (width - over.width) / 2 + (baseIsLargeOp ? base.italicCorrection / 2 : 0), y: -shift)
                out.ascent = max(out.ascent, over.ascent + shift + (baseIsLargeOp ? 0 : c(.overbarExtraAscender)))
            }
        }
        if let under {
            let shift: Double
            if accentUnder {
                shift = base.descent + c(.underbarVerticalGap) / 2 + under.ascent
            } else {
                let gap = baseIsLargeOp ? c(.lowerLimitGapMin) : c(.underbarVerticalGap)
                let drop = baseIsLargeOp ? c(.lowerLimitBaselineDropMin) : 0
                shift = base.descent + max(gap + under.ascent, drop)
            }
            out.draw(under, x: (width - under.width) / 2 - (baseIsLargeOp ? base.italicCorrection / 2 : 0), y: shift)
            out.descent = max(out.descent, under.descent + shift + (baseIsLargeOp || accentUnder ? 0 : c(.underbarExtraDescender)))
        }
        return out
    }
}
