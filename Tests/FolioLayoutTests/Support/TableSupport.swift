import FolioCore
import FolioStyle
import FolioText
import FolioXML
import Foundation
@testable import FolioLayout

/// Shared by the Table*Tests: a fixture of `Fixtures/tables/` styled for a phone, laid out in
/// one column and cut into pages, with ways to find cells by their background colour.
enum TableSupport {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/tables")

    /// The phone's viewport with 16 px margins (the reader's default).
    static let phone = PageGeometry(environment: .phone, margin: 16)

    struct Laid {
        var tree: XMLTree
        var flow: ChapterFlow
        var pages: [Page]
        var page: PageGeometry
        var diagnostics: Diagnostics

        /// Every item of the column (coordinates from the content box's top-left).
        var items: [FrameItem] { flow.placed.map(\.item) }

        /// The filled rectangles of a colour, top to bottom then left to right.
        func fills(_ hex: UInt32) -> [Rect] {
            let color = RGBA(hex: hex)
            return items.compactMap { item -> Rect? in
                if case .fill(let rect, let c) = item, c == color { return rect }
                return nil
            }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        }

        var borders: [BorderItem] {
            items.compactMap { item in
                if case .border(let border) = item { return border }
                return nil
            }
        }

        /// The top of the first line whose text contains `word`.
        func lineTop(containing word: String) -> Double? {
            for item in items {
                if case .text(let origin, let run) = item, run.text.contains(word) { return origin.y }
            }
            return nil
        }

        /// The page text, all pages joined.
        var text: String { pages.map(\.text).joined(separator: "\n") }
    }

    static func layout(_ name: String, page: PageGeometry = phone) throws -> Laid {
        let url = fixtures.appendingPathComponent(name)
        let bytes = Array(try Data(contentsOf: url))
        let diagnostics = Diagnostics()
        let path = "EPUB/\(name)"
        let tree = try MarkupParser.parse(bytes, path: path, recovery: .xml, diagnostics: diagnostics)
        let styles = StyleContext(environment: .phone, diagnostics: diagnostics) { _ in nil }
        let styled = Cascade.style(tree, context: styles)
        let fonts = try FontContext(diagnostics: diagnostics)
        let context = LayoutContext(page: page, inline: InlineContext(fonts: fonts), imageSize: { _ in (width: 400, height: 300) })
        let flow = ChapterLayout(document: styled, path: path, context: context).build()
        let pages = Paginator.pages(flow, page: page, spineIndex: 0, href: path)
        return Laid(tree: tree, flow: flow, pages: pages, page: page, diagnostics: diagnostics)
    }

    /// The words of a text, split at white space.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// The words of a document's body, in document order.
    static func bodyWords(_ tree: XMLTree) -> [String] {
        guard let body = tree.root?.descendants().first(where: { $0.localName == "body" }) else { return [] }
        return words(body.textContent)
    }
}

extension RGBA {
    init(hex: UInt32) {
        self.init(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF))
    }
}
