import FolioCore
import FolioXML

/// A formula written in characters, for cells: `x = (a + b)²`, `a/(b + 1)`, `√(x² + 1)`,
/// `Σ_(k=1)^n k`, `[1, 0; 0, 1]` — scripts in Unicode superscript and subscript characters
/// where every character has one, else after `^` and `_`; fractions with a slash; a table as
/// rows in brackets. Nil for elements it cannot write (`mglyph`, a foreign element), where
/// the formula's alttext stands instead.
struct MathLinearText {
    private var depth = 0

    static func text(_ math: XMLNode) -> String? {
        var writer = MathLinearText()
        guard let text = writer.row(MathLayouter.childElements(math)), !text.isEmpty else { return nil }
        return text
    }

    private mutating func write(_ node: XMLNode, first: Bool = true) -> String? {
        guard node.kind == .element else { return node.kind == .text ? MathLayouter.collapsed(node.textContent) : "" }
        depth += 1
        defer { depth -= 1 }
        guard depth <= MathLayouter.maximumDepth else { return nil }
        // One hash of the name (as `MathLayouter` does); the children are listed where used.
        let name = node.localName
        guard let kind = MathLayouter.elementKinds[name] else {
            if name == "mglyph" { return nil }
            let isRow = name == "mrow" || name == "mstyle" || name == "mtd" || name == "mtr" || name == "math"
            return isRow || node.namespaceURI == Namespace.mathml ? row(MathLayouter.childElements(node)) : nil
        }
        switch kind {
        case .mi, .mn, .mtext: return MathLayouter.collapsed(node.textContent)
        case .ms: return "\"" + MathLayouter.collapsed(node.textContent) + "\""
        case .mo: return op(MathLayouter.collapsed(node.textContent), first: first)
        case .mspace:
            let width = node.attribute("width") ?? ""
            return width.isEmpty || width.hasPrefix("0") || width.hasPrefix("-") ? "" : " "
        case .mphantom, .annotation, .annotationXML, .noneElement, .mprescripts, .malignmark, .maligngroup: return ""
        default: break
        }
        let kids = MathLayouter.childElements(node)
        switch kind {
        case .mfrac:
            guard kids.count == 2, let top = write(kids[0]), let bottom = write(kids[1]) else { return nil }
            // A fraction with no bar is a stack (a binomial's), not a division.
            let bar = (node.attribute("linethickness") ?? "").trimmingWhitespace()
            if bar == "0" || bar.hasPrefix("0px") || bar.hasPrefix("0em") { return top + " " + bottom }
            return grouped(top) + "/" + grouped(bottom)
        case .msqrt: return row(kids).map { "√" + grouped($0) }
        case .mroot:
            guard kids.count == 2, let base = write(kids[0]), let index = write(kids[1]) else { return nil }
            return script(index, .superscript) + "√" + grouped(base)
        case .msub, .msup, .msubsup, .munder, .mover, .munderover:
            return scripted(kind, kids)
        case .mmultiscripts:
            guard let base = kids.first.flatMap({ write($0) }) else { return nil }
            var pre = "", post = ""
            var inPre = false
            var k = 0
            for kid in kids.dropFirst() {
                if kid.localName == "mprescripts" { inPre = true; k = 0; continue }
                guard let text = write(kid) else { return nil }
                let piece = text.isEmpty ? "" : script(text, k % 2 == 0 ? .subscript : .superscript)
                if inPre { pre += piece } else { post += piece }
                k += 1
            }
            return pre + grouped(base) + post
        case .mfenced:
            let open = node.attribute("open") ?? "(", close = node.attribute("close") ?? ")"
            let separators = (node.attribute("separators") ?? ",").filter { !$0.isWhitespace }.map(String.init)
            if kids.count == 1, kids[0].localName == "mtable", let rows = tableRows(MathLayouter.childElements(kids[0])) {
                return open.trimmingWhitespace() + rows + close.trimmingWhitespace()
            }
            var parts: [String] = []
            for (k, kid) in kids.enumerated() {
                guard let text = write(kid) else { return nil }
                parts.append(text)
                if k < kids.count - 1, !separators.isEmpty { parts.append(separators[min(k, separators.count - 1)] + " ") }
            }
            return open.trimmingWhitespace() + parts.joined() + close.trimmingWhitespace()
        case .mtable:
            guard let rows = tableRows(kids) else { return nil }
            return rows.contains(";") ? "[" + rows + "]" : rows
        case .semantics, .maction: return kids.first.flatMap { write($0) } ?? ""
        default:
            // mpadded, merror, menclose: a row.
            return row(kids)
        }
    }

    /// A table's rows separated by semicolons, its cells by commas.
    private mutating func tableRows(_ kids: [XMLNode]) -> String? {
        var rows: [String] = []
        for row in kids where row.localName == "mtr" || row.localName == "mlabeledtr" {
            var cells: [String] = []
            for cell in MathLayouter.childElements(row).dropFirst(row.localName == "mlabeledtr" ? 1 : 0) {
                guard let text = self.row(MathLayouter.childElements(cell)) else { return nil }
                cells.append(text)
            }
            rows.append(cells.joined(separator: ", "))
        }
        return rows.joined(separator: "; ")
    }

    private mutating func row(_ kids: [XMLNode]) -> String? {
        // A matrix between fences takes theirs instead of brackets of its own.
        if kids.count == 3, kids[0].localName == "mo", kids[2].localName == "mo", kids[1].localName == "mtable",
           let rows = tableRows(MathLayouter.childElements(kids[1])) {
            return MathLayouter.collapsed(kids[0].textContent) + rows + MathLayouter.collapsed(kids[2].textContent)
        }
        var text = ""
        for (k, kid) in kids.enumerated() {
            guard let piece = write(kid, first: k == 0) else { return nil }
            text += piece
        }
        return text.trimmingWhitespace()
    }

    /// An operator, with a space on either side when it is a relation or a binary operator
    /// between operands.
    private func op(_ text: String, first: Bool) -> String {
        let shown = MathOperators.displayed(text)
        switch shown {
        case "\u{2061}": return " "
        case "\u{2062}", "\u{2063}", "\u{2064}": return ""
        default: break
        }
        let spaced = MathOperators.properties(shown, form: first ? .prefix : .infix)
        return !first && spaced.lspace >= 4 && !spaced.largeOp ? " " + shown + " " : shown
    }

    private mutating func scripted(_ kind: MathLayouter.ElementKind, _ kids: [XMLNode]) -> String? {
        guard kids.count == (kind == .msubsup || kind == .munderover ? 3 : 2), let base = write(kids[0]) else { return nil }
        let lower = kind == .msup || kind == .mover ? nil : write(kids[1])
        let upper = kind == .msub || kind == .munder ? nil : write(kids[kind == .msup || kind == .mover ? 1 : 2])
        // An accent over one letter is its combining mark: x̂, x̄, x⃗.
        if kind == .mover, let upper, base.unicodeScalars.count == 1, let mark = Self.combining[upper] {
            return base + mark
        }
        var text = grouped(base)
        if let lower, !lower.isEmpty { text += script(lower, .subscript) }
        if let upper, !upper.isEmpty { text += script(upper, .superscript) }
        // A large operator's limits end before its operand: ∑_(k = 1)^n k.
        if MathOperators.properties(base, form: .prefix).largeOp || base == "lim" { text += " " }
        return text
    }

    /// Text in script characters when each has one, else after `^` or `_`, grouped.
    private func script(_ text: String, _ position: CellScript) -> String {
        if position.hasForms(text) { return position.forms(text) }
        return (position == .superscript ? "^" : "_") + grouped(text)
    }

    /// Text in parentheses unless it is one number, one name or already enclosed.
    private func grouped(_ text: String) -> String {
        // ASCII answered without the Unicode property tables: its alphabetic scalars are its letters.
        func plain(_ s: Unicode.Scalar) -> Bool {
            guard s.isASCII else { return s.properties.isAlphabetic }
            return (s.value | 0x20) &- 0x61 < 26 || ("0"..."9").contains(s) || s == "."
        }
        var count = 0, allPlain = true
        var first: Unicode.Scalar = " ", last: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            if count == 0 { first = scalar }
            last = scalar
            count += 1
            if allPlain && !plain(scalar) { allPlain = false }
        }
        if count <= 1 || allPlain { return text }
        if ["(", "[", "{", "|", "⟨"].contains(first), [")", "]", "}", "|", "⟩"].contains(last) {
            return text
        }
        return "(" + text + ")"
    }

    private static let combining: [String: String] = [
        "^": "\u{302}", "ˆ": "\u{302}", "~": "\u{303}", "˜": "\u{303}", "¯": "\u{304}", "‾": "\u{305}", "˙": "\u{307}", "¨": "\u{308}",
        "→": "\u{20D7}", "ˇ": "\u{30C}", "˘": "\u{306}",
    ]
}
