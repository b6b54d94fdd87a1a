import FolioCore
@testable import FolioLayout
import FolioStyle
import FolioText
import FolioXML

/// Lays out small XHTML fixtures the way `BookLayout` lays out a chapter.
enum LayoutSupport {
    /// A 400×300 px page with 10 px margins: a 380×280 column.
    static let smallPage = PageGeometry(width: 400, height: 300, margins: Edges(all: 10))

    static func document(_ body: String, css: String = "", head: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>t</title><style>
        body { margin: 0; font-family: "Liberation Serif"; font-size: 16px; line-height: 20px; }
        \(css)
        </style>\(head)</head><body>\(body)</body></html>
        """
    }

    static func styled(_ xhtml: String, diagnostics: Diagnostics = Diagnostics()) throws -> StyledDocument {
        let tree = try MarkupParser.parse(Array(xhtml.utf8), path: "EPUB/chapter.xhtml", recovery: .html, diagnostics: diagnostics)
        let context = StyleContext(environment: MediaEnvironment(width: 400, height: 300), diagnostics: diagnostics) { _ in nil }
        return Cascade.style(tree, context: context)
    }

    static func context(page: PageGeometry = smallPage, diagnostics: Diagnostics = Diagnostics(),
                        images: [String: (Double, Double)] = [:], hyphens: ReaderSettings.Hyphenation = .book) throws -> LayoutContext {
        let fonts = try FontContext(diagnostics: diagnostics)
        var inline = InlineContext(fonts: fonts)
        inline.readerHyphens = hyphens
        return LayoutContext(page: page, inline: inline) { path in
            images[path].map { (width: $0.0, height: $0.1) }
        }
    }

    static func flow(_ body: String, css: String = "", page: PageGeometry = smallPage,
                     images: [String: (Double, Double)] = [:], hyphens: ReaderSettings.Hyphenation = .book) throws -> ChapterFlow {
        let diagnostics = Diagnostics()
        let document = try styled(self.document(body, css: css), diagnostics: diagnostics)
        return ChapterLayout(document: document, path: "EPUB/chapter.xhtml",
                              context: try context(page: page, diagnostics: diagnostics, images: images, hyphens: hyphens)).build()
    }

    static func pages(_ body: String, css: String = "", page: PageGeometry = smallPage,
                      images: [String: (Double, Double)] = [:]) throws -> [Page] {
        Paginator.pages(try flow(body, css: css, page: page, images: images), page: page, spineIndex: 0, href: "EPUB/chapter.xhtml")
    }

    /// The first fill that is not the page's white: a box's background.
    static func firstFill(_ flow: ChapterFlow) -> Rect? {
        flow.placed.lazy.compactMap { item -> Rect? in
            if case .fill(let rect, let color) = item.item, color != .white { return rect }
            return nil
        }.first
    }

    /// Units whose text starts with `prefix`.
    static func unit(_ flow: ChapterFlow, _ prefix: String) -> FlowUnit? {
        flow.units.first { $0.text.hasPrefix(prefix) }
    }

    /// The words of some text, for comparing what pages show with what a document says.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map { $0.lowercased() }
    }

    /// A paragraph of `n` numbered words, to fill lines.
    static func filler(_ n: Int, from first: Int = 1) -> String {
        (first..<(first + n)).map { "word\($0)" }.joined(separator: " ")
    }
}
