import CLibXML2
import FolioCore

/// Why a document could not be parsed at all.
public struct MarkupError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Parses untrusted XML and XHTML with libxml2 into an `XMLTree`.
///
/// libxml2 runs with no network, no DTD loading and no entity substitution, and with an
/// external entity loader that refuses everything, so a book can neither read local files
/// nor expand an entity bomb (see ../shared/C-LIBRARIES.md, pitfall 5).
public enum MarkupParser {
    /// What to do with a document that is not well-formed.
    public enum Recovery: Sendable {
        /// Keep what libxml2's XML recovery salvages; fail when it finds no root element.
        case xml
        /// Re-parse with libxml2's HTML parser, as browsers would (for content documents).
        case html
    }

    /// Parses a document. Warnings (not well-formed, refused entities) go to `diagnostics`;
    /// throws only when no tree can be built.
    public static func parse(_ bytes: [UInt8], path: String, recovery: Recovery = .xml, diagnostics: Diagnostics) throws(MarkupError) -> XMLTree {
        setUpOnce
        // The error handler is per thread: documents are parsed on several.
        folio_silenceGenericErrors()
        let source = HTMLEntities.rewriteNamedReferences(bytes) ?? bytes
        guard !source.isEmpty else { throw MarkupError(path: path, reason: "the document is empty") }

        // XML is read by SAX (no libxml2 tree is made); COMPACT keeps the HTML parser's short
        // text in its node instead of a string of its own: that tree is only read, then freed.
        let strict = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                           | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue)
        let first = SAXReader.read(source, path: path, options: strict, diagnostics: diagnostics, wellFormedOnly: true)
        if let tree = first.tree { return tree }
        let reason = first.reason ?? "not well-formed"
        switch recovery {
        case .xml:
            let lenient = strict | Int32(bitPattern: XML_PARSE_RECOVER.rawValue)
            let second = SAXReader.read(source, path: path, options: lenient, diagnostics: diagnostics, wellFormedOnly: false)
            if let tree = second.tree, tree.root != nil {
                diagnostics.warn("xml.not-well-formed", "not well-formed XML (\(second.reason ?? reason)); recovered what could be read", at: path)
                return tree
            }
            throw MarkupError(path: path, reason: "not well-formed XML: \(reason)")
        case .html:
            if let tree = readHTML(source, path: path, diagnostics: diagnostics), tree.root != nil {
                diagnostics.warn("xml.not-well-formed", "not well-formed XHTML (\(reason)); recovered with the HTML parser", at: path)
                return tree
            }
            throw MarkupError(path: path, reason: "cannot be read as XHTML or HTML: \(reason)")
        }
    }

    private static let setUpOnce: Void = {
        xmlInitParser()
        folio_installSafeEntityLoader()
        folio_silenceGenericErrors()
        // Documents are at most 32 MB: no nesting in one can go deeper than this.
        folio_liftDepthLimit(1 << 25)
    }()

    private static func readHTML(_ bytes: [UInt8], path: String, diagnostics: Diagnostics) -> XMLTree? {
        let options = Int32(bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                                    | HTML_PARSE_COMPACT.rawValue)
        let doc: htmlDocPtr? = bytes.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                htmlReadMemory($0, Int32(clamping: buf.count), nil, "UTF-8", options)
            }
        }
        guard let doc else { return nil }
        defer { xmlFreeDoc(doc) }
        var builder = TreeBuilder(path: path, fromHTML: true, diagnostics: diagnostics)
        builder.addHTMLDocument(doc)
        return builder.finish()
    }

    static func errorReason(_ error: xmlErrorPtr?) -> String? {
        guard let error, let message = error.pointee.message else { return nil }
        let text = String(cString: message).trimmingWhitespace()
        return error.pointee.line > 0 ? "line \(error.pointee.line): \(text)" : text
    }
}
