import FolioCore
import FolioXML

/// Reads the package document (OPF 2.0.1 and 3.x) into a `PackageDocument`.
///
/// https://www.w3.org/TR/epub-33/#sec-package-doc
///
/// Lenient: every problem is a warning in `diagnostics` with an `opf.` code, and parsing recovers at
/// the smallest unit (one meta, one manifest item, one itemref). The caller parses the bytes with
/// `MarkupParser.parse(_:path:recovery: .xml, …)`: a not-well-formed OPF then comes here as the tree
/// libxml2 salvaged (with an `xml.not-well-formed` warning). When `MarkupParser` throws, or when the
/// result here has an empty spine (`opf.spine-empty`), there is nothing to read and the opener
/// should fail with a clear error.
public enum PackageParser {
    /// Parses the package document `tree`, found at container path `path`. `sniff` tells the
    /// media type a file's content shows, for declared types that do not say (`Fallbacks.resolve`).
    public static func parse(_ tree: XMLTree, path: String, diagnostics: Diagnostics,
                             sniff: (ManifestItem) -> String? = { _ in nil }) -> PackageDocument {
        guard let package = packageElement(tree, path: path, diagnostics: diagnostics) else {
            return PackageDocument()
        }
        let prefixes = PackagePrefixes(package.attribute("prefix"), at: package.location, diagnostics: diagnostics)
        let context = Context(path: path, diagnostics: diagnostics, prefixes: prefixes,
                              direction: direction(package.attribute("dir")))
        var document = PackageDocument(
            version: version(package, context),
            uniqueIdentifierID: package.attribute("unique-identifier")?.trimmingSpaces(),
            language: package.attribute("lang", namespace: Namespace.xml),
            direction: context.direction,
            prefixes: prefixes.declared)
        document.metadata = parseMetadata(part("metadata", of: package, context), uniqueIdentifierID: document.uniqueIdentifierID, context)
        document.manifest = parseManifest(part("manifest", of: package, context), context)
        Fallbacks.resolve(&document.manifest, diagnostics: diagnostics, at: path, sniff: sniff)
        document.spine = parseSpine(part("spine", of: package, context), manifest: document.manifest, context)
        document.guide = parseGuide(part("guide", of: package, context), context)
        return document
    }

    /// What the parts of the parser share.
    struct Context {
        let path: String
        let diagnostics: Diagnostics
        let prefixes: PackagePrefixes
        /// The package `dir`, inherited by metadata values.
        let direction: String?

        func warn(_ code: String, _ message: String, severity: Severity = .warning, at node: XMLNode? = nil) {
            diagnostics.warn(code, message, severity: severity, at: node?.location ?? path)
        }
    }

    private static func packageElement(_ tree: XMLTree, path: String, diagnostics: Diagnostics) -> XMLNode? {
        guard let root = tree.root else {
            diagnostics.warn("opf.not-a-package", "the package document has no root element", severity: .error, at: path)
            return nil
        }
        guard opfName(root) == "package" else {
            let name = root.name?.qualified ?? ""
            let namespace = root.namespaceURI.map { " in the namespace \($0)" } ?? ""
            diagnostics.warn("opf.not-a-package", "the root element is <\(name)>\(namespace), not an OPF <package>", severity: .error, at: root.location)
            return nil
        }
        if root.namespaceURI == Namespace.oebPackage {
            diagnostics.warn("opf.oebps-1-package", "an OEBPS 1.x package; read as OPF", severity: .info, at: root.location)
        } else if root.namespaceURI != Namespace.opf {
            diagnostics.warn("opf.package-namespace", "<package> is not in the OPF namespace \(Namespace.opf)", severity: .info, at: root.location)
        }
        return root
    }

    /// A child of `package`. A not-well-formed OPF that libxml2 recovered may have it nested in
    /// the element left unclosed before it (`<item …>` without `/`), so look deeper before giving up.
    private static func part(_ name: String, of package: XMLNode, _ context: Context) -> XMLNode? {
        if let direct = child(name, of: package) { return direct }
        guard let nested = package.descendants().first(where: { opfName($0) == name }) else { return nil }
        context.warn("opf.element-misplaced", "<\(name)> is not a child of <package>; read where it is", at: nested)
        return nested
    }

    private static func version(_ package: XMLNode, _ context: Context) -> String {
        guard let version = package.attribute("version")?.trimmingSpaces(), !version.isEmpty else {
            context.warn("opf.version-missing", "the package has no version attribute; read as EPUB 2 and 3 alike", at: package)
            return ""
        }
        if !(version.hasPrefix("2.") || version.hasPrefix("3.") || version == "2" || version == "3") {
            context.warn("opf.version-unknown", "unknown package version \"\(version)\"; read as EPUB 3", severity: .info, at: package)
        }
        return version
    }

    // MARK: Helpers shared by the parts

    /// The local name of an OPF element: in the OPF namespace, in none (old books), or with an
    /// undeclared `opf:` prefix kept whole by libxml2. Nil for elements of other namespaces.
    static func opfName(_ node: XMLNode) -> String? {
        guard node.isElement else { return nil }
        switch node.namespaceURI {
        case Namespace.opf?, Namespace.oebPackage?:
            return node.localName
        case nil:
            let local = node.localName
            return local.hasPrefix("opf:") ? String(local.dropFirst(4)) : local
        default:
            return nil
        }
    }

    /// The first child element with this OPF local name.
    static func child(_ name: String, of node: XMLNode) -> XMLNode? {
        node.elementChildren.first { opfName($0) == name }
    }

    static func children(_ name: String, of node: XMLNode?) -> [XMLNode] {
        node?.elementChildren.filter { opfName($0) == name } ?? []
    }

    /// An EPUB 2 `opf:` attribute (`opf:role`, `opf:file-as`, `opf:scheme`, `opf:event`), also
    /// found with its prefix undeclared or left off.
    static func opfAttribute(_ node: XMLNode, _ local: String) -> String? {
        let value = node.attribute(local, namespace: Namespace.opf) ?? node.attribute("opf:" + local) ?? node.attribute(local)
        return value.map(collapsingWhitespace).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `ltr`, `rtl` or `auto`; nil for anything else.
    static func direction(_ value: String?) -> String? {
        guard let value = value?.trimmingSpaces().lowercased(), ["ltr", "rtl", "auto"].contains(value) else { return nil }
        return value
    }

    /// Whitespace-separated tokens (`properties`, `prefix`).
    static func tokens(_ value: String?) -> [String] {
        (value ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }

    /// Trims and collapses runs of XML whitespace to one space, as reading systems must show
    /// metadata (W3C test pkg-meta-whitespace).
    static func collapsingWhitespace(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        var pendingSpace = false
        for c in s.unicodeScalars {
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.unicodeScalars.append(" ") }
                pendingSpace = false
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
