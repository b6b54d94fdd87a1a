import FolioCore
import FolioLayout
import FolioStyle
import FolioText
import FolioXML

/// Parses bytes as an XHTML chapter, styles it (its `<style>` elements and `style` attributes
/// are its CSS), lays it out on a small page and paginates it, as a book's chapter is.
enum ChapterFuzzing {
    static let path = "EPUB/chapter.xhtml"
    /// A 400×300 px page with 10 px margins, like a small phone's.
    static let page = PageGeometry(width: 400, height: 300, margins: Edges(all: 10))
    /// Every image of the chapter is this size: sizes come from image files, fuzzed elsewhere.
    static let imageSize = (width: 120.0, height: 80.0)
    /// Loaded hyphenation dictionaries, shared by every input as a book's chapters share them
    /// (`BookLayout`): loading one takes most of a second under AddressSanitizer.
    static let hyphenation = HyphenationContext()

    static let warmUpDocument = """
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><body style="hyphens: auto">
        <p>Hyphenation dictionaries load on a paragraph's first long word: extraordinarily.</p></body></html>
        """

    static func run(_ bytes: [UInt8]) -> String {
        let diagnostics = Diagnostics()
        let tree: XMLTree
        do {
            tree = try MarkupParser.parse(bytes, path: path, recovery: .html, diagnostics: diagnostics)
        } catch {
            return "not markup: \(error.reason)"
        }
        let styles = StyleContext(environment: MediaEnvironment(width: page.width, height: page.height), diagnostics: diagnostics) { _ in nil }
        let styled = Cascade.style(tree, context: styles)
        let fonts: FontContext
        do {
            fonts = try FontContext(fontFaces: styled.fontFaces, diagnostics: diagnostics)
        } catch {
            return "no fonts: \(error)"
        }
        var inline = InlineContext(fonts: fonts, hyphenation: hyphenation)
        // As the reader sets text: hyphenation of justified text and optical margins.
        inline.readerHyphens = .auto
        inline.protrusion = true
        let context = LayoutContext(page: page, inline: inline) { _ in imageSize }
        let flow = ChapterLayout(document: styled, path: path, context: context).build()
        let pages = Paginator.pages(flow, page: page, spineIndex: 0, href: path)
        let characters = pages.reduce(0) { $0 + $1.text.count }
        return "\(pages.count) pages, \(characters) characters shown, \(diagnostics.warnings.count) warnings"
    }
}
