import FolioCore
import Testing
@testable import FolioPublication

@Suite struct PackageParserFallbackTests {
    @Test func eachItemResolvesToTheFirstRenderableItemOfItsChain() throws {
        let (package, diagnostics) = try parsePackageFixture("fallback-chain")
        let manifest = package.manifest
        #expect(manifest.item(id: "magazine")?.renderableID == "page")
        #expect(manifest.item(id: "dtbook")?.renderableID == "page")
        #expect(manifest.item(id: "page")?.renderableID == "page")
        #expect(manifest.item(id: "scan")?.renderableID == "scan-png")
        #expect(manifest.item(id: "legacy")?.renderableID == "legacy")  // text/html read as XHTML
        #expect(manifest.item(id: "font")?.renderableID == nil)
        #expect(Fallbacks.chain(from: "magazine", in: manifest) == ["magazine", "dtbook", "page"])
        #expect(package.spine.items.map(\.renderableID) == ["page", "legacy"])
        #expect(package.spine.items.first?.idref == "magazine")
        #expect(!diagnostics.codes().contains { $0.hasPrefix("opf.fallback") })
    }

    @Test func aFallbackCycleIsWarnedOnceAndEndsTheChain() throws {
        let (package, diagnostics) = try parsePackageFixture("fallback-cycle")
        let manifest = package.manifest
        #expect(manifest.item(id: "a")?.renderableID == nil)
        #expect(manifest.item(id: "b")?.renderableID == nil)
        #expect(manifest.item(id: "self")?.renderableID == nil)
        // x → y → x is a cycle too, but y renders, so x shows as y.
        #expect(manifest.item(id: "x")?.renderableID == "y")
        #expect(diagnostics.count("opf.fallback-cycle") == 3)
        #expect(diagnostics.warnings.contains { $0.message.contains("a → b → c → a") })
        #expect(Fallbacks.chain(from: "a", in: manifest) == ["a", "b", "c"])
        #expect(package.spine.items.map(\.idref) == ["x", "text"])
        #expect(diagnostics.contains(code: "opf.spine-item-unrenderable"))
    }

    @Test func aDanglingFallbackIsWarnedAndTheItemStandsAlone() throws {
        let (package, diagnostics) = try parsePackageFixture("fallback-dangling")
        #expect(package.manifest.item(id: "scan")?.renderableID == nil)
        #expect(package.manifest.item(id: "text")?.renderableID == "text")
        #expect(diagnostics.count("opf.fallback-missing") == 2)
        #expect(package.spine.items.map(\.idref) == ["text"])
    }

    @Test func aLongHostileChainResolvesInOnePass() {
        var manifest = Manifest()
        let n = 20_000
        for i in 0..<n {
            manifest.append(ManifestItem(id: "i\(i)", href: "i\(i).pdf", path: "i\(i).pdf", mediaType: "application/pdf",
                                               fallback: "i\((i + 1) % n)"))
        }
        let diagnostics = Diagnostics()
        Fallbacks.resolve(&manifest, diagnostics: diagnostics, at: "p.opf")
        #expect(manifest.items.allSatisfy { $0.renderableID == nil })
        #expect(diagnostics.count("opf.fallback-cycle") == 1)
    }

    /// Folio runs no scripts: a scripted document with a fallback shows the fallback
    /// (W3C `scr-support-fallback`); without one, or when nothing after it renders, itself.
    @Test func aScriptedDocumentShowsItsFallback() {
        var manifest = Manifest()
        manifest.append(ManifestItem(id: "app", href: "app.xhtml", path: "app.xhtml", mediaType: "application/xhtml+xml",
                                     properties: ["scripted"], fallback: "plain"))
        manifest.append(ManifestItem(id: "plain", href: "plain.xhtml", path: "plain.xhtml", mediaType: "application/xhtml+xml"))
        manifest.append(ManifestItem(id: "alone", href: "alone.xhtml", path: "alone.xhtml", mediaType: "application/xhtml+xml",
                                     properties: ["scripted"]))
        manifest.append(ManifestItem(id: "widget", href: "w.xhtml", path: "w.xhtml", mediaType: "application/xhtml+xml",
                                     properties: ["scripted"], fallback: "blob"))
        manifest.append(ManifestItem(id: "blob", href: "b.bin", path: "b.bin", mediaType: "application/octet-stream"))
        let diagnostics = Diagnostics()
        Fallbacks.resolve(&manifest, diagnostics: diagnostics, at: "p.opf")
        #expect(manifest.item(id: "app")?.renderableID == "plain")
        #expect(manifest.item(id: "alone")?.renderableID == "alone")
        #expect(manifest.item(id: "widget")?.renderableID == "widget")
        #expect(diagnostics.warnings.isEmpty)
    }
}
