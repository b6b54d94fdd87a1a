import FolioXML

/// SVG and MathML inside XHTML: kept as subtrees of the source document for the renderer
/// (librsvg draws SVG), with a text fallback for MathML, which Folio does not typeset.
enum ForeignContent {
    /// An `svg` or `math` element: styled as one replaced box, its children not walked.
    static func isOpaque(_ element: XMLNode) -> Bool {
        (element.namespaceURI == Namespace.svg && element.localName == "svg")
            || (element.namespaceURI == Namespace.mathml && element.localName == "math")
    }

    /// A MathML `math` element's text: its `alttext`, else a TeX or plain-text annotation,
    /// else the text of its tokens.
    static func mathFallback(_ element: XMLNode) -> String? {
        guard element.namespaceURI == Namespace.mathml, element.localName == "math" else { return nil }
        if let alt = element.attribute("alttext"), !alt.isEmpty { return alt }
        for annotation in element.descendants("annotation", namespace: Namespace.mathml) {
            let encoding = annotation.attribute("encoding")?.lowercased() ?? ""
            if encoding.contains("tex") || encoding.contains("text/plain") || encoding.isEmpty {
                let text = annotation.textContent.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !text.isEmpty { return text }
            }
        }
        let text = element.descendants().filter { $0.kind == .text && $0.parentElement?.localName != "annotation" }
            .compactMap(\.text).joined().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return text.isEmpty ? nil : text
    }
}
