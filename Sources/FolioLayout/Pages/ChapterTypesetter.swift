import FolioCore
import FolioPublication
import FolioStyle
import FolioText
import FolioXML
import FoundationEssentials
import Glibc

/// Lays out one spine item of a book at a time for one target: reads and styles its
/// document, gives it fonts, lays it out (`ChapterLayout`) and cuts it into pages
/// (`Paginator`); image spine items and fixed-layout documents become one page.
///
/// Not thread-safe: the shaping cache and font contexts are shared by its chapters.
final class ChapterTypesetter {
    let publication: Publication
    let styles: StyleContext
    /// The page and what text is measured in.
    let target: (page: PageGeometry, metric: TextMetric)
    let images: ImageLookup
    let text = TextResources()
    private var warnedVertical = false
    /// The documents being laid out (the chapter's first, then those its iframes embed) and
    /// the embedded pages laid out so far.
    private var embedded = EmbeddedPages()
    /// How deep iframes may nest (a document embedding another that embeds a third).
    static let embeddingLimit = 3
    /// The package's itemref elements, for CFIs.
    private lazy var itemrefs = SpineItemrefs(packageTree: publication.packageTree, spine: publication.spine)

    init(publication: Publication, styles: StyleContext, page: PageGeometry, metric: TextMetric, images: ImageLookup) {
        self.publication = publication
        self.styles = styles
        target = (page, metric)
        self.images = images
    }

    var page: PageGeometry { target.page }
    /// Fonts (pages drawn as images) or terminal cells.
    var metric: TextMetric { target.metric }

    /// The container path of a spine item's content (after fallbacks).
    func href(ofSpineItem index: Int) -> String? {
        guard publication.spine.items.indices.contains(index) else { return nil }
        return publication.manifest.item(id: publication.spine.items[index].renderableID)?.path
    }

    func layOut(_ spineIndex: Int) -> ChapterPages {
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
        guard let fonts = text.fontContext(styled.fontFaces, publication: publication) else {
            return ChapterPages(spineIndex: spineIndex, href: href, pages: [], anchors: [:])
        }
        // A fixed-layout document is laid out at its viewport's size, then scaled to the page.
        let viewport = isFixedLayout(spineIndex) ? Self.viewport(tree) : nil
        let geometry = viewport.map { PageGeometry(width: $0.width, height: $0.height, margins: Edges(all: 0)) } ?? page
        embedded.stack = [href]
        let flow = ChapterLayout(document: styled, path: href, context: layoutContext(geometry, fonts: fonts)).build()
        var chapter = ChapterPages(flow: flow, page: geometry, spineIndex: spineIndex, href: href, diagnostics: diagnostics)
        if let viewport {
            chapter.pages = fixedLayoutPage(chapter.pages, viewport: viewport, spineIndex: spineIndex)
            chapter.anchors = chapter.anchors.mapValues { _ in 0 }
        }
        let offsets = flow.offsets
        // One maker for the chapter: it counts each parent's children once, where a CFI made on
        // its own counts the siblings before every step again (a chapter of 20,000 paragraphs,
        // one parent, took longer for its pages' CFIs than to lay them out).
        let maker = itemrefs.flatMap { CFIMaker(itemrefs: $0, spineIndex: spineIndex, contentTree: tree) }
        for k in chapter.pages.indices {
            guard let maker else { break }
            guard let position = offsets.position(of: chapter.pages[k].start.offset) else { continue }
            chapter.pages[k].cfi = maker.cfi(node: position.node, offsetInNode: position.offsetInNode)?.description
        }
        chapter.tree = tree
        chapter.offsets = offsets
        return chapter
    }

    /// What block layout is given to lay out a document on `geometry` with `fonts`.
    private func layoutContext(_ geometry: PageGeometry, fonts: FontContext) -> LayoutContext {
        var inline = InlineContext(fonts: fonts, shapeCache: text.shapeCache, hyphenation: text.hyphenation, metric: metric)
        inline.readerHyphens = styles.settings.hyphens
        inline.protrusion = styles.settings.protrusion
        var context = LayoutContext(page: geometry, inline: inline, imageSize: images.size)
        context.defaultLanguage = publication.metadata.languages.first
        context.inlineImage = images.inlineDrawing
        context.mediaType = { [publication] path in
            publication.reader.contains(path) ? publication.manifest.item(path: path)?.mediaType ?? "" : nil
        }
        context.embeddedDocument = { [unowned self] path, width, height in embeddedPage(path, width: width, height: height) }
        return context
    }

    /// An `<iframe>`'s document: the first page of the book's XHTML document at `path` laid out
    /// in a `width` × `height` viewport without margins. Nil for a document already being laid
    /// out above it (a page embedding itself), past `embeddingLimit` levels, or one that is not
    /// XHTML or cannot be read (the iframe's box then stays empty, with a warning).
    private func embeddedPage(_ path: String, width: Double, height: Double) -> (items: [FrameItem], text: String)? {
        let key = "\(path) \(width)x\(height)"
        if !embedded.stack.contains(path), let known = embedded.pages[key] { return known }
        let page = layOutEmbedded(path, width: width, height: height)
        if !embedded.stack.contains(path) { embedded.pages[key] = page }
        return page
    }

    private func layOutEmbedded(_ path: String, width: Double, height: Double) -> (items: [FrameItem], text: String)? {
        let diagnostics = publication.diagnostics
        let at = embedded.stack.first ?? path
        guard !embedded.stack.contains(path), embedded.stack.count < Self.embeddingLimit else {
            diagnostics.warn("layout.iframe-nested", "an iframe embeds \(path), which is already being laid out or nested "
                             + "\(Self.embeddingLimit) deep; its box is left empty", at: at)
            return nil
        }
        guard publication.manifest.item(path: path)?.contentType == MediaTypes.xhtml,
              let bytes = try? publication.read(path, limit: Publication.documentLimit),
              let tree = try? MarkupParser.parse(bytes, path: path, recovery: .html, diagnostics: diagnostics) else {
            diagnostics.warn("layout.iframe-unreadable", "an iframe's document \(path) is not an XHTML document of the book; its box is left empty", at: at)
            return nil
        }
        let styled = Cascade.style(tree, context: styles)
        guard let fonts = text.fontContext(styled.fontFaces, publication: publication) else { return nil }
        embedded.stack.append(path)
        defer { embedded.stack.removeLast() }
        let geometry = PageGeometry(width: width, height: height, margins: Edges(all: 0))
        let flow = ChapterLayout(document: styled, path: path, context: layoutContext(geometry, fonts: fonts)).build()
        guard let first = ChapterPages(flow: flow, page: geometry, spineIndex: -1, href: path, diagnostics: diagnostics).pages.first else {
            return ([], "")
        }
        return (first.frame.items, first.text)
    }

    /// An image or SVG spine item: one page with the image fitted to it. An SVG that only wraps
    /// a raster image of the book (`<svg viewBox><image href="page.jpg"/></svg>`) shows that
    /// image at the SVG's aspect.
    private func imagePage(_ spineIndex: Int, href: String) -> ChapterPages {
        var path = href
        var size = images.size(href)
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
              let path = ContainerPath.resolve(link, relativeTo: href)?.path, let natural = self.images.size(path) else { return nil }
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
}

/// How layout learns about a book's images: the intrinsic size of an image file (by
/// container path, nil when missing or unreadable), and a way to take an inline SVG drawing
/// as an image of its own (`LayoutContext.inlineImage`).
struct ImageLookup {
    var size: (String) -> (width: Double, height: Double)?
    var inlineDrawing: ((_ path: String, _ svg: [UInt8]) -> (width: Double, height: Double)?)?
}

/// What setting text needs across a book's chapters: the shaping cache, the hyphenation
/// dictionaries, and one font context per set of `@font-face` rules.
final class TextResources {
    let shapeCache = ShapeCache()
    let hyphenation = HyphenationContext()
    private var fontContexts: [[String]: FontContext] = [:]

    /// One font context per set of `@font-face` rules (usually one per book).
    func fontContext(_ faces: [(rule: FontFaceRule, sheet: String)], publication: Publication) -> FontContext? {
        let key = faces.map { "\($0.sheet)\u{1}\($0.rule.family ?? "")\u{1}\($0.rule.sources.count)" }
        if let known = fontContexts[key] { return known }
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

/// The documents being laid out, outermost first (one already here is not laid out again
/// inside itself), and embedded pages by path and viewport size: a book that frames one
/// document a thousand times lays it out once.
struct EmbeddedPages {
    var stack: [String] = []
    var pages: [String: (items: [FrameItem], text: String)?] = [:]
}
