import Foundation
import Testing

/// `folio render --format cells|text` and its `--images` option on the sample book, whose
/// first page is its cover picture.
@Suite struct CellsCLITests {
    static func cover(format: String, images: String) throws -> String {
        let run = try CLITests.folio("render", CLITests.sample, "--pages", "1", "--cols", "80", "--rows", "24",
                                     "--format", format, "--images", images)
        #expect(run.status == 0)
        return String(decoding: run.stdout, as: UTF8.self)
    }

    @Test func kittyAndSixelImagesAreWrittenAtTheirCellAfterThePageText() throws {
        let kitty = try Self.cover(format: "cells", images: "kitty")
        #expect(kitty.contains("\u{1B}7\u{1B}[22A\r\u{1B}[26C\u{1B}_Ga=T,f=100,q=2,C=1,c=29,r=22,m=1;iVBORw0KGgo"))
        #expect(kitty.hasSuffix("\u{1B}\\\u{1B}8\n"))
        let sixel = try Self.cover(format: "cells", images: "sixel")
        #expect(sixel.contains("\u{1B}[26C\u{1B}P0;1;0q\"1;1;290;440#0;2;"))
    }

    @Test func withoutATerminalOrInPlainTextAnImageIsItsAltText() throws {
        // stdout is a pipe here: no colours, so half blocks give way to the alt text.
        for text in [try Self.cover(format: "cells", images: "blocks"), try Self.cover(format: "text", images: "kitty")] {
            #expect(text.contains("[image: "))
            #expect(!text.contains("\u{1B}"))
        }
    }
}
