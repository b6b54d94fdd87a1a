import Testing
@testable import FolioStyle

@Suite struct PropertyParserTests {
    @Test(arguments: [
        "display: bogus", "color: 12px", "width: red", "font-weight: 1001", "font-size: -2px",
        "line-height: -1", "opacity: auto", "orphans: 0", "z-index: 1.5", "text-align: middle",
        "border-style: solid wavy", "list-style-type: inherit decimal", "float: footnote",
        "margin: 1px,2px", "content: foo", "quotes: \"a\"", "counter-reset: none 2",
        "tab-size: -1", "tab-size: 2.5", "tab-size: 4 4",
        "hyphenate-limit-chars: 0", "hyphenate-limit-chars: 5 2 2 2", "hyphenate-limit-chars: 5px", "hyphenate-limit-chars: none",
        "hanging-punctuation: first first", "hanging-punctuation: allow-end force-end", "hanging-punctuation: none first",
        "hanging-punctuation: start", "text-justify: inter-ideograph", "text-justify: auto none",
    ])
    func invalidValuesAreRejected(declaration: String) {
        #expect(TestCSS.parse(declaration) == nil)
    }

    @Test func unknownPropertiesAreReportedApartFromInvalidValues() {
        let unknown = PropertyParser.interpret(name: "colour", value: TestCSS.values("red"))
        let invalid = PropertyParser.interpret(name: "color", value: TestCSS.values("bluish"))
        if case .unknownProperty = unknown {} else { Issue.record("expected unknownProperty, got \(unknown)") }
        if case .invalidValue = invalid {} else { Issue.record("expected invalidValue, got \(invalid)") }
    }

    @Test func contentParsesStringsCountersQuotesAttributesAndURLs() {
        let parsed = TestCSS.parse(#"content: "§ " counter(chapter, upper-roman) counters(item, ".") open-quote attr(title) url(i.png) no-close-quote"#)
        #expect(parsed?.first?.1 == .content([
            .string("§ "), .counter(name: "chapter", style: .upperRoman), .counters(name: "item", separator: ".", style: .decimal),
            .openQuote, .attribute("title"), .url("i.png"), .noCloseQuote,
        ]))
        #expect(TestCSS.parse("content: none")?.first?.1 == SpecifiedValue.none)
        #expect(TestCSS.parse("content: normal")?.first?.1 == .normal)
        #expect(TestCSS.parse(#"content: url(a.png) / "alt""#)?.first?.1 == .content([.url("a.png")]))
    }

    @Test func tabSizeIsACountOfSpacesInherited() {
        let style = TestCSS.style("tab-size: 4")
        #expect(style.rareInherited.tabSize == 4)
        #expect(style.cssValue(of: .tabSize) == "4")
        #expect(ComputedStyle.initial.rareInherited.tabSize == 8)
        #expect(PropertyID.tabSize.isInherited)
        #expect(TestCSS.style("tab-size: 0").rareInherited.tabSize == 0)
    }

    @Test func hyphenateLimitCharsTakesOneToThreeNumbersOrAuto() {
        let full = TestCSS.style("hyphenate-limit-chars: 7 3 4").rareInherited.hyphenateLimitChars
        #expect(full == HyphenateLimitChars(word: 7, before: 3, after: 4))
        // A missing third value is the second; a missing second is auto.
        #expect(TestCSS.style("hyphenate-limit-chars: 6 3").rareInherited.hyphenateLimitChars == HyphenateLimitChars(word: 6, before: 3, after: 3))
        #expect(TestCSS.style("hyphenate-limit-chars: 8").rareInherited.hyphenateLimitChars == HyphenateLimitChars(word: 8))
        #expect(TestCSS.style("hyphenate-limit-chars: auto auto 4").rareInherited.hyphenateLimitChars == HyphenateLimitChars(after: 4))
        #expect(TestCSS.style("hyphenate-limit-chars: auto").cssValue(of: .hyphenateLimitChars) == "auto")
        #expect(TestCSS.style("hyphenate-limit-chars: 6 3").cssValue(of: .hyphenateLimitChars) == "6 3 3")
        #expect(PropertyID.hyphenateLimitChars.isInherited)
    }

    @Test func hangingPunctuationTakesFirstLastAndOneEndInAnyOrder() {
        let all = TestCSS.style("hanging-punctuation: last allow-end first").rareInherited.hangingPunctuation
        #expect(all == HangingPunctuation(first: true, last: true, end: .allow))
        #expect(TestCSS.style("hanging-punctuation: force-end").rareInherited.hangingPunctuation == HangingPunctuation(end: .force))
        #expect(TestCSS.style("hanging-punctuation: none").rareInherited.hangingPunctuation.isNone)
        #expect(TestCSS.style("hanging-punctuation: last allow-end first").cssValue(of: .hangingPunctuation) == "first allow-end last")
        #expect(TestCSS.style("").cssValue(of: .hangingPunctuation) == "none")
        #expect(PropertyID.hangingPunctuation.isInherited)
    }

    @Test func textJustifyTakesItsKeywordsAndDistributeAsInterCharacter() {
        #expect(TestCSS.style("text-justify: inter-word").rareInherited.textJustify == .interWord)
        #expect(TestCSS.style("text-justify: distribute").rareInherited.textJustify == .interCharacter)
        #expect(TestCSS.style("text-justify: none").cssValue(of: .textJustify) == "none")
        #expect(TestCSS.style("").cssValue(of: .textJustify) == "auto")
        #expect(PropertyID.textJustify.isInherited)
    }

    @Test func countersAndQuotesParse() {
        let style = TestCSS.style(#"counter-reset: chapter section 3; counter-increment: chapter; quotes: "«" "»" "‹" "›""#)
        #expect(style.generated.counterReset == [CounterChange(name: "chapter", value: 0), CounterChange(name: "section", value: 3)])
        #expect(style.generated.counterIncrement == [CounterChange(name: "chapter", value: 1)])
        #expect(style.rareInherited.quotes == .pairs([QuotePair(open: "«", close: "»"), QuotePair(open: "‹", close: "›")]))
        #expect(style.cssValue(of: .counterReset) == "chapter 0 section 3")
    }

    @Test(arguments: [
        ("flex", Display.block), ("inline-grid", .inlineBlock), ("run-in", .block), ("list-item", .listItem),
        ("table-header-group", .tableHeaderGroup), ("ruby-text", .rubyText), ("contents", .contents),
        ("inline flow-root", .inlineBlock), ("block list-item", .listItem),
    ])
    func displayKeywordsAndFallbacks(value: String, expected: Display) {
        #expect(TestCSS.parse("display: \(value)")?.first?.1 == .display(expected))
    }

    @Test func supportsChecksPropertyAndValue() {
        #expect(PropertyParser.isSupported(name: "hyphens", value: TestCSS.values("auto")))
        #expect(PropertyParser.isSupported(name: "-webkit-hyphens", value: TestCSS.values("auto")))
        #expect(!PropertyParser.isSupported(name: "hyphens", value: TestCSS.values("sometimes")))
        #expect(!PropertyParser.isSupported(name: "display-inside", value: TestCSS.values("flow")))
    }

    @Test func fontFamilyKeepsNamesAndRecognisesGenerics() {
        let parsed = TestCSS.parse(#"font-family: 'Times New Roman', Palatino  Linotype, SANS-SERIF, "serif""#)
        #expect(parsed?.first?.1 == .fontFamily([
            .named("Times New Roman"), .named("Palatino Linotype"), .generic(.sansSerif), .named("serif"),
        ]))
        #expect(TestCSS.parse("font-family: serif, , sans-serif") == nil)
    }

    @Test func fontFeatureSettingsParsesTagsAndValues() {
        let style = TestCSS.style(#"font-feature-settings: "smcp", "liga" off, "ss01" 2"#)
        #expect(style.font.featureSettings == [
            FontFeature(tag: "smcp", value: 1), FontFeature(tag: "liga", value: 0), FontFeature(tag: "ss01", value: 2),
        ])
        #expect(TestCSS.parse(#"font-feature-settings: "toolong""#) == nil)
    }
}
