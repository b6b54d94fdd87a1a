import FolioCore
import FolioPublication
import FolioStyle
import FolioText
import FolioXML
import FoundationEssentials
import Glibc

/// A book paginated for one target, chapter by chapter, on demand: the first page needs only
/// the first chapter; later chapters are laid out when asked for.
///
/// Not thread-safe: one reader (or render job) uses it at a time.
public final class BookLayout {
    public let publication: Publication
    /// Spine indices in reading order: the linear items that can be shown (all items when
    /// none is linear).
    public let readingOrder: [Int]
    /// The first spine item showing each container path.
    let spineIndexByPath: [String: Int]
    let typesetter: ChapterTypesetter
    private var cache = ChapterCache()

    public var styles: StyleContext { typesetter.styles }
    public var page: PageGeometry { typesetter.page }
    /// Fonts (pages drawn as images) or terminal cells.
    public var metric: TextMetric { typesetter.metric }
    /// How many chapters are kept laid out (see `ChapterCache`).
    public var chapterCacheLimit: Int {
        get { cache.limit }
        set { cache.limit = newValue }
    }

    /// - Parameters:
    ///   - imageSize: the intrinsic size of an image file of the book, by container path.
    ///   - inlineImage: takes an image a document carries (an inline SVG drawing, a `data:` URL's bytes) as an image of its own (`LayoutContext.inlineImage`).
    public init(publication: Publication, environment: MediaEnvironment, settings: ReaderSettings, metric: TextMetric = .fonts,
                imageSize: @escaping (String) -> (width: Double, height: Double)?,
                inlineImage: ((_ path: String, _ data: [UInt8]) -> (width: Double, height: Double)?)? = nil) {
        self.publication = publication
        typesetter = ChapterTypesetter(publication: publication, styles: StyleContext(publication: publication, environment: environment, settings: settings),
                                       page: PageGeometry(environment: environment, settings: settings), metric: metric,
                                       images: ImageLookup(size: imageSize, inlineDrawing: inlineImage))
        var byPath: [String: Int] = [:]
        for index in publication.spine.items.indices.reversed() {
            if let path = publication.manifest.item(id: publication.spine.items[index].renderableID)?.path { byPath[path] = index }
        }
        spineIndexByPath = byPath
        let shown = publication.spine.items.indices.filter { Self.isShowable(publication, $0) }
        let linear = shown.filter { publication.spine.items[$0].linear }
        readingOrder = linear.isEmpty ? shown : linear
    }

    /// Pages turn right to left: `page-progression-direction="rtl"`, or `default` in a book
    /// whose first language is written right to left.
    /// https://www.w3.org/TR/epub-33/#attrdef-spine-page-progression-direction
    public var pagesRightToLeft: Bool {
        switch publication.spine.pageProgression {
        case .rtl: return true
        case .ltr: return false
        case .default:
            let language = publication.metadata.languages.first?.lowercased().split(separator: "-").first.map(String.init) ?? ""
            return ["ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ku"].contains(language)
        }
    }

    /// The container path of a spine item's content (after fallbacks).
    public func href(ofSpineItem index: Int) -> String? {
        typesetter.href(ofSpineItem: index)
    }

    private static func isShowable(_ publication: Publication, _ index: Int) -> Bool {
        guard let item = publication.manifest.item(id: publication.spine.items[index].renderableID) else { return false }
        return MediaTypes.renderable.contains(item.contentType)
    }

    /// The pages of a spine item, laid out the first time they are asked for.
    public func chapter(_ spineIndex: Int) -> ChapterPages {
        cache.chapter(spineIndex) { typesetter.layOut(spineIndex) }
    }

    /// True when a spine item's pages are laid out and kept.
    public func isCached(_ spineIndex: Int) -> Bool { cache.contains(spineIndex) }

    /// A spine item's pages without keeping them: for passes over the whole book (counting
    /// pages, searching) that must not push the reader's chapters out of the cache.
    public func chapterPassingThrough(_ spineIndex: Int) -> ChapterPages {
        cache.peek(spineIndex) ?? typesetter.layOut(spineIndex)
    }
}

/// Chapters kept laid out, most recently used last; older ones are laid out again when asked
/// for, so memory stays bounded however long the book.
struct ChapterCache {
    private var chapters: [Int: ChapterPages] = [:]
    private var recent: [Int] = []
    var limit = 6

    /// The chapter, made by `make` when it is not kept; it becomes the most recent.
    mutating func chapter(_ spineIndex: Int, make: () -> ChapterPages) -> ChapterPages {
        recent.removeAll { $0 == spineIndex }
        recent.append(spineIndex)
        if let done = chapters[spineIndex] { return done }
        let laid = make()
        chapters[spineIndex] = laid
        while recent.count > max(1, limit) { chapters[recent.removeFirst()] = nil }
        return laid
    }

    func contains(_ spineIndex: Int) -> Bool { chapters[spineIndex] != nil }

    func peek(_ spineIndex: Int) -> ChapterPages? { chapters[spineIndex] }
}

/// A chapter's pages and where its element ids fall.
public struct ChapterPages: Sendable {
    public var spineIndex: Int
    public var href: String
    public var pages: [Page]
    /// Element ids and the page (index in `pages`) each starts on.
    public var anchors: [String: Int]
    /// The content document and its text offsets, for resolving CFIs into it.
    public var tree: XMLTree?
    var offsets: TextOffsets?

    init(spineIndex: Int, href: String, pages: [Page], anchors: [String: Int]) {
        self.spineIndex = spineIndex
        self.href = href
        self.pages = pages
        self.anchors = anchors
    }

    init(flow: ChapterFlow, page: PageGeometry, spineIndex: Int, href: String, diagnostics: Diagnostics? = nil) {
        pages = Paginator.pages(flow, page: page, spineIndex: spineIndex, href: href, diagnostics: diagnostics)
        self.spineIndex = spineIndex
        self.href = href
        var anchors: [String: Int] = [:]
        for (id, unit) in flow.anchors {
            anchors[id] = pages.lastIndex { $0.firstUnit <= unit } ?? 0
        }
        self.anchors = anchors
    }

    /// The page showing a chapter offset.
    public func pageIndex(of offset: Int) -> Int? {
        guard !pages.isEmpty else { return nil }
        return pages.lastIndex { $0.start.offset <= offset } ?? 0
    }
}
