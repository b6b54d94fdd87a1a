import FolioLayout
import Testing

@Suite struct FrameTests {
    @Test func aRectKnowsItsFarEdges() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.maxX == 40)
        #expect(rect.maxY == 60)
    }
}
