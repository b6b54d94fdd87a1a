import FolioCore
import FolioLayout
import FolioPublication
import FolioSearch
import FolioReader
import FoundationEssentials
import Glibc

/// The table of contents and bookmarks as lists over the page.
extension Pager {
    /// The TOC flattened with depths, in book order.
    func tocEntries() -> [(title: String, href: String?, depth: Int)] {
        var out: [(String, String?, Int)] = []
        var stack = book.publication.navigation.toc.reversed().map { ($0, 0) }
        while let (point, depth) = stack.popLast() {
            out.append((point.title, point.href, depth))
            stack.append(contentsOf: point.children.reversed().map { ($0, depth + 1) })
        }
        return out
    }

    /// The entry the current page falls under: the last one, in book order, starting at or
    /// before it (entries in the current chapter are placed by their anchors).
    func currentTOCIndex() -> Int? {
        var best: Int?
        for (k, entry) in tocEntries().enumerated() {
            guard let href = entry.href, let path = href.split(separator: "#").first,
                  let spine = book.layout.spineIndex(ofPath: String(path)) else { continue }
            if spine < position.spineIndex {
                best = k
            } else if spine == position.spineIndex, (book.position(ofHref: href)?.page ?? 0) <= position.page {
                best = k
            }
        }
        return best
    }

    /// The indices of the contents entries whose title holds `filter` (ignoring case), all
    /// of them for none.
    func filteredTOC(_ filter: String) -> [Int] {
        let entries = tocEntries()
        guard !filter.isEmpty else { return Array(entries.indices) }
        let needle = CaseFolding.folded(filter)
        return entries.indices.filter { CaseFolding.folded(entries[$0].title).contains(needle) }
    }

    /// The book page a contents entry leads to, once the chapters before it are counted;
    /// remembered for this layout.
    func tocPage(_ href: String?) -> Int? {
        guard let href else { return nil }
        let layout = ObjectIdentifier(book.layout)
        if tocPages?.layout != layout { tocPages = (layout, [:]) }
        if let known = tocPages?.pages[href] { return known }
        guard let path = href.split(separator: "#").first, let spine = book.layout.spineIndex(ofPath: String(path)),
              let index = book.readingOrder.firstIndex(of: spine),
              book.readingOrder[..<index].allSatisfy({ book.knownCount($0) != nil }),
              let found = book.position(ofHref: href), let number = book.bookPageNumber(found) else { return nil }
        tocPages?.pages[href] = number
        return number
    }

    func tocListStartingAtCurrent() -> ListState {
        if tocEntries().isEmpty { message = "This book has no table of contents" }
        return ListState(selected: currentTOCIndex() ?? 0, top: 0)
    }

    func openTOCEntry(_ index: Int) {
        let entries = tocEntries()
        guard entries.indices.contains(index), let href = entries[index].href else { return }
        if let found = book.position(ofHref: href) { jump(found) } else { message = "“\(entries[index].title)” is not in the book" }
    }

    /// The bookmark on the page shown, if any.
    var bookmarkOnPage: Int? {
        bookmarks.firstIndex { book.position(of: $0.locator) == position }
    }

    /// Bookmarks the page, with a label when the reader typed one.
    func addBookmark(label: String = "") {
        guard let page = currentPage else { return }
        if bookmarkOnPage != nil {
            message = "This page is bookmarked already"
            return
        }
        let excerpt = Bookmark.excerpt(page.text)
        let name = label.trimmingWhitespace()
        bookmarks.append(Bookmark(position: ReadingPosition(locator: page.start, cfi: page.cfi), text: excerpt, label: name.isEmpty ? nil : name))
        bookmarks.sort { $0.locator < $1.locator }
        onBookmarksChanged?(bookmarks)
        message = "Bookmarked: \(name.isEmpty ? excerpt : name)"
    }

    func openBookmark(_ index: Int) {
        guard bookmarks.indices.contains(index) else { return }
        jump(book.position(of: bookmarks[index].locator))
    }

    func deleteBookmark(_ index: Int) {
        guard bookmarks.indices.contains(index) else { return }
        bookmarks.remove(at: index)
        onBookmarksChanged?(bookmarks)
        message = "Bookmark deleted"
    }


    /// The book's print page numbers on this page (from the page-list).
    func printPageLabels() -> [String] {
        guard !book.publication.navigation.pageList.isEmpty else { return [] }
        return book.layout.printPages(inSpineItem: position.spineIndex)[position.page] ?? []
    }
}
