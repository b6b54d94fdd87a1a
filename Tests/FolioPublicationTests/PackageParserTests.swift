import FolioCore
import FolioXML
import Foundation
import Testing
@testable import FolioPublication

/// Parses `Fixtures/package/<name>.opf` as if it were found at `path` in a container.
func parsePackageFixture(_ name: String, path: String = "EPUB/package.opf") throws -> (PackageDocument, Diagnostics) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/package/\(name).opf")
    let bytes = try [UInt8](Data(contentsOf: url))
    let diagnostics = Diagnostics()
    let tree = try MarkupParser.parse(bytes, path: path, recovery: .xml, diagnostics: diagnostics)
    return (PackageParser.parse(tree, path: path, diagnostics: diagnostics), diagnostics)
}

extension Diagnostics {
    func codes() -> [String] { warnings.map(\.code) }
    func count(_ code: String) -> Int { warnings.filter { $0.code == code }.count }
}

@Suite struct PackageParserTests {
    @Test func aNotWellFormedPackageIsReadAsFarAsLibxml2RecoversIt() throws {
        // The opener parses the OPF with `recovery: .xml`; what libxml2 salvages is read as usual
        // and the `xml.not-well-formed` warning tells the reader the book is damaged.
        let (package, diagnostics) = try parsePackageFixture("malformed")
        #expect(diagnostics.contains(code: "xml.not-well-formed"))
        #expect(package.version == "3.0")
        // libxml2 drops the bare "&"; the unclosed <item> swallows the spine, which is found anyway.
        #expect(package.metadata.title == "Broken Recovered")
        #expect(package.manifest.items.map(\.id) == ["c1", "c2"])
        #expect(diagnostics.contains(code: "opf.element-misplaced"))
        #expect(package.spine.items.map(\.idref) == ["c1", "c2"])
    }

    @Test func aDocumentThatIsNotAPackageGivesAnEmptyPackageAndAnError() throws {
        let diagnostics = Diagnostics()
        let tree = try MarkupParser.parse(Array("<container><rootfiles/></container>".utf8), path: "x.opf", diagnostics: diagnostics)
        let package = PackageParser.parse(tree, path: "x.opf", diagnostics: diagnostics)
        #expect(package.spine.items.isEmpty && package.manifest.items.isEmpty)
        #expect(diagnostics.warnings.contains { $0.code == "opf.not-a-package" && $0.severity == .error })
    }

    @Test func aMissingVersionIsWarnedAndAnUnknownOneOnlyNoted() throws {
        let diagnostics = Diagnostics()
        let opf = """
            <package xmlns="http://www.idpf.org/2007/opf" unique-identifier="id"><metadata/><manifest/><spine/></package>
            """
        let tree = try MarkupParser.parse(Array(opf.utf8), path: "p.opf", diagnostics: diagnostics)
        #expect(PackageParser.parse(tree, path: "p.opf", diagnostics: diagnostics).version == "")
        #expect(diagnostics.contains(code: "opf.version-missing"))
        #expect(diagnostics.contains(code: "opf.spine-empty"))

        let zero = Diagnostics()
        let tree0 = try MarkupParser.parse(Array(opf.replacingOccurrences(of: "<package ", with: "<package version=\"0\" ").utf8), path: "p.opf", diagnostics: zero)
        let package0 = PackageParser.parse(tree0, path: "p.opf", diagnostics: zero)
        #expect(package0.version == "0")
        #expect(zero.warnings.contains { $0.code == "opf.version-unknown" && $0.severity == .info })
    }

    @Test func packageLanguageDirectionAndPrefixesAreKept() throws {
        let (refines, _) = try parsePackageFixture("epub3-refines")
        #expect(refines.language == "en")
        #expect(refines.direction == "ltr")
        #expect(refines.majorVersion == 3)
        let (rendition, _) = try parsePackageFixture("rendition")
        #expect(rendition.prefixes["r"] == "http://www.idpf.org/vocab/rendition/#")
        #expect(rendition.prefixes["ibooks"] != nil)
    }

    @Test func theEPUB2GuideResolvesHrefsAndClampsOnesClimbingAboveTheRoot() throws {
        let (package, diagnostics) = try parsePackageFixture("epub2-opf-attributes", path: "OEBPS/content.opf")
        #expect(package.guide == [
            GuideReference(type: "cover", title: "Cover", href: "OEBPS/images/cover.jpg"),
            GuideReference(type: "text", title: "Beginning", href: "OEBPS/text/chapter 1.xhtml#start"),
            GuideReference(type: "toc", title: nil, href: "outside.xhtml"),
        ])
        #expect(diagnostics.contains(code: "opf.guide-href-above-root"))
    }
}
