@testable import FolioLayout
import FolioCore
import FolioPublication
import FolioStyle
import FolioTestSupport
import FolioXML
import Foundation
import Testing

/// Every reflowable corpus book, paginated: no text lost, nothing outside the page.
@Suite(.enabled(if: Corpus.directory != nil, Comment(rawValue: Corpus.absentMessage)))
struct CorpusLayoutTests {
    static var books: [String] {
        guard let dir = Corpus.directory?.appendingPathComponent("samples"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        // kusamakura-preview's Japanese entry names are mangled by the corpus packer.
        return names.filter { $0.hasSuffix(".epub") && $0 != "kusamakura-preview.epub" }.sorted()
    }

    @Test(arguments: books, ["phone", "tablet"])
    func everyWordOfTheSpineIsOnThePagesInOrder(book: String, device: String) throws {
        let url = try #require(Corpus.file("samples/\(book)"))
        let publication = try PublicationOpener.open(url.path)
        guard publication.metadata.rendition.layout != "pre-paginated" else { return }
        let layout = device == "phone"
            ? BookLayout(publication: publication, environment: .phone, settings: .phone, imageSize: { _ in nil })
            : BookLayout(publication: publication, environment: .tablet, settings: .tablet, imageSize: { _ in nil })
        for spineIndex in layout.readingOrder {
            let chapter = layout.chapter(spineIndex)
            guard let item = publication.manifest.item(path: chapter.href), item.mediaType == MediaTypes.xhtml,
                  let bytes = try? publication.read(chapter.href, limit: Publication.documentLimit),
                  let tree = try? MarkupParser.parse(bytes, path: chapter.href, recovery: .html, diagnostics: Diagnostics()) else { continue }
            let styled = Cascade.style(tree, context: layout.styles)
            let expected = ExpectedText.words(ExpectedText.text(styled) { _ in true })
            // Images are all "missing" here (no sizes): their placeholders are not the document's words.
            let pageText = chapter.pages.map(\.text).joined().replacing(/\[image: [^\]]*\]/, with: "")
            let shown = ExpectedText.words(pageText)
            if shown != expected {
                let k = zip(shown, expected).prefix { $0 == $1 }.count
                Issue.record("\(book) (\(device)) \(chapter.href): pages differ from the text at word \(k): shown \(shown[k..<min(shown.count, k + 8)]) expected \(expected[k..<min(expected.count, k + 8)])")
            }
            for page in chapter.pages {
                for item in page.frame.items {
                    guard let rect = Self.bounds(item) else { continue }
                    #expect(rect.x >= -0.5 && rect.maxX <= page.frame.width + 0.5 && rect.y >= -0.5 && rect.maxY <= page.frame.height + 0.5,
                            "\(book) (\(device)) \(chapter.href) page \(page.indexInChapter): \(item) lies outside the page")
                }
            }
        }
    }

    /// Where an item draws: a text run's line extent, or its rectangle.
    static func bounds(_ item: FrameItem) -> Rect? {
        switch item {
        case .text(let origin, let run): Rect(x: origin.x + run.x, y: origin.y + run.baseline - run.size * 0.8, width: run.width, height: run.size)
        case .fill(let rect, _), .link(let rect, _): rect
        case .border(let border): border.rect
        case .image(let image): image.rect
        case .line: nil
        }
    }
}
