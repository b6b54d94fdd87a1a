import FolioCore
import FolioXML

extension StyledDocument {
    /// The styled tree as JSON: elements as `{tag, attributes, style, children}`, text as
    /// `{text}`, generated content as `{pseudo, style, text}`. `style` lists the computed values
    /// that differ from the initial ones, as CSS text with lengths in px.
    public func json() -> JSONValue {
        guard let root else { return .null }
        // Built bottom-up over the flat node list, so depth costs no stack.
        var built: [Int32: JSONValue] = [:]
        for node in nodes.reversed() {
            built[node.index] = json(node, children: childIndices(node).compactMap { built.removeValue(forKey: $0) })
        }
        return built[root.index] ?? .null
    }

    private func childIndices(_ node: StyledNode) -> [Int32] {
        var out: [Int32] = []
        var i = node.firstChild
        while i >= 0 {
            out.append(i)
            i = nodes[Int(i)].nextSibling
        }
        return out
    }

    private func json(_ node: StyledNode, children: [JSONValue]) -> JSONValue {
        switch node.kind {
        case .text:
            return .object([("text", .string(node.text ?? ""))])
        case .pseudo(let pseudo):
            var members: [(String, JSONValue)] = [("pseudo", .string(pseudo.rawValue)), ("style", styleJSON(node.computed))]
            if let text = node.text { members.append(("text", .string(text))) }
            if let image = node.image { members.append(("image", .string(image))) }
            return .object(members)
        case .element:
            guard let element = node.source else { return .null }
            var members: [(String, JSONValue)] = [("tag", .string(element.name?.qualified ?? ""))]
            if let ns = element.namespaceURI, ns != Namespace.xhtml { members.append(("namespace", .string(ns))) }
            members.append(("attributes", .object(element.attributes.map { ($0.name.qualified, .string($0.value)) })))
            members.append(("style", styleJSON(node.computed)))
            if let text = node.text ?? mathText(node) { members.append(("fallbackText", .string(text))) }
            if let firstLetter = node.firstLetter { members.append(("firstLetter", styleJSON(firstLetter.style))) }
            if let firstLine = node.firstLine { members.append(("firstLine", styleJSON(firstLine.style))) }
            members.append(("children", .array(children)))
            return .object(members)
        }
    }

    private func styleJSON(_ style: ComputedStyle) -> JSONValue {
        .object(style.cssProperties(differingFrom: .initial).map { ($0.name, .string($0.value)) })
    }

    /// The styled tree as indented text: each element with the computed values it changes from its
    /// parent's, text abbreviated, generated content marked.
    public func outline(textWidth: Int = 60) -> String {
        guard let root else { return "" }
        var out = ""
        var stack: [(Int32, Int)] = [(root.index, 0)]
        while let (index, depth) = stack.popLast() {
            let node = nodes[Int(index)]
            let pad = String(repeating: "  ", count: depth)
            let parentStyle = node.parent >= 0 ? nodes[Int(node.parent)].computed : ComputedStyle.initial
            switch node.kind {
            case .text:
                let text = (node.text ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !text.isEmpty { out += pad + "\"" + abbreviate(text, textWidth) + "\"\n" }
            case .pseudo(let pseudo):
                out += pad + "::\(pseudo.rawValue) \"\(node.text ?? "")\"" + changes(node.computed, from: parentStyle) + "\n"
            case .element:
                out += pad + label(node) + (node.text.map { " [\(abbreviate($0, textWidth))]" } ?? "") + changes(node.computed, from: parentStyle) + "\n"
            }
            stack.append(contentsOf: childIndices(node).reversed().map { ($0, depth + 1) })
        }
        return out
    }

    private func label(_ node: StyledNode) -> String {
        guard let element = node.source else { return "?" }
        var s = element.name?.qualified ?? "?"
        if let id = element.attribute("id") { s += "#" + id }
        if let classes = element.attribute("class") {
            s += classes.split(whereSeparator: \.isWhitespace).map { "." + $0 }.joined()
        }
        return s
    }

    private func changes(_ style: ComputedStyle, from parent: ComputedStyle) -> String {
        let list = style.cssProperties(differingFrom: parent)
        guard !list.isEmpty else { return "" }
        return "  { " + list.map { "\($0.name): \($0.value)" }.joined(separator: "; ") + " }"
    }

    private func abbreviate(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }
}
