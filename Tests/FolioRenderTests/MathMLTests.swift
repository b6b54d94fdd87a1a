import FolioLayout
import FolioPublication
import FolioStyle
import FolioText
import Testing
@testable import FolioRender

/// MathML laid out with the math font's MATH table (fixture `mathml-constructs`, one chapter
/// per group of constructs): each chapter's first page, cropped below its last formula, against
/// a reference image that was looked at before it was accepted, and the geometry the
/// references rest on checked from the frames.
@Suite struct MathMLTests {
    static let fixture = "mathml-constructs"
    /// The chapters, in spine order.
    static let names = ["tokens", "fractions", "radicals", "scripts", "limits", "tables", "spacing", "stretchy", "fenced"]

    static func page(_ chapter: String) throws -> Page {
        let book = try RenderSupport.chapters(ofFixture: fixture)
        let index = try #require(names.firstIndex(of: chapter))
        return try #require(book.chapters[index].first)
    }

    /// The page drawn at 2×, cut 12 px below its lowest item.
    static func png(_ chapter: String) throws -> [UInt8] {
        var frame = try page(chapter).frame
        var bottom = 0.0
        for item in frame.items {
            switch item {
            case .text(let origin, let run): bottom = max(bottom, origin.y + run.baseline + run.size * 0.4)
            case .fill(let rect, _) where rect.height < frame.height / 2: bottom = max(bottom, rect.maxY)
            default: break
            }
        }
        frame.height = min(frame.height, (bottom + 12).rounded(.up))
        return RenderSupport.renderer(dpr: 2).render(frame)
    }

    static func mathRuns(_ page: Page) -> [(origin: Point, run: PositionedRun)] {
        page.frame.items.compactMap { item in
            if case .text(let origin, let run) = item, run.face.family.contains("Math") { return (origin, run) }
            return nil
        }
    }

    static func rules(_ page: Page) -> [Rect] {
        page.frame.items.compactMap { item in
            if case .fill(let rect, _) = item, rect.height < 3, rect.width > 2 { return rect }
            return nil
        }
    }

    // MARK: Reference images, one per construct group

    @Test func tokensAndMathVariants() throws {
        GoldenImage.check(try Self.png("tokens"), named: "MathMLTests.tokensAndMathVariants.png")
    }

    @Test func fractionsInlineDisplayAndStacked() throws {
        GoldenImage.check(try Self.png("fractions"), named: "MathMLTests.fractionsInlineDisplayAndStacked.png")
    }

    @Test func radicalsAndRoots() throws {
        GoldenImage.check(try Self.png("radicals"), named: "MathMLTests.radicalsAndRoots.png")
    }

    @Test func scriptsAndPrescripts() throws {
        GoldenImage.check(try Self.png("scripts"), named: "MathMLTests.scriptsAndPrescripts.png")
    }

    @Test func limitsLargeOperatorsAndAccents() throws {
        GoldenImage.check(try Self.png("limits"), named: "MathMLTests.limitsLargeOperatorsAndAccents.png")
    }

    @Test func tablesAndMatrices() throws {
        GoldenImage.check(try Self.png("tables"), named: "MathMLTests.tablesAndMatrices.png")
    }

    @Test func spacesPaddingAndStyle() throws {
        GoldenImage.check(try Self.png("spacing"), named: "MathMLTests.spacesPaddingAndStyle.png")
    }

    @Test func stretchyFencesAndArrows() throws {
        GoldenImage.check(try Self.png("stretchy"), named: "MathMLTests.stretchyFencesAndArrows.png")
    }

    @Test func mfencedFromConvertedBooks() throws {
        GoldenImage.check(try Self.png("fenced"), named: "MathMLTests.mfencedFromConvertedBooks.png")
    }

    // MARK: Geometry

    @Test func singleLetterIdentifiersAreMathItalicAndTheMinusIsAMinusSign() throws {
        let texts = Self.mathRuns(try Self.page("tokens")).map(\.run.text)
        #expect(texts.contains("\u{1D465}"), "x as MATHEMATICAL ITALIC SMALL X: \(texts)")
        #expect(texts.contains("sin"), "a multi-letter identifier stays upright")
        #expect(texts.contains("\u{211D}"), "mathvariant double-struck R is ℝ")
        #expect(texts.contains("\u{2212}"))
    }

    @Test func aFractionsNumeratorIsAboveItsBarAndItsDenominatorBelow() throws {
        let page = try Self.page("fractions")
        let runs = Self.mathRuns(page)
        // The inline a/b: a above the first bar, b below it, both smaller than the text.
        let a = try #require(runs.first { $0.run.text == "\u{1D44E}" })
        let b = try #require(runs.first { $0.run.text == "\u{1D44F}" })
        let left: Double = a.origin.x + 1, right: Double = a.origin.x + a.run.width - 1
        let bar = try #require(Self.rules(page).first(where: { $0.x <= left && $0.maxX >= right }))
        let numeratorBaseline: Double = a.origin.y + a.run.baseline
        let denominatorTop: Double = b.origin.y + b.run.baseline - b.run.size * 0.7
        #expect(numeratorBaseline <= bar.y, "numerator baseline above the bar")
        #expect(denominatorTop >= (bar.y + bar.height), "denominator's top below the bar")
        #expect(a.run.size < 16 && a.run.size > 10, "an inline fraction's parts are a script size: \(a.run.size)")
    }

    @Test func aDisplaySumIsTallerThanAnInlineOneAndTakesItsLimitsAboveAndBelow() throws {
        let page = try Self.page("limits")
        let sums = Self.mathRuns(page).filter { $0.run.text == "∑" }
        #expect(sums.count == 2)
        let heights = sums.map { run in run.run.glyphs.map { glyph in run.run.face.inkBox(glyph.id).ascent + run.run.face.inkBox(glyph.id).descent }.max() ?? 0 }
        #expect(heights[0] > heights[1] * 1.2, "the display sum uses a larger variant: \(heights)")
        let display = sums[0]
        let n = try #require(Self.mathRuns(page).first { $0.run.text == "\u{1D45B}" })
        #expect(n.origin.y + n.run.baseline < display.origin.y + display.run.baseline - 10, "the upper limit is above the sum")
    }

    @Test func parenthesesGrowToTheMatrixTheyEnclose() throws {
        let page = try Self.page("tables")
        let runs = Self.mathRuns(page)
        let parens = runs.filter { $0.run.text == "(" }
        let open = try #require(parens.first)
        let extent = open.run.glyphs.map { glyph -> (Double, Double) in
            let ink = open.run.face.inkBox(glyph.id)
            let baseline = open.origin.y + open.run.baseline + glyph.y
            return (baseline - ink.ascent * open.run.size, baseline + ink.descent * open.run.size)
        }
        let top = extent.map(\.0).min()!, bottom = extent.map(\.1).max()!
        let firstRow = try #require(runs.first { $0.run.text == "1" })
        let lastRow = try #require(runs.first { $0.run.text == "5" })
        #expect(top < firstRow.origin.y + firstRow.run.baseline - 10 && bottom > lastRow.origin.y + lastRow.run.baseline,
                "the ( spans the three rows: \(top)…\(bottom)")
    }

    @Test func aSquareRootsRuleCoversItsRadicand() throws {
        let page = try Self.page("radicals")
        let runs = Self.mathRuns(page)
        let two = try #require(runs.first { $0.run.text == "2" })
        let left: Double = two.origin.x + two.run.x + 0.5, right: Double = two.origin.x + two.run.x + two.run.width - 0.5
        let rule = try #require(Self.rules(page).first(where: { $0.x <= left && $0.maxX >= right }))
        let baseline: Double = two.origin.y + two.run.baseline
        #expect((rule.y + rule.height) < baseline - 8, "the overbar is above the 2")
    }

    @Test func theFormulasTextIsThePagesText() throws {
        let page = try Self.page("fractions")
        #expect(page.text.contains("Inline a/b + 1/2 in a line of text"), "\(page.text)")
    }

    /// In cells a formula is written in characters: fractions with a slash, scripts in
    /// superscript and subscript characters or after ^ and _, roots with √, tables as rows.
    @Test func inCellsAFormulaIsWrittenInCharacters() throws {
        let publication = try PublicationOpener.open(RenderSupport.fixtures.appendingPathComponent(Self.fixture).path)
        let layout = BookLayout(publication: publication, environment: .terminal(columns: 60, rows: 20), settings: ReaderSettings(),
                                metric: .cells, imageSize: { _ in nil })
        func text(_ chapter: String) throws -> String {
            let index = try #require(Self.names.firstIndex(of: chapter))
            let page = try #require(layout.chapter(layout.readingOrder[index]).pages.first)
            #expect(Self.mathRuns(page).isEmpty, "no math glyphs are set in cells")
            return page.text
        }
        let fractions = try text("fractions")
        #expect(fractions.contains("Inline a/b + 1/2 in a line of text."), "\(fractions)")
        #expect(fractions.contains("(x + 1)/(x² − 1) = 1/(x − 1)"))
        #expect(fractions.contains("1/(1 + 1/(1 + 1/x))"))
        #expect(fractions.contains("A binomial coefficient: (n k)."))
        let radicals = try text("radicals")
        #expect(radicals.contains("√2 + √(x² + 1) and a cube root ³√27."), "\(radicals)")
        let scripts = try text("scripts")
        #expect(scripts.contains("x² + aᵢ + xᵢ² + e^(−x²)") || scripts.contains("x² + a_i + x_i² + e^(−x²)"), "\(scripts)")
        let tables = try text("tables")
        #expect(tables.contains("A = (1, 0, −2; 3, 12, 4; 0, 5, 1)"), "\(tables)")
        #expect(tables.contains("|a, b; c, d| = ad − bc"))
    }
}
