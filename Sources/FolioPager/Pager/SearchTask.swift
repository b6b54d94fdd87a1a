import FolioCore
import FolioSearch
import FoundationEssentials
import Glibc
import Synchronization

/// A search of the whole book running on its own thread: the pager takes the hits found so far
/// between keys (`take()`) and cancels it with Esc or Ctrl-C, which stops it at once — between
/// chapters, and inside a regular expression's matching.
final class SearchTask: Sendable {
    /// What the search thread has found and not yet handed over.
    struct Batch {
        var chapters: [(spineIndex: Int, hits: [SearchHit])] = []
        var finished = false
        var stop: BookSearch.Stop?
    }

    let query: SearchQuery
    let cancellation = SearchCancellation()
    private let pending = Mutex(Batch())

    /// Starts searching the chapters of `order` (after validating the query: a query that cannot
    /// be searched for throws here, before any thread starts).
    init(engine: BookSearch, query: SearchQuery, order: [Int]) throws(SearchError) {
        self.query = query
        _ = try engine.search(query, order: [], withCFIs: false) { _ in }
        // As deep a stack as the main thread's: parsing is as deep there.
        BackgroundThread.start(stackSize: 8 << 20) { [self] in
            let stop = (try? engine.search(query, order: order, withCFIs: false, withContext: false, cancellation: cancellation) { hits in
                guard let spine = hits.first?.spineIndex else { return }
                pending.withLock { $0.chapters.append((spine, hits)) }
            }) ?? nil
            pending.withLock {
                $0.finished = true
                $0.stop = stop
            }
        }
    }

    /// The hits found since the last call, and whether the search is over.
    func take() -> Batch {
        pending.withLock { batch in
            let out = batch
            batch.chapters = []
            return out
        }
    }

    func cancel() { cancellation.cancel() }
}
