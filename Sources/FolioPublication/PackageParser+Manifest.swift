import FolioCore
import FolioXML

/// The `manifest` element: every resource of the publication.
///
/// https://www.w3.org/TR/epub-33/#sec-pkg-manifest
///
/// Decisions:
/// - An item without `id`, `href` or `media-type` is warned and skipped; so is the later of two
///   items with the same id.
/// - An `http:`/`https:` href is a remote resource: the item is kept with `isRemote` (its `path`
///   is the URL) so the book still opens, but Folio never reads it and never renders it.
/// - Any other href that leaves the container (`../` past the root, `file:`, `data:` …) cannot be
///   read: the item is warned (`opf.manifest-href-outside-container`) and skipped.
extension PackageParser {
    static func parseManifest(_ element: XMLNode?, _ context: Context) -> Manifest {
        guard let element else {
            context.warn("opf.manifest-missing", "the package has no <manifest>", severity: .error)
            return Manifest()
        }
        var manifest = Manifest()
        var ids: Set<String> = []
        var paths: Set<String> = []
        for node in children("item", of: element) {
            guard let item = manifestItem(node, context) else { continue }
            guard ids.insert(item.id).inserted else {
                context.warn("opf.manifest-duplicate-id", "manifest id \"\(item.id)\" is used twice; the later item is skipped", at: node)
                continue
            }
            if !item.isRemote, !paths.insert(item.path).inserted {
                context.warn("opf.manifest-duplicate-href", "\(item.path) is listed twice in the manifest", severity: .info, at: node)
            }
            manifest.append(item)
        }
        return manifest
    }

    private static func manifestItem(_ node: XMLNode, _ context: Context) -> ManifestItem? {
        guard let id = node.attribute("id")?.trimmingSpaces(), !id.isEmpty else {
            context.warn("opf.manifest-item-without-id", "a manifest item has no id; skipped", at: node)
            return nil
        }
        guard let href = node.attribute("href")?.trimmingSpaces(), !href.isEmpty else {
            context.warn("opf.manifest-item-without-href", "manifest item \"\(id)\" has no href; skipped", at: node)
            return nil
        }
        guard let mediaType = node.attribute("media-type")?.trimmingSpaces().lowercased(), !mediaType.isEmpty else {
            context.warn("opf.manifest-item-without-media-type", "manifest item \"\(id)\" has no media-type; skipped", at: node)
            return nil
        }
        var item = ManifestItem(id: id, href: href, path: "", mediaType: mediaType,
                                properties: tokens(node.attribute("properties")),
                                fallback: nonEmpty(node.attribute("fallback")),
                                mediaOverlay: nonEmpty(node.attribute("media-overlay")))
        if let (path, _) = ContainerPath.resolve(href, relativeTo: context.path) {
            item.path = path
            if ContainerPath.climbsAboveRoot(href, relativeTo: context.path) {
                context.warn("opf.manifest-href-above-root",
                             "manifest item \"\(id)\" climbs above the container root (\(href)); read as \(path), as URL parsing does",
                             at: node)
            }
        } else if isRemote(href) {
            item.path = href
            item.isRemote = true
            context.warn("opf.manifest-href-outside-container",
                         "manifest item \"\(id)\" is remote (\(href)); it is listed but never read",
                         severity: .info, at: node)
        } else {
            context.warn("opf.manifest-href-outside-container", "manifest item \"\(id)\" points outside the container (\(href)); skipped", at: node)
            return nil
        }
        return item
    }

    private static func isRemote(_ href: String) -> Bool {
        let lower = href.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    static func nonEmpty(_ value: String?) -> String? {
        guard let value = value?.trimmingSpaces(), !value.isEmpty else { return nil }
        return value
    }
}
