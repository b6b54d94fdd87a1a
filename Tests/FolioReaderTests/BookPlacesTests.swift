import FolioLayout
import FolioPublication
import Testing
@testable import FolioReader

@Suite struct BookPlacesTests {
    typealias F = ReaderFixtures

    @Test func aPlaceIsNamedByTheLastContentsEntryBeforeIt() throws {
        let places = BookPlaces(publication: try F.book("same-identifier-first-edition"))
        #expect(places.place(of: Locator(spineIndex: 0, offset: 10)).chapter == "One")
        // After the `#part-two` heading, the nested entry names the place.
        #expect(places.place(of: Locator(spineIndex: 0, offset: 70)).chapter == "One, part two")
        #expect(places.place(of: Locator(spineIndex: 1, offset: 0)).chapter == "Two")
        #expect(places.place(of: Locator(spineIndex: 1, offset: 0)).href == "EPUB/ch2.xhtml")
    }

    @Test func percentGrowsThroughTheReadingOrderAndSkipsNonLinearItems() throws {
        let places = BookPlaces(publication: try F.book("same-identifier-first-edition"))
        let start = try #require(places.place(of: Locator(spineIndex: 0, offset: 0)).percent)
        let middle = try #require(places.place(of: Locator(spineIndex: 0, offset: 70)).percent)
        let second = try #require(places.place(of: Locator(spineIndex: 1, offset: 0)).percent)
        let end = try #require(places.place(of: Locator(spineIndex: 1, offset: 1_000_000)).percent)
        #expect(start == 0)
        #expect(start < middle && middle < second && second < end)
        #expect(end == 100)
        #expect(places.place(of: Locator(spineIndex: 2, offset: 0)).percent == nil)
        #expect(places.place(of: Locator(spineIndex: 2, offset: 0)).chapter == "Notes")
    }

    @Test func aLocatorOutsideTheSpineIsAnEmptyPlace() throws {
        let places = BookPlaces(publication: try F.book("same-identifier-first-edition"))
        #expect(places.place(of: Locator(spineIndex: 99, offset: 0)) == BookPlaces.Place())
    }
}

@Suite struct ReadingPositionTests {
    @Test func aSavedLocatorOutsideTheBookFallsBackToItsCFI() throws {
        let publication = try PublicationOpener.open(ReaderFixtures.sampleBook.path)
        let layout = BookLayout(publication: publication, environment: .phone, settings: .phone, imageSize: { _ in nil })
        let saved = Locator(spineIndex: 2, offset: 30)
        #expect(ReadingPosition(locator: saved).locator(in: layout) == saved)
        let stale = ReadingPosition(locator: Locator(spineIndex: 99, offset: 0), cfi: "epubcfi(/6/8!/4/2/1:0)")
        #expect(stale.locator(in: layout)?.spineIndex == 3)
        #expect(ReadingPosition(locator: Locator(spineIndex: 99, offset: 0)).locator(in: layout) == nil)
    }
}
