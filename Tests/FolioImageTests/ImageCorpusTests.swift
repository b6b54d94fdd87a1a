import FolioCore
import FolioImage
import FolioPublication
import FolioTestSupport
import Foundation
import Testing

/// Every image of every sample book probes and decodes, at the size the probe reported.
@Suite(.enabled(if: Corpus.file("samples") != nil, Comment(rawValue: Corpus.absentMessage)))
struct ImageCorpusTests {
    static let books: [String] = {
        guard let samples = Corpus.file("samples"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: samples.path) else { return [] }
        return names.filter { $0.hasSuffix(".epub") }.sorted()
    }()

    static let imageTypes: [String: ImageFormat] = [
        "image/jpeg": .jpeg, "image/png": .png, "image/gif": .gif, "image/webp": .webp, "image/svg+xml": .svg,
    ]

    @Test(arguments: books)
    func everyImageOfTheBookProbesAndDecodes(book: String) throws {
        let path = try #require(Corpus.file("samples/" + book)).path
        let publication = try PublicationOpener.open(path, diagnostics: Diagnostics())
        for item in publication.manifest.items where !item.isRemote {
            guard let declared = Self.imageTypes[MediaTypes.canonical(item.mediaType)] else { continue }
            // A resource the container cannot give is the container's concern, not the decoder's.
            guard let bytes = try? publication.read(item.path) else { continue }
            guard let info = ImageProbe.probe(bytes) else {
                Issue.record("\(book): \(item.path) does not probe")
                continue
            }
            #expect(info.format == declared, "\(book): \(item.path) is \(info.format), declared \(item.mediaType)")
            do {
                let bitmap = try ImageDecoder.decode(bytes)
                let expected = (Int(info.width.rounded(.up)), Int(info.height.rounded(.up)))
                #expect((bitmap.width, bitmap.height) == expected, "\(book): \(item.path) \(info)")
                #expect(bitmap.pixels.count >= bitmap.stride * bitmap.height)
            } catch {
                Issue.record("\(book): \(item.path) \(info) does not decode: \(error)")
            }
        }
    }
}
