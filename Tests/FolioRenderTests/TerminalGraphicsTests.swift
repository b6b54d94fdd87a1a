import FolioImage
import FolioStyle
import Foundation
import Testing
@testable import FolioRender

@Suite struct KittyGraphicsTests {
    /// The escape sequences of a placement: each one's control keys and payload.
    static func sequences(_ bytes: [UInt8]) -> [(control: String, payload: String)] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}\\").dropLast().map { sequence in
            #expect(sequence.hasPrefix("\u{1B}_G"))
            let body = sequence.dropFirst(3)
            let semicolon = body.firstIndex(of: ";") ?? body.endIndex
            return (String(body[..<semicolon]), String(body[semicolon...].dropFirst()))
        }
    }

    @Test func dataLongerThanAChunkGoesIn4096ByteChunksMarkedMOnAllButTheLast() throws {
        let png = (0..<7000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }  // 9336 base64 bytes
        let sequences = Self.sequences(KittyGraphics.placement(png: png, columns: 3, rows: 2))
        #expect(sequences.map(\.control) == ["a=T,f=100,q=2,C=1,c=3,r=2,m=1", "q=2,m=1", "q=2,m=0"])
        #expect(sequences.map(\.payload.count) == [4096, 4096, 1144])
        #expect(Data(base64Encoded: sequences.map(\.payload).joined()).map(Array.init) == png)
    }

    @Test func dataThatFitsOneChunkIsOneSequenceWithoutM() {
        let sequences = Self.sequences(KittyGraphics.placement(png: [1, 2, 3, 4], columns: 10, rows: 5))
        #expect(sequences.map(\.control) == ["a=T,f=100,q=2,C=1,c=10,r=5"])
        #expect(sequences.map(\.payload) == ["AQIDBA=="])
    }
}

@Suite struct SixelEncoderTests {
    @Test func aTwoColourImageHasTwoRegistersAndEachBandPaintedColourByColour() throws {
        let url = RenderSupport.fixtures.appendingPathComponent("sixel-two-colours")
        let bitmap = try ImageDecoder.decode(Array(try Data(contentsOf: url.appendingPathComponent("image.png"))))
        let expected = Array(try Data(contentsOf: url.appendingPathComponent("expected.six")))
        #expect(SixelEncoder.encode(bitmap) == expected)
    }

    @Test func runsOfFourOrMoreAreRunLengthEncodedAndTheEmptyEndLeftOut() {
        var out: [UInt8] = []
        SixelEncoder.appendRuns([63, 63, 63, 63, 63, 1, 1, 1, 0, 0], to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "!5~@@@")
    }

    @Test func manyColoursAreCutToAtMost256TheSameWayEachTime() {
        // 64×64 pixels, 4096 colours: a red-green ramp with blue in steps.
        let pixels = (0..<4096).map { (k: Int) -> UInt32 in
            let red = UInt32(k % 64 * 4), green = UInt32(k / 64 * 4), blue = UInt32(k % 7 * 36)
            return red << 16 | green << 8 | blue
        }
        let first = MedianCut(pixels), second = MedianCut(pixels)
        #expect(first.palette.count == 256)
        #expect(first.palette == second.palette && first.indices == second.indices)
        #expect(first.indices.allSatisfy { Int($0) < first.palette.count })
        // Every pixel lands near its own colour (a 5-bit bucket box is at most 8 levels a side).
        let worst = zip(pixels, first.indices).map { pixel, index in
            let entry = first.palette[Int(index)]
            return [16, 8, 0].map { abs(Int(pixel >> $0 & 0xFF) - Int(entry >> $0 & 0xFF)) }.max() ?? 0
        }.max() ?? 0
        #expect(worst <= 40)
    }
}

@Suite struct TerminalDetectionTests {
    @Test func aDA1ReplyListingFeature4HasSixel() throws {
        // foot; xterm -ti vt340; xterm as shipped (no 4); a VT100 (class 1, option 2).
        #expect(try #require(DeviceAttributes(reply: "\u{1B}[?62;4;22c")).supportsSixel)
        #expect(try #require(DeviceAttributes(reply: "\u{1B}[?63;1;2;4;6;9;15;16;17;18;21;22;28c")).supportsSixel)
        #expect(try !#require(DeviceAttributes(reply: "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c")).supportsSixel)
        #expect(try !#require(DeviceAttributes(reply: "\u{1B}[?1;2c")).supportsSixel)
        // The class number is not a feature: a terminal of class 4 has no sixel for it.
        #expect(try !#require(DeviceAttributes(reply: "\u{1B}[?4;6c")).supportsSixel)
    }

    @Test func theDA1ReplyIsFoundAmongOtherInputAndAnythingElseIsNone() throws {
        let mixed = "j\u{1B}[?2004;1$y\u{1B}[6;20;10t\u{1B}[?62;4c"
        #expect(DeviceAttributes(reply: mixed)?.parameters == [62, 4])
        #expect(DeviceAttributes(reply: "") == nil)
        #expect(DeviceAttributes(reply: "\u{1B}[?62;4") == nil)  // cut short
        #expect(DeviceAttributes(reply: "\u{1B}[>1;10;0c") == nil)  // DA2, not DA1
        #expect(DeviceAttributes.query == "\u{1B}[c")
    }

    @Test func theCellSizeReplyGivesPixelsPerCell() {
        #expect(CellPixels(reply: "\u{1B}[6;20;10t") == CellPixels(width: 10, height: 20))
        #expect(CellPixels(reply: "\u{1B}[?62;4c\u{1B}[6;17;8t") == CellPixels(width: 8, height: 17))
        #expect(CellPixels(reply: "\u{1B}[4;600;800t") == nil)  // the window's size, not a cell's
        #expect(CellPixels(reply: "\u{1B}[6;0;0t") == nil)
    }

    @Test func theEnvironmentChoosesKittyOutsideAMultiplexerThenSixelThenHalfBlocks() {
        let sixel = DeviceAttributes(parameters: [62, 4])
        #expect(TerminalGraphics.detect(environment: ["TERM": "xterm-kitty"], colors: .trueColor) == .kitty)
        #expect(TerminalGraphics.detect(environment: ["KITTY_WINDOW_ID": "1", "TERM": "xterm-256color"], colors: .palette256) == .kitty)
        #expect(TerminalGraphics.detect(environment: ["TERM_PROGRAM": "WezTerm"], colors: .trueColor) == .kitty)
        #expect(TerminalGraphics.detect(environment: ["TERM_PROGRAM": "ghostty"], colors: .trueColor) == .kitty)
        // tmux passes the kitty variables on but not the protocol; its own DA1 reply decides.
        #expect(TerminalGraphics.detect(environment: ["KITTY_WINDOW_ID": "1", "TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"],
                                        colors: .trueColor) == .blocks)
        #expect(TerminalGraphics.detect(environment: ["TERM": "screen-256color", "KITTY_WINDOW_ID": "3"], deviceAttributes: sixel,
                                        colors: .trueColor) == .sixel)
        #expect(TerminalGraphics.detect(environment: ["TERM": "foot"], deviceAttributes: sixel, colors: .trueColor) == .sixel)
        #expect(TerminalGraphics.detect(environment: ["TERM": "xterm-256color"], colors: .palette16) == .blocks)
        #expect(TerminalGraphics.detect(environment: ["TERM": "xterm-kitty"], colors: .none) == .none)
    }
}
