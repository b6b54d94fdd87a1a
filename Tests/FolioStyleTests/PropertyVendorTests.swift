import Testing
@testable import FolioStyle

@Suite struct PropertyVendorTests {
    private func single(_ declaration: String) -> (PropertyID, SpecifiedValue)? {
        guard let longhands = TestCSS.parse(declaration), longhands.count == 1 else { return nil }
        return longhands[0]
    }

    @Test(arguments: [
        ("-epub-hyphens: auto", PropertyID.hyphens, SpecifiedValue.hyphens(.auto)),
        ("-webkit-hyphens: none", .hyphens, .hyphens(.none)),
        ("-moz-hyphens: manual", .hyphens, .hyphens(.manual)),
        ("adobe-hyphenate: explicit", .hyphens, .hyphens(.manual)),
        ("-epub-writing-mode: vertical-rl", .writingMode, .writingMode(.verticalRL)),
        ("-webkit-writing-mode: tb-rl", .writingMode, .writingMode(.verticalRL)),
        ("-epub-text-transform: uppercase", .textTransform, .textTransform(.uppercase)),
        ("-webkit-column-count: 2", .columnCount, .integer(2)),
        ("-epub-word-break: break-all", .wordBreak, .wordBreak(.breakAll)),
        ("-webkit-text-combine: horizontal", .textCombineUpright, .textCombineUpright(.all)),
        ("-epub-text-orientation: sideways-right", .textOrientation, .textOrientation(.sideways)),
        ("-webkit-text-emphasis-style: sesame", .textEmphasisStyle, .textEmphasisStyle(.mark(filled: true, shape: .sesame))),
        ("-epub-text-emphasis-position: under", .textEmphasisPosition, .textEmphasisPosition(TextEmphasisPosition(under: true))),
        ("-webkit-text-emphasis-position: left over", .textEmphasisPosition, .textEmphasisPosition(TextEmphasisPosition(left: true))),
        ("-epub-text-underline-position: under left", .textUnderlinePosition,
         .textUnderlinePosition(TextUnderlinePosition(under: true, side: .left))),
        ("-webkit-text-underline-position: from-font", .textUnderlinePosition, .textUnderlinePosition(.auto)),
        ("-webkit-column-break-before: always", .breakBefore, .breakBetween(.column)),
        ("word-wrap: break-word", .overflowWrap, .overflowWrap(.breakWord)),
        ("text-align: -webkit-center", .textAlign, .textAlign(.center)),
        ("white-space: -moz-pre-wrap", .whiteSpace, .whiteSpace(.preWrap)),
    ])
    func prefixedAndLegacyNamesMapToTheStandardProperty(declaration: String, id: PropertyID, value: SpecifiedValue) {
        let parsed = single(declaration)
        #expect(parsed?.0 == id)
        #expect(parsed?.1 == value)
    }

    @Test(arguments: ["text-emphasis-position: left", "text-emphasis-position: over under",
                      "text-underline-position: left right", "text-underline-position: auto under"])
    func emphasisAndUnderlinePositionsRejectWhatTheirGrammarsDoNotAllow(declaration: String) {
        #expect(TestCSS.parse(declaration) == nil)
    }

    @Test func prefixedShorthandsExpand() {
        let longhands = TestCSS.parse("-webkit-text-emphasis: filled circle #f00")
        #expect(longhands?.map(\.0) == [.textEmphasisStyle, .textEmphasisColor])
        #expect(longhands?.first?.1 == .textEmphasisStyle(.mark(filled: true, shape: .circle)))
    }

    @Test func prefixedPropertiesWithoutAStandardOneAreIgnoredSilently() {
        #expect(PropertyParser.interpret(name: "-webkit-tap-highlight-color", value: TestCSS.values("red")).isIgnored)
        #expect(TestCSS.parse("-epub-ruby-position: over")?.isEmpty == true)
    }

    @Test(arguments: [
        ("page-break-before: always", PropertyID.breakBefore, SpecifiedValue.breakBetween(.page)),
        ("page-break-after: avoid", .breakAfter, .breakBetween(.avoid)),
        ("page-break-after: left", .breakAfter, .breakBetween(.left)),
        ("page-break-inside: avoid", .breakInside, .breakInside(.avoid)),
        ("page-break-before: inherit", .breakBefore, .cssWide(.inherit)),
    ])
    func pageBreakAliasesMapToBreakProperties(declaration: String, id: PropertyID, value: SpecifiedValue) {
        let parsed = single(declaration)
        #expect(parsed?.0 == id)
        #expect(parsed?.1 == value)
    }

    @Test func pageBreakInsideDoesNotTakeAlways() {
        #expect(TestCSS.parse("page-break-inside: always") == nil)
    }
}

extension PropertyParser.Outcome {
    var isIgnored: Bool {
        if case .ignored = self { return true }
        return false
    }
}
