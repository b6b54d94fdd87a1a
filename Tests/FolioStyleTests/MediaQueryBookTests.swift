import FolioPublication
import Testing
@testable import FolioStyle

/// `samples/childrens-media-query`: one page whose sheet has a small-screen layout
/// (`@media screen and (max-width:480px)`, the rules of its unlinked small-screen.css) and a
/// two-column landscape layout (`@media screen and (orientation:landscape)`). Each target must
/// get exactly its layout.
@Suite(.enabled(if: StyleBooks.directory != nil, "\(StyleBooks.absent)"))
struct MediaQueryBookTests {
    static let book = "samples/childrens-media-query.epub"
    static let page = "EPUB/childrens-book-page.xhtml"

    /// The chapter `div`, its `h1` and first `p`, styled for a target.
    struct Page {
        let styled: StyledDocument
        let div: StyledNode
        let h1: StyledNode
        let p: StyledNode

        init(_ environment: MediaEnvironment, settings: ReaderSettings = .phone) throws {
            styled = try StyleBooks.style(MediaQueryBookTests.book, MediaQueryBookTests.page, environment: environment, settings: settings)
            div = try styled.first("div")
            h1 = try styled.first("h1")
            p = try styled.first("p")
        }

        func value(_ property: PropertyID, _ node: KeyPath<Page, StyledNode>) -> String {
            self[keyPath: node].computed.cssValue(of: property)
        }

        func padding(_ node: KeyPath<Page, StyledNode>) -> [String] {
            [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft].map { value($0, node) }
        }

        /// The div's padding in px (top, right, bottom, left), to compare within rounding.
        var divPaddingPx: [Double] {
            let p = div.computed.box.padding
            return [p.top, p.right, p.bottom, p.left].map { $0.resolve(against: 0) }
        }
    }

    @Test func aPhoneGetsTheSmallScreenLayout() throws {
        let page = try Page(.phone)
        #expect(page.value(.marginTop, \.h1) == "50%")
        #expect(page.value(.marginRight, \.h1) == "auto")
        #expect(page.value(.marginLeft, \.h1) == "0px")
        #expect(page.value(.fontSize, \.h1) == "16px")
        #expect(page.value(.textAlign, \.h1) == "center")
        #expect(page.value(.marginLeft, \.p) == "25%")
        #expect(page.value(.textAlign, \.div) == "center")
        #expect(page.padding(\.div) == ["16px", "16px", "16px", "16px"])
        #expect(page.value(.marginLeft, \.div) == "auto")
        #expect(page.value(.backgroundSize, \.div) == "30% auto, 50% auto")
        #expect(page.value(.columnCount, \.div) == "auto")
        // Rules outside the media blocks still apply.
        #expect(page.value(.textTransform, \.h1) == "uppercase")
        #expect(page.value(.fontWeight, \.h1) == "200")
    }

    @Test func aTabletGetsTheLargeScreenLayoutInOneColumn() throws {
        let page = try Page(.tablet, settings: .tablet)
        #expect(page.value(.marginTop, \.h1) == "0px")
        #expect(page.value(.marginLeft, \.p) == "0px")
        #expect(page.value(.textAlign, \.p) == "left")
        #expect(page.value(.textAlign, \.div) == "start")
        #expect(page.value(.marginLeft, \.div) == "0px")
        #expect(page.value(.columnCount, \.div) == "auto")
        #expect(page.value(.backgroundSize, \.div) == "50% auto, auto auto")
        // 2em of the tablet's 14pt (18.67px) text.
        #expect(close(page.divPaddingPx, [2, 2, 2, 2].map { $0 * 16 * 14 / 12 }))
        // The h1 keeps the UA's 2em.
        #expect(page.h1.computed.font.size > page.div.computed.font.size * 1.9)
    }

    @Test func aTabletInLandscapeGetsTwoColumns() throws {
        let page = try Page(MediaEnvironment.tablet.landscape, settings: .tablet)
        #expect(page.value(.columnCount, \.div) == "2")
        #expect(close(page.divPaddingPx, [2, 4, 5, 4].map { $0 * 16 * 14 / 12 }))
        #expect(page.value(.backgroundSize, \.div) == "20% auto, 50% auto")
        #expect(page.value(.backgroundPosition, \.div) == "97% 40%, 50% 100%")
        // Not the small-screen rules.
        #expect(page.value(.marginTop, \.h1) == "0px")
        #expect(page.value(.marginLeft, \.p) == "0px")
    }

    @Test func aPhoneInLandscapeIsWiderThan480pxAndGetsTwoColumns() throws {
        let page = try Page(MediaEnvironment.phone.landscape)
        #expect(page.value(.columnCount, \.div) == "2")
        #expect(page.padding(\.div) == ["32px", "64px", "80px", "64px"])
        #expect(page.value(.marginTop, \.h1) == "0px")
        #expect(page.value(.marginLeft, \.p) == "0px")
    }

    @Test func aCustom300By600DeviceGetsTheSmallScreenLayout() throws {
        let page = try Page(MediaEnvironment(width: 300, height: 600, dpr: 1))
        #expect(page.value(.marginTop, \.h1) == "50%")
        #expect(page.value(.marginLeft, \.p) == "25%")
        #expect(page.value(.textAlign, \.div) == "center")
        #expect(page.value(.columnCount, \.div) == "auto")
    }

    @Test func theCustomDeviceTurnedSidewaysGetsTwoColumnsAndNotTheSmallScreenLayout() throws {
        let page = try Page(MediaEnvironment(width: 300, height: 600, dpr: 1).landscape)
        #expect(page.value(.columnCount, \.div) == "2")
        #expect(page.value(.marginTop, \.h1) == "0px")
        #expect(page.value(.textAlign, \.div) == "start")
    }
}

private func close(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 0.001 }
}
