import FolioCore
import FolioXML

/// Reads `META-INF/container.xml`: the rootfiles (package documents) of the container.
///
/// https://www.w3.org/TR/epub-33/#sec-container-metainf-container.xml
public enum ContainerXMLParser {
    public static let path = "META-INF/container.xml"

    /// Every usable `rootfile`, in document order. Rootfiles without a `full-path`, or whose path
    /// leaves the container, are skipped with a warning. Throws `.corrupt` only when the document
    /// cannot be parsed at all.
    public static func parse(_ bytes: [UInt8], diagnostics: Diagnostics) throws(ContainerError) -> [Rootfile] {
        let tree: XMLTree
        do { tree = try MarkupParser.parse(bytes, path: path, recovery: .xml, diagnostics: diagnostics) } catch {
            throw ContainerError(.corrupt, path: path, reason: error.reason)
        }
        guard let root = tree.root else { throw ContainerError(.corrupt, path: path, reason: "the document has no root element") }
        if !root.isElement("container", namespace: Namespace.container) {
            diagnostics.warn("container.xml-unexpected-root", "the root element is `\(root.name?.qualified ?? root.localName)`, not an OCF `container`", at: root.location)
        }
        // Matched in any namespace: a container.xml that forgets its namespace still names its package.
        var rootfiles: [Rootfile] = []
        for element in root.descendants("rootfile") {
            if let rootfile = rootfile(element, diagnostics: diagnostics) { rootfiles.append(rootfile) }
        }
        if rootfiles.isEmpty {
            diagnostics.warn("container.no-rootfile", "container.xml names no usable rootfile", severity: .error, at: path)
        }
        return rootfiles
    }

    private static func rootfile(_ element: XMLNode, diagnostics: Diagnostics) -> Rootfile? {
        guard let fullPath = element.attribute("full-path"), !fullPath.trimmingSpaces().isEmpty else {
            diagnostics.warn("container.rootfile-without-full-path", "a rootfile has no `full-path`; skipped", at: element.location)
            return nil
        }
        // full-path is a path from the container root, never relative to META-INF.
        guard let resolved = ContainerPath.resolve(fullPath, relativeTo: "", refusingAboveRoot: true)?.path else {
            diagnostics.warn("container.rootfile-outside-root", "rootfile `\(fullPath)` is not a path inside the container; skipped", severity: .error, at: element.location)
            return nil
        }
        guard let mediaType = element.attribute("media-type")?.trimmingSpaces(), !mediaType.isEmpty else {
            // The one case worth rescuing: a package document that only lost its media type.
            if resolved.lowercased().hasSuffix(".opf") {
                diagnostics.warn("container.rootfile-without-media-type", "rootfile `\(fullPath)` has no `media-type`; read as a package document", at: element.location)
                return Rootfile(path: resolved, mediaType: Rootfile.packageMediaType)
            }
            diagnostics.warn("container.rootfile-without-media-type", "rootfile `\(fullPath)` has no `media-type`; skipped", at: element.location)
            return nil
        }
        return Rootfile(path: resolved, mediaType: mediaType)
    }
}

extension Rootfile {
    /// The media type of an EPUB package document.
    public static let packageMediaType = "application/oebps-package+xml"

    /// True when this rootfile is a package document.
    public var isPackage: Bool { mediaType.lowercased() == Self.packageMediaType }

    /// The default rendition: the first rootfile that is a package document.
    ///
    /// https://www.w3.org/TR/epub-33/#sec-container-metainf-container.xml
    public static func defaultRendition(_ rootfiles: [Rootfile]) -> Rootfile? {
        rootfiles.first { $0.isPackage }
    }
}
