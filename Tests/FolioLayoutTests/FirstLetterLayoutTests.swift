@testable import FolioLayout
import FolioStyle
import FolioText
import Testing

/// Lines wrap around floats line by line; `::first-letter` (drop caps included) and
/// `::first-line` styles are applied.
@Suite struct FirstLetterLayoutTests {
    /// Each line unit of the flow (its text and top) with the left edge of its first run.
    static func lines(_ flow: ChapterFlow) -> [(text: String, top: Double, left: Double)] {
        flow.units.indices.compactMap { k -> (String, Double, Double)? in
            let unit = flow.units[k]
            let lefts = flow.placed.compactMap { item -> Double? in
                guard item.firstUnit == k, case .text(let origin, let run) = item.item else { return nil }
                return origin.x + run.x
            }
            guard let left = lefts.min() else { return nil }
            return (unit.text, unit.top, left)
        }
    }

    static func runs(_ flow: ChapterFlow) -> [PositionedRun] {
        flow.placed.compactMap { item in
            if case .text(_, let run) = item.item { return run }
            return nil
        }
    }

    @Test func linesBesideAFloatAreShortenedAndTheLinesBelowItTakeTheWholeWidth() throws {
        let flow = try LayoutSupport.flow("""
            <div style='float:left; width:120px; height:60px; background:#ccc'></div>
            <p>\(LayoutSupport.filler(80))</p>
            """)
        let lines = Self.lines(flow)
        #expect(lines.count > 5)
        for line in lines {
            if line.top < 60 - 0.01 {
                #expect(line.left >= 120 - 0.01, "a line beside the float starts right of it: \(line.text)")
            } else {
                #expect(line.left < 1, "a line below the float starts at the left edge again: \(line.text)")
            }
        }
        #expect(lines.contains { $0.top < 60 } && lines.contains { $0.top >= 60 })
        let words = LayoutSupport.words(lines.map(\.text).joined())
        #expect(words == LayoutSupport.words(LayoutSupport.filler(80)), "no word lost or repeated")
    }

    @Test func aRightFloatShortensTheLinesOnTheRight() throws {
        let flow = try LayoutSupport.flow("""
            <div style='float:right; width:150px; height:40px'></div><p>\(LayoutSupport.filler(40))</p>
            """)
        let beside = flow.placed.compactMap { item -> Double? in
            guard case .text(let origin, let run) = item.item, flow.units[item.firstUnit].top < 40 else { return nil }
            return origin.x + run.x + run.width
        }
        #expect(!beside.isEmpty)
        #expect(beside.allSatisfy { $0 <= 380 - 150 + 0.01 }, "\(beside) \(flow.units.map { ($0.top, $0.text) })")
        let below = flow.placed.compactMap { item -> Double? in
            guard case .text(let origin, let run) = item.item, flow.units[item.firstUnit].top >= 40 else { return nil }
            return origin.x + run.x + run.width
        }
        #expect(below.contains { $0 > 380 - 150 + 20 }, "lines below the float reach into the room it left")
    }

    @Test func aFloatsAutoMarginsAreZero() throws {
        // CSS 2.1 §10.3.5: auto margins of a float compute to 0, so it sits at its side.
        let flow = try LayoutSupport.flow("<div style='float:right; width:100px; margin:0 auto; background:#ccc'>Box</div><p>\(LayoutSupport.filler(20))</p>")
        let fill = try #require(LayoutSupport.firstFill(flow))
        #expect(abs(fill.maxX - 380) < 0.5, "\(fill)")
        #expect(abs(fill.width - 100) < 0.5)
    }

    @Test func anEmptyFloatWithASizeStillTakesItsRoom() throws {
        let flow = try LayoutSupport.flow("<div style='float:left; width:100px; height:40px'></div><p>\(LayoutSupport.filler(30))</p>")
        let lines = Self.lines(flow)
        let beside = lines.filter { $0.top < 40 - 0.01 }
        #expect(!beside.isEmpty && beside.allSatisfy { $0.left >= 100 - 0.01 })
        #expect(lines.filter { $0.top >= 40 }.allSatisfy { $0.left < 1 })
    }

    @Test func aFloatedFirstLetterIsADropCapTheFirstLinesWrapAround() throws {
        let css = "p::first-letter { float: left; font-size: 60px; line-height: 60px; padding-right: 4px }"
        let flow = try LayoutSupport.flow("<p>Call me Ishmael. \(LayoutSupport.filler(60))</p>", css: css)
        let runs = Self.runs(flow)
        let cap = try #require(runs.first { $0.text == "C" })
        #expect(cap.size == 60)
        // Its unit comes first and reads as the start of the first word.
        #expect(flow.units.first?.text == "C")
        let lines = Self.lines(flow).dropFirst()
        let first = try #require(lines.first)
        #expect(first.text.hasPrefix("all me Ishmael"))
        #expect(first.left >= cap.width - 0.01, "the first line starts right of the drop cap")
        // Three 20px lines beside a 60px cap, then the full width.
        let besides = lines.filter { $0.top < 60 - 0.01 }
        #expect(besides.count == 3)
        #expect(besides.allSatisfy { $0.left >= cap.width })
        #expect(lines.filter { $0.top >= 60 }.allSatisfy { $0.left < 1 })
        let pages = Paginator.pages(flow, page: LayoutSupport.smallPage, spineIndex: 0, href: "EPUB/chapter.xhtml")
        #expect(pages.first?.text.hasPrefix("Call me Ishmael.") == true, "page text keeps the word whole")
    }

    @Test func anInlineFirstLetterTakesItsStyleAndTheRestOfTheWordDoesNot() throws {
        let css = "p::first-letter { font-size: 32px; color: #c00000 } p { color: #000000 }"
        let flow = try LayoutSupport.flow("<p>“Whale,” said he.</p>", css: css)
        let runs = Self.runs(flow)
        let letter = try #require(runs.first)
        #expect(letter.text == "“W", "the opening quote goes with the letter")
        #expect(letter.size == 32)
        #expect(letter.color == RGBA(red: 0xc0, green: 0, blue: 0))
        #expect(runs.dropFirst().allSatisfy { $0.size == 16 && $0.color == .black })
        #expect(flow.units.count == 1)
        #expect(flow.units[0].text.hasPrefix("“Whale,” said he."))
    }

    @Test func onlyTheBlocksFirstParagraphGetsTheFirstLetter() throws {
        let css = "div::first-letter { font-size: 32px }"
        let flow = try LayoutSupport.flow("<div>Alpha beta<p>Inside</p>Gamma delta</div>", css: css)
        let big = Self.runs(flow).filter { $0.size == 32 }.map(\.text)
        #expect(big == ["A"])
    }

    @Test func theFirstLineIsSetInTheFirstLineStyleAndTheOthersAreNot() throws {
        let css = "p::first-line { font-weight: bold; color: #0000c0 }"
        let flow = try LayoutSupport.flow("<p>\(LayoutSupport.filler(40))</p>", css: css)
        let firstUnit = 0
        let runs = flow.placed.compactMap { item -> (Int, PositionedRun)? in
            if case .text(_, let run) = item.item { return (item.firstUnit, run) }
            return nil
        }
        #expect(runs.count > 3)
        for (unit, run) in runs {
            if unit == firstUnit {
                #expect(run.color == RGBA(red: 0, green: 0, blue: 0xc0), "first line: \(run.text)")
                #expect(run.synthesizeBold || run.face.weight >= 700)
            } else {
                #expect(run.color == .black, "later line: \(run.text)")
            }
        }
        let words = LayoutSupport.words(flow.units.map(\.text).joined())
        #expect(words == LayoutSupport.words(LayoutSupport.filler(40)))
    }

    @Test func smallCapsOnTheFirstLineAreSynthesizedAndKeepTheText() throws {
        // moby-dick: `header + p:first-line { font-variant: small-caps }`.
        let css = "p::first-line { font-variant: small-caps }"
        let flow = try LayoutSupport.flow("<p>Call me Ishmael. Some years ago, never mind how long precisely, having little money in my purse.</p>", css: css)
        let first = try #require(flow.units.first)
        #expect(first.text.uppercased() == first.text, "the first line shows capitals: \(first.text)")
        let sizes = Set(Self.runs(flow).filter { flow.units[0].text.contains($0.text) }.map(\.size))
        #expect(sizes.contains(16) && sizes.contains(16 * 0.7), "capitals full size, small capitals at 70 %")
        #expect(flow.units.count > 1)
        #expect(flow.units[1].text.uppercased() != flow.units[1].text, "the second line is in lower case")
    }
}
