import FolioXML

/// SVG and MathML inside XHTML: kept as subtrees of the source document for the renderer
/// (librsvg draws SVG, FolioLayout's `MathLayouter` typesets MathML), with MathML's text for
/// page text, search, and pages where a formula is not drawn.
enum ForeignContent {
    /// An `svg` or `math` element: styled as one replaced box, its children not walked.
    static func isOpaque(_ element: XMLNode) -> Bool {
        (element.namespaceURI == Namespace.svg && element.localName == "svg")
            || (element.namespaceURI == Namespace.mathml && element.localName == "math")
    }

    /// A MathML `math` element's text: its `alttext`, else a TeX or plain-text annotation,
    /// else the text of its tokens. An alttext in `placeholders` describes no formula.
    static func mathFallback(_ element: XMLNode, placeholders: Set<String> = []) -> String? {
        guard element.namespaceURI == Namespace.mathml, element.localName == "math" else { return nil }
        if let alt = element.attribute("alttext"), !alt.isEmpty, !placeholders.contains(alt) { return alt }
        for annotation in element.descendants("annotation", namespace: Namespace.mathml) {
            let encoding = annotation.attribute("encoding")?.lowercased() ?? ""
            if encoding.contains("tex") || encoding.contains("text/plain") || encoding.isEmpty {
                let text = annotation.textContent.collapsingWhiteSpace()
                if !text.isEmpty { return text }
            }
        }
        let text = tokens(element)
        return text.isEmpty ? nil : text
    }

    /// Whether `mathFallback` gives the element a text: an alttext that is no placeholder, or
    /// a token with a visible ASCII character (the first decides, usually at once); else the
    /// text itself is made and looked at.
    static func hasMathFallback(_ element: XMLNode, placeholders: Set<String> = []) -> Bool {
        guard element.namespaceURI == Namespace.mathml, element.localName == "math" else { return false }
        if let alt = element.attribute("alttext"), !alt.isEmpty, !placeholders.contains(alt) { return true }
        var visible = false
        forEachToken(of: element) { piece, _ in
            // An ASCII character other than white space is a character of its own: it stays.
            visible = piece.utf8.contains { $0 > 0x20 && $0 < 0x7F }
            return !visible
        }
        return visible || mathFallback(element, placeholders: placeholders) != nil
    }

    /// The text of a `math` element's tokens, annotations left out.
    static func tokens(_ element: XMLNode) -> String {
        var text = ""
        forEachToken(of: element) { piece, isBlank in
            // The indentation between tags (most of a pretty-printed formula's text) collapses
            // to one space anyway: add one, not the whole run.
            if isBlank {
                if !piece.isEmpty && text.utf8.last != 0x20 { text += " " }
            } else {
                text += piece
            }
            return true
        }
        return text.collapsingWhiteSpace()
    }

    /// Calls `body` with the text of each of a `math` element's text nodes outside
    /// annotations, in order, and whether it is blank, until it returns false.
    private static func forEachToken(of element: XMLNode, _ body: (_ piece: String, _ isBlank: Bool) -> Bool) {
        var going = true
        element.visitDescendants { node in
            guard going else { return false }
            guard node.kind == .text, let piece = node.text, node.parentElement?.localName != "annotation" else { return true }
            going = body(piece, node.isBlankText)
            return going
        }
    }

    /// The alttexts of a document that stand for no formula: one text given to three or more
    /// `math` elements whose formulas differ ("Alternative text not available" on every one
    /// of a converted book's equations). Their formulas show their tokens instead.
    static func placeholderAlttexts(in root: XMLNode) -> Set<String> {
        var formulas: [String: Set<String>] = [:]
        var uses: [String: Int] = [:]
        for math in root.descendantElements(named: { $0.localName == "math" && $0.namespaceURI == Namespace.mathml }) {
            guard let alt = math.attribute("alttext"), !alt.isEmpty else { continue }
            uses[alt, default: 0] += 1
            if formulas[alt, default: []].count < 2 { formulas[alt, default: []].insert(tokens(math)) }
        }
        return Set(uses.compactMap { alt, count in count >= 3 && (formulas[alt]?.count ?? 0) >= 2 ? alt : nil })
    }
}
