import CCairo
import Dispatch
import FolioCore
import FolioLayout
import FolioStyle
import Testing
@testable import FolioRender
@testable import FolioText

/// Cairo 1.16 frees a scaled font whose last reference goes while another thread takes it up
/// again from its font map; the cache keeps a reference to every scaled font it draws with.
@Suite struct CairoFontCacheTests {
    typealias S = RenderSupport

    /// One line of text per size and slant, `rows` lines down a 300 px wide frame.
    static func frame(sizes: [Double], rows: Int) throws -> Frame {
        let layout = S.paragraph("Mixed sizes", fonts: try S.fontContext())
        let runs = S.textItems(layout, at: Point(x: 4, y: 0)).compactMap { item -> PositionedRun? in
            if case .text(_, let run) = item { return run }
            return nil
        }
        var items: [FrameItem] = []
        for row in 0..<rows {
            for run in runs {
                var run = run
                run.size = sizes[row % sizes.count]
                run.synthesizeItalic = row / sizes.count % 2 == 1
                items.append(.text(origin: Point(x: 4, y: Double(row) * 14), run: run))
            }
        }
        return Frame(width: 300, height: Double(rows) * 14 + 4, background: .white, items: items)
    }

    /// The scaled fonts the cache keeps, with Cairo's count of their references.
    static func keptReferences(_ cache: CairoFontCache) -> [UInt32] {
        cache.keptScaledFonts.map { cairo_scaled_font_get_reference_count(OpaquePointer($0)) }
    }

    @Test func everyScaledFontDrawnWithIsKeptOnceAndOutlivesItsDrawing() throws {
        let renderer = S.renderer()
        let frame = try Self.frame(sizes: [10, 11, 12], rows: 12)
        _ = renderer.pixels(frame)
        let fonts = renderer.painter.fonts
        // Three sizes, upright and slanted.
        #expect(fonts.counts.scaledFonts == 6)
        #expect(fonts.counts.retired == 0)
        // Drawing is over and every context is gone: the cache's own reference is left (and
        // Cairo's font map may hold one more for the font it used last).
        let counts = Self.keptReferences(fonts)
        #expect(counts.count == 6 && counts.allSatisfy { $0 >= 1 && $0 <= 2 }, "\(counts)")
        #expect(counts.filter { $0 == 2 }.count <= 1, "\(counts)")
        // Drawing the page again keeps no more.
        _ = renderer.pixels(frame)
        #expect(fonts.counts.scaledFonts == 6)
    }

    @Test func aFullGenerationOfFacesIsRetiredAndThePixelsStayTheSame() throws {
        let frame = try Self.frame(sizes: [9, 10, 11, 12, 13], rows: 20)
        let limited = CairoFontCache(scaledFontsPerGeneration: 4)
        let canvas = try #require(CairoCanvas(width: 300, height: Int(frame.height), scale: 1))
        // The painter's text, drawn through the small cache.
        canvas.fill(Rect(x: 0, y: 0, width: 300, height: frame.height), .white)
        for item in frame.items {
            guard case .text(let origin, let run) = item else { continue }
            var matrix = cairo_matrix_t()
            cairo_matrix_init(&matrix, run.size, 0, run.synthesizeItalic ? -FramePainter.syntheticSlant * run.size : 0, run.size, 0, 0)
            let glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.id), x: origin.x + $0.x, y: origin.y + run.baseline + $0.y) }
            let drawn = limited.drawing(run.face, matrix: matrix, on: canvas) {
                canvas.setColor(run.color)
                glyphs.withUnsafeBufferPointer { cairo_show_glyphs(canvas.context, $0.baseAddress, Int32($0.count)) }
            }
            #expect(drawn)
        }
        // Rows go through five sizes upright, then slanted, twice: twenty scaled fonts in
        // turn, since a retired generation's faces are not used again (a size drawn again
        // after its generation went is made anew). Five generations of four.
        #expect(limited.counts.retired == 5)
        #expect(limited.counts.scaledFonts == 0)
        let reference = S.renderer().pixels(frame)
        #expect(canvas.bitmap().pixels == reference.pixels)
    }

    /// Two threads switching between six scaled fonts draw after draw, the way Cairo 1.16's
    /// race is met: without the cache's references this aborted the test process in about one
    /// run in three (an assertion in `cairo_scaled_font_destroy` on a frozen glyph cache).
    @Test func aScaledFontIsNeverFreedWhileAnotherThreadTakesItUp() throws {
        // Two faces of the same font, as two renderers' fonts would be.
        let faces = try (0..<2).map { _ in
            try #require(S.textItems(S.paragraph("ab", fonts: try S.fontContext()), at: Point(x: 0, y: 0)).compactMap { item -> FontFace? in
                if case .text(_, let run) = item { return run.face }
                return nil
            }.first)
        }
        let glyphs = (0..<8).map { cairo_glyph_t(index: UInt(3 + $0 * 5), x: Double($0) * 6, y: 20) }
        let fonts = CairoFontCache()
        let drawn = Lockable(0)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            guard let canvas = CairoCanvas(width: 64, height: 32, scale: 0.5) else { return }
            var state = UInt64(worker + 1), count = 0
            for _ in 0..<200_000 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let pick = Int(state >> 33)
                var matrix = cairo_matrix_t()
                let size = 10 + Double(pick % 3)
                cairo_matrix_init_scale(&matrix, size, size)
                let ok = fonts.drawing(faces[pick / 3 % 2], matrix: matrix, on: canvas) {
                    glyphs.withUnsafeBufferPointer { cairo_show_glyphs(canvas.context, $0.baseAddress, Int32($0.count)) }
                }
                if ok { count += 1 }
            }
            drawn.withLock { $0 += count }
        }
        #expect(drawn.withLock { $0 } == 400_000)
        #expect(fonts.counts.scaledFonts == 6)
    }

    /// Two threads drawing pages that switch between a few scaled fonts run after run: with
    /// Cairo 1.16 and no kept references this aborted within a few hundred pages.
    @Test func pagesDrawnOnTwoThreadsAreTheSameAsDrawnOnOne() throws {
        let frames = try (0..<6).map { try Self.frame(sizes: [10, 11, 12, 10.5 + Double($0)], rows: 16) }
        let serial = S.renderer()
        let expected = frames.map { serial.pixels($0).pixels }
        let shared = S.renderer()
        let rounds = 60
        let results = Lockable([[UInt8]?](repeating: nil, count: rounds * frames.count))
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for k in stride(from: worker, to: rounds * frames.count, by: 2) {
                let pixels = shared.pixels(frames[k % frames.count]).pixels
                results.withLock { $0[k] = pixels }
            }
        }
        let drawn = results.withLock { $0 }
        for k in drawn.indices {
            #expect(drawn[k] == expected[k % frames.count], "page \(k) differs from the page drawn on one thread")
        }
    }
}

/// A value behind a lock, for results gathered from several threads.
final class Lockable<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
