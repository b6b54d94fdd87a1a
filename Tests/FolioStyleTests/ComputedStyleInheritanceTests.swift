import Testing
@testable import FolioStyle

@Suite struct ComputedStyleInheritanceTests {
    let parent = TestCSS.style("color: red; text-align: center; margin-left: 10px; border-top: 2px solid; display: block")

    @Test func inheritedPropertiesTakeTheParentsValueAndOthersTheirInitialValue() {
        let child = TestCSS.style("", parent: parent)
        #expect(child.text.color == RGBA(red: 255, green: 0, blue: 0))
        #expect(child.text.align == .center)
        #expect(child.box.margin.left == .zero)
        #expect(child.border.width.top == 0)
        #expect(child.box.display == .inline)
    }

    @Test func inheritForcesInheritanceOfANonInheritedProperty() {
        let child = TestCSS.style("margin-left: inherit; border-top-width: inherit; border-top-style: inherit", parent: parent)
        #expect(child.box.margin.left == .length(.px(10)))
        #expect(child.border.width.top == 2)
    }

    @Test func initialResetsAnInheritedProperty() {
        let child = TestCSS.style("color: initial; text-align: initial", parent: parent)
        #expect(child.text.color == .black)
        #expect(child.text.align == .start)
    }

    @Test func unsetInheritsInheritedPropertiesAndResetsOthers() {
        let child = TestCSS.style("color: unset; margin-left: unset", parent: parent)
        #expect(child.text.color == RGBA(red: 255, green: 0, blue: 0))
        #expect(child.box.margin.left == .zero)
    }

    @Test func revertBehavesAsUnset() {
        let child = TestCSS.style("text-align: revert; display: revert", parent: parent)
        #expect(child.text.align == .center)
        #expect(child.box.display == .inline)
    }

    @Test func initialOnANonInheritedPropertyAndInheritOnAnInheritedOne() {
        let child = TestCSS.style("display: initial; text-align: left; text-align: inherit", parent: parent)
        #expect(child.box.display == .inline)
        #expect(child.text.align == .center)
    }

    @Test func borderWidthIsZeroWhenTheStyleIsNone() {
        #expect(TestCSS.style("border-width: 4px").border.width == Edges(all: 0))
        #expect(TestCSS.style("border-width: 4px; border-style: solid hidden").border.width == Edges(top: 4, right: 0, bottom: 4, left: 0))
    }

    @Test func floatsAndTheRootAreBlockified() {
        #expect(TestCSS.style("display: inline; float: left", parent: parent).box.display == .block)
        #expect(TestCSS.style("display: inline-table; position: absolute; float: right", parent: parent).box.value == {
            var box = BoxProperties()
            box.display = .table
            box.position = .absolute
            return box
        }())
        #expect(TestCSS.style("display: inline").box.display == .block)
    }

    @Test func textEmphasisShapeDefaultsByWritingMode() {
        let vertical = TestCSS.style("writing-mode: vertical-rl; text-emphasis-style: filled")
        #expect(vertical.rareInherited.emphasisStyle == .mark(filled: true, shape: .sesame))
    }

    @Test func cssPropertiesListsEveryPropertyInAStableOrderAsCSSText() {
        let style = TestCSS.style("font-size: 12pt; color: rgba(0, 0, 255, .5); text-align: center; margin: 1em auto")
        let properties = style.cssProperties()
        #expect(properties.map(\.name) == PropertyID.allCases.map(\.name))
        let values = Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.value) })
        #expect(values["font-size"] == "16px")
        #expect(values["color"] == "rgba(0, 0, 255, 0.5)")
        #expect(values["text-align"] == "center")
        #expect(values["margin-top"] == "16px")
        #expect(values["margin-right"] == "auto")
        #expect(values["border-top-color"] == "rgba(0, 0, 255, 0.5)")
        #expect(style.cssProperties(differingFrom: .initial).map(\.name) == [
            "display", "margin-top", "margin-right", "margin-bottom", "margin-left",
            "border-top-color", "border-right-color", "border-bottom-color", "border-left-color",
            "color", "text-align", "text-decoration-color", "text-emphasis-color",
        ])
    }

    @Test func everyPropertyHasANameAndInitialValue() {
        #expect(PropertyID(name: "border-top-left-radius") == .borderTopLeftRadius)
        #expect(PropertyID.color.isInherited && !PropertyID.marginTop.isInherited)
        #expect(PropertyID.fontSize.initialValue == "16px")
        #expect(PropertyID.backgroundColor.initialValue == "rgba(0, 0, 0, 0)")
        #expect(Set(PropertyID.allCases.map(\.name)).count == PropertyID.allCases.count)
    }
}
