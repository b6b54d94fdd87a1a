import FolioCore
import FolioXML
import Foundation
import Testing

/// The locator tests' fixtures (`Fixtures/<case>/…`), found through `#filePath`.
enum LocatorFixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Parses `Fixtures/<name>` as XML, the way content and package documents are read.
    static func tree(_ name: String) throws -> XMLTree {
        let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
        return try MarkupParser.parse(bytes, path: name, recovery: .html, diagnostics: Diagnostics())
    }

    /// The index of the (first) text node whose whole text is `text`.
    static func textNode(_ tree: XMLTree, _ text: String) throws -> Int {
        let node = tree.document.descendants().first { $0.kind == .text && $0.text == text }
        return Int(try #require(node, "no text node \"\(text)\" in \(tree.path)").index)
    }

    /// The index of the element with this `id`.
    static func element(_ tree: XMLTree, id: String) throws -> Int {
        let node = tree.document.descendants().first { $0.isElement && $0.attribute("id") == id }
        return Int(try #require(node, "no element #\(id) in \(tree.path)").index)
    }
}
