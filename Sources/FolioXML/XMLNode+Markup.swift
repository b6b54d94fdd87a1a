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
            out += XMLEscaping.escaped(value, attribute: true) + "\""
        }
        declare(name.prefix, name.namespaceURI)
        for (attribute, _) in attributes where attribute.prefix != nil { declare(attribute.prefix, attribute.namespaceURI) }
        for (attribute, value) in attributes {
            out += " " + attribute.qualified + "=\"" + XMLEscaping.escaped(value, attribute: true) + "\""
        }
        out += ">"
        for child in children {
            switch child.kind {
            case .element: child.write(into: &out, declared: &declared)
            case .text, .cdata: out += XMLEscaping.escaped(child.text ?? "", attribute: false)
            case .document, .comment, .processingInstruction: break
            }
        }
        out += "</" + name.qualified + ">"
        declared = saved
    }
}

/// Text written into XML: markup characters escaped, and in attributes the white space a
/// parser would otherwise normalize; characters XML 1.0 cannot hold (C0 controls other than
/// tab, line feed and carriage return, U+FFFE, U+FFFF) left out.
public enum XMLEscaping {
    public static func escaped(_ text: String, attribute: Bool) -> String {
        let needs = text.utf8.contains { byte in
            byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0xEF
        }
        guard needs else { return text }
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
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                guard scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF else { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
