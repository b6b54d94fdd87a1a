@testable import FolioImage
import FolioCore
import FolioPublication
import FolioTestSupport
import Foundation
import Testing

/// The size read from a plain SVG root without librsvg is librsvg's, and anything not plain is
/// left to librsvg.
struct PlainSVGSizeTests {
    private func svg(_ attributes: String) -> [UInt8] {
        Array("<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes)><rect width=\"1\" height=\"1\"/></svg>".utf8)
    }

    @Test(arguments: [
        ("width=\"120\" height=\"80\"", 120.0, 80.0),
        ("width=\"120px\" viewBox=\"0 0 60 20\"", 120, 40),
        ("width=\"100%\" height=\"100%\" viewBox=\"0,0,1571,2068\"", 1571, 2068),
        ("viewBox=\"-5 -5 , 40 20\"", 40, 20),
        ("", 300, 150),
    ])
    func aPlainRootGivesLibrsvgsSize(attributes: String, width: Double, height: Double) throws {
        let bytes = svg(attributes)
        let plain = try #require(PlainSVGSize.read(bytes))
        #expect(plain == (width, height))
        let librsvg = try SVGDocument(bytes).intrinsicSize
        #expect(plain == librsvg)
    }

    @Test(arguments: [
        "width=\"2em\" height=\"10\"", "width=\"10.5\" height=\"10\"", "width=\"1in\"", "width=\" 10\"",
        "viewBox=\"0 0 10\"", "viewBox=\"0 0 10 10 \"", "viewBox=\"0 0 1.5 10\"", "width=\"12345678\"",
    ])
    func anythingElseIsLeftToLibrsvg(attributes: String) {
        #expect(PlainSVGSize.read(svg(attributes)) == nil)
    }

    @Test func aRootOutsideSVGsNamespaceOrABrokenDocumentIsLeftToLibrsvg() {
        #expect(PlainSVGSize.read(Array("<svg width=\"10\" height=\"10\"/>".utf8)) == nil)
        #expect(PlainSVGSize.read(Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">".utf8)) == nil)
    }

    @Test(.enabled(if: Corpus.file("samples") != nil, Comment(rawValue: Corpus.absentMessage)))
    func everyPlainCorpusSVGGetsLibrsvgsSize() throws {
        var checked = 0
        for folder in ["samples", "standard-ebooks"] {
            guard let directory = Corpus.file(folder),
                  let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for book in names.sorted() where book.hasSuffix(".epub") {
                let publication = try PublicationOpener.open(directory.path + "/" + book, diagnostics: Diagnostics())
                for item in publication.manifest.items where !item.isRemote && MediaTypes.canonical(item.mediaType) == "image/svg+xml" {
                    guard let bytes = try? publication.read(item.path), let plain = PlainSVGSize.read(bytes) else { continue }
                    let librsvg = try SVGDocument(bytes).intrinsicSize
                    #expect(plain == librsvg, "\(book): \(item.path)")
                    checked += 1
                }
            }
        }
        #expect(checked > 0)
    }
}
