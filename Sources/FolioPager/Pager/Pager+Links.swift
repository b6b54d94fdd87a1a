import FolioLayout
import FolioPublication
import FolioRender
import FolioText
import FolioXML
import FoundationEssentials
import Glibc

/// A link on the page: its target and the cells it covers (several rows when it wraps); on a
/// page shown as an image, also its areas on the page (CSS px).
struct PageLink: Equatable {
    var href: String
    var cells: [(row: Int, columns: Range<Int>)]
    var rects: [Rect] = []

    static func == (a: PageLink, b: PageLink) -> Bool {
        a.href == b.href && a.cells.map(\.row) == b.cells.map(\.row) && a.cells.map(\.columns) == b.cells.map(\.columns)
    }
}

extension Pager {
    /// The page's links in reading order, from the cells the layout marked (or, on a page
    /// shown as an image, from its link areas).
    func links() -> [PageLink] {
        if showsImagePages { return imagePageLinks() }
        let grid = pageGrid()
        var out: [PageLink] = []
        for row in 0..<grid.rows {
            var column = 0
            while column < grid.columns {
                guard let href = grid[column, row].link else {
                    column += 1
                    continue
                }
                let start = column
                while column < grid.columns, grid[column, row].link == href { column += 1 }
                // A link that wraps onto the next row is one link.
                if let last = out.last, last.href == href, let lastRow = last.cells.last?.row, lastRow == row - 1 {
                    out[out.count - 1].cells.append((row, start..<column))
                } else {
                    out.append(PageLink(href: href, cells: [(row, start..<column)]))
                }
            }
        }
        return out
    }

    /// The letters hints are made of, the home row first (as vimium and qutebrowser do).
    static let hintLetters = Array("asdfghjklqwertyuiopzxcvbnm")

    /// The labels of `count` links: one letter each while the letters last, else two letters
    /// each (never one label the start of another, so a label is known when it is typed whole).
    static func hintLabels(_ count: Int) -> [String] {
        let letters = hintLetters
        if count <= letters.count { return letters.prefix(count).map { String($0) } }
        var out: [String] = []
        for a in letters {
            for b in letters {
                guard out.count < count else { return out }
                out.append(String([a, b]))
            }
        }
        return out
    }

    /// `f`: labels every link on the page.
    func showHints() {
        guard !showsImagePages else {
            message = "Link hints are for pages in cells; Tab chooses a link on an image page"
            return
        }
        if links().isEmpty { message = "No links on this page" } else { overlay = .hints(typed: "") }
    }

    /// A key while hints are shown: letters narrow them, a whole label follows its link, Esc
    /// or a letter no label has closes them.
    func handleHint(_ key: Key, typed: String) {
        let all = links()
        let labels = Self.hintLabels(all.count)
        switch key {
        case .character(let c):
            let now = typed + String(c).lowercased()
            if let index = labels.firstIndex(of: now) {
                overlay = .none
                linkIndex = index
                followLink()
            } else if labels.contains(where: { $0.hasPrefix(now) }) {
                overlay = .hints(typed: now)
            } else {
                overlay = .none
                message = "No link is labelled “\(now)”"
            }
        case .backspace:
            overlay = typed.isEmpty ? .none : .hints(typed: String(typed.dropLast()))
        default:
            overlay = .none
        }
    }

    /// The labels over the links' first cells; those that no longer match what was typed go.
    func drawHints(typed: String, on screen: inout CellGrid) {
        let all = links()
        let colors = palette
        var style = Cell(foreground: colors.page, background: colors.text)
        style.bold = true
        for (link, label) in zip(all, Self.hintLabels(all.count)) where label.hasPrefix(typed) {
            guard let first = link.cells.first else { continue }
            let rest = String(label.dropFirst(typed.count))
            screen.put(text: rest, column: pageLeft + first.columns.lowerBound, row: first.row, style: style)
        }
    }

    func cycleLink(by step: Int) {
        let all = links()
        guard !all.isEmpty else {
            message = "No links on this page"
            return
        }
        let next = linkIndex.map { ($0 + step + all.count) % all.count } ?? (step > 0 ? 0 : all.count - 1)
        linkIndex = next
        message = "Link \(next + 1) of \(all.count): \(all[next].href) (Enter follows)"
    }

    /// Follows the chosen link: a note opens over the page, a place in the book is jumped to
    /// (Backspace comes back), a web address is only shown — the pager makes no network requests.
    func followLink() {
        let all = links()
        guard let index = linkIndex, all.indices.contains(index) else {
            message = all.isEmpty ? "No links on this page" : "Tab chooses a link first"
            return
        }
        let href = all[index].href
        if ContainerPath.hasScheme(href) {
            message = "Web link (not opened): \(href)"
            return
        }
        // A page's audio or video control plays its file.
        let type = book.publication.manifest.item(path: href)?.mediaType.lowercased() ?? ""
        if type.hasPrefix("audio/") || type.hasPrefix("video/") {
            playMedia(href)
            return
        }
        if let note = noteText(href) {
            overlay = .note(title: note.title, lines: Self.wrap(note.text, width: noteWidth - 4), scroll: 0)
            return
        }
        guard let found = book.position(ofHref: href) else {
            message = "The link leads outside the book’s pages: \(href)"
            return
        }
        jump(found)
    }

    var noteWidth: Int { min(columns - 4, 72) }

    /// The text of a link's target when it is a note (`epub:type` footnote, endnote, note,
    /// rearnote, or an `aside`), to show in a pop-up.
    /// https://www.w3.org/TR/epub-ssv-11/#notes
    func noteText(_ href: String) -> (title: String, text: String)? {
        let parts = href.split(separator: "#", maxSplits: 1)
        guard parts.count == 2, let spine = book.layout.spineIndex(ofPath: String(parts[0])),
              let tree = book.layout.chapter(spine).tree, let root = tree.root else { return nil }
        let id = String(parts[1])
        guard let target = root.descendants().first(where: { $0.isElement && $0.attribute("id") == id }) else { return nil }
        // Only what a page shows is a note: `epub:type` on the `<title>` or anything else in the
        // head is ignored (W3C pss-support_ignore-title).
        var ancestor: XMLNode? = target
        while let current = ancestor {
            if current.localName == "head" { return nil }
            ancestor = current.parentElement
        }
        let noteTypes: Set<String> = ["footnote", "endnote", "note", "rearnote", "footnotes", "endnotes", "rearnotes"]
        var node: XMLNode? = target
        var isNote = false
        var depth = 0
        while let current = node, depth < 4 {
            let types = (current.attribute("type", namespace: Namespace.epub) ?? "").split(separator: " ").map(String.init)
            if current.localName == "aside" || types.contains(where: noteTypes.contains) {
                isNote = true
                break
            }
            node = current.parentElement
            depth += 1
        }
        guard isNote else { return nil }
        // A note inside a list of notes: the list item (or the target itself) is the note.
        let text = target.textContent.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !text.isEmpty else { return nil }
        return ("Note", text)
    }

    /// Words wrapped to `width` columns (terminal widths).
    /// A line of the book's metadata or navigation as cells show it: in visual order under its
    /// `dir` (`rtl`, `ltr`; `auto` or nil: its first strong letter decides), Arabic joined.
    static func visual(_ line: String, dir: String?) -> String {
        BidiParagraph.visualLine(line, base: dir == "rtl" ? .rtl : dir == "ltr" ? .ltr : .auto)
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ") {
            let w = word.reduce(0) { $0 + TerminalWidth.of($1) }
            if lineWidth > 0 && lineWidth + 1 + w > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if lineWidth > 0 {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += w
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension Pager {
    /// The links of a page shown as an image: its link areas in order, the areas of one link
    /// over consecutive lines joined, each with the cells the picture shows it in.
    func imagePageLinks() -> [PageLink] {
        guard let frame = currentPage?.frame, frame.width > 0, frame.height > 0 else { return [] }
        let sx = Double(pageColumns) / frame.width, sy = Double(pageRows) / frame.height
        var out: [PageLink] = []
        for case .link(let rect, let href) in frame.items {
            let row = min(pageRows - 1, max(0, Int(rect.y * sy + rect.height * sy / 2)))
            let first = min(pageColumns - 1, max(0, Int(rect.x * sx)))
            let columns = first..<min(pageColumns, max(first + 1, Int((rect.maxX * sx).rounded(.up))))
            if let last = out.last, last.href == href, let lastRect = last.rects.last, rect.y >= lastRect.y - 0.5,
               rect.y <= lastRect.maxY + rect.height {
                out[out.count - 1].rects.append(rect)
                if out[out.count - 1].cells.last?.row != row { out[out.count - 1].cells.append((row, columns)) }
            } else {
                out.append(PageLink(href: href, cells: [(row, columns)], rects: [rect]))
            }
        }
        return out
    }
}
