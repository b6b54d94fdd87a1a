import Testing
@testable import FolioPager

@Suite struct KeyDecoderTests {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes)
    }

    @Test func lettersAndControlKeysAreDecoded() {
        #expect(keys(Array("jq".utf8)) == [.character("j"), .character("q")])
        #expect(keys([3, 13, 9, 127]) == [.control("c"), .enter, .tab, .backspace])
    }

    @Test func arrowAndPagingSequencesAreKeys() {
        #expect(keys(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)) == [.up, .down, .right, .left])
        #expect(keys(Array("\u{1B}[5~\u{1B}[6~\u{1B}OH\u{1B}[4~\u{1B}[Z".utf8)) == [.pageUp, .pageDown, .home, .end, .backTab])
    }

    @Test func sgrMouseReportsAreWheelAndButtonEventsAtZeroBasedCells() {
        let bytes = Array("\u{1B}[<65;10;5M\u{1B}[<64;1;1M\u{1B}[<0;12;3M\u{1B}[<0;12;3m\u{1B}[<16;4;4M".utf8)
        #expect(keys(bytes) == [
            .mouse(MouseEvent(.wheelDown, column: 9, row: 4)), .mouse(MouseEvent(.wheelUp, column: 0, row: 0)),
            .mouse(MouseEvent(.press(0), column: 11, row: 2)), .mouse(MouseEvent(.release, column: 11, row: 2)),
            // Ctrl-click is still a left button.
            .mouse(MouseEvent(.press(0), column: 3, row: 3)),
        ])
        // Motion and malformed reports are dropped, not typed.
        #expect(keys(Array("\u{1B}[<35;3;3M\u{1B}[<0;3Mj".utf8)) == [.character("j")])
    }

    @Test func aLoneEscapeIsTheEscapeKey() {
        #expect(keys([27]) == [.escape])
    }

    @Test func unknownSequencesAreDroppedNotTyped() {
        #expect(keys(Array("\u{1B}[99;5Xa".utf8)) == [.character("a")])
    }

    @Test func aCharacterSplitAcrossReadsWaitsForItsLastByte() {
        var decoder = KeyDecoder()
        let bytes = Array("é".utf8)
        #expect(decoder.decode([bytes[0]]).isEmpty)
        #expect(decoder.decode([bytes[1]]) == [.character("é")])
    }
}
