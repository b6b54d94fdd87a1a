import Foundation
import Testing
import FolioStyle
@testable import FolioText

@Suite struct ShapingTests {
    static let liberationSerif = "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf"
    static let amiri = "/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf"

    static func face(_ path: String) throws -> FontFace {
        let data = try #require(FileManager.default.contents(atPath: path), "\(path) is installed by scripts/setup")
        return try #require(FontFace(data: Array(data), source: path))
    }

    @Test func latinTextIsKernedByDefault() throws {
        let face = try Self.face(Self.liberationSerif)
        let shaper = Shaper()
        let kerned = shaper.shape(text: "AV", face: face, size: 20)
        let unkerned = shaper.shape(text: "AV", face: face, size: 20, features: [FontFeature("kern", 0)])
        #expect(kerned.glyphs.count == 2)
        #expect(kerned.width < unkerned.width - 0.5, "A–V is a kern pair in Liberation Serif")
        // Liberation Serif 2 has no GSUB `liga`: "fi" stays two glyphs, one cluster each.
        #expect(!face.hasSubstitutionFeature("liga"))
        #expect(shaper.shape(text: "fi", face: face, size: 20).glyphs.map(\.cluster) == [0, 1])
    }

    @Test func latinTextIsLigatedByDefaultWhenTheFaceHasLigatures() throws {
        let face = try Self.face(Self.amiri)
        #expect(face.hasSubstitutionFeature("liga"))
        let shaper = Shaper()
        let fi = shaper.shape(text: "fi", face: face, size: 20, script: .latin, language: "en")
        #expect(fi.glyphs.count == 1)
        #expect(fi.glyphs.first?.cluster == 0)
        let off = shaper.shape(text: "fi", face: face, size: 20, script: .latin, language: "en", features: [FontFeature("liga", 0)])
        #expect(off.glyphs.count == 2)
    }

    @Test func shapingARangeInItsContextKeepsArabicJoiningAcrossTheCut() throws {
        let face = try Self.face(Self.amiri)
        let shaper = Shaper()
        let word = Array("\u{628}\u{628}\u{628}".unicodeScalars)
        let alone = shaper.shape(text: "\u{628}", face: face, size: 20, direction: .rtl, script: .arabic)
        let middle = shaper.shape(scalars: word, range: 1..<2, face: face, size: 20, direction: .rtl, script: .arabic)
        #expect(middle.glyphs.map(\.cluster) == [0])
        #expect(middle.scalarCount == 1)
        // Joined on both sides, not the isolated form (Amiri's `calt` may then pick a
        // different medial alternate than in the whole word, since GSUB cannot see context).
        #expect(middle.glyphs.first?.id != alone.glyphs.first?.id)
    }

    @Test func smallCapsAskForSynthesisWhenTheFaceLacksSmcp() throws {
        let face = try Self.face(Self.liberationSerif)
        let run = Shaper().shape(text: "Small", face: face, size: 12, smallCaps: true)
        #expect(run.needsSmallCapsSynthesis == !face.hasSubstitutionFeature("smcp"))
        #expect(run.glyphs.count == 5)
    }

    @Test func arabicLettersTakeTheirContextualFormsInRightToLeftOrder() throws {
        let face = try Self.face(Self.amiri)
        let shaper = Shaper()
        // Beh alone, and beh beh beh: initial, medial and final forms.
        let isolated = shaper.shape(text: "\u{628}", face: face, size: 20, direction: .rtl, script: .arabic, language: "ar")
        let word = shaper.shape(text: "\u{628}\u{628}\u{628}", face: face, size: 20, direction: .rtl, script: .arabic, language: "ar")
        #expect(isolated.glyphs.count == 1)
        #expect(word.glyphs.count == 3)
        // Visual order is left to right, so the first letter (initial form) comes last.
        #expect(word.glyphs.map(\.cluster) == [2, 1, 0])
        let initial = try #require(word.glyphs.last)
        #expect(initial.id != isolated.glyphs[0].id)
        #expect(Set(word.glyphs.map(\.id)).count == 3, "initial, medial and final forms differ")
    }

    @Test func aCacheHitReturnsTheSameRun() throws {
        let face = try Self.face(Self.liberationSerif)
        let shaper = Shaper()
        let cache = ShapeCache(capacity: 4)
        let first = cache.shape(text: "office", face: face, size: 16, shaper: shaper)
        let second = cache.shape(text: "office", face: face, size: 16, shaper: shaper)
        #expect(first == second)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1)
        let bigger = cache.shape(text: "office", face: face, size: 32, shaper: shaper)
        #expect(abs(bigger.width - 2 * first.width) < 0.001)
        #expect(cache.statistics.misses == 2)
        for word in ["a", "b", "c", "d", "e", "f", "g", "h", "i"] {
            _ = cache.shape(text: word, face: face, size: 16, shaper: shaper)
        }
        #expect(cache.statistics.count <= 8, "bounded by two generations of the capacity")
    }

    /// The cache compares a word's style with the last one before hashing it; styles asked in
    /// turn, and the last one again after thousands of others have made the cache forget its
    /// styles, are each shaped at their own size.
    @Test func wordsShapedInTurnUnderSeveralStylesKeepEachItsOwnSize() throws {
        let face = try Self.face(Self.liberationSerif)
        let shaper = Shaper()
        let cache = ShapeCache(capacity: 64)
        let width = { (size: Double) in shaper.shape(text: "office", face: face, size: size).width }
        for size in [16.0, 32, 16, 16, 8, 32] {
            #expect(abs(cache.shape(text: "office", face: face, size: size, shaper: shaper).width - width(size)) < 0.001)
        }
        // Thousands of styles, until the cache forgets them and starts again: a word kept
        // before the forgetting is found again at its own size right after it.
        var wrong = 0
        for k in 0..<4200 {
            let size = 10 + Double(k) / 100
            _ = cache.shape(text: "a", face: face, size: size, shaper: shaper)
            guard k >= 4000 else { continue }
            for n in 0..<70 { _ = cache.shape(text: "w\(n)", face: face, size: size, shaper: shaper) }
            if abs(cache.shape(text: "a", face: face, size: size, shaper: shaper).width - shaper.shape(text: "a", face: face, size: size).width) > 0.001 {
                wrong += 1
            }
        }
        #expect(wrong == 0)
        for size in [51.99, 51.99, 16.0, 51.99] {
            #expect(abs(cache.shape(text: "office", face: face, size: size, shaper: shaper).width - width(size)) < 0.001)
        }
    }

    @Test func mixedLatinArabicAndHanTextSplitsIntoScriptRuns() {
        // "Hello, مرحبا 世界!" — the space and comma join the run before them.
        let text = "Hello, \u{645}\u{631}\u{62D}\u{628}\u{627} \u{4E16}\u{754C}!"
        let runs = ScriptItemizer.runs(in: text)
        #expect(runs.map(\.script) == [.latin, .arabic, .han])
        #expect(runs.map(\.range) == [0..<7, 7..<13, 13..<16])
        #expect(ScriptItemizer.runs(in: "(1)").map(\.script) == [.common])
        // "… الأربعة (ATCG) المتّصلة": both brackets stay with the Arabic text around them.
        let brackets = "\u{627}\u{644} (ATCG) \u{627}\u{644}"
        #expect(ScriptItemizer.runs(in: brackets).map(\.range) == [0..<4, 4..<8, 8..<12])
        #expect(ScriptItemizer.runs(in: brackets).map(\.script) == [.arabic, .latin, .arabic])
        #expect(ScriptItemizer.runs(in: "« été »").map(\.range) == [0..<7])
    }

    @Test func shapingTheWordsOfALongTextThroughTheCacheIsCheap() throws {
        let face = try Self.face(Self.liberationSerif)
        let shaper = Shaper()
        let cache = ShapeCache()
        let sentence = "The quick brown fox jumps over the lazy dog while the office staff fills in the final forms of the affair"
        let words = Array(repeating: sentence.split(separator: " "), count: 500).joined()
        let clock = ContinuousClock()
        var width = 0.0
        var total = 0.0
        let elapsed = clock.measure {
            for word in words { width += cache.shape(text: word, face: face, size: 16, shaper: shaper).width }
        }
        let uncached = clock.measure {
            for word in words { width -= shaper.shape(text: word, face: face, size: 16).width }
        }
        func perWord(_ duration: Duration) -> Double {
            (Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6) / Double(words.count)
        }
        print("ShapeCache: \(words.count) words, \(String(format: "%.2f", perWord(elapsed))) µs/word cached, \(String(format: "%.2f", perWord(uncached))) µs/word uncached (debug build)")
        #expect(abs(width) < 0.001, "cached and uncached runs measure the same")
        total = words.reduce(0) { $0 + cache.shape(text: $1, face: face, size: 16, shaper: shaper).width }
        #expect(total > 1000)
        #expect(cache.statistics.misses == 18, "one per distinct word")
    }
}
