import Testing
@testable import FolioStyle

/// `::before` and `::after` content (strings, `attr()`, counters, quotes), list markers,
/// `::first-letter`, and what `display: none` leaves out.
/// https://www.w3.org/TR/css-content-3/ https://www.w3.org/TR/css-lists-3/
@Suite struct CascadeGeneratedContentTests {
    @Test func beforeAndAfterStringsAreTheFirstAndLastChildren() throws {
        let styled = StyleFixture().style(style: #"p::before { content: "« " } p::after { content: " »"; color: red }"#,
                                          body: "<p id='p'>text</p>")
        let p = try #require(styled.node("p"))
        let children = styled.document.children(of: p)
        #expect(children.map(\.kind) == [.pseudo(.before), .text, .pseudo(.after)])
        #expect(children.map { $0.text ?? "" } == ["« ", "text", " »"])
        #expect(children.last?.computed.cssValue(of: .color) == "rgb(255, 0, 0)")
    }

    @Test func contentNoneOrNormalGeneratesNothing() {
        let styled = StyleFixture().style(style: #"#a::before { content: none } #b::before { color: red }"#,
                                          body: "<p id='a'>a</p><p id='b'>b</p>")
        #expect(styled.pseudo(.before, of: "a") == nil)
        #expect(styled.pseudo(.before, of: "b") == nil)
    }

    @Test func attrInsertsTheAttributeValueOrNothing() {
        let styled = StyleFixture().style(style: #"a::after { content: " (" attr(href) ")" attr(data-missing) }"#,
                                          body: "<p><a id='a' href='notes.xhtml#n1'>1</a></p>")
        #expect(styled.generated(.after, of: "a") == " (notes.xhtml#n1)")
    }

    @Test func counterFormatsTheInnermostValueInAListStyle() {
        let styled = StyleFixture().style(
            style: #"body { counter-reset: chapter 2 } h2 { counter-increment: chapter } h2::before { content: "Chapter " counter(chapter, upper-roman) ": " }"#,
            body: "<h2 id='a'>A</h2><h2 id='b'>B</h2>")
        #expect(styled.generated(.before, of: "a") == "Chapter III: ")
        #expect(styled.generated(.before, of: "b") == "Chapter IV: ")
    }

    @Test func countersJoinNestedInstancesOfNestedLists() {
        let styled = StyleFixture().style(
            style: #"ol { counter-reset: item; list-style: none } li { counter-increment: item } li::before { content: counters(item, ".") " " }"#,
            body: """
            <ol><li id='a'>A<ol><li id='b'>B</li><li id='c'>C<ol><li id='d'>D</li></ol></li></ol></li>\
            <li id='e'>E</li></ol>
            """)
        #expect(["a", "b", "c", "d", "e"].map { styled.generated(.before, of: $0) } == ["1 ", "1.1 ", "1.2 ", "1.2.1 ", "2 "])
    }

    @Test func aSiblingsCounterResetStartsAgainForWhatFollows() {
        let styled = StyleFixture().style(
            style: #"h1 { counter-reset: s } h2 { counter-increment: s } h2::before { content: counter(s) }"#,
            body: "<h1>1</h1><h2 id='a'/><h2 id='b'/><h1>2</h1><h2 id='c'/>")
        #expect(["a", "b", "c"].map { styled.generated(.before, of: $0) } == ["1", "2", "1"])
    }

    @Test func quotesNestAndCloseInOrder() {
        let styled = StyleFixture().style(body: "<p><q id='a'>outer <q id='b'>inner</q> more</q> <q id='c'>again</q></p>")
        #expect(styled.generated(.before, of: "a") == "\u{201C}")
        #expect(styled.generated(.before, of: "b") == "\u{2018}")
        #expect(styled.generated(.after, of: "b") == "\u{2019}")
        #expect(styled.generated(.after, of: "a") == "\u{201D}")
        #expect(styled.generated(.before, of: "c") == "\u{201C}")
    }

    @Test func authorQuotesReplaceTheDefaultsAndTheDeepestPairRepeats() {
        let styled = StyleFixture().style(style: #"p { quotes: "«" "»" "‹" "›" }"#,
                                          body: "<p><q id='a'><q id='b'><q id='c'>x</q></q></q></p>")
        #expect(["a", "b", "c"].map { styled.generated(.before, of: $0) } == ["«", "‹", "‹"])
        #expect(["c", "b", "a"].map { styled.generated(.after, of: $0) } == ["›", "›", "»"])
    }

    @Test func listMarkersFollowTheListStyle() {
        let styled = StyleFixture().style(
            style: "#roman { list-style-type: lower-roman } #alpha { list-style-type: upper-alpha } #none { list-style: none }",
            body: """
            <ol><li id='d1'>a</li><li id='d2'>b</li></ol>\
            <ol id='roman'><li>a</li><li>b</li><li>c</li><li id='r4'>d</li></ol>\
            <ol id='alpha'><li>a</li><li id='a2'>b</li></ol>\
            <ol type='I'><li id='upper'>a</li></ol>\
            <ul><li id='disc'>a</li><li><ul><li id='circle'>b</li></ul></li></ul>\
            <ul id='none'><li id='plain'>a</li></ul>
            """)
        #expect(styled.generated(.marker, of: "d1") == "1. ")
        #expect(styled.generated(.marker, of: "d2") == "2. ")
        #expect(styled.generated(.marker, of: "r4") == "iv. ")
        #expect(styled.generated(.marker, of: "a2") == "B. ")
        #expect(styled.generated(.marker, of: "upper") == "I. ")
        #expect(styled.generated(.marker, of: "disc") == "\u{2022} ")
        #expect(styled.generated(.marker, of: "circle") == "\u{25E6} ")
        #expect(styled.pseudo(.marker, of: "plain") == nil)
    }

    @Test func olStartAndLiValueSetTheNumbers() {
        let styled = StyleFixture().style(body: """
            <ol start='5'><li id='a'>a</li><li id='b'>b</li><li id='c' value='10'>c</li><li id='d'>d</li></ol>
            """)
        #expect(["a", "b", "c", "d"].map { styled.generated(.marker, of: $0) } == ["5. ", "6. ", "10. ", "11. "])
    }

    @Test func aNestedOrderedListNumbersFromOne() {
        let styled = StyleFixture().style(body: """
            <ol><li id='a'>a<ol><li id='a1'>x</li><li id='a2'>y</li></ol></li><li id='b'>b</li></ol>
            """)
        #expect(["a", "a1", "a2", "b"].map { styled.generated(.marker, of: $0) } == ["1. ", "1. ", "2. ", "2. "])
    }

    @Test func aHiddenListItemIsNotCounted() {
        let styled = StyleFixture().style(body: "<ol><li id='a'>a</li><li style='display: none'>b</li><li id='c'>c</li></ol>")
        #expect(styled.generated(.marker, of: "c") == "2. ")
    }

    @Test func markerContentReplacesTheCounter() {
        let styled = StyleFixture().style(style: #"li::marker { content: "→ " }"#, body: "<ul><li id='a'>a</li></ul>")
        #expect(styled.generated(.marker, of: "a") == "→ ")
    }

    @Test func firstLetterAndFirstLineStylesAreKeptOnTheElement() throws {
        let styled = StyleFixture().style(style: "p::first-letter { font-size: 2em; float: left } #b::first-line { font-weight: bold }",
                                          body: "<p id='a'>Once</p><div id='b'>x</div>")
        let a = try #require(styled.node("a"))
        #expect(a.firstLetter?.style.font.size == 32)
        #expect(a.firstLetter?.style.box.float == .left)
        #expect(a.firstLine == nil)
        #expect(styled.node("b")?.firstLine?.style.font.weight == 700)
        #expect(styled.node("b")?.firstLetter == nil)
    }

    @Test func aDisplayNoneSubtreeIsNotWalked() throws {
        let styled = StyleFixture().style(style: "#h::before { content: 'x' }",
                                          body: "<div id='h' style='display: none'><p id='inner'>hidden</p></div><p id='shown'>y</p>")
        let hidden = try #require(styled.node("h"))
        #expect(hidden.computed.box.display == .none)
        #expect(styled.document.children(of: hidden).isEmpty)
        #expect(styled.node("inner") == nil)
        #expect(styled.node("shown") != nil)
    }
}
