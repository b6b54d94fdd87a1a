/// The publication's navigation: table of contents, page list, landmarks.
///
/// https://www.w3.org/TR/epub-33/#sec-nav
public struct Navigation: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable {
        /// The EPUB 3 navigation document.
        case nav
        /// The EPUB 2 NCX.
        case ncx
        /// Neither: derived from the spine.
        case spine
    }

    public var source: Source
    public var toc: [NavPoint] = []
    public var pageList: [NavPoint] = []
    public var landmarks: [NavPoint] = []
    /// Other lists (NAV `nav` elements of other types, NCX `navList`s), by their title or type.
    public var otherLists: [NavList] = []

    public init(source: Source) { self.source = source }
}

/// One entry of a navigation list.
public struct NavPoint: Sendable, Hashable {
    public var title: String
    /// Container path with an optional `#fragment`; nil for a heading without a link (a NAV `span`).
    public var href: String?
    public var children: [NavPoint]
    /// `epub:type` of the link (for landmarks: `toc`, `bodymatter` …).
    public var type: String?
    /// True when the entry or its list is `hidden` in the NAV document.
    public var hidden: Bool

    public init(title: String, href: String?, children: [NavPoint] = [], type: String? = nil, hidden: Bool = false) {
        self.title = title
        self.href = href
        self.children = children
        self.type = type
        self.hidden = hidden
    }
}

public struct NavList: Sendable, Hashable {
    public var name: String
    public var entries: [NavPoint]
    public init(name: String, entries: [NavPoint]) {
        self.name = name
        self.entries = entries
    }
}
