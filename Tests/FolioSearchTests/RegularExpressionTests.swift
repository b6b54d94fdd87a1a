import FolioCore
import Testing

@Suite struct RegularExpressionTests {
    @Test func matchesAreByteRangesOfUTF8AcrossWindowsOfStartPositions() throws {
        // Hits before, across and after the 256-byte windows of start positions, after
        // two-byte characters so that a window's end falls inside one.
        let text = String(repeating: "é", count: 200) + "whale " + String(repeating: "x", count: 300) + " WHALE whale"
        let bytes = Array(text.utf8)
        let expression = try RegularExpression("wh(a|e)le", caseInsensitive: true)
        let found = expression.matches(in: bytes)
        #expect(found.ranges.map { String(decoding: bytes[$0], as: UTF8.self) } == ["whale", "WHALE", "whale"])
        #expect(found.ranges.first == 400..<405)
        #expect(!found.reachedMatchLimit)
        #expect(expression.matches(in: bytes, limit: 2).ranges.count == 2)
        #expect(try RegularExpression("whale").matches(in: bytes).ranges.count == 2)
        #expect(try RegularExpression(#"\bx+\b"#).matches(in: bytes).ranges == [406..<706])
    }

    @Test func emptyMatchesAreLeftOutAndMatchesRemoved() throws {
        let expression = try RegularExpression("a*")
        #expect(expression.matches(in: Array("baab".utf8)).ranges == [1..<3])
        #expect(try RegularExpression(#"\d+"#).removingMatches(in: "page 12 of 345") == "page  of ")
        #expect(try RegularExpression("é").matches("café"))
    }

    @Test func aBadPatternSaysWhatAndWhere() {
        #expect(throws: RegularExpression.SyntaxError.self) { try RegularExpression("wh(a") }
        do {
            _ = try RegularExpression("wh(a")
        } catch {
            #expect(error.description.contains("missing closing parenthesis"))
        }
    }

    @Test func aPatternThatBacktracksWithoutEndStopsAtTheMatchLimit() throws {
        let text = Array(("Call me " + String(repeating: "a", count: 63) + "!").utf8)
        let clock = ContinuousClock()
        let start = clock.now
        let found = try RegularExpression(#"(a|a)+\d"#).matches(in: text)
        #expect(found.reachedMatchLimit)
        #expect(found.ranges.isEmpty)
        #expect(clock.now - start < .seconds(10), "2^63 steps would take years")
    }

    @Test func aSlowSearchIsAskedWhetherToStopBetweenWindows() throws {
        // Forty runs of a's, each some 100,000 steps a start position (under the match limit),
        // a window apart: a search told to stop after two questions tries two windows at most.
        let run = String(repeating: "a", count: 30) + String(repeating: " ", count: 300)
        let text = Array(String(repeating: run, count: 40).utf8)
        let expression = try RegularExpression(#"(a|a){1,15}\d"#)
        var asked = 0
        let clock = ContinuousClock()
        let start = clock.now
        let found = expression.matches(in: text) {
            asked += 1
            return asked > 2
        }
        #expect(asked == 3)
        #expect(found.ranges.isEmpty && !found.reachedMatchLimit)
        let stopped = clock.now - start
        var all = 0
        let whole = clock.measure { all = expression.matches(in: text).ranges.count }
        #expect(all == 0)
        #expect(stopped * 4 < whole, "stopping after two windows of forty took \(stopped) against \(whole)")
    }
}
