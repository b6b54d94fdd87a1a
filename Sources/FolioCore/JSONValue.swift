import FoundationEssentials

/// A JSON value with ordered object keys, for the CLI's stable `--json` documents.
///
/// Keys keep the order they are given in (documents read top-down the way the README lists them),
/// and `nil` is written as `null` rather than left out, so every documented key is always present.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized() == b.serialized() }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    public static func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
    public static func number(_ d: Double?) -> JSONValue { d.map(JSONValue.number) ?? .null }
    public static func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }

    /// The value as JSON text; `indent` > 0 pretty-prints with that many spaces per level.
    public func serialized(indent: Int = 2) -> String {
        var out = ""
        write(into: &out, indent: indent, level: 0)
        return out
    }

    private func write(into out: inout String, indent: Int, level: Int) {
        let newline = indent > 0 ? "\n" : ""
        let pad = { (l: Int) in String(repeating: " ", count: indent * l) }
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d):
            if d.isFinite, d == d.rounded(), abs(d) < 1e15 {
                out += String(Int64(d))
            } else if d.isFinite {
                out += String(d)
            } else {
                out += "null"
            }
        case .string(let s): JSONValue.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[" + newline
            for (i, item) in items.enumerated() {
                out += pad(level + 1)
                item.write(into: &out, indent: indent, level: level + 1)
                out += (i + 1 < items.count ? "," : "") + newline
            }
            out += pad(level) + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{" + newline
            for (i, (key, value)) in members.enumerated() {
                out += pad(level + 1)
                JSONValue.quote(key, into: &out)
                out += indent > 0 ? ": " : ":"
                value.write(into: &out, indent: indent, level: level + 1)
                out += (i + 1 < members.count ? "," : "") + newline
            }
            out += pad(level) + "}"
        }
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// JSON read back (by FoundationEssentials' `JSONDecoder`): any document, as a `JSONValue`.
/// Object keys come in no particular order.
extension JSONValue: Decodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            self = .object(try object.allKeys.map { ($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Parses a JSON document.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    /// The value as untyped Swift values: `[String: Any]`, `[Any]`, `String`, `Bool`, numbers as
    /// `Int` when whole (and in range), else `Double`; nil for null (left out of objects).
    public var untyped: Any? {
        switch self {
        case .null: return nil
        case .bool(let b): return b
        case .number(let d):
            if d == d.rounded(), abs(d) < 9.0e15 { return Int(d) }
            return d
        case .string(let s): return s
        case .array(let items): return items.map { $0.untyped as Any }
        case .object(let members):
            var out: [String: Any] = [:]
            for (key, value) in members { if let value = value.untyped { out[key] = value } }
            return out
        }
    }
}
