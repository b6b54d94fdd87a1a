import FolioLayout
import Testing

/// Captions above or below the table box.
@Suite struct TableCaptionTests {
    @Test func aCaptionSitsAboveTheTableByDefault() throws {
        let laid = try TableSupport.layout("captions.xhtml")
        let cell = try #require(laid.fills(0xFF0000).first)
        let caption = try #require(laid.lineTop(containing: "Topmost"))
        #expect(caption < cell.y)
        #expect(laid.text.contains("Topmost caption\nFirst cell"))
    }

    @Test func captionSideBottomPutsTheCaptionBelow() throws {
        let laid = try TableSupport.layout("captions.xhtml")
        let cell = try #require(laid.fills(0x00FF00).first)
        let caption = try #require(laid.lineTop(containing: "Underneath"))
        #expect(caption >= cell.maxY)
        #expect(laid.text.contains("Second cell\nUnderneath caption"))
    }
}
