import FolioCore
import Testing
@testable import FolioPublication

@Suite struct PackageParserSpineTests {
    @Test func linearDefaultsToYesAndNoMarksAuxiliaryContent() throws {
        let (package, _) = try parsePackageFixture("epub3-refines")
        #expect(package.spine.items.map(\.idref) == ["c1", "nav"])
        #expect(package.spine.items.map(\.linear) == [true, false])
        #expect(package.spine.pageProgression == .default)
    }

    @Test func aSpineItemMissingFromTheManifestIsWarnedAndSkipped() throws {
        let (package, diagnostics) = try parsePackageFixture("spine-item-missing")
        #expect(package.spine.items.map(\.idref) == ["c1", "c3"])
        #expect(diagnostics.count("opf.spine-item-missing") == 1)
        #expect(diagnostics.contains(code: "opf.spine-itemref-without-idref"))
        // linear="maybe" is read as yes.
        #expect(package.spine.items.last?.linear == true)
        #expect(diagnostics.contains(code: "opf.spine-invalid-linear"))
    }

    @Test func anUnrenderableSpineItemWithoutFallbackIsWarnedAndSkipped() throws {
        let (package, diagnostics) = try parsePackageFixture("spine-item-unrenderable")
        #expect(package.spine.items.map(\.idref) == ["c1", "c2"])
        #expect(diagnostics.count("opf.spine-item-unrenderable") == 1)
        #expect(!diagnostics.contains(code: "opf.spine-empty"))
    }

    @Test func aDuplicatedItemrefIsKeptAsItsOwnSpinePosition() throws {
        // W3C pkg-spine-duplicate-item-rendering: three identical pages follow the first.
        let (package, diagnostics) = try parsePackageFixture("spine-duplicate-itemref")
        #expect(package.spine.items.map(\.idref) == ["c1", "c2", "c2", "c2"])
        #expect(diagnostics.warnings.filter { $0.code == "opf.spine-duplicate-itemref" }.allSatisfy { $0.severity == .info })
        #expect(diagnostics.contains(code: "opf.spine-duplicate-itemref"))
    }

    @Test func pageProgressionPageSpreadsAndRenditionOverridesAreRead() throws {
        let (package, _) = try parsePackageFixture("rendition")
        let spine = package.spine
        #expect(spine.pageProgression == .rtl)
        #expect(spine.items.map(\.pageSpread) == ["center", "right", "left", nil])
        #expect(spine.items[0].id == "first")
        #expect(spine.items[0].rendition == Rendition(layout: "reflowable"))
        #expect(spine.items[1].rendition == Rendition(orientation: "portrait", spread: "none"))
        #expect(spine.items[2].rendition == Rendition(flow: "scrolled-doc"))  // written r:flow-scrolled-doc
        #expect(spine.items[3].rendition.isEmpty)
        #expect(spine.items[1].properties == ["page-spread-right", "rendition:spread-none", "rendition:orientation-portrait"])
    }
}
