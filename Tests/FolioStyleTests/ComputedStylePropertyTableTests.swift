import Testing
@testable import FolioStyle

/// Checks over the whole property table, so a property added in one place and not the
/// others shows up here.
@Suite struct ComputedStylePropertyTableTests {
    /// A style in which every property has a non-initial value.
    static let everything = TestCSS.style("""
        display: block; position: relative; float: left; clear: both; box-sizing: border-box; width: 10px;
        height: 10px; min-width: 1px; min-height: 1px; max-width: 100px; max-height: 100px; margin: 1px;
        padding: 1px; border: 1px solid red; border-radius: 2px; top: 1px; right: 1px; bottom: 1px; left: 1px;
        overflow: hidden; visibility: hidden; z-index: 3; opacity: 0.5; vertical-align: middle;
        font-family: monospace; font-size: 20px; font-weight: bold; font-style: italic; font-variant-caps: small-caps;
        font-stretch: condensed; font-feature-settings: "smcp"; line-height: 2; color: blue; text-align: center;
        text-align-last: right; text-indent: 1em; text-transform: uppercase; text-decoration: underline dotted green;
        letter-spacing: 1px; word-spacing: 2px; white-space: pre; word-break: break-all; overflow-wrap: anywhere;
        line-break: strict; hyphens: auto; direction: rtl; unicode-bidi: embed; writing-mode: vertical-rl;
        text-orientation: upright; text-combine-upright: all; text-emphasis: dot red;
        text-emphasis-position: under left; text-underline-position: under;
        background: url(a.png) center / contain no-repeat fixed content-box yellow;
        list-style: square inside url(b.png); border-collapse: collapse; border-spacing: 2px; caption-side: bottom;
        table-layout: fixed; empty-cells: hide; content: "x"; counter-reset: a; counter-increment: a;
        counter-set: a 2; quotes: "<" ">"; break-before: page; break-after: page; break-inside: avoid; orphans: 3;
        widows: 4; column-count: 2; column-width: 10px; tab-size: 4; hyphenate-limit-chars: 6 3 2;
        hanging-punctuation: first allow-end; text-justify: inter-word
        """, parent: .initial)

    @Test(arguments: PropertyID.allCases)
    func everyPropertyParsesAndComputesToItsField(id: PropertyID) {
        var reset = Self.everything
        reset.copy(id, from: .initial)
        let changed = reset != Self.everything
        #expect(changed, "\(id.name) kept its initial value")
    }

    @Test(arguments: PropertyID.allCases)
    func everyPropertyInheritsExactlyWhenMarkedInherited(id: PropertyID) {
        let child = ComputedStyle.compute(cascaded: [:], parent: Self.everything, root: nil, environment: TestCSS.context)
        var expected = child
        expected.copy(id, from: id.isInherited ? Self.everything : .initial)
        let inheritedAsMarked = expected == child
        #expect(inheritedAsMarked, "\(id.name)")
        var other = child
        other.copy(id, from: id.isInherited ? .initial : Self.everything)
        let distinguishable = other != child
        #expect(distinguishable, "\(id.name) is in the wrong group")
    }
}
