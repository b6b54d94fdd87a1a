import FolioPublication

/// Chapter titles for pages, from the table of contents.
extension BookLayout {
    /// The title of the table-of-contents entry a page falls under: the last entry, in book
    /// order, that starts on or before the page.
    public func title(spineIndex: Int, page: Int) -> String? {
        var best: (spine: Int, page: Int, title: String)?
        for entry in flattenedTOC {
            guard let href = entry.href, let path = href.split(separator: "#").first,
                  let index = self.spineIndex(ofPath: String(path)), index <= spineIndex else { continue }
            // Entries in later chapters cannot start before this page; earlier chapters' entries
            // are placed at their chapter's start, which needs no layout.
            let at = index == spineIndex ? (locate(href: href)?.page ?? 0) : -1
            guard index < spineIndex || at <= page else { continue }
            if best == nil || (index, at) >= (best!.spine, best!.page) { best = (index, at, entry.title) }
        }
        return best?.title
    }

    var flattenedTOC: [NavPoint] {
        var out: [NavPoint] = []
        var stack = Array(publication.navigation.toc.reversed())
        while let point = stack.popLast() {
            out.append(point)
            stack.append(contentsOf: point.children.reversed())
        }
        return out
    }
}
