import FolioLayout
import FolioSearch
import FoundationEssentials
import Glibc

/// Search over the whole book (`/`, then `n` / `N`), by the book search engine on a background
/// thread: the first hit shows as soon as it is found, the count fills in as the rest of the
/// book is searched, Esc or Ctrl-C stops it.
struct SearchState {
    var query: String
    /// Hits found so far, in book order.
    var hits: [SearchHit] = []
    /// The hit shown last (-1 before the first is found).
    var current = -1
    /// The running search; nil once it is over.
    var task: SearchTask?
    /// Where hits of chapters before the one the search started in go (they arrive after the
    /// search wraps around).
    var wrappedInsert = 0
    /// Where the reader was when the search started.
    var startSpine: Int
    var startOffset: Int
    /// Why it stopped early.
    var stop: BookSearch.Stop?
    var total: Int { hits.count }
}

extension Pager {

    /// Starts searching the book for `query` from the current chapter; the first hit at or
    /// after the current page is shown as soon as it is found. `/re:` starts a regular
    /// expression, `/case:` a search that matches case (and diacritics), `/accents:` one that
    /// matches diacritics but not case.
    func startSearch(_ typed: String) {
        search?.task?.cancel()
        search = nil
        var text = typed.trimmingWhitespace()
        var regex = false, caseSensitive = false, diacritics = false
        while true {
            if text.hasPrefix("re:") { regex = true; text.removeFirst(3) } else if text.hasPrefix("case:") {
                caseSensitive = true
                text.removeFirst(5)
            } else if text.hasPrefix("accents:") {
                diacritics = true
                text.removeFirst(8)
            } else { break }
        }
        guard !text.isEmpty else { return }
        let order = book.readingOrder
        let here = order.firstIndex(of: position.spineIndex) ?? 0
        let rotated = Array(order[here...] + order[..<here])
        do {
            let task = try SearchTask(engine: searchEngine, query: SearchQuery(text, regex: regex, caseSensitive: caseSensitive, matchesDiacritics: diacritics), order: rotated)
            search = SearchState(query: text, task: task, startSpine: position.spineIndex, startOffset: currentPage?.start.offset ?? 0)
            message = "Searching for “\(text)”… (Esc stops)"
        } catch {
            message = "Cannot search: \(error.description)"
        }
    }

    /// True while a search is running.
    public var isSearching: Bool { search?.task != nil }

    /// Takes the hits found since the last call; shows the first. True when the screen changed.
    @discardableResult
    public func pollSearch() -> Bool {
        guard var state = search, let task = state.task else { return false }
        let batch = task.take()
        for (spine, hits) in batch.chapters {
            if spine < state.startSpine {
                state.hits.insert(contentsOf: hits, at: state.wrappedInsert)
                if state.current >= state.wrappedInsert { state.current += hits.count }
                state.wrappedInsert += hits.count
            } else {
                state.hits.append(contentsOf: hits)
            }
        }
        if batch.finished {
            state.task = nil
            state.stop = batch.stop
        }
        let changed = !batch.chapters.isEmpty || batch.finished
        var jumpTo: Int?
        if state.current < 0, !state.hits.isEmpty {
            // The first hit at or after where the reader was; before it only once the whole
            // book is searched (the search wraps around).
            let k = state.hits.firstIndex {
                ($0.spineIndex == state.startSpine && $0.range.lowerBound >= state.startOffset) || $0.spineIndex > state.startSpine
            } ?? (state.task == nil ? 0 : nil)
            if let k {
                state.current = k
                jumpTo = k
            }
        }
        search = state
        if let jumpTo { jump(book.position(of: state.hits[jumpTo].locator)) }
        if state.task == nil && state.hits.isEmpty {
            search = nil
            message = switch state.stop {
            case .cancelled: "Search stopped"
            case .matchLimit: "Not found before the expression backtracked too much: \(state.query)"
            default: "Not found: \(state.query)"
            }
            return true
        }
        if changed || jumpTo != nil { describeMatch() }
        return changed || jumpTo != nil
    }

    /// Waits for the running search to finish (tests, scripts).
    public func finishSearch() {
        while isSearching {
            if !pollSearch() { usleep(2000) }
        }
    }

    /// Esc or Ctrl-C during a search: it stops at once, keeping the hits found so far.
    func cancelSearch() {
        guard var state = search, let task = state.task else { return }
        task.cancel()
        state.task = nil
        state.stop = .cancelled
        search = state.hits.isEmpty ? nil : state
        message = state.hits.isEmpty ? "Search stopped" : "Search stopped: \(state.total) found so far (n next, N previous)"
    }

    func nextMatch(forward: Bool) {
        guard var state = search, !state.hits.isEmpty else {
            message = isSearching ? "Searching…" : "No search yet: / searches the book"
            return
        }
        let count = state.hits.count
        state.current = state.current < 0 ? 0 : (state.current + (forward ? 1 : count - 1)) % count
        search = state
        jump(book.position(of: state.hits[state.current].locator))
        describeMatch()
    }

    private func describeMatch() {
        guard let state = search else { return }
        let total = state.task == nil ? "\(state.total)" : "\(state.total)+ (searching…)"
        guard state.current >= 0 else {
            message = "Searching for “\(state.query)”: \(total) found (Esc stops)"
            return
        }
        let stopped = switch state.stop {
        case .cancelled: ", search stopped"
        case .matchLimit: ", stopped: the expression backtracks too much"
        default: ""
        }
        message = "“\(state.query)”: match \(state.current + 1) of \(total)\(stopped) (n next, N previous)"
    }

    /// The text ranges of the search's hits on a page, for marking them.
    func searchRanges(on page: Page) -> [Range<Int>] {
        guard let hits = search?.hits, !hits.isEmpty else { return [] }
        return hits.compactMap { hit in
            hit.spineIndex == page.spineIndex && hit.range.lowerBound < page.end.offset && hit.range.upperBound > page.start.offset
                ? hit.range : nil
        }
    }

    /// How often `query` occurs in `text`, compared as literal searches compare (case and
    /// typographic quotes folded).
    static func occurrences(of query: String, in text: String) -> Int {
        let needle = CaseFolding.folded(query)
        return needle.isEmpty ? 0 : CaseFolding.folded(text).ranges(of: needle).count
    }
}
