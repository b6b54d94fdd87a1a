import FolioCore
import FolioXML
import Testing
@testable import FolioPublication

@Suite struct CoverResolverTests {
    /// A book in `OEBPS/` with two images, a cover page (text + images), an image-only SVG page
    /// and a chapter; `extra` items are added to the manifest.
    private func manifest(_ extra: [ManifestItem] = []) -> Manifest {
        Manifest(items: [
            ManifestItem(id: "cover-jpg", href: "images/cover.jpg", path: "OEBPS/images/cover.jpg", mediaType: "image/jpeg"),
            ManifestItem(id: "logo", href: "images/logo.png", path: "OEBPS/images/logo.png", mediaType: "image/png"),
            ManifestItem(id: "cover-page", href: "text/cover.xhtml", path: "OEBPS/text/cover.xhtml", mediaType: MediaTypes.xhtml),
            ManifestItem(id: "svg-page", href: "text/svg.xhtml", path: "OEBPS/text/svg.xhtml", mediaType: MediaTypes.xhtml),
            ManifestItem(id: "chapter", href: "text/ch1.xhtml", path: "OEBPS/text/ch1.xhtml", mediaType: MediaTypes.xhtml),
            ManifestItem(id: "svg-picture", href: "picture.svg", path: "OEBPS/picture.svg", mediaType: MediaTypes.svg),
            ManifestItem(id: "svg-text", href: "text.svg", path: "OEBPS/text.svg", mediaType: MediaTypes.svg),
        ] + extra)
    }

    private func spine(_ ids: String...) -> Spine {
        var spine = Spine()
        spine.items = ids.map { SpineItem(idref: $0, renderableID: $0) }
        return spine
    }

    private let fixtures = ["OEBPS/text/cover.xhtml": "cover-page-img.xhtml", "OEBPS/text/svg.xhtml": "cover-page-svg.xhtml",
                            "OEBPS/text/ch1.xhtml": "cover-page-with-text.xhtml",
                            "OEBPS/picture.svg": "cover-spine-picture.svg", "OEBPS/text.svg": "cover-spine-text.svg"]

    private func resolve(_ manifest: Manifest, metas: [Meta] = [], guide: [(type: String, href: String)] = [], spine: Spine = Spine(),
                         diagnostics: Diagnostics = Diagnostics()) -> String? {
        CoverResolver.resolve(manifest: manifest, metas: metas, guide: guide, spine: spine, packagePath: "OEBPS/content.opf",
                              loadDocument: { path in fixtures[path].flatMap { try? NavFixture.tree($0, at: path) } },
                              diagnostics: diagnostics)
    }

    @Test func theCoverImagePropertyComesFirst() {
        let m = manifest([ManifestItem(id: "ci", href: "images/front.png", path: "OEBPS/images/front.png", mediaType: "image/png", properties: ["cover-image"])])
        #expect(resolve(m, metas: [Meta(property: "cover", value: "logo")], spine: spine("svg-page")) == "OEBPS/images/front.png")
    }

    @Test func aCoverImagePropertyOnAPageFallsThroughToTheCoverMeta() {
        let diagnostics = Diagnostics()
        var items = manifest().items
        items[2].properties = ["cover-image"]
        let m = Manifest(items: items)
        #expect(resolve(m, metas: [Meta(property: "cover", value: "logo")], diagnostics: diagnostics) == "OEBPS/images/logo.png")
        #expect(diagnostics.contains(code: "cover.not-an-image"))
    }

    @Test func theCoverMetaMayNameAnHrefInsteadOfAnId() {
        #expect(resolve(manifest(), metas: [Meta(property: "cover", value: "images/cover.jpg")]) == "OEBPS/images/cover.jpg")
    }

    @Test func aCoverMetaMissingFromTheManifestFallsThroughToTheGuidePagesFirstImage() {
        let diagnostics = Diagnostics()
        let cover = resolve(manifest(), metas: [Meta(property: "cover", value: "nothing-here")],
                            guide: [(type: "toc", href: "text/ch1.xhtml"), (type: "cover", href: "text/cover.xhtml")], diagnostics: diagnostics)
        #expect(cover == "OEBPS/images/cover.jpg")
        #expect(diagnostics.contains(code: "cover.meta-not-in-manifest"))
    }

    @Test func aGuideCoverMayPointStraightAtAnImageWithAContainerPath() {
        #expect(resolve(manifest(), guide: [(type: "Cover", href: "OEBPS/images/logo.png")]) == "OEBPS/images/logo.png")
    }

    @Test func aGuideCoverThatIsMissingFallsThroughToAnImageOnlyFirstSpinePage() {
        let diagnostics = Diagnostics()
        #expect(resolve(manifest(), guide: [(type: "cover", href: "text/gone.xhtml")], spine: spine("svg-page", "chapter"), diagnostics: diagnostics)
                == "OEBPS/images/cover.jpg")
        #expect(diagnostics.contains(code: "cover.guide-not-in-manifest"))
    }

    @Test func aGuidePageWhoseImageIsNotInTheManifestFallsThrough() {
        var m = manifest()
        m = Manifest(items: Array(m.items.dropFirst()))  // without OEBPS/images/cover.jpg
        let diagnostics = Diagnostics()
        #expect(resolve(m, guide: [(type: "cover", href: "text/cover.xhtml")], spine: spine("logo"), diagnostics: diagnostics) == "OEBPS/images/logo.png")
        #expect(diagnostics.contains(code: "cover.image-not-in-manifest"))
    }

    @Test func aFirstSpinePageWithTextIsNotACover() {
        #expect(resolve(manifest(), spine: spine("chapter", "svg-page")) == nil)
        // A page with two images is not a cover page either.
        #expect(resolve(manifest(), spine: spine("cover-page")) == nil)
        #expect(resolve(manifest()) == nil)
    }

    @Test func aFirstSpineSVGIsACoverOnlyWhenItShowsNoText() {
        #expect(resolve(manifest(), spine: spine("svg-picture")) == "OEBPS/picture.svg")
        #expect(resolve(manifest(), spine: spine("svg-text")) == nil)
    }
}
