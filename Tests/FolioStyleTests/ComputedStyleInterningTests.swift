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

    /// A group's hash is kept with its storage; a group changed in place (its storage not
    /// shared) must not keep the old one, or a changed style would be interned as the style it was.
    @Test func aGroupChangedInPlaceIsHashedAfresh() {
        var group = CopyOnWrite(TestCSS.style("border-top: 1px solid").border.value)
        let old = group.hashValue
        group.width.top = 7  // through a member
        #expect(group.hashValue == CopyOnWrite(group.value).hashValue)
        #expect(group.hashValue != old)
        _ = group.hashValue
        group.value.width.top = 9  // through the value itself: its modify accessor
        #expect(group.hashValue == CopyOnWrite(group.value).hashValue)
        var replaced = group.value
        replaced.width.top = 11
        _ = group.hashValue
        group.value = replaced  // a whole new value: its setter
        #expect(group.hashValue == CopyOnWrite(replaced).hashValue)
        group.value.width.top = 9

        let interner = StyleInterner()
        var style = TestCSS.style("border-top: 1px solid")
        style.border = group
        #expect(interner.intern(style) === interner.intern(TestCSS.style("border-top: 9px solid")))
    }

    @Test func equalGroupsInTwoStoragesHashAlike() {
        let a = CopyOnWrite(TestCSS.style("margin: 3px").box.value)
        let b = CopyOnWrite(TestCSS.style("margin: 3px").box.value)
        #expect(!a.isIdentical(to: b))
        #expect(a == b && a.hashValue == b.hashValue)
    }
}
