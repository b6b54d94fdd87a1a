import FolioImage
import FolioLayout
import FolioStyle
import Testing
@testable import FolioRender
@testable import FolioText

@Suite struct PNGTextTests {
    typealias S = RenderSupport

    /// "The quick brown fox" (or `text`) at 16 px with its line's top-left at (20, 30) on a
    /// 300 × 80 page, and the line box.
    static func foxFrame(_ text: String = "The quick brown fox", _ change: (inout PositionedRun) -> Void = { _ in }) throws -> (Frame, Rect) {
        let layout = S.paragraph(text, fonts: try S.fontContext())
        let line = try #require(layout.lines.first)
        var items = S.textItems(layout, at: Point(x: 20, y: 30))
        for k in items.indices {
            if case .text(let origin, var run) = items[k] {
                change(&run)
                items[k] = .text(origin: origin, run: run)
            }
        }
        let box = Rect(x: 20 + line.x, y: 30, width: line.width, height: line.height)
        return (Frame(width: 300, height: 80, background: .white, items: items), box)
    }

    @Test func textIsDarkInsideItsLineBoxAndNowhereElse() throws {
        let (frame, box) = try Self.foxFrame()
        let bitmap = S.renderer().pixels(frame)
        let xs = Int(box.x) - 1..<Int(box.maxX.rounded(.up)) + 1, ys = Int(box.y) - 1..<Int(box.maxY.rounded(.up)) + 1
        let inside = S.darkPixels(bitmap, in: (xs, ys))
        #expect(inside > 200)
        #expect(S.darkPixels(bitmap) == inside)
    }

    @Test func syntheticBoldDarkensMorePixelsThanRegular() throws {
        let regular = S.darkPixels(S.renderer().pixels(try Self.foxFrame().0))
        let bold = S.darkPixels(S.renderer().pixels(try Self.foxFrame { $0.synthesizeBold = true }.0))
        #expect(Double(bold) > Double(regular) * 1.15, "regular \(regular), bold \(bold)")
    }

    @Test func syntheticItalicLeansTheTopsOfTheGlyphsRight() throws {
        var baseline = 0.0
        // Upright stems only, so that each band holds the same strokes in both.
        let (upright, box) = try Self.foxFrame("llll") { baseline = $0.baseline }
        let (slanted, _) = try Self.foxFrame("llll") { $0.synthesizeItalic = true }
        let dpr = 4.0
        let a = S.renderer(dpr: dpr).pixels(upright), b = S.renderer(dpr: dpr).pixels(slanted)
        /// The mean x (px) of the dark pixels in a band of rows `heights` px above the baseline.
        func meanX(_ bitmap: Bitmap, _ heights: ClosedRange<Double>) -> Double {
            var sum = 0, count = 0
            let base = (box.y + baseline) * dpr
            for y in Int(base - heights.upperBound * dpr)...Int(base - heights.lowerBound * dpr) {
                for x in 0..<bitmap.width where (bitmap.color(x: x, y: y).map { $0.red < 128 } ?? false) {
                    sum += x
                    count += 1
                }
            }
            return count > 0 ? Double(sum) / Double(count) / dpr : .nan
        }
        // Stems move right by 0.2 × their height (bands clear of the foot serifs and the tops).
        let high = meanX(b, 9...10) - meanX(a, 9...10)
        let low = meanX(b, 3...4) - meanX(a, 3...4)
        #expect(abs(high - 0.2 * 9.5) < 0.3, "9.5 px up, the stems moved \(high) px")
        #expect(abs(low - 0.2 * 3.5) < 0.3, "3.5 px up, the stems moved \(low) px")
    }

    @Test func anUnderlineSpansTheRunAtItsOffsetBelowTheBaseline() throws {
        var baseline = 0.0
        let (frame, box) = try Self.foxFrame { run in
            baseline = run.baseline
            run.decorations = [TextDecoration(kind: .underline, offset: 2, thickness: 2, color: S.red)]
        }
        let bitmap = S.renderer().pixels(frame)
        let row = Int(box.y + baseline + 2)
        let xs = Int(box.x) + 1..<Int(box.maxX) - 1
        // Painted all along: red, or a descender drawn over it (the "q").
        #expect(xs.allSatisfy { bitmap.color(x: $0, y: row).map { $0.green < 100 && $0.blue < 100 } ?? false })
        let reds = xs.filter { bitmap.color(x: $0, y: row) == S.red }
        #expect(reds.count > xs.count * 9 / 10)
        #expect(bitmap.color(x: xs.lowerBound - 3, y: row) == .white && bitmap.color(x: xs.upperBound + 3, y: row) == .white)
        #expect((xs).allSatisfy { bitmap.color(x: $0, y: row + 2) != S.red })
        #expect(bitmap.color(x: Int(box.x) + 5, y: row - 6) != S.red)
    }
}
