import FolioCore
import FolioLayout
import FolioPublication
import FolioXML
import FoundationEssentials
import Glibc
import Synchronization

/// Full-text search of a book: every occurrence of a query in the text of its content documents,
/// with locators, CFIs, chapter titles and context. Needs no layout; a page is a target's
/// business (`BookLayout.locate`).
///
/// Chapters are read and indexed as a search reaches them (`SearchText`); with `keepsIndex` the
/// index stays for the next search. Safe to use from several threads (a pager searches on a
/// background thread while the reader reads).
public final class BookSearch: Sendable {
    public let publication: Publication
    /// Warnings from reading the chapters (the same a layout gives; kept apart from the
    /// publication's so that a reader does not see them twice).
    public let diagnostics = Diagnostics()
    /// The spine items searched, in spine order: the XHTML content documents.
    public let searchOrder: [Int]
    let keepsIndex: Bool
    let contents: TableOfContents
    let itemrefs: SpineItemrefs?
    private let index = Mutex<[Int: ChapterIndex]>([:])

    /// How far a search may go.
    public struct Limits: Sendable {
        public var hits: Int
        /// Nil: no limit (a reader cancels instead).
        public var time: Duration?

        public init(hits: Int = 100_000, time: Duration? = nil) {
            self.hits = hits
            self.time = time
        }
    }

    /// Why a search stopped before the end of the book.
    public enum Stop: Sendable, Equatable {
        case cancelled
        case hitLimit(Int)
        case timeLimit(Duration)
        /// The regular expression backtracked past PCRE2's match limit in the chapter with this
        /// spine index: the rest of that chapter and the chapters after it are not searched.
        case matchLimit(spineIndex: Int)
    }

    public init(publication: Publication, keepsIndex: Bool = false) {
        self.publication = publication
        self.keepsIndex = keepsIndex
        searchOrder = publication.spine.items.indices.filter { index in
            publication.manifest.item(id: publication.spine.items[index].renderableID)?.contentType == MediaTypes.xhtml
        }
        contents = TableOfContents(publication)
        itemrefs = SpineItemrefs(packageTree: publication.packageTree, spine: publication.spine)
    }

    /// Searches the chapters in `order` (default: `searchOrder`), calling `found` with each
    /// chapter's hits (none for a chapter without) as soon as that chapter is searched.
    /// Returns why it stopped early, nil when it searched everything.
    ///
    /// - Parameters:
    ///   - withCFIs: compute each hit's CFI (needs the chapter's document: chapters already
    ///     indexed are read again).
    ///   - withContext: give each hit the text around it (a pager, which shows the page, does
    ///     without: for tens of thousands of hits it is megabytes).
    @discardableResult
    public func search(_ query: SearchQuery, order: [Int]? = nil, withCFIs: Bool = true, withContext: Bool = true, limits: Limits = Limits(),
                       cancellation: SearchCancellation = SearchCancellation(),
                       found: ([SearchHit]) -> Void) throws(SearchError) -> Stop? {
        let matcher = try TextMatcher(query)
        let clock = ContinuousClock()
        let deadline = limits.time.map { clock.now + $0 }
        var stop: Stop?
        let shouldStop: () -> Bool = {
            if cancellation.isCancelled { stop = .cancelled; return true }
            if let deadline, clock.now > deadline, let time = limits.time { stop = .timeLimit(time); return true }
            return false
        }
        var total = 0
        for spineIndex in order ?? searchOrder {
            if shouldStop() { return stop }
            guard let (chapter, tree) = chapter(spineIndex, needingTree: withCFIs) else {
                found([])
                continue
            }
            var tooComplex = false
            let ranges = matcher.ranges(in: chapter, limit: limits.hits - total, shouldStop: shouldStop, tooComplex: &tooComplex)
            if stop != nil { return stop }
            total += ranges.count
            found(hits(ranges, in: chapter, tree: tree, withContext: withContext))
            if tooComplex { return .matchLimit(spineIndex: spineIndex) }
            if total >= limits.hits { return .hitLimit(limits.hits) }
        }
        return nil
    }

    /// A chapter's index, read now unless kept; its document too when asked for. Nil when the
    /// chapter cannot be read (a warning says why).
    func chapter(_ spineIndex: Int, needingTree: Bool) -> (ChapterIndex, XMLTree?)? {
        if !needingTree, let known = index.withLock({ $0[spineIndex] }) { return (known, nil) }
        guard let tree = document(spineIndex) else { return nil }
        let href = tree.path
        let chapter = index.withLock({ $0[spineIndex] })
            ?? ChapterIndex(spineIndex: spineIndex, href: href, text: SearchText(tree: tree, anchorIDs: contents.fragments(in: href)))
        if keepsIndex { index.withLock { $0[spineIndex] = chapter } }
        return (chapter, tree)
    }

    /// True when a chapter is indexed (a search of it reads nothing).
    public func isIndexed(_ spineIndex: Int) -> Bool { index.withLock { $0[spineIndex] != nil } }

    private func document(_ spineIndex: Int) -> XMLTree? {
        guard publication.spine.items.indices.contains(spineIndex),
              let item = publication.manifest.item(id: publication.spine.items[spineIndex].renderableID) else { return nil }
        do {
            let bytes = try publication.read(item.path, limit: Publication.documentLimit)
            return try MarkupParser.parse(bytes, path: item.path, recovery: .html, diagnostics: diagnostics)
        } catch let error as ContainerError {
            diagnostics.warn("search.chapter-unreadable", "\(error.reason); the chapter is not searched", severity: .error, at: item.path)
        } catch {
            diagnostics.warn("search.chapter-unreadable", "\(error); the chapter is not searched", severity: .error, at: item.path)
        }
        return nil
    }
}
