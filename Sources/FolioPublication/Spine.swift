/// The reading order.
///
/// https://www.w3.org/TR/epub-33/#sec-pkg-spine
public struct Spine: Sendable, Hashable {
    public var items: [SpineItem] = []
    public var pageProgression: ReadingProgression = .default
    /// The `toc` attribute: the manifest id of the NCX.
    public var tocID: String?
    public init() {}
}

public enum ReadingProgression: String, Sendable, Hashable, Codable {
    case ltr, rtl, `default`
}

public struct SpineItem: Sendable, Hashable {
    public var idref: String
    public var id: String?
    public var linear: Bool
    /// As written: `page-spread-left`, `rendition:layout-pre-paginated` …
    public var properties: [String]
    /// `left`, `right`, `center` from `page-spread-*` / `rendition:page-spread-*`.
    public var pageSpread: String?
    /// Per-item rendition overrides; nil fields inherit the global ones.
    public var rendition: Rendition
    /// The manifest item that is shown for this spine entry, after fallbacks.
    public var renderableID: String

    public init(idref: String, id: String? = nil, linear: Bool = true, properties: [String] = [], pageSpread: String? = nil, rendition: Rendition = Rendition(), renderableID: String) {
        self.idref = idref
        self.id = id
        self.linear = linear
        self.properties = properties
        self.pageSpread = pageSpread
        self.rendition = rendition
        self.renderableID = renderableID
    }
}
