import Foundation
import FolioTestSupport
import Testing
import FolioCore
@testable import FolioPublication

/// The W3C EPUB 3.3 reading-system tests (`ocf-`, `pkg-`, `nav-`) whose outcome the opener decides,
/// each opened end to end with `PublicationOpener.open` and checked against what the test's first
/// page says a conforming reading system shows. What PackageParserCorpusTests, NavCorpusTests and
/// ObfuscationCorpusTests already assert on the parsers is not repeated here.
///
/// The corpus is `../shared/corpus` (`FOLIO_CORPUS` overrides it); without it the suite is skipped.
enum W3CCorpus {
    static let directory: URL? = Corpus.directory

    static func open(_ id: String, diagnostics: Diagnostics = Diagnostics()) throws -> Publication {
        let directory = try #require(directory)
        return try PublicationOpener.open(directory.appendingPathComponent("w3c/\(id).epub").path, diagnostics: diagnostics)
    }
}

/// One W3C test and what Folio's opener must give for it.
struct W3CCase: Sendable, CustomTestStringConvertible {
    let id: String
    let check: @Sendable (Publication, Diagnostics) throws -> Void
    var testDescription: String { id }

    init(_ id: String, _ check: @escaping @Sendable (Publication, Diagnostics) throws -> Void) {
        self.id = id
        self.check = check
    }
}

private func spinePaths(_ p: Publication) -> [String] {
    p.spine.items.compactMap { p.manifest.item(id: $0.renderableID)?.path }
}

private func toc(_ p: Publication) -> [NavPoint] { p.navigation.toc }

/// The resource's bytes as the reading system sees them (thrown errors fail the test).
private func bytes(_ p: Publication, _ path: String) throws -> [UInt8] { try p.read(path) }

private func text(_ p: Publication, _ path: String?) throws -> String {
    String(decoding: try bytes(p, try #require(path)), as: UTF8.self)
}

extension W3CCase {
    /// "Test passes if the EPUB opens": it opens, reads its one page, and warns of nothing serious.
    static func opens(_ id: String) -> W3CCase {
        W3CCase(id) { p, d in
            #expect(spinePaths(p) == ["EPUB/content_001.xhtml"])
            let page = try text(p, "EPUB/content_001.xhtml")
            #expect(page.contains("Test passes if"))
            #expect(!d.warnings.contains { $0.severity >= .warning }, "\(d.warnings)")
        }
    }

    static let all: [W3CCase] = [
        // OCF: which package, and where its files are.
        W3CCase("ocf-package_multiple") { p, _ in
            #expect(p.rootfiles.map(\.path) == ["FOO/BAR/package.opf", "OEBPS/package.opf", "EPUB/package.opf"])
            #expect(p.packagePath == "FOO/BAR/package.opf")
            let page = try text(p, spinePaths(p).first)
            #expect(page.contains("Test passes if you see this."))
        },
        W3CCase("ocf-package_arbitrary") { p, _ in
            #expect(p.packagePath == "FOO/BAR/package.opf")
            #expect(spinePaths(p) == ["FOO/BAR/content_001.xhtml"])
            let page = try text(p, spinePaths(p).first)
            #expect(page.contains("Test passes if you see this."))
        },
        W3CCase("ocf-url_manifest") { p, _ in
            #expect(spinePaths(p) == ["EPUB/foo/content_001.xhtml"])
            let page = try text(p, spinePaths(p).first)
            #expect(page.contains("Test passes if this page opens."))
        },
        W3CCase("ocf-url_relative") { p, _ in
            #expect(p.packagePath == "foo/BAR/baz.opf")
            #expect(spinePaths(p) == ["foo/BAR/qux/content_001.xhtml"])
            #expect(toc(p).map(\.href) == ["foo/BAR/qux/content_001.xhtml"])
        },
        // The photo sits at the container root, outside the package's folder.
        W3CCase("ocf-url_link-relative") { p, _ in
            #expect(p.manifest.item(id: "photo")?.path == "media/imgs/monastery.jpg")
            let photo = try bytes(p, "media/imgs/monastery.jpg")
            #expect(photo.prefix(2).elementsEqual([0xFF, 0xD8]))
        },
        W3CCase("ocf-url_link-path-absolute") { p, _ in
            #expect(p.manifest.item(id: "photo")?.path == "media/imgs/monastery.jpg")
        },
        // META-INF files other than the reserved ones are ignored, and so is an ODF manifest.xml.
        W3CCase("ocf-metainf-inc") { p, d in
            #expect(spinePaths(p) == ["EPUB/content_001.xhtml"])
            #expect(!d.warnings.contains { $0.severity >= .warning })
        },
        W3CCase("ocf-metainf-manifest") { p, _ in
            // The package lists content.xml but only content_001 in its spine; the ODF manifest adds nothing.
            #expect(spinePaths(p) == ["EPUB/content_001.xhtml"])
        },
        W3CCase("ocf-zip-mult") { p, _ in
            #expect(p.container.entries.count == 6)
            let photo = try bytes(p, "media/imgs/monastery.jpg")
            #expect(photo.count == 321_993)
        },
        // The opener gives the reader the book's own identifier, so its fonts come back whole;
        // with another book's key they stay garbage and must not be used.
        W3CCase("ocf-font_obfuscation") { p, _ in
            let font = try bytes(p, "EPUB/fonts/Lobster.ttf")
            #expect(Obfuscation.looksLikeFont(font))
        },
        W3CCase("ocf-font_obfuscation_bis") { p, _ in
            let font = try bytes(p, "EPUB/fonts/Lobster.ttf")
            #expect(!Obfuscation.looksLikeFont(font))
        },

        // Package documents.
        .opens("pkg-collections-unknown"),
        .opens("pkg-manifest-unknown"),
        .opens("pkg-meta-unknown"),
        .opens("pkg-spine-unknown"),
        W3CCase("pkg-version-backward") { p, _ in
            #expect(p.version == "0")
            #expect(spinePaths(p) == ["EPUB/content_001.xhtml"])
        },
        W3CCase("pkg-linked-records") { p, _ in
            #expect(p.metadata.title == "Package metadata title!")
            #expect(p.metadata.creators.map(\.name) == ["Matthew Chan"])
        },
        W3CCase("pkg-manifest-unlisted-resource") { p, _ in
            #expect(p.container.contains("EPUB/red.png"))
            #expect(p.manifest.item(path: "EPUB/red.png") == nil)
        },
        W3CCase("pkg-spine-order") { p, _ in
            #expect(spinePaths(p) == ["EPUB/d-content_001.xhtml", "EPUB/c-content_002.xhtml", "EPUB/b-content_003.xhtml", "EPUB/a-content_004.xhtml"])
        },
        W3CCase("pkg-spine-progression-pre-paginated") { p, _ in
            #expect(p.readingProgression == .ltr)
            #expect(p.layout == "pre-paginated")
        },
        W3CCase("pkg-spine-progression-default") { p, _ in
            // "default" stays default here; the pager turns it into rtl from the Arabic language.
            #expect(p.readingProgression == .default)
            #expect(p.metadata.languages == ["ar"])
        },
        W3CCase("pkg-dir-auto_root-unset") { p, _ in
            #expect(p.metadata.titles.first?.direction == "auto")
        },
        W3CCase("pkg-dir_rtl-root-unset") { p, _ in
            #expect(p.metadata.titles.first?.direction == "rtl")
        },
        W3CCase("pkg-dir_unset-root-unset") { p, _ in
            #expect(p.metadata.titles.first?.direction == nil)
        },

        // Navigation: the reading system's own TOC.
        W3CCase("nav-access") { p, _ in
            #expect(toc(p) == [NavPoint(title: "Test passes if you can see this link", href: "EPUB/content_001.xhtml")])
        },
        W3CCase("nav-activation") { p, _ in
            #expect(toc(p).map(\.href) == ["EPUB/content_001.xhtml", "EPUB/content_002.xhtml"])
            #expect(spinePaths(p) == ["EPUB/nav.xhtml", "EPUB/content_001.xhtml", "EPUB/content_002.xhtml"])
        },
        W3CCase("nav-spine_in-spine") { p, _ in
            #expect(toc(p).map(\.title) == ["Test passes if you can see two links (first link)", "Test passes if you can see two links (second link)"])
            #expect(spinePaths(p).first == "EPUB/nav.xhtml")
        },
        W3CCase("nav-spine_not-in-spine") { p, _ in
            #expect(toc(p).map(\.href) == ["EPUB/content_001.xhtml", "EPUB/content_002.xhtml"])
            #expect(!spinePaths(p).contains("EPUB/nav.xhtml"))
        },
        // CSS display:none is not the HTML hidden attribute: both entries stay visible in the TOC widget.
        W3CCase("nav-spine_in-spine-hidden-toc-css") { p, _ in
            #expect(toc(p) == [NavPoint(title: "The first link", href: "EPUB/content_001.xhtml"),
                               NavPoint(title: "The second link", href: "EPUB/content_002.xhtml")])
        },
        // The list's lower-greek numbering is the document's style, not part of the TOC labels.
        W3CCase("nav-spine_in-spine-no-list-style") { p, _ in
            #expect(toc(p).map(\.title) == ["Test passes if you can see two links: the first link", "the second link"])
        },
    ]
}

@Suite(.enabled(if: W3CCorpus.directory != nil, "the shared corpus (../shared/corpus, or FOLIO_CORPUS) is absent; W3C conformance tests skipped"))
struct W3CConformanceTests {
    @Test(arguments: W3CCase.all)
    func theOpenerGivesWhatTheW3CTestAsksFor(_ test: W3CCase) throws {
        let diagnostics = Diagnostics()
        let publication = try W3CCorpus.open(test.id, diagnostics: diagnostics)
        try test.check(publication, diagnostics)
    }

    /// Its entries are BZip2 (method 12): a conforming reading system treats the container as
    /// in error. Each such entry is an error and is not read, so the book, whose
    /// `container.xml` is one of them, does not open, and the reason names the method.
    @Test func entriesCompressedOtherThanStoredOrDeflateAreNotRead() throws {
        let diagnostics = Diagnostics()
        #expect(throws: (any Error).self) { try W3CCorpus.open("ocf-zip-comp", diagnostics: diagnostics) }
        do {
            _ = try W3CCorpus.open("ocf-zip-comp")
        } catch {
            #expect("\(error)".contains("compression method 12"), "\(error)")
        }
    }

    /// EPUB 3.3 §4.2.5: `..` parsed against the container root URL stays at the root, so a
    /// leaking relative URL still names a file inside the container, and the test shows the photo.
    @Test func aLeakingRelativeURLResolvesAtTheContainerRoot() throws {
        let publication = try W3CCorpus.open("ocf-url_link-leaking-relative")
        #expect(publication.manifest.item(id: "photo")?.path == "media/imgs/monastery.jpg")
        #expect(publication.diagnostics.contains(code: "opf.manifest-href-above-root"))
    }
}
