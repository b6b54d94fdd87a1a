import FolioCore
import FolioXML

/// The `spine` element: the reading order.
///
/// https://www.w3.org/TR/epub-33/#sec-pkg-spine
///
/// Decisions:
/// - An itemref whose idref is not in the manifest (`opf.spine-item-missing`), or whose item
///   neither renders nor falls back to one that does (`opf.spine-item-unrenderable`), is warned
///   and skipped; the rest of the spine stands.
/// - The same idref twice is kept twice, each a spine position of its own, as the W3C tests
///   pkg-spine-duplicate-item-* expect (three identical pages, each bookmarkable); it is only noted.
/// - A spine that is missing or has no readable item (some tools write `<spine toc="ncx"/>`)
///   is replaced by the manifest's XHTML documents in manifest order, but for the navigation
///   document, with a warning: the book is read as its files were listed rather than refused.
///   With no such document it stays empty, an error the commands that show pages refuse.
extension PackageParser {
    static func parseSpine(_ element: XMLNode?, manifest: Manifest, _ context: Context) -> Spine {
        var spine = Spine()
        guard let element else {
            spine.items = manifestOrder(manifest, instead: "opf.spine-missing", "the package has no <spine>", at: nil, context)
            return spine
        }
        spine.tocID = nonEmpty(element.attribute("toc"))
        spine.pageProgression = pageProgression(element, context)
        var seen: Set<String> = []
        for node in children("itemref", of: element) {
            guard let item = spineItem(node, manifest: manifest, context) else { continue }
            if !seen.insert(item.idref).inserted {
                context.warn("opf.spine-duplicate-itemref", "\"\(item.idref)\" is in the spine more than once; each is kept", severity: .info, at: node)
            }
            spine.items.append(item)
        }
        if spine.items.isEmpty {
            spine.items = manifestOrder(manifest, instead: "opf.spine-empty", "the spine has no readable item", at: element, context)
        }
        return spine
    }

    /// A reading order for a book whose spine gives none (`problem`, warned under `code`): the
    /// manifest's local XHTML documents, in manifest order, but for the navigation document.
    /// With none, the problem is an error.
    private static func manifestOrder(_ manifest: Manifest, instead code: String, _ problem: String, at element: XMLNode?,
                                      _ context: Context) -> [SpineItem] {
        let items = manifest.items.filter { item in
            item.contentType == MediaTypes.xhtml && !item.isRemote && !item.properties.contains("nav") && item.renderableID == item.id
        }.map { SpineItem(idref: $0.id, renderableID: $0.id) }
        if items.isEmpty {
            context.warn(code, problem, severity: .error, at: element)
        } else {
            context.warn(code, "\(problem); the manifest's \(items.count) XHTML documents are read in manifest order instead", at: element)
        }
        return items
    }

    private static func pageProgression(_ element: XMLNode, _ context: Context) -> ReadingProgression {
        guard let value = element.attribute("page-progression-direction")?.trimmingSpaces().lowercased(), !value.isEmpty else { return .default }
        guard let progression = ReadingProgression(rawValue: value) else {
            context.warn("opf.spine-invalid-page-progression", "page-progression-direction \"\(value)\" is not ltr, rtl or default", at: element)
            return .default
        }
        return progression
    }

    private static func spineItem(_ node: XMLNode, manifest: Manifest, _ context: Context) -> SpineItem? {
        guard let idref = nonEmpty(node.attribute("idref")) else {
            context.warn("opf.spine-itemref-without-idref", "a spine itemref has no idref; skipped", at: node)
            return nil
        }
        guard let item = manifest.item(id: idref) else {
            context.warn("opf.spine-item-missing", "spine itemref \"\(idref)\" names no manifest item; skipped", at: node)
            return nil
        }
        guard let renderableID = item.renderableID else {
            context.warn("opf.spine-item-unrenderable", "spine item \"\(idref)\" (\(item.mediaType)) cannot be shown and has no fallback Folio renders; skipped", at: node)
            return nil
        }
        let properties = tokens(node.attribute("properties"))
        let (rendition, pageSpread) = spineRendition(properties, context)
        return SpineItem(idref: idref, id: nonEmpty(node.attribute("id")), linear: linear(node, context),
                         properties: properties, pageSpread: pageSpread, rendition: rendition, renderableID: renderableID)
    }

    /// `linear="no"` marks auxiliary content; anything but `yes` or `no` is read as the default, yes.
    private static func linear(_ node: XMLNode, _ context: Context) -> Bool {
        guard let value = node.attribute("linear")?.trimmingSpaces().lowercased() else { return true }
        switch value {
        case "no": return false
        case "yes": return true
        default:
            context.warn("opf.spine-invalid-linear", "linear=\"\(value)\" is not yes or no; read as yes", at: node)
            return true
        }
    }
}
