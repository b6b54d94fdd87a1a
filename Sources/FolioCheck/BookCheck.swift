import FolioCore
import FolioImage
import FolioLayout
import FolioPublication
import FolioStyle
import FolioText
import FolioXML
import FoundationEssentials
import Glibc

/// The checks of a book that need no page: references that lead nowhere, resources that are
/// missing or cannot be decoded, accessibility rules that the markup and the package answer,
/// and the CSS Folio does not follow.
public struct BookCheck {
    let publication: Publication
    /// Every content document of the manifest, parsed as layout parses it, by container path.
    private(set) var documents: [String: ContentDocument] = [:]
    /// Content documents in manifest order.
    private(set) var documentOrder: [String] = []
    var findings = CheckFindings()
    /// The container paths of the spine's documents.
    private var spinePaths: Set<String> = []

    /// Where each rule comes from.
    enum Reference {
        static let wcagAlt = "WCAG 2.2 SC 1.1.1 Non-text Content"
        static let wcagInfo = "WCAG 2.2 SC 1.3.1 Info and Relationships"
        static let wcagLanguage = "WCAG 2.2 SC 3.1.1 Language of Page"
        static let wcagContrast = "WCAG 2.2 SC 1.4.3 Contrast (Minimum)"
        static let wcagSequence = "WCAG 2.2 SC 1.3.2 Meaningful Sequence"
        static let a11yMetadata = "EPUB Accessibility 1.1 §5.1 Discoverability (schema.org accessibility metadata)"
        static let a11yConformance = "EPUB Accessibility 1.1 §5.1 (dcterms:conformsTo)"
        static let a11yPageList = "EPUB Accessibility 1.1 §4.2 Page navigation"
        static let manifest = "EPUB 3.3 §5.6.3 Publication resources (manifest)"
        static let links = "EPUB 3.3 §3.2 Referencing publication resources"
        static let ids = "HTML §3.2.6.1 The id attribute (unique in its document)"
        static let spine = "EPUB 3.3 §5.7 The spine (hyperlinks lead to spine items)"
        static let remote = "EPUB 3.3 §3.6 Resource locations (remote resources)"
    }

    /// The profiles' media environments, for the `@media` check.
    let environments: [(name: String, environment: MediaEnvironment)]

    public init(publication: Publication, environments: [(name: String, environment: MediaEnvironment)]) {
        self.publication = publication
        self.environments = environments
    }

    /// Runs every check that needs no page and returns what they found.
    public mutating func run() -> CheckFindings {
        // A spine item's own file and the one shown for it (its fallback chain's first that Folio renders).
        spinePaths = Set(publication.spine.items.flatMap { item in
            [publication.manifest.item(id: item.idref)?.path, publication.manifest.item(id: item.renderableID)?.path].compactMap { $0 }
        })
        readDocuments()
        checkManifest()
        checkDocuments()
        checkNavigation()
        checkAccessibilityMetadata()
        var styles = StyleCheck(publication: publication, documents: documentOrder.compactMap { documents[$0] }, environments: environments)
        styles.run(into: &findings)
        return findings
    }

    // MARK: Documents

    private mutating func readDocuments() {
        for item in publication.manifest.items where !item.isRemote && MediaTypes.contentDocuments.contains(item.contentType) {
            guard publication.container.contains(item.path),
                  let bytes = try? publication.read(item.path, limit: Publication.documentLimit) else { continue }
            let quiet = Diagnostics()
            guard let tree = try? MarkupParser.parse(bytes, path: item.path, recovery: item.contentType == MediaTypes.svg ? .xml : .html,
                                                     diagnostics: quiet) else { continue }
            documents[item.path] = ContentDocument(path: item.path, tree: tree)
            documentOrder.append(item.path)
        }
    }


    // MARK: Manifest

    private mutating func checkManifest() {
        let lines = manifestLines()
        for item in publication.manifest.items where !item.isRemote && !publication.container.contains(item.path) {
            findings.add(CheckProblem(code: "ref.manifest-file-missing", severity: .error,
                                      message: "the manifest lists \(item.path) (id \"\(item.id)\", \(item.mediaType)) but the book has no such file",
                                      file: publication.packagePath, line: lines[item.id], ref: Reference.manifest))
        }
        let listed = Set(publication.manifest.items.map(\.path))
        let package = Set(publication.rootfiles.map(\.path) + [publication.packagePath])
        // Another rendition's files are its package's to list: those in its package's folder.
        let ownFolder = Self.folder(publication.packagePath)
        let otherFolders = publication.rootfiles.map(\.path).filter { $0 != publication.packagePath }.map(Self.folder)
            .filter { $0 != ownFolder && !$0.isEmpty }
        for entry in publication.container.entries {
            let path = entry.path
            guard !path.hasSuffix("/"), path != "mimetype", !path.hasPrefix("META-INF/"), !package.contains(path), !listed.contains(path),
                  !otherFolders.contains(where: { path.hasPrefix($0) }) else { continue }
            findings.add(CheckProblem(code: "ref.file-not-in-manifest", severity: .warning,
                                      message: "\(path) is in the book but not in the manifest: reading systems do not show it",
                                      file: path, ref: Reference.manifest))
        }
        for item in publication.manifest.items where !item.isRemote && publication.container.contains(item.path)
            && MediaTypes.images.contains(item.contentType) && item.contentType != MediaTypes.svg {
            checkImage(item.path)
        }
    }

    /// `EPUB/` for `EPUB/package.opf`; "" for a file at the root.
    static func folder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// The line of each manifest item in the package document, by id.
    private func manifestLines() -> [String: Int] {
        var lines: [String: Int] = [:]
        publication.packageTree.document.visitDescendants { node in
            if node.isElement, node.localName == "item", let id = node.attribute("id"), lines[id] == nil { lines[id] = node.line }
            return true
        }
        return lines
    }

    /// An image file that cannot be decoded (`ref.resource-undecodable`).
    private mutating func checkImage(_ path: String) {
        guard let bytes = try? publication.read(path, limit: 64 << 20) else {
            findings.add(CheckProblem(code: "ref.resource-undecodable", severity: .error, message: "image \(path) cannot be read from the book",
                                      file: path))
            return
        }
        do {
            // A small box: decoders that can scale while decoding do, and every byte is still read.
            _ = try ImageDecoder.decode(bytes, size: (64, 64))
        } catch {
            findings.add(CheckProblem(code: "ref.resource-undecodable", severity: .error,
                                      message: "image \(path) cannot be decoded (\(error)): it shows as a placeholder", file: path))
        }
    }

    // MARK: Links, resources, ids

    private mutating func checkDocuments() {
        // The navigation document's links are its entries, which `checkNavigation` follows.
        let nav = publication.manifest.item(withProperty: "nav")?.path
        for path in documentOrder {
            guard let document = documents[path] else { continue }
            for (id, line) in document.duplicateIDs {
                findings.add(CheckProblem(code: "ref.duplicate-id", severity: .error,
                                          message: "id \"\(id)\" is used more than once in the document: links to it reach only the first",
                                          file: path, line: line, ref: Reference.ids))
            }
            for reference in document.references where !(path == nav && reference.kind == .link) {
                checkReference(reference, in: document)
            }
            checkStructure(document)
        }
    }

    private mutating func checkReference(_ reference: ContentDocument.Reference, in document: ContentDocument) {
        let href = reference.href.trimmingWhitespace()
        let what = reference.kind == .link ? "link" : "<\(reference.element)>"
        if reference.kind == .resource, ContainerPath.hasScheme(href) || href.hasPrefix("//"), !href.lowercased().hasPrefix("data:") {
            let shown = href.count > 80 ? String(href.prefix(80)) + "…" : href
            findings.add(CheckProblem(code: "ref.resource-remote", severity: .warning,
                                      message: "\(what) needs \(shown), outside the book: Folio never reads one, and other reading systems "
                                          + "may not, so it shows nothing or its fallback there",
                                      file: document.path, line: reference.line, ref: Reference.remote))
            return
        }
        guard !href.isEmpty, !ContainerPath.hasScheme(href), !href.hasPrefix("//") else { return }   // a link out of the book: not followed
        guard let (target, fragment) = ContainerPath.resolve(href, relativeTo: document.path) else { return }
        if let missing = publication.absence(of: target) {
            let code = reference.kind == .link ? "ref.link-broken" : "ref.resource-missing"
            findings.add(CheckProblem(code: code, severity: .error, message: "\(what) to \(target) leads nowhere: the file \(missing)",
                                      file: document.path, line: reference.line, ref: Reference.links))
            return
        }
        if reference.kind == .link, !spinePaths.contains(target) {
            findings.add(CheckProblem(code: "ref.link-outside-spine", severity: .warning,
                                      message: "link to \(target) leads to a file that is not in the spine: reading systems have no page to show for it",
                                      file: document.path, line: reference.line, ref: Reference.spine))
            return
        }
        guard reference.kind == .link, let fragment, !fragment.isEmpty, !fragment.hasPrefix("epubcfi("), !Self.isMediaFragment(fragment),
              let targetDocument = documents[target] else { return }
        if !targetDocument.ids.contains(fragment) {
            findings.add(CheckProblem(code: "ref.fragment-missing", severity: .error,
                                      message: "link to \(target)#\(fragment) leads to the file's start: it has no element with id \"\(fragment)\"",
                                      file: document.path, line: reference.line, ref: Reference.links))
        }
    }

    // MARK: Navigation

    private mutating func checkNavigation() {
        let navigation = publication.navigation
        let navFile = publication.manifest.item(withProperty: "nav")?.path
            ?? publication.spine.tocID.flatMap { publication.manifest.item(id: $0)?.path }
        func walk(_ points: [NavPoint], list: String, code: String) {
            for point in points {
                if let href = point.href, let problem = navProblem(href) {
                    let outside = problem.outsideSpine
                    findings.add(CheckProblem(code: outside ? "ref.link-outside-spine" : code, severity: outside ? .warning : .error,
                                              message: "\(list) entry “\(point.title)” \(problem.message)", file: navFile,
                                              ref: outside ? Reference.spine : Reference.links))
                }
                walk(point.children, list: list, code: code)
            }
        }
        walk(navigation.toc, list: "table of contents", code: "ref.nav-target-missing")
        walk(navigation.landmarks, list: "landmarks", code: "ref.nav-target-missing")
        walk(navigation.pageList, list: "page list", code: "ref.page-list-target-missing")
    }

    /// Why a navigation href leads nowhere (or to a file outside the spine), or nil when it
    /// leads somewhere.
    private func navProblem(_ href: String) -> (message: String, outsideSpine: Bool)? {
        guard !ContainerPath.hasScheme(href) else { return nil }
        let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        if parts.count == 2, parts[1].hasPrefix("epubcfi(") {
            return cfiProblem(ContainerPath.percentDecoded(String(parts[1])), base: path).map { ($0, false) }
        }
        if let missing = publication.absence(of: path) { return ("leads to \(path), which \(missing)", false) }
        guard spinePaths.contains(path) else { return ("leads to \(path), which is not in the spine: there is no page to show for it", true) }
        if parts.count == 2, !parts[1].isEmpty, let document = documents[path] {
            let fragment = ContainerPath.percentDecoded(String(parts[1]))
            if !Self.isMediaFragment(fragment), !document.ids.contains(fragment) {
                return ("leads to \(path)#\(fragment), but the file has no element with that id", false)
            }
        }
        return nil
    }

    /// A W3C Media Fragment (`xywh=…`, `t=…`: a region or time, as region-based navigation
    /// uses), not an element id.
    static func isMediaFragment(_ fragment: String) -> Bool {
        ["xywh=", "t=", "track="].contains { fragment.hasPrefix($0) }
    }

    /// Why an EPUB CFI link leads nowhere: it does not parse, names no spine item, or no place
    /// in that item's document.
    private func cfiProblem(_ fragment: String, base path: String) -> String? {
        let text = String(fragment.dropFirst("epubcfi(".count).dropLast(fragment.hasSuffix(")") ? 1 : 0))
        guard let cfi = EPUBCFI.parse(text) else { return "is an EPUB CFI that does not parse (\(fragment))" }
        guard path == publication.packagePath || path.isEmpty else { return nil }   // a CFI into a content document: not checked
        guard let index = cfi.spineIndex(packageTree: publication.packageTree, spine: publication.spine),
              publication.spine.items.indices.contains(index) else {
            return "is an EPUB CFI (\(fragment)) whose spine step names no spine item"
        }
        let item = publication.spine.items[index]
        guard let target = publication.manifest.item(id: item.renderableID)?.path, let document = documents[target] else { return nil }
        if cfi.resolve(contentTree: document.tree) == nil { return "is an EPUB CFI (\(fragment)) that leads to no place in \(target)" }
        return nil
    }

    // MARK: Accessibility

    private mutating func checkStructure(_ document: ContentDocument) {
        let path = document.path
        for (src, line) in document.imagesWithoutAlt {
            let shown = src.isEmpty ? "(no src)" : src.count > 80 ? String(src.prefix(80)) + "…" : src
            findings.add(CheckProblem(code: "a11y.image-alt-missing", severity: .warning,
                                      message: "image \(shown) has no alt attribute (alt=\"\" marks a decorative one)",
                                      file: path, line: line, ref: Reference.wcagAlt))
        }
        if document.language == nil, spinePaths.contains(path), document.tree.root?.namespaceURI != Namespace.svg {
            findings.add(CheckProblem(code: "a11y.lang-missing", severity: .warning,
                                      message: "the document does not say its language (xml:lang and lang on <html>): speech and hyphenation guess",
                                      file: path, line: document.tree.root?.line, ref: Reference.wcagLanguage))
        }
        var previous: ContentDocument.Heading?
        for heading in document.headings {
            if let previous, heading.level > previous.level + 1 {
                findings.add(CheckProblem(code: "a11y.heading-skipped", severity: .warning,
                                          message: "<h\(heading.level)> follows <h\(previous.level)>: heading level\(heading.level - previous.level > 2 ? "s" : "") "
                                              + (previous.level + 1..<heading.level).map { "h\($0)" }.joined(separator: ", ") + " skipped",
                                          file: path, line: heading.line, ref: Reference.wcagInfo))
            }
            previous = heading
        }
        if let first = document.tablesWithoutHeaders.first {
            let count = document.tablesWithoutHeaders.count
            let lines = document.tablesWithoutHeaders.prefix(10).map(String.init).joined(separator: ", ") + (count > 10 ? ", …" : "")
            findings.add(CheckProblem(code: "a11y.table-without-headers", severity: .warning,
                                      message: (count == 1 ? "a data table has" : "\(count) data tables (lines \(lines)) have")
                                          + " no header cells (<th>, or scope): their cells cannot be read with their headings",
                                      file: path, line: first, ref: Reference.wcagInfo))
        }
    }

    /// The package's accessibility metadata, and a page list where the book has print pages.
    private mutating func checkAccessibilityMetadata() {
        var properties: [String: [String]] = [:]
        var conformsTo = false
        var printSource = !publication.metadata.meta("pageBreakSource").isNilOrEmpty || !publication.metadata.meta("a11y:pageBreakSource").isNilOrEmpty
        publication.packageTree.document.visitDescendants { node in
            guard node.isElement else { return true }
            switch node.localName {
            case "meta":
                let name = node.attribute("property") ?? node.attribute("name") ?? ""
                let value = node.attribute("content") ?? node.textContent
                properties[name, default: []].append(value.trimmingWhitespace())
                if name == "dcterms:conformsTo" { conformsTo = true }
                if name.hasSuffix("pageBreakSource"), value.lowercased() != "none" { printSource = true }
            case "link":
                if (node.attribute("rel") ?? "").split(separator: " ").contains("dcterms:conformsTo") { conformsTo = true }
            case "source":
                // A print source is named by its ISBN; a transcription's web page is not one.
                let value = node.textContent.lowercased()
                if node.namespaceURI == Namespace.dc, value.contains("isbn") { printSource = true }
            default:
                break
            }
            return true
        }
        let package = publication.packagePath
        for property in ["schema:accessMode", "schema:accessModeSufficient", "schema:accessibilityFeature", "schema:accessibilityHazard",
                         "schema:accessibilitySummary"] where (properties[property] ?? []).allSatisfy(\.isEmpty) {
            findings.add(CheckProblem(code: "a11y.metadata-missing", severity: .warning,
                                      message: "the package has no \(property) metadata: readers cannot tell whether the book suits them",
                                      file: package, ref: Reference.a11yMetadata))
        }
        if !conformsTo {
            findings.add(CheckProblem(code: "a11y.metadata-missing", severity: .warning,
                                      message: "the package does not say which accessibility standard it meets (dcterms:conformsTo)",
                                      file: package, ref: Reference.a11yConformance))
        }
        let pageBreaks = documents.values.contains { $0.hasPageBreaks }
        if (printSource || pageBreaks) && publication.navigation.pageList.isEmpty {
            let why = printSource ? "the book names a print source" : "its documents mark print page breaks"
            findings.add(CheckProblem(code: "a11y.page-list-missing", severity: .warning,
                                      message: "\(why) but has no page list: a reader cannot go to a print page", file: package,
                                      ref: Reference.a11yPageList))
        }
    }
}

extension Optional where Wrapped == String {
    var isNilOrEmpty: Bool { self?.isEmpty ?? true }
}
