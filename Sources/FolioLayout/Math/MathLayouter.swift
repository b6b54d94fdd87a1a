import FolioCore
import FolioStyle
import FolioText
import FolioXML

/// Lays out a MathML formula as MathML Core describes, with the math font's OpenType MATH
/// table for every gap, shift and stretched glyph: rows with operator spacing and stretchy
/// fences, tokens, fractions, radicals, scripts and limits, tables, spaces and padding.
/// Each element gives a `MathBox`; the `math` element's box becomes an atomic inline (or a
/// centred display line) of its paragraph.
/// https://w3c.github.io/mathml-core/#layout-algorithms
struct MathLayouter {
    let font: MathFont
    let fonts: FontContext
    let shaper: Shaper
    let cache: MathCache

    // The layouters of the schemata, each a value over this one.
    var scripts: MathScriptLayouter { MathScriptLayouter(math: self) }
    var stacks: MathStackLayouter { MathStackLayouter(math: self) }
    var tables: MathTableLayouter { MathTableLayouter(math: self) }

    /// Elements nested deeper than this are shown as their text: a hostile formula cannot
    /// exhaust the stack, and no real one comes near.
    static let maximumDepth = 48

    /// Lays out a `math` element in `environment` (the element's own size and colour).
    /// A right-to-left `environment` (the element's CSS direction) lays the formula out right
    /// to left.
    func layout(math: XMLNode, environment: MathEnvironment) -> MathBox {
        var environment = environment
        applyStyleAttributes(math, to: &environment)
        let box = row(children(of: math), environment: environment)
        return environment.rtl ? box.mirrored() : box
    }

    // MARK: Elements

    func layout(_ node: XMLNode, environment: MathEnvironment) -> MathBox {
        var environment = environment
        environment.depth += 1
        guard node.kind == .element else {
            return node.kind == .text ? token(node.textContent, kind: .text, environment: environment) : .empty
        }
        guard environment.depth <= Self.maximumDepth else {
            return token(node.textContent, kind: .text, environment: environment)
        }
        let outerRTL = environment.rtl
        applyStyleAttributes(node, to: &environment)
        // Laid out left to right and mirrored where the direction changes (`dir`).
        let box = element(node, environment: environment)
        return environment.rtl != outerRTL ? box.mirrored() : box
    }

    private func element(_ node: XMLNode, environment: MathEnvironment) -> MathBox {
        let kids = children(of: node)
        // One hash of the name rather than a string comparison per case.
        switch Self.elementKinds[node.localName] ?? .row {
        case .mi: return token(node.textContent, kind: .identifier, environment: environment, variant: node.attribute("mathvariant"))
        case .mn: return token(node.textContent, kind: .number, environment: environment, variant: node.attribute("mathvariant"))
        case .mtext: return token(node.textContent, kind: .text, environment: environment, variant: node.attribute("mathvariant"))
        case .ms:
            let open = node.attribute("lquote") ?? "\"", close = node.attribute("rquote") ?? "\""
            return token(open + node.textContent + close, kind: .text, environment: environment, variant: node.attribute("mathvariant"))
        case .mo: return op(node, environment: environment)
        case .mspace: return mspace(node, environment: environment)
        case .mfrac: return stacks.fraction(node, kids, environment: environment)
        case .msqrt: return stacks.radical(base: row(kids, environment: environment), index: nil, environment: environment)
        case .mroot:
            guard kids.count == 2 else { return error(kids, environment: environment) }
            let index = layout(kids[1], environment: environment.scripted(2, font: font))
            return stacks.radical(base: layout(kids[0], environment: environment), index: index, environment: environment)
        case .msub, .msup, .msubsup: return scripts.scripts(node, kids, environment: environment)
        case .munder, .mover, .munderover: return scripts.limits(node, kids, environment: environment)
        case .mmultiscripts: return scripts.multiscripts(kids, environment: environment)
        case .mtable: return tables.table(node, environment: environment)
        case .mfenced: return stacks.fenced(node, kids, environment: environment)
        case .mpadded: return padded(node, row(kids, environment: environment), environment: environment)
        case .mphantom:
            var box = row(kids, environment: environment)
            box.items = []
            return box
        case .merror: return error(kids, environment: environment)
        case .menclose: return enclosed(node, row(kids, environment: environment), environment: environment)
        case .semantics, .maction:
            // The first child is what is shown; annotations are for other processors.
            return kids.first.map { layout($0, environment: environment) } ?? .empty
        case .annotation, .annotationXML, .noneElement, .mprescripts, .malignmark, .maligngroup:
            return .empty
        default:
            // mrow, mstyle, the math element, mtd, and elements MathML does not know: a row.
            return row(kids, environment: environment)
        }
    }

    /// The MathML elements layout tells apart; any other element is laid out as a row.
    enum ElementKind {
        case mi, mn, mtext, ms, mo, mspace, mfrac, msqrt, mroot, msub, msup, msubsup, munder, mover, munderover, mmultiscripts
        case mtable, mfenced, mpadded, mphantom, merror, menclose, semantics, maction
        case annotation, annotationXML, noneElement, mprescripts, malignmark, maligngroup, row
    }

    static let elementKinds: [String: ElementKind] = [
        "mi": .mi, "mn": .mn, "mtext": .mtext, "ms": .ms, "mo": .mo, "mspace": .mspace, "mfrac": .mfrac, "msqrt": .msqrt,
        "mroot": .mroot, "msub": .msub, "msup": .msup, "msubsup": .msubsup, "munder": .munder, "mover": .mover,
        "munderover": .munderover, "mmultiscripts": .mmultiscripts, "mtable": .mtable, "mfenced": .mfenced, "mpadded": .mpadded,
        "mphantom": .mphantom, "merror": .merror, "menclose": .menclose, "semantics": .semantics, "maction": .maction,
        "annotation": .annotation, "annotation-xml": .annotationXML, "none": .noneElement, "mprescripts": .mprescripts,
        "malignmark": .malignmark, "maligngroup": .maligngroup,
    ]

    /// An element's element children and non-blank text (a text outside a token is shown).
    func children(of node: XMLNode) -> [XMLNode] {
        Self.childElements(node)
    }

    static func childElements(_ node: XMLNode) -> [XMLNode] {
        var kids: [XMLNode] = []
        var count = 0
        var next = node.firstChild
        while let child = next {
            count += 1
            next = child.nextSibling
        }
        kids.reserveCapacity(count)
        next = node.firstChild
        while let child = next {
            switch child.kind {
            case .element: kids.append(child)
            case .text, .cdata: if !child.isBlankText { kids.append(child) }
            default: break
            }
            next = child.nextSibling
        }
        return kids
    }

    /// The words of an attribute or a token, split at XML white space (space, tab, line feeds).
    static func words(_ text: String) -> [String] {
        text.utf8.split(whereSeparator: XMLTree.isSpace).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A token's text with XML white space trimmed and runs of it collapsed to one space.
    static func collapsed(_ text: String) -> String {
        if !text.utf8.contains(where: XMLTree.isSpace) { return text }
        return words(text).joined(separator: " ")
    }

    /// The attributes every element may carry in MathML 3 and Core: `mathcolor`, `mathsize`,
    /// `displaystyle`, `scriptlevel` (given or relative), `dir`, and `mstyle`'s `mathvariant`.
    func applyStyleAttributes(_ node: XMLNode, to environment: inout MathEnvironment) {
        // Most elements have none: the names are not asked for one by one.
        guard node.hasAttributes else {
            if node.localName == "math" { environment.displayStyle = false }
            return
        }
        if let color = node.attribute("mathcolor").flatMap(RGBA.init(cssText:)) { environment.color = color }
        if let display = node.attribute("displaystyle")?.lowercased() { environment.displayStyle = display == "true" }
        if node.localName == "math" { environment.displayStyle = node.attribute("display")?.lowercased() == "block" }
        if let level = node.attribute("scriptlevel")?.trimmingWhitespace(), let value = Int(level.drop { $0 == "+" }) {
            environment.setScriptLevel(level.hasPrefix("+") || level.hasPrefix("-") ? environment.scriptLevel + value : value, font: font)
        }
        if let size = node.attribute("mathsize") {
            let factor: Double? = switch size.lowercased() {
            case "small": 0.8
            case "normal": 1
            case "big": 1.2
            default: nil
            }
            if let factor {
                environment.size *= factor
            } else if let length = length(size, environment: environment, relativeTo: environment.size) {
                environment.size = max(1, min(length, environment.size * 8))
            }
        }
        if node.localName == "mstyle", let variant = node.attribute("mathvariant") { environment.variant = variant }
        if let dir = node.attribute("dir")?.trimmingWhitespace().lowercased(), dir == "rtl" || dir == "ltr" { environment.rtl = dir == "rtl" }
    }

    // MARK: Rows

    /// Children laid out side by side on a common baseline (an `mrow`, or an element whose
    /// children form one): embellished operators take their form from their place in the row
    /// and their space around them; stretchy ones grow to the row's other children.
    func row(_ kids: [XMLNode], environment: MathEnvironment) -> MathBox {
        guard !kids.isEmpty else { return .empty }
        if kids.count == 1 { return layout(kids[0], environment: environment) }
        let count = kids.count
        func form(_ k: Int) -> MathOperators.Form { k == 0 ? .prefix : k == count - 1 ? .postfix : .infix }
        var boxes: [MathBox] = []
        var operators: [(core: XMLNode, properties: MathOperators.Properties)?] = []
        for (k, kid) in kids.enumerated() {
            var inner = environment
            inner.operatorForm = form(k)
            let core = embellishedCore(kid)
            operators.append(core.map { ($0, operatorProperties($0, form: form(k), environment: inner)) })
            boxes.append(layout(kid, environment: inner))
        }
        // Stretchy operators that are children of the row grow to cover the others.
        var ascent = 0.0, descent = 0.0
        for (k, box) in boxes.enumerated() where !(operators[k].map { $0.properties.stretchy && !$0.properties.horizontal && $0.core == kids[k] } ?? false) {
            ascent = max(ascent, box.ascent)
            descent = max(descent, box.descent)
        }
        if ascent + descent > 0 {
            for k in boxes.indices {
                guard let entry = operators[k], entry.core == kids[k], entry.properties.stretchy, !entry.properties.horizontal else { continue }
                var inner = environment
                inner.operatorForm = form(k)
                boxes[k] = op(kids[k], environment: inner, stretchTo: (ascent, descent))
            }
        }
        var out = MathBox()
        for (k, box) in boxes.enumerated() {
            let spaces = operators[k].map { spacing($0.core, $0.properties, environment: environment) } ?? (left: 0, right: 0)
            out.width += spaces.left
            out.draw(box, x: out.width, y: 0)
            out.width += box.width + spaces.right
            out.ascent = max(out.ascent, box.ascent)
            out.descent = max(out.descent, box.descent)
            out.italicCorrection = operators[k] == nil ? box.italicCorrection : 0
        }
        return out
    }

    /// The `mo` an element is an embellished operator of: the element itself, the base of a
    /// script, limit or fraction, or the one child of a row-like element.
    /// https://w3c.github.io/mathml-core/#embellished-operators
    func embellishedCore(_ node: XMLNode, depth: Int = 0) -> XMLNode? {
        guard node.kind == .element, depth < 16 else { return nil }
        switch node.localName {
        case "mo": return node
        case "msub", "msup", "msubsup", "munder", "mover", "munderover", "mmultiscripts", "mfrac", "semantics", "maction":
            return node.elementChildren.first.flatMap { embellishedCore($0, depth: depth + 1) }
        case "mrow", "mstyle", "mpadded", "mphantom":
            let kids = node.elementChildren
            return kids.count == 1 ? embellishedCore(kids[0], depth: depth + 1) : nil
        default: return nil
        }
    }

    /// An operator's dictionary properties with its own attributes over them.
    func operatorProperties(_ node: XMLNode, form: MathOperators.Form?, environment: MathEnvironment) -> MathOperators.Properties {
        let text = Self.collapsed(node.textContent)
        let given: MathOperators.Form? = switch node.attribute("form")?.lowercased() {
        case "prefix": .prefix
        case "postfix": .postfix
        case "infix": .infix
        default: nil
        }
        var properties = MathOperators.properties(text, form: given ?? form ?? .infix)
        func flag(_ name: String) -> Bool? { node.attribute(name).map { $0.lowercased() == "true" } }
        properties.stretchy = flag("stretchy") ?? properties.stretchy
        properties.symmetric = flag("symmetric") ?? properties.symmetric
        properties.largeOp = flag("largeop") ?? properties.largeOp
        properties.movableLimits = flag("movablelimits") ?? properties.movableLimits
        properties.accent = flag("accent") ?? properties.accent
        return properties
    }

    /// The space before and after an embellished operator, in px (its `lspace`/`rspace`
    /// attributes over the dictionary's). In scripts the dictionary's spaces are left out, as
    /// TeX sets `k=1` under a sum.
    func spacing(_ core: XMLNode, _ properties: MathOperators.Properties, environment: MathEnvironment) -> (left: Double, right: Double) {
        let em = environment.size
        let scale = environment.scriptLevel > 0 && !properties.largeOp ? 0.0 : 1.0
        let left = core.attribute("lspace").flatMap { length($0, environment: environment, relativeTo: em) } ?? properties.lspace * em / 18 * scale
        let right = core.attribute("rspace").flatMap { length($0, environment: environment, relativeTo: em) } ?? properties.rspace * em / 18 * scale
        return (max(0, min(left, em * 4)), max(0, min(right, em * 4)))
    }

    // MARK: Spaces, padding, errors

    func mspace(_ node: XMLNode, environment: MathEnvironment) -> MathBox {
        let width = node.attribute("width").flatMap { length($0, environment: environment, relativeTo: 0) } ?? 0
        let height = node.attribute("height").flatMap { length($0, environment: environment, relativeTo: 0) } ?? 0
        let depth = node.attribute("depth").flatMap { length($0, environment: environment, relativeTo: 0) } ?? 0
        let limit = environment.size * 40
        return .space(width: max(0, min(width, limit)), ascent: max(0, min(height, limit)), descent: max(0, min(depth, limit)))
    }

    /// `mpadded`: the content with its width, height and depth set or changed, moved by
    /// `lspace` and `voffset` (lengths, percentages of the content's, or MathML 3's
    /// pseudo-units `width`, `height`, `depth`).
    func padded(_ node: XMLNode, _ content: MathBox, environment: MathEnvironment) -> MathBox {
        func dimension(_ name: String, _ current: Double) -> Double {
            guard let text = node.attribute(name) else { return current }
            let value = length(text, environment: environment, relativeTo: current, content: content) ?? current
            let signed = text.hasPrefix("+") || text.hasPrefix("-")
            return max(0, min(signed && !text.contains("%") ? current + value : value, environment.size * 40))
        }
        let lspace = node.attribute("lspace").flatMap { length($0, environment: environment, relativeTo: 0, content: content) } ?? 0
        let voffset = node.attribute("voffset").flatMap { length($0, environment: environment, relativeTo: 0, content: content) } ?? 0
        var box = MathBox(width: dimension("width", content.width), ascent: dimension("height", content.ascent),
                          descent: dimension("depth", content.descent))
        box.draw(content, x: max(-content.width, min(lspace, environment.size * 40)), y: -max(-environment.size * 40, min(voffset, environment.size * 40)))
        return box
    }

    /// `merror`: its content in a red frame, as MathML Core's user-agent sheet draws it.
    func error(_ kids: [XMLNode], environment: MathEnvironment) -> MathBox {
        let content = row(kids, environment: environment)
        return framed(content, notations: ["box"], color: RGBA(red: 0xd0, green: 0, blue: 0), environment: environment)
    }

    /// `menclose` (MathML 3): its content with the lines its `notation` names.
    func enclosed(_ node: XMLNode, _ content: MathBox, environment: MathEnvironment) -> MathBox {
        let notations = Set(Self.words(node.attribute("notation") ?? "longdiv"))
        return framed(content, notations: notations, color: environment.color, environment: environment)
    }

    private func framed(_ content: MathBox, notations: Set<String>, color: RGBA, environment: MathEnvironment) -> MathBox {
        let rule = max(0.5, font.constant(.overbarRuleThickness) * environment.size)
        let pad = environment.size * 0.15
        var box = MathBox(width: content.width + 2 * (pad + rule), ascent: content.ascent + pad + rule, descent: content.descent + pad + rule)
        box.draw(content, x: pad + rule, y: 0)
        let top = -box.ascent, bottom = box.descent
        let all = notations.contains("box") || notations.contains("roundedbox") || notations.contains("circle")
        if all || notations.contains("top") || notations.contains("actuarial") || notations.contains("longdiv") {
            box.items.append(.rule(Rect(x: 0, y: top, width: box.width, height: rule), color))
        }
        if all || notations.contains("bottom") || notations.contains("madruwb") {
            box.items.append(.rule(Rect(x: 0, y: bottom - rule, width: box.width, height: rule), color))
        }
        if all || notations.contains("left") || notations.contains("longdiv") {
            box.items.append(.rule(Rect(x: 0, y: top, width: rule, height: bottom - top), color))
        }
        if all || notations.contains("right") || notations.contains("actuarial") || notations.contains("madruwb") {
            box.items.append(.rule(Rect(x: box.width - rule, y: top, width: rule, height: bottom - top), color))
        }
        if notations.contains("horizontalstrike") {
            box.items.append(.rule(Rect(x: 0, y: -font.constant(.axisHeight) * environment.size - rule / 2, width: box.width, height: rule), color))
        }
        if notations.contains("verticalstrike") {
            box.items.append(.rule(Rect(x: box.width / 2 - rule / 2, y: top, width: rule, height: bottom - top), color))
        }
        return box
    }

    // MARK: Lengths

    /// MathML 3's named spaces, in 18ths of an em.
    static let namedSpaces: [String: Double] = ["veryverythinmathspace": 1, "verythinmathspace": 2, "thinmathspace": 3, "mediummathspace": 4,
                                                "thickmathspace": 5, "verythickmathspace": 6, "veryverythickmathspace": 7]

    /// A MathML length in px: a number with a CSS unit, a percentage of `base`, a named space
    /// (`thinmathspace` …), or a multiple of a pseudo-unit of `content`; nil when unreadable.
    func length(_ text: String, environment: MathEnvironment, relativeTo base: Double, content: MathBox? = nil) -> Double? {
        // The common case, a plain number of ems (tex4ht's `width="0.3em"`), without building strings.
        if text.hasSuffix("em"), let value = Double(text.dropLast(2)), value.isFinite { return value * environment.size }
        let trimmed = text.trimmingWhitespace().lowercased()
        let em = environment.size
        var body = Substring(trimmed)
        var sign = 1.0
        if body.hasPrefix("+") { body = body.dropFirst() } else if body.hasPrefix("-") { sign = -1; body = body.dropFirst() }
        if body.hasPrefix("negative") { sign = -sign; body = body.dropFirst(8) }
        if let eighteenths = Self.namedSpaces[String(body)] { return sign * eighteenths * em / 18 }
        let number = body.prefix { $0.isNumber || $0 == "." }
        let unit = body.dropFirst(number.count).trimmingWhitespace()
        let value = number.isEmpty ? 1 : Double(number)
        guard let value, value.isFinite else { return nil }
        let xHeight = Double(font.face.metrics.xHeight) / Double(font.face.metrics.unitsPerEm) * em
        let px: Double? = switch unit {
        case "", "px": number.isEmpty ? nil : value
        case "em": value * em
        case "ex": value * xHeight
        case "pt": value * 96 / 72
        case "pc": value * 16
        case "in": value * 96
        case "cm": value * 96 / 2.54
        case "mm": value * 96 / 25.4
        case "%": value / 100 * base
        case "width": content.map { value * $0.width }
        case "height": content.map { value * $0.ascent }
        case "depth": content.map { value * $0.descent }
        default: Self.namedSpaces[unit].map { value * $0 * em / 18 }
        }
        return px.map { sign * $0 }
    }
}
