/// The package manifest: every resource of the publication.
///
/// https://www.w3.org/TR/epub-33/#sec-pkg-manifest
public struct Manifest: Sendable, Hashable {
    /// The items in package order.
    public private(set) var items: [ManifestItem] = []
    /// Positions by id and by path (the first item wins, as in package order), so that the many
    /// lookups of later stages — every spine item, link and cover rule — do not scan the list.
    private var byID: [String: Int] = [:]
    private var byPath: [String: Int] = [:]

    public init(items: [ManifestItem] = []) {
        for item in items { append(item) }
    }

    public mutating func append(_ item: ManifestItem) {
        byID[item.id] = byID[item.id] ?? items.count
        byPath[item.path] = byPath[item.path] ?? items.count
        items.append(item)
    }

    /// Sets the renderable item of each fallback chain (ids and paths stay as they are).
    mutating func setRenderableIDs(_ ids: [String?]) {
        for i in items.indices where i < ids.count { items[i].renderableID = ids[i] }
    }

    mutating func setSniffedType(_ type: String, at index: Int) {
        items[index].sniffedType = type
    }

    public func item(id: String) -> ManifestItem? { byID[id].map { items[$0] } }
    public func item(path: String) -> ManifestItem? { byPath[path].map { items[$0] } }
    /// The item carrying a property (`nav`, `cover-image` …).
    public func item(withProperty property: String) -> ManifestItem? { items.first { $0.properties.contains(property) } }
}

public struct ManifestItem: Sendable, Hashable {
    public var id: String
    /// The `href` as written in the package.
    public var href: String
    /// The resolved path from the container root (percent-decoded, no fragment); for a remote
    /// resource (`isRemote`), the absolute URL as written.
    public var path: String
    /// The media type as written (lowercased); `contentType` is what Folio reads it as.
    public var mediaType: String
    /// `nav`, `cover-image`, `mathml`, `svg`, `scripted`, `remote-resources` …
    public var properties: [String]
    public var fallback: String?
    public var mediaOverlay: String?
    /// The id of the first item in this item's fallback chain (itself included) whose media type Folio
    /// renders; nil when none does.
    public var renderableID: String?
    /// True for a remote resource (an `http:`/`https:` href, allowed for audio, video and fonts with
    /// the `remote-resources` property): it is listed but never read, since Folio has no network.
    public var isRemote: Bool

    /// The media type Folio reads this item as: `mediaType` without parameters, with legacy and
    /// misspelled types mapped to the core type they mean (`text/x-oeb1-document` is XHTML).
    public var contentType: String { sniffedType ?? MediaTypes.canonical(mediaType) }
    /// The type found by looking at the file, for a declared type that does not say (see
    /// `MediaTypes.xhtmlWhenSniffed`); nil when the declared type is taken as it is.
    public var sniffedType: String?

    public init(id: String, href: String, path: String, mediaType: String, properties: [String] = [], fallback: String? = nil, mediaOverlay: String? = nil, renderableID: String? = nil, isRemote: Bool = false) {
        self.id = id
        self.href = href
        self.path = path
        self.mediaType = mediaType
        self.properties = properties
        self.fallback = fallback
        self.mediaOverlay = mediaOverlay
        self.renderableID = renderableID
        self.isRemote = isRemote
    }
}

/// Media types Folio can show as content, directly or as an image.
public enum MediaTypes {
    public static let xhtml = "application/xhtml+xml"
    public static let svg = "image/svg+xml"
    public static let ncx = "application/x-dtbncx+xml"
    public static let smil = "application/smil+xml"
    /// Core media types Folio renders: content documents and images.
    public static let renderable: Set<String> = [xhtml, svg, "image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/jxl"]
    public static let images: Set<String> = [svg, "image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/jxl"]
    /// Media types whose files are shown as XHTML when their content is XHTML (OEBPS 1.2 books
    /// declare XHTML chapters as DTBook) and nothing else in their fallback chain renders.
    public static let xhtmlWhenSniffed: Set<String> = ["application/x-dtbook+xml"]
    /// Media types that can be a spine item's content document.
    public static let contentDocuments: Set<String> = [xhtml, svg]

    /// Misspelled or legacy media types that old books use, read as the core type they mean
    /// (OEBPS 1.x `text/x-oeb1-document`, converters' `text/html` and `image/jpg`).
    public static let aliases: [String: String] = [
        "text/html": xhtml,
        "application/xhtml": xhtml,
        "text/x-oeb1-document": xhtml,
        "image/jpg": "image/jpeg",
        "image/pjpeg": "image/jpeg",
    ]

    /// The media type's essence (lowercased, without parameters), with `aliases` applied.
    public static func canonical(_ mediaType: String) -> String {
        let essence = mediaType.split(ascii: ";", maxSplits: 1, omittingEmpty: true).first.map(String.init) ?? ""
        let lowered = essence.trimmingSpaces().lowercased()
        return aliases[lowered] ?? lowered
    }

    /// True when Folio renders this media type (after `canonical`).
    public static func isRenderable(_ mediaType: String) -> Bool {
        renderable.contains(canonical(mediaType))
    }
}
