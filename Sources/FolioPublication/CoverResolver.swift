import FolioCore
import FolioXML

/// Finds the publication's cover image, as reading systems do, from the most to the least explicit sign.
///
/// 1. the manifest item with the `cover-image` property (https://www.w3.org/TR/epub-33/#sec-cover-image);
/// 2. EPUB 2's `<meta name="cover" content="…">`, whose content is a manifest id (or, in sloppy
///    books, an href);
/// 3. the package guide's `cover` reference: an image, or a page whose first image is taken;
/// 4. the first spine item, when it is an image or a page showing one image and no text.
///
/// A rule counts only when it leads to an image that is in the manifest; otherwise the next is tried.
public enum CoverResolver {
    /// Returns the container path of the cover image, or nil when no rule finds one.
    ///
    /// - Parameters:
    ///   - guide: the package `guide` references as (type, href), hrefs as written in the package
    ///     document (an href that is already a container path is accepted too).
    ///   - packagePath: the package document's container path, for resolving hrefs.
    ///   - loadDocument: parses the XHTML or SVG document at a container path; nil if it cannot.
    public static func resolve(manifest: Manifest, metas: [Meta], guide: [(type: String, href: String)], spine: Spine,
                               packagePath: String, loadDocument: (String) -> XMLTree?, diagnostics: Diagnostics) -> String? {
        withoutActuallyEscaping(loadDocument) { load in
            let finder = Finder(manifest: manifest, packagePath: packagePath, loadDocument: load, diagnostics: diagnostics)
            return finder.fromCoverImageProperty()
                ?? finder.fromCoverMeta(metas)
                ?? finder.fromGuide(guide)
                ?? finder.fromFirstSpineItem(spine)
        }
    }

    private struct Finder {
        let manifest: Manifest
        let packagePath: String
        let loadDocument: (String) -> XMLTree?
        let diagnostics: Diagnostics

        func fromCoverImageProperty() -> String? {
            let candidates = manifest.items.filter { $0.properties.contains("cover-image") }
            if let image = candidates.first(where: isImage) { return image.path }
            for item in candidates {
                diagnostics.warn("cover.not-an-image", "the cover-image item '\(item.id)' is \(item.mediaType), not an image", at: packagePath)
            }
            return nil
        }

        func fromCoverMeta(_ metas: [Meta]) -> String? {
            for meta in metas where meta.property == "cover" && meta.refines == nil {
                let content = meta.value.trimmingSpaces()
                guard let item = manifest.item(id: content) ?? item(href: content) else {
                    diagnostics.warn("cover.meta-not-in-manifest", "meta cover names '\(content)', which is not in the manifest", at: packagePath)
                    continue
                }
                if let image = imageOrFirstImage(item) { return image }
            }
            return nil
        }

        func fromGuide(_ guide: [(type: String, href: String)]) -> String? {
            for reference in guide where reference.type.lowercased() == "cover" {
                guard let item = item(href: reference.href) else {
                    diagnostics.warn("cover.guide-not-in-manifest", "the guide's cover '\(reference.href)' is not in the manifest", at: packagePath)
                    continue
                }
                if let image = imageOrFirstImage(item) { return image }
            }
            return nil
        }

        /// The first spine item, when it is an image or a page that shows only one image.
        /// Later items are not considered: a full-page image inside the book is an illustration.
        func fromFirstSpineItem(_ spine: Spine) -> String? {
            guard let first = spine.items.first, let item = manifest.item(id: first.idref) else { return nil }
            if item.contentType == MediaTypes.svg {
                // An SVG spine item is a content document: a cover only if it is a picture without text.
                guard let tree = loadDocument(item.path), !CoverPage.hasText(tree) else { return nil }
                return item.path
            }
            if isImage(item) { return item.path }
            guard item.contentType == MediaTypes.xhtml, let tree = loadDocument(item.path),
                  let src = CoverPage.soleImage(in: tree) else { return nil }
            return imageItem(src, in: item.path)
        }

        // MARK: Pieces

        /// The item itself when it is an image; for a page, the first image it shows.
        private func imageOrFirstImage(_ item: ManifestItem) -> String? {
            if isImage(item) { return item.path }
            guard item.contentType == MediaTypes.xhtml || item.path.lowercased().hasSuffix(".xhtml") || item.path.lowercased().hasSuffix(".html") else {
                diagnostics.warn("cover.not-an-image", "cover candidate '\(item.path)' is \(item.mediaType), neither an image nor a page", at: packagePath)
                return nil
            }
            guard let tree = loadDocument(item.path) else { return nil }
            guard let src = CoverPage.firstImage(in: tree) else {
                diagnostics.warn("cover.page-without-image", "cover page '\(item.path)' shows no image", at: item.path)
                return nil
            }
            return imageItem(src, in: item.path)
        }

        /// The manifest image an `src` written in the document at `base` refers to.
        private func imageItem(_ src: String, in base: String) -> String? {
            guard let path = ContainerPath.resolve(src, relativeTo: base)?.path, let item = manifest.item(path: path) else {
                diagnostics.warn("cover.image-not-in-manifest", "cover image '\(src)' is not in the manifest", at: base)
                return nil
            }
            guard isImage(item) else {
                diagnostics.warn("cover.not-an-image", "cover image '\(src)' is \(item.mediaType), not an image", at: base)
                return nil
            }
            return item.path
        }

        /// The manifest item an href written in the package (or already a container path) names.
        private func item(href: String) -> ManifestItem? {
            if let path = ContainerPath.resolve(href, relativeTo: packagePath)?.path, let item = manifest.item(path: path) {
                return item
            }
            if let path = ContainerPath.resolve(href, relativeTo: "")?.path, let item = manifest.item(path: path) {
                return item
            }
            return manifest.items.first { $0.href == href }
        }

        /// An image by media type, or by extension when the media type is missing or generic
        /// (some books declare none on the cover).
        private func isImage(_ item: ManifestItem) -> Bool {
            let type = item.mediaType.lowercased()
            if type.hasPrefix("image/") { return true }
            guard type.isEmpty || type == "application/octet-stream" else { return false }
            let ext = item.path.split(separator: ".").last.map { $0.lowercased() } ?? ""
            return ["jpg", "jpeg", "png", "gif", "webp", "avif", "jxl", "svg"].contains(ext)
        }
    }
}
