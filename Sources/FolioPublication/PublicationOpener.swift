import FolioCore
import FolioXML

/// Why a book could not be opened at all. Everything short of this is a warning.
public struct OpenError: Error, Sendable, CustomStringConvertible {
    /// The book's path as given.
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Opens an EPUB (a `.epub` file or an unpacked folder) into a `Publication`.
///
/// Reads the container, `container.xml`, the default rendition's package document, encryption,
/// navigation (NAV, else NCX, else derived from the spine) and the cover. Only a book with no
/// readable package throws; everything else is recovered and recorded in `diagnostics`. A spine
/// with nothing readable is an error-severity warning (`opf.spine-empty`), not a throw, so the
/// book can still be described; the stages that show pages refuse it.
public enum PublicationOpener {
    public static func open(_ path: String, diagnostics: Diagnostics = Diagnostics()) throws(OpenError) -> Publication {
        Activity.current.begin("opening \(path)")
        let container: any Container
        do {
            container = try ContainerOpener.open(at: path, diagnostics: diagnostics)
        } catch {
            throw OpenError(path: path, reason: error.reason)
        }

        let rootfiles = try readRootfiles(container, bookPath: path, diagnostics: diagnostics)
        guard let rendition = Rootfile.defaultRendition(rootfiles) else {
            throw OpenError(path: path, reason: "META-INF/container.xml lists no package document (application/oebps-package+xml)")
        }
        let (packageTree, package) = try readPackage(rendition.path, container: container, bookPath: path, diagnostics: diagnostics)
        let encryption = EncryptionParser.read(from: container, diagnostics: diagnostics)
        let reader = ResourceReader(container: container, encryption: encryption,
                                    uniqueIdentifier: package.metadata.uniqueIdentifier,
                                    identifiers: package.metadata.identifiers.map(\.value), diagnostics: diagnostics)
        let loader = DocumentLoader(reader: reader, diagnostics: diagnostics)
        let navigation = readNavigation(package, loader: loader, diagnostics: diagnostics)
        let guide = package.guide.map { (type: $0.type, href: $0.href) }
        let cover: @Sendable () -> String? = {
            CoverResolver.resolve(manifest: package.manifest, metas: package.metadata.metas, guide: guide,
                                  spine: package.spine, packagePath: rendition.path, loadDocument: loader.load, diagnostics: diagnostics)
        }
        return Publication(location: path, container: container, reader: reader, rootfiles: rootfiles,
                           packagePath: rendition.path, packageTree: packageTree, version: package.version, metadata: package.metadata,
                           manifest: package.manifest, spine: package.spine, navigation: navigation,
                           cover: cover, encryption: encryption, diagnostics: diagnostics)
    }

    private static func readRootfiles(_ container: any Container, bookPath: String, diagnostics: Diagnostics) throws(OpenError) -> [Rootfile] {
        let path = "META-INF/container.xml"
        let bytes: [UInt8]
        do {
            bytes = try container.read(path, limit: 1 << 20)
        } catch {
            let reason = error.kind == .notFound ? "\(path) is missing: this is not an EPUB container" : "\(path): \(error.reason)"
            throw OpenError(path: bookPath, reason: reason)
        }
        do {
            return try ContainerXMLParser.parse(bytes, diagnostics: diagnostics)
        } catch {
            throw OpenError(path: bookPath, reason: "\(path) cannot be read: \(error.reason)")
        }
    }

    private static func readPackage(_ path: String, container: any Container, bookPath: String, diagnostics: Diagnostics) throws(OpenError) -> (XMLTree, PackageDocument) {
        let bytes: [UInt8]
        do {
            bytes = try container.read(path, limit: 16 << 20)
        } catch {
            throw OpenError(path: bookPath, reason: "package document \(path): \(error.reason)")
        }
        let tree: XMLTree
        do {
            tree = try MarkupParser.parse(bytes, path: path, recovery: .xml, diagnostics: diagnostics)
        } catch {
            throw OpenError(path: bookPath, reason: "package document \(error.path) is \(error.reason)")
        }
        guard let root = tree.root, root.localName == "package" else {
            throw OpenError(path: bookPath, reason: "package document \(path) has no <package> root element")
        }
        return (tree, PackageParser.parse(tree, path: path, diagnostics: diagnostics) { sniff($0, in: container) })
    }

    /// XHTML when the item's file has an `html` root element (OEBPS 1.2 chapters declared as DTBook).
    private static func sniff(_ item: ManifestItem, in container: any Container) -> String? {
        guard let bytes = try? container.read(item.path, limit: Publication.documentLimit),
              let tree = try? MarkupParser.parse(bytes, path: item.path, recovery: .xml, diagnostics: Diagnostics()),
              tree.root?.localName.lowercased() == "html" else { return nil }
        return MediaTypes.xhtml
    }

    /// NAV wins, the NCX is the fallback, and with neither the TOC comes from the spine.
    private static func readNavigation(_ package: PackageDocument, loader: DocumentLoader, diagnostics: Diagnostics) -> Navigation {
        var nav: Navigation?
        if let item = package.manifest.item(withProperty: "nav"), let tree = loader.load(item.path) {
            nav = NavParser.parse(tree, path: item.path, diagnostics: diagnostics)
        }
        var ncx: Navigation?
        let ncxItem = package.spine.tocID.flatMap { package.manifest.item(id: $0) }
            ?? package.manifest.items.first { $0.mediaType == MediaTypes.ncx }
        if let item = ncxItem, let tree = loader.load(item.path) {
            ncx = NCXParser.parse(tree, path: item.path, diagnostics: diagnostics)
        }
        if let merged = Navigation.merged(nav: nav, ncx: ncx) { return merged }
        let items = package.spine.items.compactMap { package.manifest.item(id: $0.renderableID) }
            .map { (path: $0.path, tree: $0.contentType == MediaTypes.xhtml ? loader.load($0.path) : nil) }
        diagnostics.warn("nav.missing", "the book has neither a navigation document nor an NCX; the table of contents is derived from the spine", severity: .info)
        return DerivedTOC.build(spine: items, diagnostics: diagnostics)
    }
}

/// Reads and parses XML documents of a book for the opener, warning once per unreadable file.
struct DocumentLoader: Sendable {
    let reader: ResourceReader
    let diagnostics: Diagnostics

    func load(_ path: String) -> XMLTree? {
        do {
            let bytes = try reader.read(path, limit: Publication.documentLimit)
            return try MarkupParser.parse(bytes, path: path, recovery: .html, diagnostics: diagnostics)
        } catch let error as ContainerError {
            diagnostics.warn("resource.unreadable", error.reason, at: path)
        } catch let error as MarkupError {
            diagnostics.warn("xml.unreadable", error.reason, at: path)
        } catch {
            diagnostics.warn("resource.unreadable", "\(error)", at: path)
        }
        return nil
    }
}
