import Foundation
import FolioTestSupport
import FolioCore
import FolioXML
import Testing
@testable import FolioPublication

/// One book of ../shared/corpus, read with `unzip` (the container layer is tested elsewhere) and its
/// package read just enough to find the navigation documents and build a manifest.
struct NavCorpusBook {
    static let root: URL = Corpus.directory ?? Corpus.packageRoot.appendingPathComponent("../shared/corpus")
    static var isPresent: Bool { Corpus.directory != nil }

    let file: URL
    let packagePath: String
    let package: XMLTree
    let manifest: Manifest

    init(_ relativePath: String) throws {
        file = Self.root.appendingPathComponent(relativePath)
        let diagnostics = Diagnostics()
        let container = try MarkupParser.parse(try Self.unzip(file, "META-INF/container.xml"), path: "META-INF/container.xml", diagnostics: diagnostics)
        let rootfile = container.root?.descendants("rootfile").first?.attribute("full-path")
        let packagePath = try #require(rootfile)
        self.packagePath = packagePath
        package = try MarkupParser.parse(try Self.unzip(file, packagePath), path: packagePath, diagnostics: diagnostics)
        let items = package.root?.descendants("item") ?? []
        manifest = Manifest(items: items.compactMap { item in
            guard let id = item.attribute("id"), let href = item.attribute("href"),
                  let path = ContainerPath.resolve(href, relativeTo: packagePath)?.path else { return nil }
            return ManifestItem(id: id, href: href, path: path, mediaType: item.attribute("media-type") ?? "",
                                properties: (item.attribute("properties") ?? "").split(separator: " ").map(String.init))
        })
    }

    var navPath: String? { manifest.item(withProperty: "nav")?.path }
    var ncxPath: String? { manifest.items.first { $0.mediaType == MediaTypes.ncx }?.path }

    func tree(_ path: String, diagnostics: Diagnostics = Diagnostics()) throws -> XMLTree {
        try MarkupParser.parse(try Self.unzip(file, path), path: path, diagnostics: diagnostics)
    }

    func nav(diagnostics: Diagnostics = Diagnostics()) throws -> Navigation? {
        guard let navPath else { return nil }
        return NavParser.parse(try tree(navPath), path: navPath, diagnostics: diagnostics)
    }

    func ncx(diagnostics: Diagnostics = Diagnostics()) throws -> Navigation? {
        guard let ncxPath else { return nil }
        return NCXParser.parse(try tree(ncxPath), path: ncxPath, diagnostics: diagnostics)
    }

    var metas: [Meta] {
        (package.root?.descendants("meta") ?? []).compactMap { meta in
            guard let name = meta.attribute("name"), let content = meta.attribute("content") else { return nil }
            return Meta(property: name, value: content)
        }
    }

    var guide: [(type: String, href: String)] {
        (package.root?.descendants("reference") ?? []).compactMap { r in
            guard let type = r.attribute("type"), let href = r.attribute("href") else { return nil }
            return (type, href)
        }
    }

    var spine: Spine {
        var spine = Spine()
        spine.items = (package.root?.descendants("itemref") ?? []).compactMap { ref in
            ref.attribute("idref").map { SpineItem(idref: $0, renderableID: $0) }
        }
        return spine
    }

    func cover() -> String? {
        CoverResolver.resolve(manifest: manifest, metas: metas, guide: guide, spine: spine, packagePath: packagePath,
                              loadDocument: { try? tree($0) }, diagnostics: Diagnostics())
    }

    static func unzip(_ file: URL, _ entry: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        // unzip treats [ ] * ? in names as wildcards; escape them so the name matches literally.
        let literal = entry.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "*", with: "\\*").replacingOccurrences(of: "?", with: "\\?")
        process.arguments = ["-p", file.path, literal]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CorpusError(message: "unzip -p \(file.lastPathComponent) \(entry) failed") }
        return [UInt8](data)
    }

    static func all() -> [String] {
        ["samples", "w3c"].flatMap { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(dir).path)) ?? [])
                .filter { $0.hasSuffix(".epub") }.sorted().map { "\(dir)/\($0)" }
        }
    }

    struct CorpusError: Error { var message: String }
}

@Suite(.enabled(if: NavCorpusBook.isPresent, "../shared/corpus is absent; corpus navigation tests skipped"))
struct NavCorpusTests {
    @Test func everyNavAndNCXInTheCorpusParses() throws {
        var parsed = 0
        for name in NavCorpusBook.all() {
            let book = try NavCorpusBook(name)
            let diagnostics = Diagnostics()
            // unzip here cannot match names stored as non-UTF-8-flagged bytes (kusamakura's 目次.xhtml).
            if let path = book.navPath ?? book.ncxPath, !path.allSatisfy(\.isASCII) { continue }
            let nav = try book.nav(diagnostics: diagnostics)
            let ncx = try book.ncx(diagnostics: diagnostics)
            if nav != nil || ncx != nil { parsed += 1 }
            if let merged = Navigation.merged(nav: nav, ncx: ncx) {
                #expect(!merged.toc.isEmpty, "\(name): empty TOC")
            }
            #expect(!diagnostics.warnings.contains { $0.severity == .error }, "\(name): \(diagnostics.warnings)")
        }
        #expect(parsed > 100)
    }

    @Test func childrensLiteratureHasANestedTOCWithHeadingsHiddenSublistsAndPages() throws {
        let book = try NavCorpusBook("samples/childrens-literature.epub")
        let nav = try #require(try book.nav())
        let section = try #require(nav.toc.first)
        #expect(section.title == "SECTION IV FAIRY STORIES—MODERN FANTASTIC TALES")
        #expect(section.href == "EPUB/s04.xhtml#pgepubid00492")
        #expect(section.children.prefix(3).map(\.title) == ["BIBLIOGRAPHY", "INTRODUCTORY", "Abram S. Isaacs"])
        let isaacs = section.children[2]
        #expect(isaacs.href == nil)
        let clover = try #require(isaacs.children.first)
        #expect(clover.title == "190 A FOUR-LEAVED CLOVER" && !clover.hidden)
        #expect(clover.children.map(\.title) == ["I. The Rabbi and the Diadem", "II. Friendship", "III. True Charity", "IV. An Eastern Garden"])
        #expect(clover.children.allSatisfy { $0.hidden })
        #expect(nav.landmarks.map(\.type) == ["toc", "bodymatter"])
        #expect(nav.landmarks.first?.href == "EPUB/nav.xhtml#toc")

        let ncx = try #require(try book.ncx())
        #expect(ncx.toc.first?.title == section.title)
        #expect(ncx.toc.first?.children[2].title == "190 A FOUR-LEAVED CLOVER")  // the NCX has no author headings
        #expect(ncx.pageList.count == 92)
        #expect(ncx.pageList.first == NavPoint(title: "169", href: "EPUB/s04.xhtml#Page_169", type: "normal"))
        #expect(nav.pageList.map(\.title) == ncx.pageList.map(\.title))
    }

    @Test func landmarksAndPageListsOfRealBooks() throws {
        let moby = try #require(try NavCorpusBook("samples/moby-dick.epub").nav())
        #expect(moby.toc.first == NavPoint(title: "Moby-Dick", href: "OPS/titlepage.xhtml"))
        #expect(moby.landmarks.map(\.type) == ["cover", "toc", "bodymatter", "copyright-page"])
        #expect(moby.landmarks[1].href == "OPS/toc.xhtml#toc")

        let accessible = try #require(try NavCorpusBook("samples/accessible_epub_3.epub").nav())
        #expect(accessible.landmarks == [NavPoint(title: "cover", href: "EPUB/cover.xhtml", type: "cover", hidden: true)])
        #expect(accessible.toc.first?.children.first?.title == "Conventions Used in This Book")

        let blanche = try #require(try NavCorpusBook("samples/page-blanche.epub").nav())
        #expect(blanche.pageList.count == 8)
        #expect(blanche.pageList.first?.href == "EPUB/Content/PageBlanche_Page_001.xhtml")
    }

    @Test func aPrefixedNCXWithNonASCIINamesResolves() throws {
        let ncx = try #require(try NavCorpusBook("samples/kusamakura-preview.epub").ncx())
        #expect(ncx.toc.prefix(2).map(\.title) == ["表紙", "一"])
        #expect(ncx.toc.first?.href == "EPUB/xhtml/表紙.xhtml")
    }

    @Test func w3cNonTextLinksAreTitledByTheirAltText() throws {
        for test in ["w3c/nav-non-text_img.epub", "w3c/nav-non-text_img_title.epub"] {
            let nav = try #require(try NavCorpusBook(test).nav())
            #expect(nav.toc.map(\.title) == ["Start page", "Description of the Abbey of Sénanque"], "\(test)")
            #expect(nav.toc.map(\.href) == ["EPUB/content_001.xhtml", "EPUB/senanque.xhtml"], "\(test)")
        }
        let hidden = try #require(try NavCorpusBook("w3c/nav-spine_in-spine-hidden-toc-html.epub").nav())
        #expect(hidden.toc.map(\.hidden) == [false, true])
    }

    @Test func coversOfRealBooksAreFoundByEachRule() throws {
        // cover-image property
        #expect(try NavCorpusBook("samples/childrens-literature.epub").cover() == "EPUB/images/cover.png")
        // cover-image on an item that declares no media type
        #expect(try NavCorpusBook("samples/figure-gallery-bindings.epub").cover() == "EPUB/images/cover.jpg")
        // EPUB 2 meta cover only
        #expect(try NavCorpusBook("samples/regime-anticancer-arabic.epub").cover() == "EPUB/Image/cover.jpg")
        // an SVG cover image
        #expect(try NavCorpusBook("samples/svg-in-spine.epub").cover() == "OPS/Images/cover.svg")
    }
}
