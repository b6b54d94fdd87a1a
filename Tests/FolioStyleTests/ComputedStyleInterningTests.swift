import Testing
@testable import FolioStyle

@Suite struct ComputedStyleInterningTests {
    @Test func equalStylesInternToTheSameReference() {
        let interner = StyleInterner()
        let parent = TestCSS.style("font-size: 18px")
        let a = interner.intern(TestCSS.style("margin: 1em 0; border-top: 1px solid red", parent: parent))
        let b = interner.intern(TestCSS.style("margin: 18px 0 18px; border-top: thin solid #f00", parent: parent))
        let c = interner.intern(TestCSS.style("margin: 1em 0", parent: parent))
        #expect(a === b)
        #expect(a !== c)
        #expect(interner.count == 2)
    }

    @Test func copiesShareRareGroupsUntilOneIsChanged() {
        let style = TestCSS.style("border-top: 1px solid")
        var copy = style
        #expect(copy.border.isIdentical(to: style.border))
        copy.border.width.top = 7
        #expect(!copy.border.isIdentical(to: style.border))
        #expect(style.border.width.top == 1)
    }
}
