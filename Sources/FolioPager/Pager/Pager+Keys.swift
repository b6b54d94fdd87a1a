import FoundationEssentials
import Glibc
import FolioLayout
import FolioStyle

extension Pager {
    /// What a key does. False means quit.
    public func handle(_ pressed: Key) -> Bool {
        message = nil
        if case .mouse(let event) = pressed { return handleMouse(event) }
        var key = pressed
        if case .none = overlay, let mapped = keyMap[pressed] {
            // The reader's own keys act on the page; in lists and prompts keys are typed as they are.
            guard let mapped else { return true }
            key = mapped
        }
        switch overlay {
        case .none: return handlePage(key)
        case .jacket:
            overlay = .none
            if key == .character("q") { return false }
            go(chapterOne ?? position)
            return true
        case .help(let scroll):
            switch key {
            case .down, .character("j"), .pageDown, .character(" "):
                overlay = .help(scroll: min(scroll + (key == .down || key == .character("j") ? 1 : max(1, rows - 8)), max(0, helpText().count - 1)))
            case .up, .character("k"), .pageUp, .character("b"):
                overlay = .help(scroll: max(0, scroll - (key == .up || key == .character("k") ? 1 : max(1, rows - 8))))
            default:
                overlay = .none
                return key != .character("q")
            }
        case .toc(var list):
            let shown = filteredTOC(list.filter)
            if list.filtering || key == .character("/") {
                handleFilter(key, list: &list, count: shown.count) { self.openTOCEntry(shown[$0]) }
            } else {
                handleList(key, list: &list, count: shown.count, open: { self.openTOCEntry(shown[$0]) }, delete: nil)
            }
            if case .toc = overlay { overlay = .toc(list) }
        case .bookmarks(var list):
            handleList(key, list: &list, count: bookmarks.count, open: openBookmark, delete: deleteBookmark)
            if case .bookmarks = overlay { overlay = .bookmarks(list) }
        case .prompt(var prompt):
            handlePrompt(key, prompt: &prompt)
        case .hints(let typed):
            handleHint(key, typed: typed)
        case .selecting(let selection):
            handleSelection(key, selection)
        case .highlights(var list):
            handleList(key, list: &list, count: highlights.count, open: openHighlight, delete: deleteHighlight)
            if case .highlights = overlay { overlay = .highlights(list) }
        case .note(let title, let lines, let scroll):
            switch key {
            case .down, .character("j"): overlay = .note(title: title, lines: lines, scroll: min(scroll + 1, max(0, lines.count - 1)))
            case .up, .character("k"): overlay = .note(title: title, lines: lines, scroll: max(0, scroll - 1))
            default: overlay = .none
            }
        }
        return true
    }

    /// Keys on the page itself.
    private func handlePage(_ key: Key) -> Bool {
        let forward = book.layout.pagesRightToLeft ? Key.left : Key.right
        let backward = book.layout.pagesRightToLeft ? Key.right : Key.left
        if key == .endOfInput { return false }
        if handleNarrationKey(key) { return true }
        if scrolling {
            switch key {
            case .character("j"), .down: scroll(by: 1); return true
            case .character("k"), .up: scroll(by: -1); return true
            case .control("d"): scroll(by: max(1, pageRows / 2)); return true
            case .control("u"): scroll(by: -max(1, pageRows / 2)); return true
            case .character(" "), .pageDown, .character("l"), forward: scroll(by: pageRows - 1); return true
            case .character("b"), .pageUp, .character("h"), backward: scroll(by: -(pageRows - 1)); return true
            default: break
            }
        }
        if isSearching, key == .escape || key == .control("c") || key == .control("g") {
            cancelSearch()
            return true
        }
        switch key {
        case .character("q"), .control("c"): return false
        // Ctrl-D and Ctrl-U: half a screen in scroll mode (as less), a page when paging.
        case .character(" "), .pageDown, .character("l"), .character("j"), .down, .control("d"), forward: go(book.next(position))
        case .character("b"), .pageUp, .character("h"), .character("k"), .up, .control("u"), backward: go(book.previous(position))
        case .character("g"), .home: jump(book.firstPosition)
        case .character("G"), .end: jump(book.lastPosition)
        case .character("]"): go(book.nextChapter(position))
        case .character("["): go(book.previousChapter(position))
        case .character("t"): overlay = .toc(tocListStartingAtCurrent())
        case .character("/"): overlay = .prompt(Prompt(kind: .search))
        case .character(":"): overlay = .prompt(Prompt(kind: .goTo))
        case .character("n"): nextMatch(forward: true)
        case .character("N"): nextMatch(forward: false)
        case .character("m"):
            if bookmarkOnPage != nil { message = "This page is bookmarked already" } else { overlay = .prompt(Prompt(kind: .bookmarkLabel)) }
        case .character("'"):
            if bookmarks.isEmpty { message = "No bookmarks yet: m marks this page" } else { overlay = .bookmarks(ListState()) }
        case .character("T"):
            theme = theme.cycled()
            relayout()
            message = "Theme: \(theme.rawValue)"
        case .character("+"), .character("="):
            setTextStep(textStep + 1)
        case .character("-"), .character("_"):
            setTextStep(textStep - 1)
        case .tab: cycleLink(by: 1)
        case .backTab: cycleLink(by: -1)
        case .enter: followLink()
        case .backspace:
            if let back = history.popLast() { go(back) } else { message = "Nowhere to go back to" }
        case .character("s"):
            if showsImagePages { message = "Scroll mode is for cells; pages shown as images turn a page at a time" } else { toggleScrolling() }
        case .character("a"): toggleNarration()
        case .character("y"):
            let next = book.hyphens.cycled()
            relayoutInPlace { $0.relayout(columns: pageColumns, rows: pageRows, theme: theme, hyphens: next) }
            message = "Hyphenation: " + Self.hyphenationNames[next]!
        case .character("P"):
            showsProgressBar.toggle()
            message = showsProgressBar ? "Progress bar on" : "Progress bar off"
        case .character("J"):
            let next = book.justification.cycled()
            relayoutInPlace { $0.relayout(columns: pageColumns, rows: pageRows, theme: theme, justification: next) }
            message = "Justification: " + Self.justificationNames[next]!
        case .character("i"):
            wantsImagePages.toggle()
            applyDisplay()
            if message == nil { message = showsImagePages ? "Pages as images" : "Pages in cells" }
        case .character("f"): showHints()
        case .character("v"): startSelection()
        case .character("H"):
            if highlights.isEmpty { message = "No highlights yet: v selects text, Enter highlights it" } else { overlay = .highlights(ListState()) }
        case .character("F"):
            guard showsImagePages else {
                message = "F changes the font of image pages (folio read --mode image in a kitty or sixel terminal)"
                return true
            }
            let next = book.font.cycled()
            relayoutInPlace { $0.relayout(columns: pageColumns, rows: pageRows, theme: theme, font: next) }
            message = "Font: \(next.rawValue)"
        case .character("?"): overlay = .help(scroll: 0)
        case .escape:
            linkIndex = nil
            search = nil
        default:
            message = "Unknown key: ? shows the keys"
        }
        return true
    }

    /// The wheel turns pages (three rows in scroll mode); a click on a link or note follows
    /// it, and a click closes a note, the help or the jacket. Lists and prompts keep their keys.
    private func handleMouse(_ event: MouseEvent) -> Bool {
        switch overlay {
        case .none: break
        case .note, .help, .jacket, .hints, .selecting:
            if case .press = event.action { return handle(.escape) }
            return true
        case .toc, .bookmarks, .prompt, .highlights:
            switch event.action {
            case .wheelDown: return handle(.down)
            case .wheelUp: return handle(.up)
            default: return true
            }
        }
        switch event.action {
        case .wheelDown:
            if scrolling { scroll(by: 3) } else { go(book.next(position)) }
        case .wheelUp:
            if scrolling { scroll(by: -3) } else { go(book.previous(position)) }
        case .press(0):
            let column = event.column - pageLeft
            if let index = links().firstIndex(where: { link in link.cells.contains { $0.row == event.row && $0.columns.contains(column) } }) {
                linkIndex = index
                followLink()
            }
        default: break
        }
        return true
    }

    /// Lays the book out again (`change`) with the same text on screen; what was drawn for
    /// this position and grid is stale.
    private func relayoutInPlace(_ change: (CellBook) -> Void) {
        let keep = anchor ?? currentPage?.start
        anchor = keep
        change(book)
        if let keep, let found = book.position(of: keep) { position = found }
        gridCache = nil
        stripCache = nil
    }

    /// The font family of image pages, as the reader last chose it.
    public func setImageFont(_ font: ReaderSettings.FontChoice) {
        guard font != book.font else { return }
        relayoutInPlace { $0.relayout(columns: pageColumns, rows: pageRows, theme: theme, font: font) }
    }

    private func setTextStep(_ step: Int) {
        let clamped = TextWidth.clamp(step)
        guard clamped != textStep else {
            message = step > textStep ? (showsImagePages ? "Largest text" : "Narrowest column") : (showsImagePages ? "Smallest text" : "Widest column")
            return
        }
        textStep = clamped
        relayout()
        message = showsImagePages ? "Text size: \(Int((TextWidth.fontScale(step: textStep) * 100).rounded()))%"
            : "Text column: \(pageColumns) columns"
    }

    /// Keys while the contents are filtered (`/`): typed characters narrow the list, arrows
    /// move in it, Enter opens the entry chosen, Esc clears the filter.
    private func handleFilter(_ key: Key, list: inout ListState, count: Int, open: (Int) -> Void) {
        guard list.filtering else {
            list.filtering = true
            return
        }
        switch key {
        case .character(let c):
            if list.filter.count < 100 { list.filter.append(c) }
            list.selected = 0
        case .backspace:
            if list.filter.isEmpty { list.filtering = false } else { list.filter.removeLast() }
            list.selected = 0
        case .down, .tab: list.selected = min(max(0, count - 1), list.selected + 1)
        case .up, .backTab: list.selected = max(0, list.selected - 1)
        case .enter:
            overlay = .none
            if count > 0 { open(list.selected) }
        case .escape, .control("c"), .control("g"):
            list.filter = ""
            list.filtering = false
            list.selected = currentTOCIndex() ?? 0
        default: break
        }
    }

    /// Up/down/Enter/Esc in a list overlay; `d` deletes where the list allows it.
    private func handleList(_ key: Key, list: inout ListState, count: Int, open: (Int) -> Void, delete: ((Int) -> Void)?) {
        switch key {
        case .down, .character("j"), .tab: list.selected = min(count - 1, list.selected + 1)
        case .up, .character("k"), .backTab: list.selected = max(0, list.selected - 1)
        case .pageDown, .character(" "): list.selected = min(count - 1, list.selected + listRows)
        case .pageUp, .character("b"): list.selected = max(0, list.selected - listRows)
        case .home, .character("g"): list.selected = 0
        case .end, .character("G"): list.selected = max(0, count - 1)
        case .enter:
            overlay = .none
            if count > 0 { open(list.selected) }
        case .character("d"), .delete:
            if let delete, count > 0 {
                delete(list.selected)
                list.selected = min(list.selected, max(0, count - 2))
                if count - 1 == 0 { overlay = .none }
            }
        case .escape, .character("q"), .character("t"), .character("'"), .character("H"): overlay = .none
        default: break
        }
    }

    private func handlePrompt(_ key: Key, prompt: inout Prompt) {
        switch key {
        case .escape, .control("c"), .control("g"):
            overlay = .none
        case .enter:
            overlay = .none
            switch prompt.kind {
            case .search: startSearch(prompt.text)
            case .goTo: goTo(prompt.text)
            case .bookmarkLabel: addBookmark(label: prompt.text)
            case .highlightNote(let range): addHighlight(range, note: prompt.text)
            }
        case .backspace:
            if prompt.text.isEmpty { overlay = .none } else {
                prompt.text.removeLast()
                overlay = .prompt(prompt)
            }
        case .character(let c):
            if prompt.text.count < 200 { prompt.text.append(c) }
            overlay = .prompt(prompt)
        default:
            overlay = .prompt(prompt)
        }
    }

    /// `:120` goes to book page 120, `:45%` to 45 % of the book.
    func goTo(_ text: String) {
        let t = text.trimmingWhitespace()
        if t.hasSuffix("%"), let percent = Double(t.dropLast()), percent >= 0, percent <= 100 {
            // A share of the book's text, as the status line counts it.
            jump(percent >= 100 ? book.lastPosition : book.position(atTextShare: percent / 100))
        } else if let number = Int(t), number >= 1 {
            jump(book.position(ofBookPage: number))
        } else {
            message = "Go to a page number (120) or a percentage (45%)"
        }
    }

    /// Rows a list overlay shows at once.
    var listRows: Int { max(1, rows - 6) }
}

extension CaseIterable where Self: Equatable {
    /// The next value, after the last the first: a key that cycles through a setting's values.
    func cycled() -> Self {
        let all = Array(Self.allCases)
        return all[((all.firstIndex(of: self) ?? -1) + 1) % all.count]
    }
}
