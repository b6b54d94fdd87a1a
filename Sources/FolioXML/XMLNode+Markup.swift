/// An element written back out as a standalone XML document: what an inline `<svg>` is handed
/// to an SVG renderer as.
extension XMLNode {
    /// The element and its subtree as XML text, with the namespaces it uses declared on it.
    /// Text and CDATA are escaped; comments and processing instructions are left out.
    public func markup() -> String {
        guard isElement else { return "" }
        var out = ""
        var declared: [String: String] = [:]  // prefix ("" for the default) → URI
        write(into: &out, declared: &declared)
        return out
    }

    private func write(into out: inout String, declared: inout [String: String]) {
        guard let name else { return }
        out += "<" + name.qualified
        // Each namespace the element or its attributes use, declared where it is first needed
        // (the whole subtree is written without the ancestors that declared them).
        let saved = declared
        func declare(_ prefix: String?, _ uri: String?) {
            let key = prefix ?? ""
            let value = uri ?? ""
            guard key != "xml", declared[key] != value, !(key.isEmpty && value.isEmpty && declared[key] == nil) else { return }
            declared[key] = value
            out += key.isEmpty ? " xmlns=\"" : " xmlns:\(key)=\""
            out += Self.escaped(value, attribute: true) + "\""
        }
        declare(name.prefix, name.namespaceURI)
        for (attribute, _) in attributes where attribute.prefix != nil { declare(attribute.prefix, attribute.namespaceURI) }
        for (attribute, value) in attributes {
            out += " " + attribute.qualified + "=\"" + Self.escaped(value, attribute: true) + "\""
        }
        out += ">"
        for child in children {
            switch child.kind {
            case .element: child.write(into: &out, declared: &declared)
            case .text, .cdata: out += Self.escaped(child.text ?? "", attribute: false)
            case .document, .comment, .processingInstruction: break
            }
        }
        out += "</" + name.qualified + ">"
        declared = saved
    }

    private static func escaped(_ text: String, attribute: Bool) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x0D || (attribute && ($0 == 0x09 || $0 == 0x0A)) }) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
