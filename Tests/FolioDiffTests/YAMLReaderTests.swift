import FolioCore
@testable import FolioDiff
import Foundation
import Testing

/// Triage files written in YAML: libyaml's document, typed as YAML 1.2's core schema types
/// plain scalars, and hostile files refused.
@Suite struct YAMLReaderTests {
    static func parse(_ text: String) throws -> JSONValue { try YAMLReader.parse(Array(text.utf8)) }

    @Test func plainScalarsAreTypedAndQuotedOnesAreStrings() throws {
        let value = try Self.parse("""
            a: 12
            b: -3.5
            c: true
            d: ~
            e: "12"
            f: 2026-12-31
            g: 0x1F
            h: words, with a comma
            i: 'it''s'
            j: [1, 2, 3]
            k: |
              two
              lines
            """)
        guard case .object(let members) = value else { Issue.record("not an object: \(value)"); return }
        let map = Dictionary(uniqueKeysWithValues: members)
        #expect(map["a"] == .number(12) && map["b"] == .number(-3.5) && map["c"] == .bool(true) && map["d"] == .null)
        #expect(map["e"] == .string("12") && map["f"] == .string("2026-12-31") && map["g"] == .number(31))
        #expect(map["h"] == .string("words, with a comma") && map["i"] == .string("it's"))
        #expect(map["j"] == .array([.number(1), .number(2), .number(3)]))
        #expect(map["k"] == .string("two\nlines"))  // clipped: the stream ends without a line break
        #expect(members.map(\.0) == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"])
    }

    @Test func aYAMLTriageFileReadsAsItsJSONTwin() throws {
        let yaml = try Triage(data: Data("""
            # expected differences, reviewed
            expected:
              - chapter: EPUB/two.xhtml
                text: shells
                reason: stones became shells
                expires: 2099-01-01
            masks:
              - selector: .colophon time
              - page: 3
                rect: [10, 20, 30, 40]
            """.utf8), source: "triage.yaml")
        let json = try Triage(data: Data(#"""
            {"expected": [{"chapter": "EPUB/two.xhtml", "text": "shells", "reason": "stones became shells", "expires": "2099-01-01"}],
             "masks": [{"selector": ".colophon time"}, {"page": 3, "rect": [10, 20, 30, 40]}]}
            """#.utf8), source: "triage.json")
        #expect(yaml.entries == json.entries)
        #expect(yaml.maskSelectors(book: "b", profile: "p") == ".colophon time")
        #expect(yaml.pixelMasks(book: "b") == json.pixelMasks(book: "b"))
    }

    @Test func malformedAndHostileFilesAreRefusedSayingWhere() throws {
        #expect(throws: YAMLReader.Failure.self) { try Self.parse("a: [1, 2\nb: 3\n") }
        do {
            _ = try Self.parse("a: 1\nb: : 2\n  c\n")
            Issue.record("parsed")
        } catch {
            #expect("\(error)".contains("line "), "\(error)")
        }
        #expect(throws: YAMLReader.Failure.self) { try Self.parse("a: 1\na: 2\n") }
        #expect(throws: YAMLReader.Failure.self) { try Self.parse("? [1]\n: 2\n") }
        // A billion laughs: nine levels of nine aliases each would be 387 million strings.
        var laughs = "a: &a [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n"
        for level in 1...8 {
            let previous = level == 1 ? "a" : "l\(level - 1)"
            laughs += "l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        #expect(throws: YAMLReader.Failure.self) { try Self.parse(laughs) }
        #expect(try Self.parse("") == .null)
        #expect(try Self.parse("# only a comment\n") == .null)
        #expect(throws: SnapshotError.self) { try Triage(data: Data("- a\n- b\n".utf8), source: "t.yaml") }
    }
}
