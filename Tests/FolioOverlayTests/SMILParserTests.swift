import FolioCore
import FolioOverlay
import Testing

@Suite struct SMILParserTests {
    @Test func nestedSeqsFlattenIntoParsInDocumentOrder() throws {
        let overlay = try Fixture.overlay("nested-seqs")
        #expect(overlay.clips.map(\.id) == ["p1", "p2", "p3", "p4"])
        #expect(overlay.clips.map { $0.text.description } == [
            "EPUB/text/ch1.xhtml#h1", "EPUB/text/ch1.xhtml#s1", "EPUB/text/ch1.xhtml#s2", "EPUB/text/ch1.xhtml#s3",
        ])
        #expect(overlay.clips.allSatisfy { $0.audio == "EPUB/audio/ch1.mp3" })
        #expect(overlay.clips.map(\.clipBegin) == [1.5, 3, 4.5, 6])
        #expect(overlay.clips.map(\.clipEnd) == [3, 4.5, 6, 7.25])
        #expect(overlay.clips[0].types == ["bodymatter", "chapter"])
    }

    @Test func aMissingClipBeginIsZeroAndAMissingClipEndIsNil() throws {
        let overlay = try Fixture.overlay("missing-clip-times", at: "OPS/mo.smil")
        let byID = Dictionary(uniqueKeysWithValues: overlay.clips.map { ($0.id ?? "", $0) })
        #expect(byID["no-begin"]?.clipBegin == 0)
        #expect(byID["no-begin"]?.clipEnd == 2)
        #expect(byID["no-end"]?.clipBegin == 2)
        #expect(byID["no-end"].map { $0.clipEnd == nil } == true)
        #expect(byID["neither"]?.clipBegin == 0)
        #expect(byID["neither"].map { $0.clipEnd == nil } == true)
        #expect(byID["neither"]?.audio == "OPS/b.mp3")
        #expect(byID["text-only"].map { $0.audio == nil } == true)
    }

    @Test func malformedParsAreSkippedWithWarningsAndTheRestKept() throws {
        let diagnostics = Diagnostics()
        let overlay = try Fixture.overlay("malformed-pars", diagnostics: diagnostics)
        #expect(overlay.clips.map(\.id) == ["good-1", "good-2"])
        let codes = diagnostics.warnings.map(\.code)
        #expect(codes == ["smil.par-without-text", "smil.bad-clock-value", "smil.clip-backwards"])
        #expect(diagnostics.warnings.allSatisfy { $0.location?.hasPrefix("EPUB/overlays/ch.smil:") == true })
    }

    @Test func clockValuesPastTheLimitDropTheirParWithAWarningNamingTheFile() throws {
        let diagnostics = Diagnostics()
        let overlay = try Fixture.overlay("out-of-range-clocks", diagnostics: diagnostics)
        #expect(overlay.clips.map(\.id) == ["good-1", "good-2"])
        #expect(diagnostics.warnings.map(\.code) == ["smil.clock-value-out-of-range", "smil.clock-value-out-of-range"])
        #expect(diagnostics.warnings.map(\.location) == ["EPUB/overlays/ch.smil:4", "EPUB/overlays/ch.smil:5"])
        #expect(diagnostics.warnings.first?.message == "clipEnd \"100000000000000h\" is over the 100,000-hour limit; par skipped")
    }

    @Test func pageBreaksAndNotesAreSkippableAndTablesAndFiguresEscapable() throws {
        let overlay = try Fixture.overlay("skippable-structures")
        let skippable = overlay.clips.filter(\.isSkippable).compactMap(\.id)
        #expect(skippable == ["page", "note"])
        let groups = overlay.clips.map { "\($0.id ?? ""):\($0.escapableGroup.map(String.init) ?? "-")" }
        // Both table cells share the table's group, so one escape jumps past the whole table.
        #expect(groups == ["plain:-", "page:-", "note:-", "cell-1:1", "cell-2:1", "figure:2", "after:-"])
        #expect(overlay.clips[3].types == ["table", "table-row", "table-cell"])
    }

    @Test func aDocumentThatIsNotSMILGivesNoClipsAndAWarning() throws {
        let diagnostics = Diagnostics()
        let overlay = try SMILParser.parse(Array("<html><body/></html>".utf8), path: "x.smil", diagnostics: diagnostics)
        #expect(overlay.clips.isEmpty)
        #expect(diagnostics.warnings.map(\.code) == ["smil.not-smil"])
    }
}
