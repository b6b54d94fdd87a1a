import FolioCore
import FolioStyle
import Foundation
import Testing
@testable import FolioText

/// Optical margins: the reader's protrusion and CSS `hanging-punctuation` (`Protrusion`).
@Suite struct ProtrusionTests {
    static func context(protrusion: Bool, metric: TextMetric = .fonts) throws -> InlineContext {
        var context = InlineContext(fonts: try FontContext(diagnostics: Diagnostics()), metric: metric)
        context.protrusion = protrusion
        return context
    }

    /// The advance of one character in Liberation Serif 16 px, as the paragraph setter measures it.
    static func advance(_ text: String) throws -> Double {
        let layout = try InlineSupport.layout([InlineSupport.text(text)], width: 500)
        return try #require(layout.lines.first).setting.natural
    }

    /// The left edge of a line's ink-bearing runs and its right edge.
    static func edges(_ line: LineBox) -> (left: Double, right: Double) {
        let runs = line.runs.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        return (runs.map(\.x).min() ?? line.x, runs.map { $0.x + $0.width }.max() ?? line.x)
    }

    @Test func justifiedLinesHangTheirQuotesHyphensAndStopsPartlyIntoTheMargins() throws {
        let text = "“" + String(repeating: InlineSupport.melville + " ", count: 2) + "”"
        let width = 230.0
        let on = try InlineSupport.layout([InlineSupport.text(text) { $0.text.hyphens = .auto }], width: width,
                                          context: try Self.context(protrusion: true)) { $0.text.align = .justify }
        let off = try InlineSupport.layout([InlineSupport.text(text) { $0.text.hyphens = .auto }], width: width,
                                           context: try Self.context(protrusion: false)) { $0.text.align = .justify }
        // Off: every justified line spans exactly the width.
        for line in off.lines.dropLast() {
            let edges = Self.edges(line)
            #expect(abs(edges.left) < 1e-6 && abs(edges.right - width) < 1e-6)
        }
        // On: the opening quote starts 0.6 of its advance before the edge.
        let quote = try Self.advance("“")
        #expect(abs(Self.edges(on.lines[0]).left + 0.6 * quote) < 1e-6)
        #expect(on.lines[0].setting.left == -0.6 * quote)
        var hung = 0
        for line in on.lines.dropLast() {
            let scalars = Array(on.text.unicodeScalars)
            var end = line.textRange.upperBound
            while end > line.textRange.lowerBound && scalars[end - 1] == " " { end -= 1 }
            let last = scalars[end - 1]
            let right = Self.edges(line).right
            if line.endsWithHyphen {
                #expect(abs(right - width - 0.7 * (try Self.advance("\u{2010}"))) < 1e-6, "\(right)")
                hung += 1
            } else if last == "," || last == "." {
                #expect(abs(right - width - 0.7 * (try Self.advance(String(Character(last))))) < 1e-6, "\(right)")
                hung += 1
            } else if Protrusion.endShare(last) == 0 {
                #expect(abs(right - width) < 1e-6)
            }
            // The room reported is the width plus what hangs, so the spaces' stretch is what it measures.
            #expect(abs(line.setting.left + line.setting.room - right) < 1e-6)
        }
        #expect(hung >= 2, "\(hung) lines end in a hanging hyphen or stop")
    }

    @Test func hangingPunctuationHangsWholeGlyphsWhereTheBookAsks() throws {
        let context = try Self.context(protrusion: false)
        // `first`: the opening quote of the first line sits wholly in the margin.
        let first = try InlineSupport.layout([InlineSupport.text("“Call me Ishmael,” he said.") { $0.rareInherited.hangingPunctuation = HangingPunctuation(first: true) }],
                                             width: 300, context: context)
        #expect(abs(Self.edges(first.lines[0]).left + (try Self.advance("“"))) < 1e-6)
        // `force-end`: a comma ending a justified line hangs wholly past the end.
        let words = "aaaa bbbb cccc, dddd eeee ffff gggg"
        let prefix = try Self.advance("aaaa bbbb cccc")
        let forced = try InlineSupport.layout([InlineSupport.text(words) { $0.rareInherited.hangingPunctuation = HangingPunctuation(end: .force) }],
                                              width: prefix + 0.5, context: context) { $0.text.align = .justify }
        #expect(InlineSupport.lineTexts(forced).first == "aaaa bbbb cccc,")
        #expect(abs(Self.edges(forced.lines[0]).right - (prefix + 0.5 + (try Self.advance(",")))) < 1e-6)
        // `allow-end` hangs it only when the line would not fit otherwise: here it fits.
        let roomy = try InlineSupport.layout([InlineSupport.text(words) { $0.rareInherited.hangingPunctuation = HangingPunctuation(end: .allow) }],
                                             width: prefix + (try Self.advance(",")) + 2, context: context) { $0.text.align = .justify }
        #expect(InlineSupport.lineTexts(roomy).first == "aaaa bbbb cccc,")
        #expect(abs(Self.edges(roomy.lines[0]).right - (prefix + (try Self.advance(",")) + 2)) < 1e-6)
        let tight = try InlineSupport.layout([InlineSupport.text(words) { $0.rareInherited.hangingPunctuation = HangingPunctuation(end: .allow) }],
                                             width: prefix + 0.5, context: context) { $0.text.align = .justify }
        #expect(InlineSupport.lineTexts(tight).first == "aaaa bbbb cccc,")
        #expect(abs(Self.edges(tight.lines[0]).right - (prefix + (try Self.advance(",")))) < 1e-6)
    }

    @Test func centredTextAndTerminalCellsDoNotProtrude() throws {
        let text = "“" + InlineSupport.melville + "”"
        let centred = try InlineSupport.layout([InlineSupport.text(text)], width: 200, context: try Self.context(protrusion: true)) {
            $0.text.align = .center
        }
        #expect(centred.lines.allSatisfy { $0.setting.left >= 0 })
        let cells = try InlineSupport.layout([InlineSupport.text(text)], width: 30, context: try Self.context(protrusion: true, metric: .cells)) {
            $0.text.align = .justify
        }
        #expect(cells.lines.allSatisfy { $0.setting.left >= 0 && $0.x >= 0 })
    }
}
