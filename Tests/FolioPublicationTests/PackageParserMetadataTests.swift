import FolioCore
import Testing
@testable import FolioPublication

@Suite struct PackageParserMetadataTests {
    @Test func epub2OPFAttributesGiveRolesFileAsSchemesAndEvents() throws {
        let (package, _) = try parsePackageFixture("epub2-opf-attributes")
        let metadata = package.metadata
        #expect(package.version == "2.0")
        #expect(metadata.title == "The Voyage Out")
        #expect(metadata.creators == [
            Contributor(name: "Virginia Woolf", role: "aut", fileAs: "Woolf, Virginia"),
            Contributor(name: "Vanessa Bell", role: "ill"),
        ])
        #expect(metadata.contributors.first?.role == "edt")
        #expect(metadata.contributors.first?.fileAs == "Doe, Jane")
        #expect(metadata.identifiers.map(\.scheme) == ["UUID", "ISBN"])
        #expect(metadata.uniqueIdentifier == "urn:uuid:0f8c1a52-1d63-4a39-9a4a-8c1f7e2b6f10")
        #expect(metadata.dates == [DateEntry(value: "1915", event: "publication"), DateEntry(value: "2011-03-04", event: "modification")])
        #expect(metadata.publishers == ["Duckworth"])
        #expect(metadata.subjects == ["Fiction", "Voyages"])
        #expect(metadata.rights == ["Public domain"])
        #expect(metadata.description == "A first novel.")
        #expect(metadata.languages == ["en"])
    }

    @Test func theEPUB2CoverMetaIsKeptForTheCoverResolver() throws {
        let (package, _) = try parsePackageFixture("epub2-opf-attributes")
        #expect(package.metadata.meta("cover") == "cover-image")
        #expect(package.metadata.metas.contains(Meta(property: "cover", value: "cover-image")))
    }

    @Test func epub3RefinementsOrderTitlesAndCreatorsByDisplaySeq() throws {
        let (package, _) = try parsePackageFixture("epub3-refines")
        let titles = package.metadata.titles
        #expect(titles.map(\.value) == ["Le Titre Principal", "A Subtitle", "An Unordered Title"])
        #expect(titles.map(\.type) == ["main", "subtitle", nil])
        #expect(titles[0].fileAs == "Titre Principal, Le")
        #expect(package.metadata.title == "Le Titre Principal")
        let creators = package.metadata.creators
        #expect(creators.map(\.name) == ["First Author", "Second Author"])
        #expect(creators[0].roles == ["aut", "ill"])
        #expect(creators[0].role == "aut")
        #expect(creators[0].fileAs == "Author, First")
        #expect(creators[1].roles.isEmpty)
        #expect(package.metadata.contributors.map(\.role) == ["nrt"])
        #expect(package.metadata.languages == ["fr", "en"])
        #expect(package.metadata.modified == "2024-05-01T10:00:00Z")
    }

    @Test func titlesWithoutDisplaySeqKeepDocumentOrderSoTheFirstIsShownFirst() throws {
        // W3C pkg-title-order: the first dc:title is the title.
        let (package, _) = try parsePackageFixture("epub2-opf-attributes")
        #expect(package.metadata.titles.first?.value == "The Voyage Out")
    }

    @Test func metadataValuesHaveTheirWhitespaceCollapsed() throws {
        // W3C pkg-meta-whitespace.
        let (package, _) = try parsePackageFixture("epub3-refines")
        #expect(package.metadata.titles[0].value == "Le Titre Principal")
        #expect(package.metadata.creators[0].name == "First Author")
    }

    @Test func languageAndDirectionComeFromTheElementElseThePackage() throws {
        let (package, _) = try parsePackageFixture("epub3-refines")
        #expect(package.metadata.titles[0].language == "fr")
        #expect(package.metadata.titles[0].direction == "rtl")
        #expect(package.metadata.titles[1].language == "en")
        #expect(package.metadata.titles[1].direction == "ltr")
        #expect(package.metadata.creators[0].direction == "ltr")
    }

    @Test func everyMetaIsKeptWithItsRefinesTarget() throws {
        let (package, _) = try parsePackageFixture("epub3-refines")
        let metas = package.metadata.metas
        #expect(metas.count == 13)
        #expect(metas.contains(Meta(property: "role", value: "ill", refines: "c-first", scheme: "marc:relators", language: "en")))
        #expect(package.metadata.meta("dcterms:isReferencedBy") == "https://example.org/")
    }

    @Test func aUniqueIdentifierThatNamesNothingIsWarnedAndTheFirstIdentifierStandsIn() throws {
        let (package, diagnostics) = try parsePackageFixture("unique-identifier-dangling")
        #expect(package.uniqueIdentifierID == "no-such-id")
        #expect(diagnostics.contains(code: "opf.unique-identifier-dangling"))
        #expect(package.metadata.uniqueIdentifier == "urn:isbn:9780316000000")
        #expect(package.metadata.identifiers == [
            Identifier(value: "urn:isbn:9780316000000", id: "isbn", scheme: "ISBN"),
            Identifier(value: "10.1000/182", id: "doi", scheme: "DOI"),
            Identifier(value: "plain-identifier", id: nil, scheme: nil),
        ])
    }

    @Test func aMissingUniqueIdentifierAttributeIsWarned() throws {
        let (package, diagnostics) = try parsePackageFixture("unique-identifier-attribute-missing")
        #expect(package.uniqueIdentifierID == nil)
        #expect(diagnostics.contains(code: "opf.unique-identifier-missing"))
        #expect(package.metadata.uniqueIdentifier == "first-identifier")
        #expect(diagnostics.contains(code: "opf.title-missing"))
    }

    @Test func calibreSeriesAndIndexAreRead() throws {
        let (package, _) = try parsePackageFixture("series-calibre")
        #expect(package.metadata.series == [Series(name: "The Long Saga", position: "2.0", type: "series")])
        #expect(package.metadata.meta("calibre:title_sort") == "Second Book, The")
    }

    @Test func belongsToCollectionGivesSeriesWithPositionAndTypeAndMergesCalibresCopy() throws {
        let (package, _) = try parsePackageFixture("series-belongs-to-collection")
        #expect(package.metadata.series == [
            Series(name: "The Long Saga", position: "3", type: "series"),
            Series(name: "Boxed Set", position: nil, type: "set"),
        ])
    }

    @Test func mediaOverlayMetadataGivesTotalAndPerOverlayDurations() throws {
        let (package, diagnostics) = try parsePackageFixture("media-overlays")
        let overlays = package.metadata.mediaOverlays
        #expect(overlays.duration == 1403.5)
        #expect(overlays.itemDurations == ["c1-overlay": 860.5, "c2-overlay": 543])
        #expect(overlays.narrators == ["Stuart Wills", "Second Voice"])
        #expect(overlays.activeClass == "-epub-media-overlay-active")
        #expect(overlays.playbackActiveClass == "-epub-media-overlay-playing")
        #expect(diagnostics.count("opf.media-duration-invalid") == 1)
        #expect(package.manifest.item(id: "c1")?.mediaOverlay == "c1-overlay")
    }

    @Test func renditionGlobalsAreReadThroughDeclaredAndReservedPrefixes() throws {
        let (package, diagnostics) = try parsePackageFixture("rendition")
        let rendition = package.metadata.rendition
        #expect(rendition.layout == "pre-paginated")  // written r:layout
        #expect(rendition.orientation == "landscape")
        #expect(rendition.spread == "both")  // deprecated portrait
        #expect(rendition.flow == nil)  // "sideways" is not a flow
        #expect(diagnostics.count("opf.rendition-invalid-value") == 1)
        #expect(package.metadata.meta("rendition:viewport") == "width=1200, height=1600")
    }
}

extension PackageParserMetadataTests {
    @Test func opfAttributesAreReadEvenWhenTheOpfPrefixIsUndeclared() throws {
        let (package, _) = try parsePackageFixture("epub2-undeclared-opf-prefix")
        let creator = try #require(package.metadata.creators.first)
        #expect(creator.name == "Some Writer")
        #expect(creator.role == "aut")
        #expect(creator.fileAs == "Writer, Some")
        #expect(package.metadata.identifiers.first?.scheme == "ISBN")
        #expect(package.spine.items.map(\.renderableID) == ["c1"])  // text/html read as XHTML
    }
}

/// Metadata in plain text keeps its direction with Unicode isolates.
@Suite struct MetadataIsolateTests {
    @Test func rightToLeftTextIsIsolatedInTheDirectionItsDirGives() {
        #expect(Metadata.isolated("CSS: הרפתקה חדשה!", direction: "rtl") == "\u{2067}CSS: הרפתקה חדשה!\u{2069}")
        #expect(Metadata.isolated("Dave Cramer", direction: "rtl") == "\u{2067}Dave Cramer\u{2069}")
        #expect(Metadata.isolated("مغامرة", direction: nil) == "\u{2068}مغامرة\u{2069}")
        #expect(Metadata.isolated("CSS: مغامرة", direction: "ltr") == "\u{2066}CSS: مغامرة\u{2069}")
        #expect(Metadata.isolated("Moby-Dick", direction: "ltr") == "Moby-Dick")
        #expect(Metadata.isolated("Moby-Dick", direction: nil) == "Moby-Dick")
    }
}
