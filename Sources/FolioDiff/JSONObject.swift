import FolioCore
import FoundationEssentials
import Glibc

/// A JSON object read back from a file Folio wrote (a snapshot manifest, a shard's diff), with
/// typed accessors that name the file and key when something is missing.
struct JSONObject {
    let values: [String: Any]
    /// The file, for messages.
    let source: String

    init(values: [String: Any], source: String) {
        self.values = values
        self.source = source
    }

    /// Parses a document whose top level is an object.
    init(data: Data, source: String) throws(SnapshotError) {
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(Array(data))
        } catch {
            throw .malformed(source, "not JSON (\(describe(error)))")
        }
        try self.init(parsed, source: source)
    }

    /// The object a parsed document holds at its top level.
    init(_ document: JSONValue, source: String) throws(SnapshotError) {
        guard let object = document.untyped as? [String: Any] else { throw .malformed(source, "the top level is not an object") }
        self.init(values: object, source: source)
    }

    func string(_ key: String) throws(SnapshotError) -> String {
        guard let value = values[key] as? String else { throw missing(key, "a string") }
        return value
    }

    func optionalString(_ key: String) -> String? { values[key] as? String }

    func int(_ key: String) throws(SnapshotError) -> Int {
        guard let value = values[key] as? Int else { throw missing(key, "an integer") }
        return value
    }

    func optionalInt(_ key: String) -> Int? { values[key] as? Int }
    func optionalDouble(_ key: String) -> Double? { values[key] as? Double ?? (values[key] as? Int).map(Double.init) }

    func objects(_ key: String) throws(SnapshotError) -> [JSONObject] {
        guard let list = values[key] as? [Any] else { throw missing(key, "an array") }
        var out: [JSONObject] = []
        for item in list {
            guard let object = item as? [String: Any] else { throw missing(key, "an array of objects") }
            out.append(JSONObject(values: object, source: source))
        }
        return out
    }

    func optionalObject(_ key: String) -> JSONObject? {
        (values[key] as? [String: Any]).map { JSONObject(values: $0, source: source) }
    }

    func strings(_ key: String) throws(SnapshotError) -> [String] {
        guard let list = values[key] as? [Any] else { throw missing(key, "an array") }
        return list.compactMap { $0 as? String }
    }

    /// An object of string values (numbers and booleans written as text).
    func stringMap(_ key: String) throws(SnapshotError) -> [String: String] {
        guard let object = values[key] as? [String: Any] else { throw missing(key, "an object") }
        var out: [String: String] = [:]
        for (name, value) in object {
            switch value {
            case let text as String: out[name] = text
            case let number as Int: out[name] = String(number)
            case let number as Double: out[name] = String(number)
            case let flag as Bool: out[name] = String(flag)
            default: continue
            }
        }
        return out
    }

    private func missing(_ key: String, _ kind: String) -> SnapshotError {
        .malformed(source, "“\(key)” is missing or not \(kind)")
    }
}
