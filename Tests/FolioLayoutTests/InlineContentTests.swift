@testable import FolioLayout
import FolioStyle
import FolioText
import Testing

@Suite struct InlineContentTests {
    static func runs(_ flow: ChapterFlow) -> [(text: String, origin: Point, run: Double, size: Double)] {
        flow.placed.compactMap { item in
            if case .text(let origin, let run) = item.item { return (run.text, origin, run.x, run.size) }
            return nil
        }
    }

    @Test func rubyAnnotationsSitCentredAboveTheirBase() throws {
        let flow = try LayoutSupport.flow("<p>前<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>後</p>")
        let runs = Self.runs(flow)
        let kan = try #require(runs.first { $0.text == "漢" }), kana = try #require(runs.first { $0.text == "かん" })
        #expect(kana.size < kan.size)
        #expect(kana.origin.y < kan.origin.y, "the annotation is above the base")
        #expect(flow.units.first?.text == "前漢(かん)字(じ)後")
    }

    /// A ruby inside a ruby's base (as an image or an inline-block would be) cannot be set as
    /// the one line a ruby draws: it was dropped with the rest of that base. The outer ruby is
    /// now set as text, its annotation in parentheses; the inner one stays a ruby.
    @Test func aRubyInsideARubysBaseKeepsAllItsText() throws {
        let flow = try LayoutSupport.flow("<p>a <ruby>one<ruby>two<rt>three</rt></ruby><rt>four</rt></ruby> b</p>")
        #expect(flow.units.map(\.text).joined() == "a onetwo(three)(four) b")
        let runs = Self.runs(flow)
        let two = try #require(runs.first { $0.text == "two" }), three = try #require(runs.first { $0.text == "three" })
        #expect(three.origin.y < two.origin.y, "the inner annotation is above its base")
    }

    @Test func preformattedTextKeepsItsLinesAndSpaces() throws {
        let flow = try LayoutSupport.flow("<pre>a  b\nc</pre>")
        #expect(flow.units.map(\.text) == ["a  b\n", "c"])
    }

    @Test func aBrBreaksTheLine() throws {
        let flow = try LayoutSupport.flow("<p>one<br/>two</p>")
        #expect(flow.units.count == 2)
    }

    @Test func anInlineImageSitsOnTheBaselineInsideTheLine() throws {
        let flow = try LayoutSupport.flow("<p>a <img src='i.png' alt=''/> b</p>", images: ["EPUB/i.png": (40, 30)])
        let image = try #require(flow.placed.compactMap { item -> ImageItem? in
            if case .image(let image) = item.item { return image }
            return nil
        }.first)
        let line = try #require(flow.units.first)
        #expect(abs(image.rect.width - 40) < 0.01 && abs(image.rect.height - 30) < 0.01)
        #expect(image.rect.y >= line.top - 0.01 && image.rect.maxY <= line.bottom + 0.01)
    }

    @Test func underlinesOfAnElementReachTheTextOfItsChildren() throws {
        let flow = try LayoutSupport.flow("<p style='text-decoration:underline'>plain <em>emphasis</em></p>")
        let runs = flow.placed.compactMap { item -> [TextDecoration]? in
            if case .text(_, let run) = item.item, run.text.contains("emphasis") { return run.decorations }
            return nil
        }
        #expect(runs.first?.contains { $0.kind == .underline } == true)
    }
}

extension InlineContentTests {
    @Test func anInlineBlockIsOneBoxInTheLineAtItsContentsWidth() throws {
        let flow = try LayoutSupport.flow("<p>before <span style='display:inline-block; border:1px solid black; padding:2px'>boxed words</span> after</p>")
        #expect(flow.units.count == 1)
        #expect(flow.units.first?.text.contains("before boxed words after") == true, "\(flow.units.map(\.text))")
        let border = try #require(flow.placed.lazy.compactMap { item -> BorderItem? in
            if case .border(let border) = item.item { return border }
            return nil
        }.first)
        let boxed = try #require(Self.runs(flow).first { $0.text.contains("boxed") })
        #expect(border.rect.width < 150)
        #expect(boxed.origin.x + boxed.run >= border.rect.x)
    }
}

extension InlineContentTests {
    @Test func smallCapsAreSynthesizedAsSmallerCapitalsWhenTheFaceHasNone() throws {
        let flow = try LayoutSupport.flow("<p style='font-variant:small-caps'>Ishmael</p>")
        let runs = Self.runs(flow)
        let capital = try #require(runs.first { $0.text == "I" }), small = try #require(runs.first { $0.text == "SHMAEL" })
        #expect(abs(small.size - capital.size * 0.7) < 0.01)
        #expect(flow.units.first?.text == "ISHMAEL")
    }

    @Test func preTabsLineUpAtTheStyledTabSize() throws {
        let flow = try LayoutSupport.flow("<pre style='tab-size: 4; font-family: monospace'>a\tb\nccccc\td</pre>")
        // x of the glyph showing the character at `offset` of the pre's text.
        func x(_ offset: Int32) -> Double? {
            flow.placed.lazy.compactMap { item -> Double? in
                guard case .text(let origin, let run) = item.item,
                      let glyph = run.glyphs.first(where: { $0.sourceOffset == offset }) else { return nil }
                return origin.x + glyph.x
            }.first
        }
        let a = try #require(x(0)), b = try #require(x(2)), c = try #require(x(4)), d = try #require(x(10))
        // "a" then a tab: b in column 4; "ccccc" then a tab: d in column 8.
        #expect(abs(c - a) < 0.01)
        #expect(b - a > 0 && abs((d - a) - 2 * (b - a)) < 0.01, "b at \(b - a) px, d at \(d - a) px")
    }

    /// A formula's page text is the formula written in characters; where it cannot be (an
    /// `mglyph`), its alttext.
    @Test func mathsPageTextIsTheFormulaInCharactersElseItsAlttext() throws {
        let pages = try LayoutSupport.pages("""
            <p>Then <math xmlns='http://www.w3.org/1998/Math/MathML' alttext='x squared'><msup><mi>x</mi><mn>2</mn></msup></math>, done.</p>\
            <math xmlns='http://www.w3.org/1998/Math/MathML' display='block'><mi>y</mi><mo>=</mo><mn>3</mn></math><p>After.</p>\
            <p>A glyph: <math xmlns='http://www.w3.org/1998/Math/MathML' alttext='a star'><mglyph src='star.png' alt='star'/></math>.</p>
            """)
        let text = pages.map(\.text).joined()
        #expect(text.contains("Then x², done."))
        #expect(text.contains("\ny = 3\n"))
        #expect(text.contains("A glyph: a star."), "\(text)")
    }

    /// The `math` element's padding, border and background are drawn around its formula, which
    /// takes their room in the line (MathML Core: the math element is a CSS box).
    @Test func aMathElementsPaddingBorderAndBackgroundSurroundItsFormula() throws {
        let formula = "<math xmlns='http://www.w3.org/1998/Math/MathML'><mi>x</mi><mo>+</mo><mn>1</mn></math>"
        let flow = try LayoutSupport.flow("<p>a\(formula)b</p><p>a<span class='boxed'>\(formula)</span>b</p>",
                                          css: "p { text-align: left } .boxed math { border: 2px solid #c00000; padding: 3px; background-color: #ffffe0 }")
        var fills: [Rect] = [], borders: [BorderItem] = [], bs: [Double] = []
        for placed in flow.placed {
            switch placed.item {
            case .fill(let rect, let color) where color == RGBA(red: 0xff, green: 0xff, blue: 0xe0): fills.append(rect)
            case .border(let border): borders.append(border)
            case .text(let origin, let run) where run.text == "b": bs.append(origin.x + (run.glyphs.first?.x ?? 0))
            default: break
            }
        }
        let fill = try #require(fills.first)
        #expect(fills.count == 1 && borders.count == 1)
        #expect(borders.first?.rect == fill)
        #expect(borders.first?.widths.left == 2)
        // The formula and its 5 px of padding and border each side: "b" moves 10 px right.
        try #require(bs.count == 2)
        #expect(abs(bs[1] - bs[0] - 10) < 0.01, "\(bs)")
        #expect(fill.maxX <= bs[1] + 0.01)
    }

    /// `dir="rtl"` lays a formula out right to left (MathML Core): its row runs from the right,
    /// a subscript sits left of its base, brackets show their mirror images, and each token's
    /// text still reads as written. `dir="ltr"` inside turns it back.
    @Test func aRightToLeftFormulaIsTheMirrorOfItsLeftToRightLayout() throws {
        func runs(_ dir: String) throws -> [String: Double] {
            let flow = try LayoutSupport.flow("""
                <p><math xmlns='http://www.w3.org/1998/Math/MathML' \(dir)><mi>a</mi><mo>(</mo><msub><mi>x</mi><mn>2</mn></msub>\
                <mo>)</mo><mrow dir='ltr'><mn>7</mn><mo>&lt;</mo><mn>9</mn></mrow></math></p>
                """)
            var found: [String: Double] = [:]
            for placed in flow.placed {
                if case .text(let origin, let run) = placed.item { found[run.text, default: 0] += origin.x + run.x + run.width / 2 }
            }
            return found
        }
        let ltr = try runs(""), rtl = try runs("dir='rtl'")
        let a = try #require(ltr["𝑎"]), x = try #require(ltr["𝑥"]), two = try #require(ltr["2"])
        #expect(a < x && x < two)
        let ra = try #require(rtl["𝑎"]), rx = try #require(rtl["𝑥"]), rtwo = try #require(rtl["2"])
        #expect(ra > rx && rx > rtwo, "\(rtl)")
        // The opening bracket after a, drawn as its mirror image: ")" between a and x.
        let opening = try #require(rtl[")"]), closing = try #require(rtl["("])
        #expect(rx < opening && opening < ra)
        #expect(closing < rtwo)
        // The ltr row inside keeps 7 < 9 from left to right, and "<" unmirrored.
        let seven = try #require(rtl["7"]), nine = try #require(rtl["9"])
        #expect(seven < nine && rtl["<"] != nil && rtl[">"] == nil)
        #expect(seven < rtwo)
    }

    /// MathML 3's `dashed` table lines (`rowlines`, `columnlines`, `frame`) are drawn as dashes
    /// from end to end, `solid` ones whole.
    @Test func dashedTableLinesAreDashesFromEndToEnd() throws {
        let pieces = MathTableLayouter.dashes(Rect(x: 5, y: 0, width: 1, height: 30), dashed: true, thickness: 1)
        #expect(pieces.count == 6)
        #expect(pieces.first?.y == 0 && abs((pieces.last?.maxY ?? 0) - 30) < 1e-9)
        #expect(pieces.allSatisfy { $0.x == 5 && $0.width == 1 && $0.height == 3 })
        #expect(MathTableLayouter.dashes(Rect(x: 0, y: 0, width: 30, height: 1), dashed: false, thickness: 1).count == 1)

        func fills(_ lines: String) throws -> [Rect] {
            let flow = try LayoutSupport.flow("""
                <p><math xmlns='http://www.w3.org/1998/Math/MathML'><mtable \(lines)><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr>\
                <mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable></math></p>
                """)
            // The table's lines: fills no thicker than a rule.
            return flow.placed.compactMap { if case .fill(let rect, _) = $0.item, min(rect.width, rect.height) < 2 { rect } else { nil } }
        }
        let solid = try fills("columnlines='solid' rowlines='solid'"), dashed = try fills("columnlines='dashed' rowlines='solid'")
        #expect(solid.count == 2)
        let vertical = dashed.filter { $0.height > $0.width }
        #expect(vertical.count >= 3 && Set(vertical.map(\.x)).count == 1, "\(dashed)")
        #expect(dashed.filter { $0.width > $0.height }.count == 1)
        #expect(try fills("frame='dashed'").count > 8)
    }
}
