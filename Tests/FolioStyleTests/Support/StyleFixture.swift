import FolioCore
import FolioXML
import Foundation
@testable import FolioStyle

/// One cascade case: a content document at `path`, the files of the book it can load
/// (stylesheets by container path), the target device and the reader's settings.
struct StyleFixture {
    var path = "EPUB/text/doc.xhtml"
    var files: [String: String] = [:]
    var environment: MediaEnvironment = .phone
    var settings = ReaderSettings()

    /// An XHTML page: `head` markup (links, styles), an optional `<style>` sheet, and `body` markup.
    static func page(head: String = "", style: String? = nil, body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
        <head><title>case</title>\(head)\(style.map { "<style>\($0)</style>" } ?? "")</head>
        <body>\(body)</body>
        </html>
        """
    }

    /// A file of `Fixtures/cascade/`, as text.
    static func file(_ name: String) -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/cascade").appendingPathComponent(name)
        return FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Parses `xhtml` as a content document (HTML recovery, as the reader does) and styles it.
    func style(_ xhtml: String) -> Styled {
        let diagnostics = Diagnostics()
        let bytes = Array(xhtml.utf8)
        let files = self.files.mapValues { Array($0.utf8) }
        let context = StyleContext(environment: environment, settings: settings, diagnostics: diagnostics) { files[$0] }
        do {
            let tree = try MarkupParser.parse(bytes, path: path, recovery: .html, diagnostics: diagnostics)
            return Styled(document: Cascade.style(tree, context: context), diagnostics: diagnostics, context: context)
        } catch {
            preconditionFailure("fixture does not parse: \(error)")
        }
    }

    /// Styles a page built from `head`, `style` and `body`.
    func style(head: String = "", style: String? = nil, body: String) -> Styled {
        self.style(Self.page(head: head, style: style, body: body))
    }
}

/// A styled fixture, with lookups by element id.
struct Styled {
    let document: StyledDocument
    let diagnostics: Diagnostics
    let context: StyleContext

    /// The element with this `id`.
    func node(_ id: String) -> StyledNode? {
        document.nodes.first { $0.kind == .element && $0.source?.attribute("id") == id }
    }

    /// The first element with this local name.
    func node(tag: String) -> StyledNode? {
        document.nodes.first { $0.kind == .element && $0.source?.localName == tag }
    }

    /// A computed value of the element with this `id`, as CSS text (`rgb(255, 0, 0)`, `12px`).
    func value(_ property: PropertyID, of id: String) -> String? {
        node(id)?.computed.cssValue(of: property)
    }

    /// The generated `::before`, `::after` or `::marker` child of the element with this `id`.
    func pseudo(_ pseudo: PseudoElement, of id: String) -> StyledNode? {
        guard let element = node(id) else { return nil }
        return document.children(of: element).first { $0.kind == .pseudo(pseudo) }
    }

    /// The text of the element's generated `::before`, `::after` or `::marker`.
    func generated(_ pseudo: PseudoElement, of id: String) -> String? {
        self.pseudo(pseudo, of: id)?.text
    }

    var warningCodes: [String] { diagnostics.warnings.map(\.code) }
}
