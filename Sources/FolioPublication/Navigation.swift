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

    /// Where the table of contents came from.
    public var source: Source
    public var toc: [NavPoint] = []
    public var pageList: [NavPoint] = []
    public var landmarks: [NavPoint] = []
    /// Other lists (NAV `nav` elements of other types, NCX `navList`s), by their title or type.
    public var otherLists: [NavList] = []

    public init(source: Source) { self.source = source }

    /// True when no list has any entry.
    public var isEmpty: Bool {
        toc.isEmpty && pageList.isEmpty && landmarks.isEmpty && otherLists.allSatisfy { $0.entries.isEmpty }
    }

    /// Combines what the EPUB 3 navigation document and the EPUB 2 NCX say.
    ///
    /// The NAV wins when both exist (https://www.w3.org/TR/epub-33/#sec-opf2-ncx: the NCX is
    /// only for older reading systems). The NCX fills what the NAV leaves empty, list by list:
    /// a NAV without a `page-list` takes the NCX `pageList` (page numbers are worth having
    /// from either source), a NAV whose `toc` has no entries (broken or stubbed) takes the NCX
    /// `navMap`, and NCX `navList`s are added when the NAV has no other lists. The NCX has no
    /// landmarks (those are in the package `guide`). `source` says where the TOC came from.
    public static func merged(nav: Navigation?, ncx: Navigation?) -> Navigation? {
        guard var result = nav else { return ncx }
        guard let ncx else { return result }
        if result.toc.isEmpty && !ncx.toc.isEmpty {
            result.toc = ncx.toc
            result.source = .ncx
        }
        if result.pageList.isEmpty { result.pageList = ncx.pageList }
        if result.otherLists.isEmpty { result.otherLists = ncx.otherLists }
        return result
    }
}

/// One entry of a navigation list.
public struct NavPoint: Sendable, Hashable {
    public var title: String
    /// Container path with an optional `#fragment`; nil for a heading without a link (a NAV `span`).
    public var href: String?
    public var children: [NavPoint]
    /// `epub:type` of the link (for landmarks: `toc`, `bodymatter` …); an NCX `pageTarget`'s
    /// `type` (`front`, `normal`, `special`).
    public var type: String?
    /// True when the entry or its list is `hidden` in the NAV document.
    public var hidden: Bool
    /// The NCX `playOrder`, when given.
    public var playOrder: Int?

    public init(title: String, href: String?, children: [NavPoint] = [], type: String? = nil, hidden: Bool = false, playOrder: Int? = nil) {
        self.title = title
        self.href = href
        self.children = children
        self.type = type
        self.hidden = hidden
        self.playOrder = playOrder
    }
}

/// A navigation list other than the TOC, page list and landmarks (`lot`, `loi`, an NCX `navList` …).
public struct NavList: Sendable, Hashable {
    /// The NAV `epub:type`, or the NCX `navList`'s `class` (else its label).
    public var name: String
    /// The list's heading (NAV `h1`–`h6`, NCX `navLabel`), when it has one.
    public var title: String?
    public var entries: [NavPoint]
    /// True when the NAV `nav` element is `hidden`.
    public var hidden: Bool

    public init(name: String, title: String? = nil, entries: [NavPoint], hidden: Bool = false) {
        self.name = name
        self.title = title
        self.entries = entries
        self.hidden = hidden
    }
}
