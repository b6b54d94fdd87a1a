import CLibYAML
import FolioCore

/// Reads a YAML file into the values a JSON file would give (`JSONValue`), with libyaml's
/// document loader: a triage file may be written either way.
///
/// Plain scalars are typed as YAML 1.2's core schema does (null, true/false, integers, floats;
/// anything else, a date included, is a string); quoted and block scalars are strings. Only the
/// stream's first document is read. Aliases share nodes in libyaml's graph; the walk gives up
/// past `maxNodes` values or `maxDepth` levels, so a file of nested aliases (a "billion laughs")
/// or an alias to its own ancestor is an error, not an endless expansion.
enum YAMLReader {
    static let maxNodes = 100_000
    static let maxDepth = 64

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let document = UnsafeMutablePointer<yaml_document_t>.allocate(capacity: 1)
        defer {
            parser.deallocate()
            document.deallocate()
        }
        guard !bytes.isEmpty else { return .null }
        guard yaml_parser_initialize(parser) == 1 else { throw Failure(description: "libyaml could not start (out of memory)") }
        defer { yaml_parser_delete(parser) }
        // The input is read while the document loads, so the bytes stay pinned until it has.
        let loaded = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            return yaml_parser_load(parser, document)
        }
        guard loaded == 1 else { throw Failure(description: problem(parser.pointee)) }
        defer { yaml_document_delete(document) }
        guard let root = yaml_document_get_root_node(document) else { return .null }
        var budget = maxNodes
        return try value(root, in: document, depth: 0, budget: &budget)
    }

    /// libyaml's problem and where it was met, 1-based as an editor counts.
    private static func problem(_ parser: yaml_parser_t) -> String {
        let what = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        let context = parser.context.map { String(cString: $0) + ": " } ?? ""
        return "\(context)\(what) at line \(parser.problem_mark.line + 1), column \(parser.problem_mark.column + 1)"
    }

    private static func value(_ node: UnsafeMutablePointer<yaml_node_t>, in document: UnsafeMutablePointer<yaml_document_t>,
                              depth: Int, budget: inout Int) throws(Failure) -> JSONValue {
        budget -= 1
        guard budget >= 0 else { throw Failure(description: "more than \(maxNodes) values (aliases expanding without end?)") }
        guard depth <= maxDepth else { throw Failure(description: "nested deeper than \(maxDepth) levels (an alias to its own ancestor?)") }
        let line = node.pointee.start_mark.line + 1
        switch node.pointee.type {
        case YAML_SCALAR_NODE:
            return scalar(node.pointee)
        case YAML_SEQUENCE_NODE:
            var items: [JSONValue] = []
            var item = node.pointee.data.sequence.items.start
            while let current = item, current != node.pointee.data.sequence.items.top {
                guard let child = yaml_document_get_node(document, current.pointee) else {
                    throw Failure(description: "a sequence item at line \(line) names no node")
                }
                items.append(try value(child, in: document, depth: depth + 1, budget: &budget))
                item = current + 1
            }
            return .array(items)
        case YAML_MAPPING_NODE:
            var members: [(String, JSONValue)] = []
            var seen: Set<String> = []
            var pair = node.pointee.data.mapping.pairs.start
            while let current = pair, current != node.pointee.data.mapping.pairs.top {
                guard let keyNode = yaml_document_get_node(document, current.pointee.key),
                      let valueNode = yaml_document_get_node(document, current.pointee.value) else {
                    throw Failure(description: "a mapping entry at line \(line) names no node")
                }
                guard keyNode.pointee.type == YAML_SCALAR_NODE else {
                    throw Failure(description: "a key at line \(keyNode.pointee.start_mark.line + 1) is not a plain string")
                }
                let key = text(keyNode.pointee)
                guard seen.insert(key).inserted else {
                    throw Failure(description: "the key “\(key)” appears twice in the mapping at line \(line)")
                }
                members.append((key, try value(valueNode, in: document, depth: depth + 1, budget: &budget)))
                pair = current + 1
            }
            return .object(members)
        default:
            return .null
        }
    }

    private static func text(_ node: yaml_node_t) -> String {
        guard let start = node.data.scalar.value else { return "" }
        let bytes = UnsafeBufferPointer(start: start, count: node.data.scalar.length)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A scalar's value: quoted and block scalars are strings, plain ones typed by the core schema
    /// (or by an explicit `!!int`, `!!float`, `!!bool`, `!!null` tag).
    private static func scalar(_ node: yaml_node_t) -> JSONValue {
        let string = text(node)
        let tag = node.tag.map { String(cString: $0) } ?? YAML_STR_TAG
        let plain = node.data.scalar.style == YAML_PLAIN_SCALAR_STYLE
        guard plain || tag != YAML_STR_TAG else { return .string(string) }
        switch string {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
        case ".nan", ".NaN", ".NAN": return .number(.nan)
        default: break
        }
        if let number = integer(string) ?? decimal(string) { return .number(number) }
        return .string(string)
    }

    /// `[-+]?[0-9]+`, `0x[0-9a-fA-F]+` or `0o[0-7]+`.
    private static func integer(_ text: String) -> Double? {
        var digits = Substring(text)
        var sign = 1.0
        if let first = digits.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0o") {
            radix = digits.hasPrefix("0x") ? 16 : 8
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.hexDigitValue.map { $0 < radix } == true }),
              let value = Int(digits, radix: radix) else { return nil }
        return sign * Double(value)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
    private static func decimal(_ text: String) -> Double? {
        let allowed = Set("0123456789+-.eE")
        guard text.contains(where: \.isNumber), text.allSatisfy({ allowed.contains($0) }) else { return nil }
        return Double(text)
    }
}
