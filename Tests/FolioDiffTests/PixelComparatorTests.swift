import FolioImage
import Testing
@testable import FolioDiff

@Suite struct PixelComparatorTests {
    /// A white bitmap with `paint` called for each pixel to colour (0xAARRGGBB).
    static func bitmap(_ width: Int, _ height: Int, _ paint: (Int, Int) -> UInt32?) -> Bitmap {
        var words = [UInt32](repeating: 0xFFFF_FFFF, count: width * height)
        for y in 0..<height { for x in 0..<width { if let p = paint(x, y) { words[y * width + x] = p } } }
        return Bitmap(width: width, height: height, stride: 4 * width, pixels: words.withUnsafeBytes { Array($0) })
    }

    @Test func identicalImagesHaveNoDifference() {
        let page = Self.bitmap(20, 20) { x, _ in x == 5 ? 0xFF00_0000 : nil }
        let (difference, _) = PixelComparator().compare(page, page)
        #expect(difference.differing == 0 && difference.antiAliased == 0 && difference.box == nil)
    }

    @Test func aSolidChangeIsCountedAndBoxed() {
        let before = Self.bitmap(20, 20) { _, _ in nil }
        let after = Self.bitmap(20, 20) { x, y in (4...7).contains(x) && (10...11).contains(y) ? 0xFF00_0000 : nil }
        let (difference, heat) = PixelComparator().compare(before, after, heatMap: true)
        #expect(difference.differing == 8)
        #expect(difference.box == PixelBox(x: 4, y: 10, width: 4, height: 2))
        #expect(heat?.pixel(x: 5, y: 10) == 0xFFE0_0000)
        #expect(heat?.pixel(x: 0, y: 0) == 0xFFFF_FFFF)
    }

    @Test func maskedPixelsAreTheSameAndTintedBlueOnceWhereMasksOverlap() {
        let before = Self.bitmap(20, 20) { _, _ in nil }
        let after = Self.bitmap(20, 20) { x, y in (4...7).contains(x) && (10...11).contains(y) ? 0xFF00_0000 : nil }
        let masks = [PixelBox(x: 3, y: 9, width: 6, height: 4), PixelBox(x: 4, y: 10, width: 10, height: 2)]
        let (difference, heat) = PixelComparator().compare(before, after, heatMap: true, masks: masks)
        #expect(difference.differing == 0 && difference.box == nil)
        // White faded stays white, tinted: (191, 223, 255), whether one mask or two cover it.
        #expect(heat?.pixel(x: 3, y: 9) == 0xFFBF_DFFF)
        #expect(heat?.pixel(x: 5, y: 10) == 0xFFBF_DFFF)
        #expect(heat?.pixel(x: 15, y: 15) == 0xFFFF_FFFF)
    }

    @Test func aSoftEdgeMovedByAPixelIsAntiAliasingNotAChange() {
        // A black bar whose right edge is a grey anti-aliased column, one column further right after.
        func bar(edge: Int) -> Bitmap {
            Self.bitmap(24, 12) { x, _ in x < edge ? 0xFF00_0000 : x == edge ? 0xFF80_8080 : nil }
        }
        let (difference, _) = PixelComparator().compare(bar(edge: 8), bar(edge: 9))
        #expect(difference.differing == 0)
        #expect(difference.antiAliased == 24)  // columns 8 and 9
    }

    @Test func faintColourChangesUnderTheThresholdAreNotDifferences() {
        let before = Self.bitmap(10, 10) { _, _ in 0xFFF0_F0F0 }
        let after = Self.bitmap(10, 10) { _, _ in 0xFFF1_F0F0 }
        #expect(PixelComparator().compare(before, after).0.differing == 0)
        let blue = Self.bitmap(10, 10) { _, _ in 0xFFD0_E4F8 }, beige = Self.bitmap(10, 10) { _, _ in 0xFFE8_E4D8 }
        #expect(PixelComparator().compare(beige, blue).0.differing == 100)
    }

    @Test func pixelsOutsideTheSmallerImageDiffer() {
        let small = Self.bitmap(10, 10) { _, _ in nil }, large = Self.bitmap(10, 12) { _, _ in nil }
        let (difference, _) = PixelComparator().compare(small, large)
        #expect(difference.differing == 20)
        #expect(difference.total == 120)
    }
}
