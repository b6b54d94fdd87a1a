import FolioPublication
import FolioXML

/// Finding pages: by link, by locator, by CFI; and the print page numbers on each page.
extension BookLayout {
    /// The spine index of a container path (the first spine item showing it).
    public func spineIndex(ofPath path: String) -> Int? {
        spineIndexByPath[path]
    }

    /// The page a link leads to: a container path with an optional `#fragment` (an unknown
    /// fragment leads to the chapter's first page).
    public func locate(href: String) -> (spineIndex: Int, page: Int)? {
        let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard let path = parts.first.map(String.init), let spineIndex = spineIndex(ofPath: path) else { return nil }
        let chapter = chapter(spineIndex)
        guard !chapter.pages.isEmpty else { return nil }
        if parts.count == 2, let page = chapter.anchors[String(parts[1])] { return (spineIndex, page) }
        return (spineIndex, 0)
    }

    /// The page of this layout that shows a locator's character.
    public func locate(_ locator: Locator) -> (spineIndex: Int, page: Int)? {
        let chapter = chapter(locator.spineIndex)
        return chapter.pageIndex(of: locator.offset).map { (locator.spineIndex, $0) }
    }

    /// The locator an EPUB CFI points to.
    public func locator(cfi text: String) -> Locator? {
        guard let cfi = EPUBCFI.parse(text), let spineIndex = cfi.spineIndex(packageTree: publication.packageTree, spine: publication.spine) else {
            return nil
        }
        let chapter = chapter(spineIndex)
        guard let tree = chapter.tree, let offsets = chapter.offsets, let (node, offset) = cfi.resolve(contentTree: tree) else {
            return Locator(spineIndex: spineIndex, offset: 0)
        }
        return Locator(spineIndex: spineIndex, offset: offsets.offset(node: node, offsetInNode: offset))
    }

    /// The EPUB CFI of a locator's character (nil where the chapter has no text tree).
    public func cfi(of locator: Locator) -> String? {
        let chapter = chapter(locator.spineIndex)
        guard let tree = chapter.tree, let offsets = chapter.offsets, let position = offsets.position(of: locator.offset) else { return nil }
        return EPUBCFI.make(packageTree: publication.packageTree, spineIndex: locator.spineIndex, contentTree: tree, node: position.node,
                            offsetInNode: position.offsetInNode, spine: publication.spine)?.description
    }

    /// A chapter's text between two offsets (empty where it has no text).
    public func text(spineIndex: Int, range: Range<Int>) -> String {
        let chapter = chapter(spineIndex)
        guard let tree = chapter.tree, let offsets = chapter.offsets else { return "" }
        return offsets.text(in: range, tree: tree)
    }

    /// An EPUB CFI range from one locator to another in the same chapter: the common path,
    /// then the two local paths (`epubcfi(/6/4!/4/2,/1:10,/3:5)`); the start's CFI when the two
    /// have no common step inside the document.
    /// https://idpf.org/epub/linking/cfi/#sec-ranges
    public func cfi(from start: Locator, to end: Locator) -> String? {
        guard let a = cfi(of: start), let b = cfi(of: end) else { return nil }
        let prefix = "epubcfi("
        guard a.hasPrefix(prefix), b.hasPrefix(prefix), a.hasSuffix(")"), b.hasSuffix(")") else { return a }
        let pa = Array(a.dropFirst(prefix.count).dropLast()), pb = Array(b.dropFirst(prefix.count).dropLast())
        // The last step boundary (a `/` outside an assertion's brackets) both share, after the
        // indirection into the document.
        var common = 0, boundary = -1, inBracket = false, indirection = false
        while common < pa.count, common < pb.count, pa[common] == pb[common] {
            let c = pa[common]
            if c == "[" { inBracket = true } else if c == "]" { inBracket = false }
            if c == "!" { indirection = true }
            if c == "/" && !inBracket && indirection { boundary = common }
            common += 1
        }
        guard boundary > 0, boundary < pa.count, boundary < pb.count else { return a }
        return prefix + String(pa[..<boundary]) + "," + String(pa[boundary...]) + "," + String(pb[boundary...]) + ")"
    }

    /// The labels of the book's `page-list` entries that fall on each page of a chapter,
    /// by page index.
    public func printPages(inSpineItem spineIndex: Int) -> [Int: [String]] {
        var out: [Int: [String]] = [:]
        for entry in publication.navigation.pageList {
            guard let href = entry.href, let path = href.split(separator: "#").first, self.spineIndex(ofPath: String(path)) == spineIndex,
                  let (_, page) = locate(href: href) else { continue }
            out[page, default: []].append(entry.title)
        }
        return out
    }
}

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
