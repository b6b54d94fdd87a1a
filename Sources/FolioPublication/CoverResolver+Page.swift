import FolioXML

/// What a cover page shows: its images (`img@src`, SVG `image@href` / `xlink:href`) and its text.
enum CoverPage {
    /// The `src` of the first image in document order.
    static func firstImage(in tree: XMLTree) -> String? {
        guard let root = tree.root else { return nil }
        return root.descendants().lazy.compactMap(source(of:)).first
    }

    /// The `src` of the page's only image, when the body shows exactly one image and no text.
    static func soleImage(in tree: XMLTree) -> String? {
        guard let (images, text) = scan(tree), !text, images.count == 1 else { return nil }
        return images[0]
    }

    /// True when the document's body (or SVG root) shows any text.
    static func hasText(_ tree: XMLTree) -> Bool {
        scan(tree)?.text ?? false
    }

    /// The image sources the body shows, and whether it shows text.
    private static func scan(_ tree: XMLTree) -> (images: [String], text: Bool)? {
        guard let root = tree.root else { return nil }
        let body = root.child("body") ?? root
        var images: [String] = []
        var stack: [XMLNode] = Array(body.children.reversed())
        while let node = stack.popLast() {
            switch node.kind {
            case .text, .cdata:
                if !NavText.collapsed(node.text ?? "").isEmpty { return (images, true) }
            case .element:
                // Text that is never shown: SVG accessibility text, scripts, styles.
                if ["title", "desc", "script", "style"].contains(node.localName) { continue }
                if let src = source(of: node) { images.append(src) }
                stack.append(contentsOf: node.children.reversed())
            case .document, .comment, .processingInstruction:
                continue
            }
        }
        return (images, false)
    }

    /// The image reference of an HTML `img` or an SVG `image`.
    private static func source(of node: XMLNode) -> String? {
        let src: String?
        if node.isElement("img"), NavText.isHTML(node) {
            src = node.attribute("src")
        } else if node.isElement("image") {
            src = node.attribute("href", namespace: Namespace.xlink) ?? node.attribute("href")
        } else {
            return nil
        }
        return src.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }
    }
}
