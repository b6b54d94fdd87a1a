import FolioCore
import FolioPublication
import FolioStyle
import FolioText
import FolioXML
import Foundation

/// A book paginated for one target, chapter by chapter, on demand: the first page needs only
/// the first chapter; later chapters are laid out when asked for.
///
/// Not thread-safe: one reader (or render job) uses it at a time.
public final class BookLayout {
    public let publication: Publication
    public let styles: StyleContext
    public let page: PageGeometry
    /// Spine indices in reading order: the linear items that can be shown (all items when
    /// none is linear).
    public let readingOrder: [Int]
    let imageSize: (String) -> (width: Double, height: Double)?
    let inlineImage: ((_ path: String, _ svg: [UInt8]) -> (width: Double, height: Double)?)?
    /// The first spine item showing each container path.
    let spineIndexByPath: [String: Int]
    /// Fonts (pages drawn as images) or terminal cells.
    public let metric: TextMetric
    let shapeCache = ShapeCache()
    let hyphenation = HyphenationContext()
    private var fontContexts: [[String]: FontContext] = [:]
    private var chapters: [Int: ChapterPages] = [:]
    /// Chapters kept laid out, most recently used last; older ones are laid out again when
    /// asked for, so memory stays bounded however long the book.
    private var recent: [Int] = []
    public var chapterCacheLimit = 6
    private var warnedVertical = false
    /// The package's itemref elements, for CFIs.
    private lazy var itemrefs = SpineItemrefs(packageTree: publication.packageTree, spine: publication.spine)

    /// - Parameters:
    ///   - imageSize: the intrinsic size of an image file of the book, by container path.
    ///   - inlineImage: takes an inline SVG drawing as an image of its own (`LayoutContext.inlineImage`).
    public init(publication: Publication, environment: MediaEnvironment, settings: ReaderSettings, metric: TextMetric = .fonts,
                imageSize: @escaping (String) -> (width: Double, height: Double)?,
                inlineImage: ((_ path: String, _ svg: [UInt8]) -> (width: Double, height: Double)?)? = nil) {
        self.inlineImage = inlineImage
        self.metric = metric
        self.publication = publication
        styles = StyleContext(publication: publication, environment: environment, settings: settings)
        page = PageGeometry(environment: environment, margin: settings.pageMargin)
        self.imageSize = imageSize
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
        guard publication.spine.items.indices.contains(index) else { return nil }
        return publication.manifest.item(id: publication.spine.items[index].renderableID)?.path
    }

    private static func isShowable(_ publication: Publication, _ index: Int) -> Bool {
        guard let item = publication.manifest.item(id: publication.spine.items[index].renderableID) else { return false }
        return MediaTypes.renderable.contains(item.contentType)
    }

    /// The pages of a spine item, laid out the first time they are asked for.
    public func chapter(_ spineIndex: Int) -> ChapterPages {
        recent.removeAll { $0 == spineIndex }
        recent.append(spineIndex)
        if let done = chapters[spineIndex] { return done }
        let laid = layOut(spineIndex)
        chapters[spineIndex] = laid
        while recent.count > max(1, chapterCacheLimit) { chapters[recent.removeFirst()] = nil }
        return laid
    }

    /// True when a spine item's pages are laid out and kept.
    public func isCached(_ spineIndex: Int) -> Bool { chapters[spineIndex] != nil }

    /// A spine item's pages without keeping them: for passes over the whole book (counting
    /// pages, searching) that must not push the reader's chapters out of the cache.
    public func chapterPassingThrough(_ spineIndex: Int) -> ChapterPages {
        chapters[spineIndex] ?? layOut(spineIndex)
    }

    private func layOut(_ spineIndex: Int) -> ChapterPages {
        let diagnostics = publication.diagnostics
        guard let href = href(ofSpineItem: spineIndex), let item = publication.manifest.item(path: href) else {
            return ChapterPages(spineIndex: spineIndex, href: "", pages: [], anchors: [:])
        }
        Activity.current.begin("laying out spine item \(spineIndex + 1) of \(publication.spine.items.count) (\(href))")
        if item.contentType != MediaTypes.xhtml {
            return imagePage(spineIndex, href: href)
        }
        let tree: XMLTree
        do {
            let bytes = try publication.read(href, limit: Publication.documentLimit)
            tree = try MarkupParser.parse(bytes, path: href, recovery: .html, diagnostics: diagnostics)
        } catch let error as ContainerError {
            diagnostics.warn("layout.chapter-unreadable", "\(error.reason); the chapter is left out", severity: .error, at: href)
            return ChapterPages(spineIndex: spineIndex, href: href, pages: [], anchors: [:])
        } catch {
            diagnostics.warn("layout.chapter-unreadable", "\(error); the chapter is left out", severity: .error, at: href)
            return ChapterPages(spineIndex: spineIndex, href: href, pages: [], anchors: [:])
        }
        let styled = Cascade.style(tree, context: styles)
        warnVerticalWriting(styled, href: href)
        guard let fonts = fontContext(styled.fontFaces) else {
            return ChapterPages(spineIndex: spineIndex, href: href, pages: [], anchors: [:])
        }
        // A fixed-layout document is laid out at its viewport's size, then scaled to the page.
        let viewport = isFixedLayout(spineIndex) ? Self.viewport(tree) : nil
        let geometry = viewport.map { PageGeometry(width: $0.width, height: $0.height, margins: Edges(all: 0)) } ?? page
        var context = LayoutContext(page: geometry, inline: InlineContext(fonts: fonts, shapeCache: shapeCache, hyphenation: hyphenation, metric: metric),
                                    imageSize: imageSize)
        context.inlineImage = inlineImage
        let flow = ChapterLayout(document: styled, path: href, context: context).build()
        var chapter = ChapterPages(flow: flow, page: geometry, spineIndex: spineIndex, href: href, diagnostics: diagnostics)
        if let viewport {
            chapter.pages = fixedLayoutPage(chapter.pages, viewport: viewport, spineIndex: spineIndex)
            chapter.anchors = chapter.anchors.mapValues { _ in 0 }
        }
        let offsets = flow.offsets
        for k in chapter.pages.indices {
            guard let position = offsets.position(of: chapter.pages[k].start.offset) else { continue }
            guard let itemrefs else { break }
            chapter.pages[k].cfi = EPUBCFI.make(itemrefs: itemrefs, spineIndex: spineIndex, contentTree: tree,
                                               node: position.node, offsetInNode: position.offsetInNode)?.description
        }
        chapter.tree = tree
        chapter.offsets = offsets
        return chapter
    }

    /// An image or SVG spine item: one page with the image fitted to it. An SVG that only wraps
    /// a raster image of the book (`<svg viewBox><image href="page.jpg"/></svg>`) shows that
    /// image at the SVG's aspect.
    private func imagePage(_ spineIndex: Int, href: String) -> ChapterPages {
        var path = href
        var size = imageSize(href)
        if publication.manifest.item(path: href)?.contentType == MediaTypes.svg, let wrapped = wrappedImage(svg: href) {
            path = wrapped.path
            size = wrapped.size
        }
        var items: [FrameItem] = []
        if let size {
            let rect = page.filling(width: size.width, height: size.height).moved(dx: page.margins.left, dy: page.margins.top)
            items.append(.image(ImageItem(rect: rect, path: path, alt: "")))
        } else {
            publication.diagnostics.warn("layout.image-missing", "spine item \(href) is not an image Folio can read", at: href)
        }
        let frame = Frame(width: page.width, height: page.height, background: styles.settings.pageColor, items: items)
        let locator = Locator(spineIndex: spineIndex, offset: 0)
        var single = Page(spineIndex: spineIndex, href: href, indexInChapter: 0, start: locator, end: locator, frame: frame, text: "")
        single.cfi = EPUBCFI.itemref(packageTree: publication.packageTree, spineIndex: spineIndex, spine: publication.spine)?.description
        return ChapterPages(spineIndex: spineIndex, href: href, pages: [single], anchors: [:])
    }

    /// The raster image an SVG page wraps, with the size the SVG shows it at.
    private func wrappedImage(svg href: String) -> (path: String, size: (width: Double, height: Double))? {
        guard let bytes = try? publication.read(href, limit: Publication.documentLimit),
              let tree = try? MarkupParser.parse(bytes, path: href, recovery: .xml, diagnostics: Diagnostics()),
              let root = tree.root, root.isElement("svg", namespace: Namespace.svg) else { return nil }
        let images = root.descendants("image", namespace: Namespace.svg)
        // Only a plain wrapper: drawings with their own shapes are drawn by librsvg.
        let shapes = root.descendants().filter { $0.isElement && !["image", "title", "desc", "defs", "metadata", "g"].contains($0.localName) }
        guard images.count == 1, shapes.isEmpty, let image = images.first,
              let link = SVGImage.link(image),
              let path = ContainerPath.resolve(link, relativeTo: href)?.path, let natural = imageSize(path) else { return nil }
        return (path, SVGImage.declaredSize(root) ?? natural)
    }

    /// Vertical writing is laid out horizontally for now; say so once per book.
    private func warnVerticalWriting(_ styled: StyledDocument, href: String) {
        guard !warnedVertical else { return }
        let vertical = styled.nodes.prefix(64).contains { $0.kind == .element && $0.computed.text.writingMode != .horizontalTB }
        guard vertical else { return }
        warnedVertical = true
        let title = publication.metadata.title ?? href
        publication.diagnostics.warn("layout.vertical-writing",
                                     "“\(title)” asks for vertical writing; Folio lays it out horizontally for now", at: href)
    }

    /// One font context per set of `@font-face` rules (usually one per book).
    private func fontContext(_ faces: [(rule: FontFaceRule, sheet: String)]) -> FontContext? {
        let key = faces.map { "\($0.sheet)\u{1}\($0.rule.family ?? "")\u{1}\($0.rule.sources.count)" }
        if let known = fontContexts[key] { return known }
        let publication = self.publication
        do {
            let fonts = try FontContext(fontFaces: faces, loadResource: { try? publication.read($0) }, diagnostics: publication.diagnostics)
            fontContexts[key] = fonts
            return fonts
        } catch {
            publication.diagnostics.warn("font.default-missing", "\(error)", severity: .error, at: nil)
            return nil
        }
    }
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
