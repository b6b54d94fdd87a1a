import FolioCore
import FolioLayout
import FolioPublication
import FolioXML

/// Where a locator is, in words a reader knows (the chapter's title, a percentage), found without
/// laying the book out: for listing bookmarks from the command line, where paginating a whole book
/// to name a few places would cost seconds.
///
/// The percentage weighs each linear spine item by the size of its content document and places the
/// locator within its own item by text offset, so it agrees with the pager's page-based figure to a
/// few percent. Only the chapters asked about are parsed, each once.
public final class BookPlaces {
    /// A described place.
    public struct Place: Sendable, Hashable {
        /// The content document's container path.
        public var href: String?
        /// The title of the table-of-contents entry the place falls under.
        public var chapter: String?
        /// How far into the book's reading order, 0…100; nil for a non-linear item (notes).
        public var percent: Double?
    }

    public let publication: Publication
    private let paths: [String?]
    private let spineIndexByPath: [String: Int]
    /// Per spine index: the bytes before it among linear items, and its own (0 for non-linear items).
    private let before: [UInt64]
    private let weights: [UInt64]
    private let total: UInt64
    private let toc: [NavPoint]
    private var chapters: [Int: Chapter] = [:]

    private struct Chapter {
        var length: Int
        /// Text offsets of the elements the table of contents links to, by id.
        var anchors: [String: Int]
    }

    public init(publication: Publication) {
        self.publication = publication
        let items = publication.spine.items
        paths = items.map { publication.manifest.item(id: $0.renderableID)?.path }
        var byPath: [String: Int] = [:]
        for (index, path) in paths.enumerated().reversed() { if let path { byPath[path] = index } }
        spineIndexByPath = byPath
        var sizes: [String: UInt64] = [:]
        for entry in publication.container.entries { sizes[entry.path] = entry.size }
        var running: UInt64 = 0
        var before: [UInt64] = []
        var weights: [UInt64] = []
        for (item, path) in zip(items, paths) {
            before.append(running)
            let weight = item.linear ? path.flatMap { sizes[$0] } ?? 0 : 0
            weights.append(weight)
            running += weight
        }
        self.before = before
        self.weights = weights
        total = running
        var flat: [NavPoint] = []
        var stack = Array(publication.navigation.toc.reversed())
        while let point = stack.popLast() {
            flat.append(point)
            stack.append(contentsOf: point.children.reversed())
        }
        toc = flat
    }

    public func place(of locator: Locator) -> Place {
        guard paths.indices.contains(locator.spineIndex) else { return Place() }
        let spineIndex = locator.spineIndex
        let chapter = self.chapter(spineIndex)
        var percent: Double?
        if publication.spine.items[spineIndex].linear, total > 0 {
            let within = chapter.length > 0 ? min(Double(locator.offset) / Double(chapter.length), 1) : 0
            percent = (Double(before[spineIndex]) + within * Double(weights[spineIndex])) / Double(total) * 100
        }
        return Place(href: paths[spineIndex], chapter: title(at: locator, in: chapter), percent: percent)
    }

    /// The last table-of-contents entry, in book order, that starts at or before the locator.
    private func title(at locator: Locator, in chapter: Chapter) -> String? {
        var best: (spine: Int, offset: Int, title: String)?
        for entry in toc {
            guard let href = entry.href else { continue }
            let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            guard let path = parts.first, let index = spineIndexByPath[String(path)], index <= locator.spineIndex else { continue }
            // Entries of earlier chapters all count as that chapter's start: table-of-contents order
            // settles which comes last, with no need to parse those chapters.
            var offset = -1
            if index == locator.spineIndex {
                offset = parts.count == 2 ? chapter.anchors[String(parts[1])] ?? 0 : 0
                guard offset <= locator.offset else { continue }
            }
            if let current = best, (index, offset) < (current.spine, current.offset) { continue }
            best = (index, offset, entry.title)
        }
        return best?.title
    }

    private func chapter(_ spineIndex: Int) -> Chapter {
        if let known = chapters[spineIndex] { return known }
        var chapter = Chapter(length: 0, anchors: [:])
        if let path = paths[spineIndex], let tree = parse(path) {
            let offsets = TextOffsets(tree: tree)
            chapter.length = offsets.length
            let wanted = Set(toc.compactMap { entry -> String? in
                guard let href = entry.href, href.hasPrefix(path + "#") else { return nil }
                return String(href.dropFirst(path.count + 1))
            })
            if !wanted.isEmpty {
                for node in tree.document.descendants() where node.isElement {
                    guard let id = node.attribute("id"), wanted.contains(id), chapter.anchors[id] == nil else { continue }
                    chapter.anchors[id] = offsets.offset(ofElement: Int(node.index))
                }
            }
        }
        chapters[spineIndex] = chapter
        return chapter
    }

    /// A chapter's text between two offsets, as its text nodes hold it (the text a quote of a
    /// highlight is checked against). Parses the chapter each time: for a few quotes at once.
    public func text(spineIndex: Int, range: Range<Int>) -> String {
        guard paths.indices.contains(spineIndex), let path = paths[spineIndex], let tree = parse(path) else { return "" }
        return TextOffsets(tree: tree).text(in: range, tree: tree)
    }

    /// A content document (XHTML or SVG), or nil for images and unreadable files.
    private func parse(_ path: String) -> XMLTree? {
        guard let mediaType = publication.manifest.item(path: path)?.contentType,
              mediaType == MediaTypes.xhtml || mediaType == MediaTypes.svg,
              let bytes = try? publication.read(path, limit: Publication.documentLimit) else { return nil }
        // Problems in the document are the layout's to report; a place description stays quiet.
        return try? MarkupParser.parse(bytes, path: path, recovery: mediaType == MediaTypes.xhtml ? .html : .xml, diagnostics: Diagnostics())
    }
}
