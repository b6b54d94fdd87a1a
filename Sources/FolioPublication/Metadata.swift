/// The package metadata, EPUB 2 and 3 merged into one model.
///
/// https://www.w3.org/TR/epub-33/#sec-pkg-metadata
public struct Metadata: Sendable, Hashable {
    /// All titles in display order (`display-seq` first, then document order).
    public var titles: [Title] = []
    /// Creators (`dc:creator`) in display order.
    public var creators: [Contributor] = []
    /// Contributors (`dc:contributor`) in display order.
    public var contributors: [Contributor] = []
    public var languages: [String] = []
    /// The value of the identifier the package's `unique-identifier` names.
    public var uniqueIdentifier: String?
    public var identifiers: [Identifier] = []
    /// `dc:date` values with their EPUB 2 `opf:event`, if any.
    public var dates: [DateEntry] = []
    /// `dcterms:modified`.
    public var modified: String?
    public var publishers: [String] = []
    public var description: String?
    public var subjects: [String] = []
    public var rights: [String] = []
    /// Series from `belongs-to-collection` and `calibre:series`.
    public var series: [Series] = []
    /// Global rendition properties.
    public var rendition = Rendition()
    public var mediaOverlays = MediaOverlayMetadata()
    /// Every `meta` element as written (values with whitespace collapsed), for display and later
    /// stages: the EPUB 2 `<meta name="cover" content="…">` is here as property `cover`.
    public var metas: [Meta] = []

    public init() {}

    /// The main title: the first of type `main`, else the first title.
    public var title: String? { mainTitle?.value }

    /// The main title with its language and direction.
    public var mainTitle: Title? {
        titles.first { $0.type == "main" } ?? titles.first
    }

    /// The first `meta` (without `refines`) with this property or EPUB 2 name, as written.
    public func meta(_ property: String) -> String? {
        metas.first { $0.property == property && $0.refines == nil }?.value
    }
}

public struct Title: Sendable, Hashable {
    public var value: String
    /// `main`, `subtitle`, `short`, `collection`, `edition`, `expanded`, or nil.
    public var type: String?
    public var displaySeq: Int?
    /// `xml:lang` of the element, else the package's.
    public var language: String?
    /// `dir` of the element, else the package's: `ltr`, `rtl` or `auto`.
    public var direction: String?
    /// `file-as` refinement, for sorting.
    public var fileAs: String?
    public init(value: String, type: String? = nil, displaySeq: Int? = nil, language: String? = nil, direction: String? = nil, fileAs: String? = nil) {
        self.value = value
        self.type = type
        self.displaySeq = displaySeq
        self.language = language
        self.direction = direction
        self.fileAs = fileAs
    }
}

public struct Contributor: Sendable, Hashable {
    public var name: String
    /// Every role, in document order: MARC relator codes (`aut`, `ill`, `nrt` …) or other role strings.
    /// EPUB 3 allows several `role` refinements on one creator.
    public var roles: [String]
    public var fileAs: String?
    public var displaySeq: Int?
    /// `xml:lang` of the element, else the package's.
    public var language: String?
    /// `dir` of the element, else the package's: `ltr`, `rtl` or `auto`.
    public var direction: String?
    public init(name: String, role: String? = nil, fileAs: String? = nil, displaySeq: Int? = nil) {
        self.name = name
        self.roles = role.map { [$0] } ?? []
        self.fileAs = fileAs
        self.displaySeq = displaySeq
    }

    /// The first role, if any.
    public var role: String? {
        get { roles.first }
        set { roles = newValue.map { [$0] } ?? [] }
    }
}

public struct Identifier: Sendable, Hashable {
    public var value: String
    public var id: String?
    /// EPUB 2 `opf:scheme` or EPUB 3 `identifier-type` refinement.
    public var scheme: String?
    public init(value: String, id: String? = nil, scheme: String? = nil) {
        self.value = value
        self.id = id
        self.scheme = scheme
    }
}

public struct DateEntry: Sendable, Hashable {
    public var value: String
    public var event: String?
    public init(value: String, event: String? = nil) {
        self.value = value
        self.event = event
    }
}

public struct Series: Sendable, Hashable {
    public var name: String
    /// `group-position` or `calibre:series_index`, as written (may be fractional).
    public var position: String?
    /// `collection-type` (`series`, `set`) when given.
    public var type: String?
    public init(name: String, position: String? = nil, type: String? = nil) {
        self.name = name
        self.position = position
        self.type = type
    }
}

/// `rendition:*` properties; nil where the book does not say.
///
/// https://www.w3.org/TR/epub-33/#sec-package-rendering
public struct Rendition: Sendable, Hashable {
    /// `reflowable` or `pre-paginated`.
    public var layout: String?
    /// `auto`, `landscape`, `portrait`.
    public var orientation: String?
    /// `none`, `landscape`, `both`, `auto` (`portrait` is deprecated and read as `both`).
    public var spread: String?
    /// `paginated`, `scrolled-continuous`, `scrolled-doc`, `auto`.
    public var flow: String?
    /// True when no property is set.
    public var isEmpty: Bool { layout == nil && orientation == nil && spread == nil && flow == nil }
    public init(layout: String? = nil, orientation: String? = nil, spread: String? = nil, flow: String? = nil) {
        self.layout = layout
        self.orientation = orientation
        self.spread = spread
        self.flow = flow
    }
}

/// Media Overlays metadata from the package.
///
/// https://www.w3.org/TR/epub-33/#sec-mo-package-metadata
public struct MediaOverlayMetadata: Sendable, Hashable {
    /// Total `media:duration` (no `refines`), in seconds.
    public var duration: Double?
    /// `media:duration` refining each overlay, by manifest item id, in seconds.
    public var itemDurations: [String: Double] = [:]
    public var narrators: [String] = []
    public var activeClass: String?
    public var playbackActiveClass: String?
    public init() {}
}

/// One `meta` element (EPUB 3 `property` or EPUB 2 `name`/`content`).
public struct Meta: Sendable, Hashable {
    /// `property` (EPUB 3) or `name` (EPUB 2).
    public var property: String
    public var value: String
    /// The id this meta refines, without the leading `#`; nil for a primary expression.
    public var refines: String?
    public var id: String?
    public var scheme: String?
    /// `xml:lang` of the element, else the package's.
    public var language: String?
    public init(property: String, value: String, refines: String? = nil, id: String? = nil, scheme: String? = nil, language: String? = nil) {
        self.property = property
        self.value = value
        self.refines = refines
        self.id = id
        self.scheme = scheme
        self.language = language
    }
}
