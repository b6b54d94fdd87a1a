import FolioCore

/// The package `prefix` attribute: which vocabulary a prefixed property (`rendition:layout`) names.
///
/// https://www.w3.org/TR/epub-33/#sec-prefix-attr and the reserved prefixes,
/// https://www.w3.org/TR/epub-33/#sec-reserved-prefixes
///
/// Folio interprets properties by their vocabulary, not their spelling: a book that declares
/// `r: http://www.idpf.org/vocab/rendition/#` and writes `r:layout` gets `rendition:layout`.
/// Unknown prefixes (`calibre:`, `ibooks:`) are kept as written.
struct PackagePrefixes: Sendable {
    /// The prefixes EPUB reserves: usable without declaration.
    static let reserved: [String: String] = [
        "a11y": "http://www.idpf.org/epub/vocab/package/a11y/#",
        "dcterms": "http://purl.org/dc/terms/",
        "marc": "http://id.loc.gov/vocabulary/",
        "media": "http://www.idpf.org/epub/vocab/overlays/#",
        "onix": "http://www.editeur.org/ONIX/book/codelists/current.html#",
        "rendition": "http://www.idpf.org/vocab/rendition/#",
        "schema": "http://schema.org/",
        "xsd": "http://www.w3.org/2001/XMLSchema#",
        // Reserved by EPUB 3.0.1/3.1 and still met in books.
        "msv": "http://www.idpf.org/epub/vocab/structure/magazine/#",
        "prism": "http://www.prismstandard.org/specifications/3.0/PRISM_CV_Spec_3.0.htm#",
    ]
    private static let reservedByURI: [String: String] = Dictionary(reserved.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })

    /// The prefixes the book declares.
    private(set) var declared: [String: String] = [:]

    /// Reads a `prefix` attribute: `prefix: URI` pairs separated by whitespace.
    init(_ attribute: String?, at location: String, diagnostics: Diagnostics) {
        var tokens = PackageParser.tokens(attribute)[...]
        while let token = tokens.popFirst() {
            guard token.hasSuffix(":"), token.count > 1, let uri = tokens.first, !uri.hasSuffix(":") else {
                diagnostics.warn("opf.prefix-malformed", "cannot read \"\(token)\" in the package prefix attribute", at: location)
                continue
            }
            tokens = tokens.dropFirst()
            let prefix = String(token.dropLast())
            if prefix == "_" { continue }  // reserved for RDFa; a book cannot declare it
            if let reserved = Self.reserved[prefix], reserved != uri {
                diagnostics.warn("opf.prefix-reserved-redefined", "the package redefines the reserved prefix \"\(prefix):\" as \(uri)", at: location)
            }
            declared[prefix] = uri
        }
    }

    /// The property spelt with its reserved prefix (`r:layout` → `rendition:layout`), or as a full
    /// IRI when its prefix names a vocabulary that is not reserved; unprefixed properties (the
    /// default vocabulary) and unknown prefixes are returned as written.
    func canonical(_ property: String) -> String {
        guard let colon = property.firstIndex(of: ":") else { return property }
        let prefix = String(property[..<colon])
        let reference = property[property.index(after: colon)...]
        guard let uri = declared[prefix] ?? Self.reserved[prefix] else { return property }
        if let name = Self.reservedByURI[uri] { return "\(name):\(reference)" }
        return uri + reference
    }
}
