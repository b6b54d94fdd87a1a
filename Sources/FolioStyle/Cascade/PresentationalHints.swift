import FolioXML

/// Attributes that style elements the way browsers honour them (`width` on images and tables,
/// `align`, `valign`, `bgcolor`, `<font>`, table `border`/`cellpadding`/`cellspacing`, list
/// `start`/`value`), as author-level declarations of specificity zero placed before every
/// author rule.
///
/// https://html.spec.whatwg.org/multipage/rendering.html#presentational-hints
enum PresentationalHints {
    /// The hints of one element as CSS declarations, or nil when it has none.
    static func css(for element: XMLNode) -> String? {
        guard element.namespaceURI == nil || element.namespaceURI == Namespace.xhtml else { return nil }
        var css: [String] = []
        let name = element.localName.lowercased()
        func attr(_ n: String) -> String? { element.attribute(n)?.trimmingSpaces }

        switch name {
        case "img", "video", "object", "embed", "iframe", "canvas", "table", "td", "th", "col", "colgroup", "hr":
            if let w = attr("width").flatMap(dimension) { css.append("width: \(w)") }
            if let h = attr("height").flatMap(dimension), name != "hr" { css.append("height: \(h)") }
        default: break
        }
        switch name {
        case "img", "object", "embed", "iframe", "video":
            if let a = attr("align")?.lowercased() {
                if a == "left" || a == "right" { css.append("float: \(a)") }
                if a == "middle" || a == "center" { css.append("vertical-align: middle") }
                if a == "top" || a == "bottom" { css.append("vertical-align: \(a == "top" ? "top" : "baseline")") }
            }
            if let h = attr("hspace").flatMap(dimension) { css.append("margin-left: \(h); margin-right: \(h)") }
            if let v = attr("vspace").flatMap(dimension) { css.append("margin-top: \(v); margin-bottom: \(v)") }
            // Width and style only, as HTML says: a `border` shorthand would reset the UA's gray colour.
            if let b = attr("border").flatMap(pixels) { css.append("border-width: \(b)px; border-style: solid") }
        case "table":
            if let a = attr("align")?.lowercased() {
                if a == "left" || a == "right" { css.append("float: \(a)") }
                if a == "center" { css.append("margin-left: auto; margin-right: auto") }
            }
            if let b = attr("border").map({ pixels($0) ?? 1 }), b > 0 { css.append("border-width: \(b)px; border-style: outset") }
            if let s = attr("cellspacing").flatMap(pixels) { css.append("border-spacing: \(s)px") }
        case "td", "th":
            if let table = enclosingTable(element) {
                if let b = table.attribute("border").map({ pixels($0) ?? 1 }), b > 0 { css.append("border-width: 1px; border-style: inset") }
                if let p = table.attribute("cellpadding").flatMap(pixels) { css.append("padding: \(p)px") }
            }
            if attr("nowrap") != nil { css.append("white-space: nowrap") }
        case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "caption":
            if let a = attr("align")?.lowercased(), ["left", "right", "center", "justify"].contains(a) {
                css.append("text-align: \(a)")
            }
        case "font":
            if let face = attr("face") { css.append("font-family: \(face)") }
            if let size = attr("size").flatMap(fontSize) { css.append("font-size: \(size)") }
            if let color = attr("color") { css.append("color: \(color)") }
        case "body":
            if let text = attr("text") { css.append("color: \(text)") }
        case "ol":
            if let start = attr("start").flatMap({ Int($0) }) { css.append("counter-reset: list-item \(start - 1)") }
        case "li":
            if let value = attr("value").flatMap({ Int($0) }) { css.append("counter-set: list-item \(value)") }
        case "hr":
            if let size = attr("size").flatMap(pixels) { css.append("height: \(size)px; border-width: 0; background-color: gray") }
            if attr("noshade") != nil { css.append("border-style: solid; background-color: gray") }
            if let a = attr("align")?.lowercased() {
                if a == "left" { css.append("margin-left: 0; margin-right: auto") }
                if a == "right" { css.append("margin-left: auto; margin-right: 0") }
            }
        default: break
        }
        switch name {
        case "td", "th", "tr", "thead", "tbody", "tfoot":
            if let a = attr("align")?.lowercased(), ["left", "right", "center", "justify"].contains(a) { css.append("text-align: \(a)") }
            if let v = attr("valign")?.lowercased(), ["top", "middle", "bottom", "baseline"].contains(v) { css.append("vertical-align: \(v)") }
        default: break
        }
        if ["body", "table", "tr", "td", "th"].contains(name), let bg = attr("bgcolor") { css.append("background-color: \(bg)") }
        return css.isEmpty ? nil : css.joined(separator: "; ")
    }

    /// An HTML dimension: `100` is 100px, `50%` stays a percentage.
    private static func dimension(_ value: String) -> String? {
        var digits = Substring(value)
        let percent = digits.hasSuffix("%")
        if percent { digits = digits.dropLast() }
        if digits.hasSuffix("px") { digits = digits.dropLast(2) }
        guard let number = Double(digits), number >= 0, number.isFinite else { return nil }
        return percent ? "\(number)%" : "\(number)px"
    }

    private static func pixels(_ value: String) -> Int? {
        Int(value.prefix { $0.isNumber }).map { min($0, 100) }
    }

    /// `<font size>`: 1–7, or relative to 3 with a sign.
    private static func fontSize(_ value: String) -> String? {
        let keywords = ["x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large"]
        var n: Int
        if value.hasPrefix("+"), let d = Int(value.dropFirst()) { n = 3 + d }
        else if value.hasPrefix("-"), let d = Int(value.dropFirst()) { n = 3 - d }
        else if let d = Int(value) { n = d }
        else { return nil }
        n = max(1, min(7, n))
        return keywords[n - 1]
    }

    private static func enclosingTable(_ cell: XMLNode) -> XMLNode? {
        var node = cell.parentElement
        while let n = node {
            if n.localName.lowercased() == "table" { return n }
            node = n.parentElement
        }
        return nil
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
