import FolioCore
import FoundationEssentials
import Glibc

/// The JSON coding of state files: pretty, sorted keys (diffable by hand), dates in ISO 8601 to
/// the second, and lenient decoding that warns into a `Diagnostics` sink instead of failing.
enum StateCoding {
    static let diagnosticsKey = CodingUserInfoKey(rawValue: "folio.diagnostics")!
    static let fileKey = CodingUserInfoKey(rawValue: "folio.file")!

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(timestamp(date))
        }
        return encoder
    }

    static func decoder(diagnostics: Diagnostics, file: String) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[diagnosticsKey] = diagnostics
        decoder.userInfo[fileKey] = file
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = date(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date: \(text)"))
            }
            return date
        }
        return decoder
    }

    /// `2026-03-01T09:30:00Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// A timestamp as `timestamp` writes it, or with fractional seconds or an offset.
    static func date(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        return nil
    }

    /// Records a recovered problem against the file being decoded.
    static func warn(_ decoder: any Decoder, _ code: String, _ message: String) {
        let file = decoder.userInfo[fileKey] as? String
        (decoder.userInfo[diagnosticsKey] as? Diagnostics)?.warn(code, message, at: file)
    }
}

extension KeyedDecodingContainer {
    /// The value at `key`, or nil when it is absent, null or of the wrong type (with a warning):
    /// one bad field never costs the rest of a state file.
    func lenient<T: Decodable>(_ type: T.Type, _ key: Key, _ decoder: any Decoder) -> T? {
        guard contains(key), (try? decodeNil(forKey: key)) != true else { return nil }
        do {
            return try decode(T.self, forKey: key)
        } catch {
            let path = (decoder.codingPath + [key]).map(\.stringValue).joined(separator: ".")
            StateCoding.warn(decoder, "state.field-invalid", "`\(path)` has an unexpected value and was ignored")
            return nil
        }
    }
}

/// One element of an array that may fail to decode without failing the array.
struct Failable<T: Decodable>: Decodable {
    let value: T?

    init(from decoder: any Decoder) throws {
        value = try? T(from: decoder)
    }
}
