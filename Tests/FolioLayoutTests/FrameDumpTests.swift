@testable import FolioLayout
import Testing

/// `Frame.dump()`, what `folio layout --frames` prints.
@Suite struct FrameDumpTests {
    @Test func aLineBrokenInsideAWordShowsTheHyphenItDraws() throws {
        let words = String(repeating: "Incomprehensibilities notwithstanding extraordinarily characteristic representations. ", count: 4)
        let pages = try LayoutSupport.pages("<p lang='en' style='hyphens:auto;text-align:justify'>\(words)</p>",
                                            page: PageGeometry(width: 200, height: 2000, margins: .init(all: 10)))
        let dump = pages.map { $0.frame.dump() }.joined()
        #expect(dump.contains("\u{2010}”"), "\(dump)")
        #expect(!dump.contains("\u{AD}"))
    }
}
