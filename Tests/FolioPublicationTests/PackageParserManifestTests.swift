import FolioCore
import Testing
@testable import FolioPublication

@Suite struct PackageParserManifestTests {
    @Test func itemHrefsResolveAgainstThePackagePath() throws {
        let (package, _) = try parsePackageFixture("epub2-opf-attributes", path: "OEBPS/content.opf")
        let chapter = try #require(package.manifest.item(id: "c1"))
        #expect(chapter.href == "text/chapter%201.xhtml")
        #expect(chapter.path == "OEBPS/text/chapter 1.xhtml")
        #expect(package.manifest.item(path: "OEBPS/images/cover.jpg")?.id == "cover-image")
        #expect(package.spine.tocID == "ncx")
        #expect(package.manifest.items.map(\.id) == ["ncx", "cover-image", "c1", "css"])
    }

    @Test func propertiesFallbacksAndMediaTypesAreRead() throws {
        let (package, _) = try parsePackageFixture("epub3-refines")
        #expect(package.manifest.item(withProperty: "nav")?.id == "nav")
        #expect(package.manifest.item(id: "c1")?.properties == ["scripted", "svg"])
    }

    @Test func duplicateIdsKeepTheFirstItem() throws {
        let (package, diagnostics) = try parsePackageFixture("manifest-edge-cases")
        #expect(package.manifest.items.filter { $0.id == "c1" }.map(\.path) == ["EPUB/text/c1.xhtml"])
        #expect(diagnostics.count("opf.manifest-duplicate-id") == 1)
    }

    @Test func itemsWithoutIdHrefOrMediaTypeAreWarnedAndSkipped() throws {
        let (package, diagnostics) = try parsePackageFixture("manifest-edge-cases")
        #expect(package.manifest.item(id: "no-href") == nil)
        #expect(package.manifest.item(id: "no-type") == nil)
        #expect(package.manifest.item(path: "EPUB/text/c3.xhtml") == nil)
        #expect(diagnostics.contains(code: "opf.manifest-item-without-href"))
        #expect(diagnostics.contains(code: "opf.manifest-item-without-media-type"))
        #expect(diagnostics.contains(code: "opf.manifest-item-without-id"))
    }

    @Test func hrefsOutsideTheContainerAreSkippedAndRemoteOnesKeptButNeverRendered() throws {
        let (package, diagnostics) = try parsePackageFixture("manifest-edge-cases")
        // `..` past the root stays at the root, as URL parsing does (EPUB 3.3 §4.2.5): still inside.
        #expect(package.manifest.item(id: "escape")?.path == "etc/passwd")
        #expect(diagnostics.contains(code: "opf.manifest-href-above-root"))
        #expect(package.manifest.item(id: "local-file") == nil)
        let audio = try #require(package.manifest.item(id: "audio"))
        #expect(audio.isRemote)
        #expect(audio.path == "https://example.com/audio.mp3")
        let remotePage = try #require(package.manifest.item(id: "remote-page"))
        #expect(remotePage.isRemote && remotePage.renderableID == nil)
        #expect(diagnostics.count("opf.manifest-href-outside-container") == 3)
        #expect(diagnostics.warnings.contains { $0.code == "opf.manifest-href-outside-container" && $0.severity == .info })
        // The remote page cannot be a spine item.
        #expect(!package.spine.items.contains { $0.idref == "remote-page" })
        #expect(diagnostics.contains(code: "opf.spine-item-unrenderable"))
    }

    @Test func mediaTypesAreLowercasedAndAliasesAndParametersStillRender() throws {
        let (package, _) = try parsePackageFixture("manifest-edge-cases")
        let image = try #require(package.manifest.item(id: "img"))
        #expect(image.mediaType == "image/jpg")
        #expect(image.path == "images/a b.JPG")
        #expect(image.renderableID == "img")
        #expect(package.manifest.item(id: "unknown-props")?.renderableID == "unknown-props")
        #expect(MediaTypes.canonical("Application/XHTML+XML; charset=utf-8") == MediaTypes.xhtml)
    }

    @Test func unknownManifestAndSpinePropertiesAreKeptAndHarmless() throws {
        // W3C pkg-manifest-unknown and pkg-spine-unknown: the book opens.
        let (package, _) = try parsePackageFixture("manifest-edge-cases")
        #expect(package.manifest.item(id: "unknown-props")?.properties == ["incandescent"])
        #expect(package.spine.items.map(\.idref) == ["c1", "unknown-props"])
        #expect(package.spine.items.last?.properties == ["untrustworthy"])
    }
}
