@testable import FolioLayout
import FolioStyle

/// The text a styled document should show, in document order, independently of layout: its
/// text nodes and generated content, minus `display: none`, with missing images' alt text.
enum ExpectedText {
    static func text(_ document: StyledDocument, imageMissing: (StyledNode) -> Bool) -> String {
        guard let root = document.root else { return "" }
        var out = ""
        // (node, leaving): a block-level node adds a separator on the way in and out.
        var stack: [(Int32, Bool)] = [(root.index, false)]
        while let (index, leaving) = stack.popLast() {
            let node = document.nodes[Int(index)]
            if leaving {
                out += node.source?.localName == "rt" ? ")" : " "
                continue
            }
            let box = node.computed.box
            switch node.kind {
            case .text:
                out += node.text ?? ""
                continue
            case .pseudo:
                guard box.display != .none else { continue }
                let block = box.display != .inline
                out += block ? " " + (node.text ?? "") + " " : node.text ?? ""
                continue
            case .element:
                guard box.display != .none else { continue }
            }
            let name = node.source?.localName ?? ""
            if ["img", "svg", "image"].contains(name) {
                if imageMissing(node) { out += " " + (node.source?.attribute("alt") ?? "") + " " }
                continue
            }
            if name == "br" { out += " " }
            // A formula stands as its page text: written in characters, else its alttext, an annotation, its tokens.
            let fallback = name == "math" ? node.source.flatMap(MathLinearText.text) ?? node.text : node.text
            if let fallback { out += box.display != .inline ? " " + fallback + " " : fallback }
            let block = box.display != .inline && box.display != .ruby && box.display != .rubyText
            if block {
                out += " "
                stack.append((index, true))
            } else if name == "rt" {
                // Page text gives a ruby annotation in parentheses after its base.
                out += "("
                stack.append((index, true))
            }
            var children: [Int32] = []
            var child = node.firstChild
            while child >= 0 {
                children.append(child)
                child = document.nodes[Int(child)].nextSibling
            }
            for c in children.reversed() { stack.append((c, false)) }
        }
        return out
    }

    /// Words for comparing: lowercased (text-transform), soft hyphens dropped.
    static func words(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\u{AD}", with: "").lowercased()
            .split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }
}
