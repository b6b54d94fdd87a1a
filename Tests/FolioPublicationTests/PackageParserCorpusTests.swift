import FolioCore
import FolioXML
import Foundation
import FolioTestSupport
import Testing
@testable import FolioPublication

/// Every package document of the shared corpus (sample books and W3C tests), read straight from
/// the zips with `unzip -p` so these tests do not depend on the container layer.
///
/// The corpus is `../shared/corpus` from the package root; from a git worktree under
/// `/work/wt/<name>` it is one level further up. The tests skip when neither exists.
enum PackageCorpus {
    static let directory: URL? = Corpus.directory

    static func books(_ folder: String, prefix: String = "") -> [URL] {
        guard let directory else { return [] }
        let dir = directory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".epub") && $0.hasPrefix(prefix) }.sorted().map { dir.appendingPathComponent($0) }
    }

    static func unzip(_ book: URL, _ entry: String) -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = ["-p", book.path, entry]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 && !data.isEmpty ? [UInt8](data) : nil
    }

    /// The book's first rootfile, parsed; nil when the book has no readable container.xml or OPF
    /// (some W3C tests are about exactly that).
    static func package(_ book: URL) -> (PackageDocument, Diagnostics, path: String)? {
        let diagnostics = Diagnostics()
        guard let containerXML = unzip(book, "META-INF/container.xml"),
              let container = try? MarkupParser.parse(containerXML, path: "META-INF/container.xml", diagnostics: diagnostics),
              let path = container.root?.descendants("rootfile").lazy.compactMap({ $0.attribute("full-path") }).first,
              let bytes = unzip(book, path),
              let tree = try? MarkupParser.parse(bytes, path: path, recovery: .xml, diagnostics: diagnostics)
        else { return nil }
        return (PackageParser.parse(tree, path: path, diagnostics: diagnostics), diagnostics, path)
    }

    /// The W3C test's package, or nil (and the test is skipped) without the corpus.
    static func w3c(_ name: String) -> PackageDocument? {
        books("w3c", prefix: name).first { $0.deletingPathExtension().lastPathComponent == name }.flatMap { package($0)?.0 }
    }
}

@Suite(.enabled(if: PackageCorpus.directory != nil, "the shared corpus (../shared/corpus) is absent"))
struct PackageParserCorpusTests {
    @Test func everySampleBookHasATitleAnIdentifierAndAReadableSpine() throws {
        let books = PackageCorpus.books("samples")
        #expect(books.count > 10)
        for book in books {
            let parsed = try #require(PackageCorpus.package(book), "\(book.lastPathComponent)")
            let (package, diagnostics, _) = parsed
            #expect(package.metadata.title != nil, "\(book.lastPathComponent)")
            #expect(package.metadata.uniqueIdentifier != nil, "\(book.lastPathComponent)")
            #expect(!package.spine.items.isEmpty, "\(book.lastPathComponent)")
            #expect(!diagnostics.warnings.contains { $0.severity == .error }, "\(book.lastPathComponent): \(diagnostics.warnings)")
            // Every spine item shows a manifest item that exists and renders.
            for item in package.spine.items {
                let shown = package.manifest.item(id: item.renderableID)
                #expect(shown.map { MediaTypes.isRenderable($0.mediaType) } == true, "\(book.lastPathComponent) \(item.idref)")
            }
        }
    }

    @Test func everyW3CTestPackageParsesWithoutCrashing() {
        var parsed = 0
        for book in PackageCorpus.books("w3c") {
            guard let (package, _, _) = PackageCorpus.package(book) else { continue }
            parsed += 1
            #expect(package.manifest.items.allSatisfy { $0.renderableID == nil || package.manifest.item(id: $0.renderableID!) != nil })
        }
        #expect(parsed > 150)
    }

    @Test func w3cCreatorAndTitleOrderPutTheFirstOneFirst() throws {
        let creators = try #require(PackageCorpus.w3c("pkg-creator-order")).metadata.creators
        #expect(creators.map(\.name) == ["Dave Cramer", "Wendy Reid", "Dan Lazin", "Ivan Herman", "Brady Duga"])
        let titles = try #require(PackageCorpus.w3c("pkg-title-order")).metadata
        #expect(titles.title == "pkg-title-order")
        #expect(titles.titles.count == 6)
    }

    @Test func w3cMetadataWhitespaceIsCollapsed() throws {
        let metadata = try #require(PackageCorpus.w3c("pkg-meta-whitespace")).metadata
        #expect(metadata.creators.first?.name == "Dave Cramer")
    }

    @Test func w3cUniqueIdentifiersAreReadFromTheNamedIdentifier() throws {
        let first = try #require(PackageCorpus.w3c("pkg-unique-id")).metadata
        let second = try #require(PackageCorpus.w3c("pkg-unique-id_duplicate")).metadata
        #expect(first.uniqueIdentifier == "pkg-unique-id")
        #expect(second.uniqueIdentifier == "pkg-unique-id")  // the same id: telling them apart is the library's job
        #expect(first.title != second.title)
    }

    @Test func w3cSpineTestsKeepOrderDuplicatesLinearityAndProgression() throws {
        let duplicates = try #require(PackageCorpus.w3c("pkg-spine-duplicate-item-rendering")).spine
        #expect(duplicates.items.map(\.idref) == ["content_001", "content_002", "content_002", "content_002"])
        let nonlinear = try #require(PackageCorpus.w3c("pkg-spine-nonlinear-activation")).spine
        #expect(nonlinear.items.map(\.linear) == [true, false])
        #expect(try #require(PackageCorpus.w3c("pkg-spine-progression_rtl")).spine.pageProgression == .rtl)
        #expect(try #require(PackageCorpus.w3c("pkg-spine-progression_ltr")).spine.pageProgression == .ltr)
        #expect(try #require(PackageCorpus.w3c("pkg-spine-progression-default")).spine.pageProgression == .default)
        let svg = try #require(PackageCorpus.w3c("pkg-spine-order-svg"))
        #expect(svg.spine.items.count == 4)
    }

    @Test func w3cUnknownPropertiesCollectionsAndVersionsStillOpen() throws {
        for name in ["pkg-manifest-unknown", "pkg-spine-unknown", "pkg-meta-unknown", "pkg-collections-unknown", "pkg-version-backward"] {
            let package = try #require(PackageCorpus.w3c(name), "\(name)")
            #expect(!package.spine.items.isEmpty, "\(name)")
            #expect(package.metadata.title == name, "\(name)")  // a collection's own dc:title is not the book's
        }
    }

    @Test func w3cMetadataDirectionAndLanguageAreKept() throws {
        let rtl = try #require(PackageCorpus.w3c("pkg-dir_rtl-root-ltr")).metadata.titles.first
        #expect(rtl?.direction == "rtl" && rtl?.language == "he")
        let auto = try #require(PackageCorpus.w3c("pkg-dir-auto_root-rtl")).metadata.titles.first
        #expect(auto?.direction == "auto")
        let inherited = try #require(PackageCorpus.w3c("pkg-dir_unset-root-rtl")).metadata.titles.first
        #expect(inherited?.direction == "rtl")
        let creator = try #require(PackageCorpus.w3c("pkg-dir_creator-rtl")).metadata.creators.first
        #expect(creator?.direction == "rtl")
    }

    @Test func w3cRenditionFlowGlobalsAreRead() throws {
        #expect(try #require(PackageCorpus.w3c("lay-pkg-flow-paginated")).metadata.rendition.flow == "paginated")
        #expect(try #require(PackageCorpus.w3c("lay-pkg-flow-scrolled-doc")).metadata.rendition.flow == "scrolled-doc")
    }
}
