import FolioPublication

/// The book's table of contents flattened in book order, for naming the chapter a hit falls
/// under: each entry's spine item and the fragment it points to.
struct TableOfContents: Sendable {
    struct Entry: Sendable {
        var path: String
        var fragment: String?
        var title: String
        /// The spine item the entry's document is (nil: not in the spine).
        var spineIndex: Int?
    }

    let entries: [Entry]

    init(_ publication: Publication) {
        var out: [Entry] = []
        var stack = Array(publication.navigation.toc.reversed())
        while let point = stack.popLast() {
            if let href = point.href {
                let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                out.append(Entry(path: String(parts[0]), fragment: parts.count == 2 ? String(parts[1]) : nil, title: point.title,
                                 spineIndex: nil))
            }
            stack.append(contentsOf: point.children.reversed())
        }
        var byPath: [String: Int] = [:]
        for index in publication.spine.items.indices.reversed() {
            if let path = publication.manifest.item(id: publication.spine.items[index].renderableID)?.path { byPath[path] = index }
        }
        entries = out.map { var entry = $0; entry.spineIndex = byPath[entry.path]; return entry }
    }

    /// The fragments entries point to in a document.
    func fragments(in path: String) -> Set<String> {
        Set(entries.compactMap { $0.path == path ? $0.fragment : nil })
    }

    /// The titles that apply in a spine item, by the chapter offset where each starts: the last
    /// entry of an earlier spine item (from offset 0), then the item's own entries in order.
    func titles(inSpineItem spineIndex: Int, anchors: [String: Int]) -> [(offset: Int, title: String)] {
        var inherited: (spine: Int, title: String)?
        var own: [(offset: Int, title: String)] = []
        for entry in entries {
            guard let index = entry.spineIndex else { continue }
            if index < spineIndex {
                if inherited == nil || index >= inherited!.spine { inherited = (index, entry.title) }
            } else if index == spineIndex {
                own.append((entry.fragment.flatMap { anchors[$0] } ?? 0, entry.title))
            }
        }
        own.sort { $0.offset < $1.offset }
        if let inherited, own.first.map({ $0.offset > 0 }) ?? true { own.insert((0, inherited.title), at: 0) }
        return own
    }
}
