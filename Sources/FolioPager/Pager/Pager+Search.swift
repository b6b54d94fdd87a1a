import FolioLayout
import Foundation

/// Search over the whole book (`/`, then `n` / `N`).
struct SearchState {
    var query: String
    /// Pages with matches, in reading order, with how many each has.
    var hits: [(position: Position, count: Int)]
    /// The hit shown last.
    var current: Int
    var total: Int { hits.reduce(0) { $0 + $1.count } }
}

extension Pager {
    static let searchOptions: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]

    /// Finds every page of the book whose text holds `query` and goes to the first at or
    /// after the current page.
    func startSearch(_ query: String) {
        let query = query.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else { return }
        var hits: [(Position, Int)] = []
        for spine in book.readingOrder {
            for (k, page) in book.pagesPassingThrough(spine).enumerated() {
                // A line end inside the page text is a space to the reader.
                let text = page.text.replacingOccurrences(of: "\n", with: " ")
                let count = Self.occurrences(of: query, in: text)
                if count > 0 { hits.append((Position(spineIndex: spine, page: k), count)) }
            }
        }
        guard !hits.isEmpty else {
            search = nil
            message = "Not found: \(query)"
            return
        }
        let order = book.readingOrder
        func rank(_ p: Position) -> (Int, Int) { (order.firstIndex(of: p.spineIndex) ?? -1, p.page) }
        let here = rank(position)
        let first = hits.firstIndex { rank($0.0) >= here } ?? 0
        search = SearchState(query: query, hits: hits, current: first)
        jump(hits[first].0)
        describeMatch()
    }

    func nextMatch(forward: Bool) {
        guard var state = search, !state.hits.isEmpty else {
            message = "No search yet: / searches the book"
            return
        }
        let count = state.hits.count
        state.current = (state.current + (forward ? 1 : count - 1)) % count
        search = state
        jump(state.hits[state.current].position)
        describeMatch()
    }

    private func describeMatch() {
        guard let state = search else { return }
        let before = state.hits[..<state.current].reduce(0) { $0 + $1.count }
        let here = state.hits[state.current].count
        let which = here == 1 ? "match \(before + 1)" : "matches \(before + 1)–\(before + here)"
        message = "“\(state.query)”: \(which) of \(state.total) (n next, N previous)"
    }

    static func occurrences(of query: String, in text: String) -> Int {
        var count = 0
        var range = text.startIndex..<text.endIndex
        while let found = text.range(of: query, options: searchOptions, range: range) {
            count += 1
            range = found.upperBound..<text.endIndex
        }
        return count
    }
}
